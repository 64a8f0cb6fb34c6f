"""One rule at a time: preparation, movement, altitude, tiles, the attack sequence, loot, health and prestige."""
from dataclasses import replace

import pytest

from explorer.core import IllegalAction
from explorer.rumble_planet import (
    Attack,
    Boost,
    Buy,
    BuyPrestige,
    ChooseRegion,
    ClaimFeat,
    Craft,
    Decline,
    DropLootboxes,
    EndActions,
    EndPreparation,
    EndTurn,
    Equip,
    Move,
    OpenGolden,
    OpenLootbox,
    PlaceAt,
    Return,
    Sell,
    StartMovement,
    Taunt,
    WearOut,
    legal_actions,
)
from explorer.rumble_planet.attack import (
    AttackProfile,
    Defender,
    attack_profile,
    resolve_attack,
)
from explorer.rumble_planet.state import Gear

from .helpers import CONTENT, at, gear, phase, play, started


def prep(s, step=0):
    return phase(s, "preparation", step=step)


# -- obsolescence -------------------------------------------------------------------------
def test_mandatory_shift_and_worn_out_crafted_gear_gives_two_boosts():
    s = gear(gear(started(), 1, 4, "W02", "W05", boosts=2), 1, 1, "A02")
    bank = s.bank_boosts
    s, ev = play(prep(s, 3), EndPreparation())
    s, _ = play(phase(s, "loot"), EndTurn())  # seat 1's turn begins: obsolescence
    p = s.player(1)
    assert p.track == (None, Gear("A02"), None, None)
    assert p.boosts == 2 and s.bank_boosts == bank + 2 - 2  # its 2 tokens back to the bank, 2 gained for 2 cards
    assert set(s.weapon_discard) == {"W02", "W05"}


def test_voluntary_obsolescence_only_in_the_obsolescence_step():
    s = prep(gear(started(), 0, 2, "W02"))
    s2, _ = play(s, WearOut(2))
    assert s2.player(0).track[1] is None and s2.player(0).boosts == 1
    with pytest.raises(IllegalAction):
        play(prep(gear(started(), 0, 2, "W02"), step=1), WearOut(2))


def test_upon_obsolescence_effect_fires():
    s = prep(gear(started(), 0, 1, "W03"))  # Wedge Launcher: upon obsolescence, 2 Credits
    s, ev = play(s, WearOut(1))
    assert s.player(0).credits == 2 and any("Upon obsolescence" in e.text for e in ev)


# -- selling, buying, tinkering -------------------------------------------------------------------
def test_buying_closes_selling_and_costs_the_printed_prices():
    s = prep(started()).with_player(0, credits=30, hand=("A01",))
    s, _ = play(s, Buy("weapon"), "W04")
    assert s.player(0).credits == 22 and "W04" in s.player(0).hand
    assert Sell("A01") not in legal_actions(s)
    s, _ = play(s, Buy("armor"), "A05")
    assert s.player(0).credits == 16
    with pytest.raises(IllegalAction):
        play(s, Sell("A01"))


def test_buying_prestige_costs_18_credits():
    s = prep(started()).with_player(0, credits=36)
    s, _ = play(s, BuyPrestige())
    s, _ = play(s, BuyPrestige())
    assert s.player(0).pp == 2 and s.player(0).credits == 0 and BuyPrestige() not in legal_actions(s)


def test_equip_and_on_placement_effect():
    s = prep(started(), 3).with_player(0, hand=("W01",))  # Putter Pistol: on placement, 2 Credits
    s, _ = play(s, Equip("W01", 3))
    assert s.player(0).track[2] == Gear("W01") and s.player(0).credits == 2


def test_crafting_rules():
    s = prep(gear(started(), 0, 1, "W02"), 3).with_player(0, hand=("W01", "A01"))
    assert Craft("A01", 1) not in legal_actions(s)  # same type only
    s2, _ = play(s, Craft("W01", 1))  # the secondary card's on-placement effect fires though hidden
    assert s2.player(0).track[0] == Gear("W02", "W01") and s2.player(0).credits == 2
    assert Craft("A01", 1) not in legal_actions(s2)  # already crafted
    # crafted damage: Driver Rifle 4 + 2; only effect 2 of Putter Pistol (on placement) shows, not its +1 Damage
    s3 = at(phase(s2, "action"), p0="A1", p1="A3")
    prof = attack_profile(s3, 0, "1", s3.player(1).space)
    assert prof.targets[0].damage == 6


def test_no_crafting_heroic_object_or_boosting_it():
    s = prep(started(), 3).with_player(0, hand=("W01",), boosts=5)
    acts = legal_actions(s)
    assert not any(isinstance(a, Craft) for a in acts)
    assert all(a.slot in (1, 2, 3, 4) for a in acts if hasattr(a, "slot"))


@pytest.mark.parametrize("action,reason,step", [
    # "To craft, take a card from your hand and slide it under a non-crafted equipment card of the same type"
    (Craft("A03", 1), r"Craft\(card='A03', slot=1\) is not allowed: .* cannot be crafted under .*: same type only", 3),
    # Boosting: each token placed costs one more per token already there
    (Boost(1), r"Boost\(slot=1\) is not allowed: boosting slot 1 needs 2 Boost token\(s\); .* has 1", 3),
    # "take a Weapon or Armor card from your hand and place it in an empty equipment slot"
    (Equip("W99", 2), r"is not allowed: W99 is not in .*'s hand", 3),
    (Equip("A03", 1), r"is not allowed: slot 1 is not an empty equipment slot", 3),
    (Boost(0), r"is not allowed: slot must be 1-4, got 0", 3),
    (Boost(3), r"is not allowed: slot 3 is empty", 3),
    (Buy("weapon"), r"is not allowed: A Weapon card costs 8 Credits; .* has 0", 2),
    (BuyPrestige(), r"is not allowed: a Prestige Point costs 18 Credits", 1),
    # "Perform the following four steps in order"
    (Sell("A03"), r"Sell\(card='A03'\) belongs to step 2 - Selling of the Preparation Phase, which is over this turn", 3),
    (WearOut(1), r"belongs to step 1 - Obsolescence of the Preparation Phase, which is over this turn", 1),
    (Buy("armor"), r"belongs to step 3 - Buying of the Preparation Phase, which is over this turn", 3),
])
def test_preparation_refusals_give_the_rule_that_refuses(action, reason, step):
    # They all once said "... is not allowed now (preparation phase)" during the Preparation Phase itself.
    s = prep(gear(started(), 0, 1, "W05", boosts=1), step).with_player(0, hand=("A03",), boosts=1, credits=0)
    with pytest.raises(IllegalAction, match=reason):
        play(s, action)


# -- movement and altitude -----------------------------------------------------------------------
def test_climbing_and_falling():
    b = CONTENT.board("A")
    assert b.altitude("D3") == 1 and b.altitude("C3") == 2 and b.altitude("D4") == 0
    s = at(phase(started(), "action"), p0="D4", p1="J10")
    s = replace(s, lootboxes=())
    s, _ = play(s, Move("D3"))  # climb 1 level: 2 MP
    assert s.turn.mp == 7 - 2
    s, _ = play(s, Move("C3"))  # climb again: 2 MP
    assert s.turn.mp == 3
    s2 = at(phase(started(), "action"), p0="C3", p1="J10")
    s2, ev = play(s2, Move("C4"))  # 2 -> 1: one level, no Injury
    assert s2.player(0).hp == 18
    s3 = at(phase(started(), "action"), p0="C2", p1="J10")
    s3, ev = play(s3, Move("C1"))  # 2 -> 0: 2 Injuries
    assert s3.player(0).hp == 16


def test_cannot_move_into_blocked_space_or_without_mp():
    s = at(phase(started(), "action"), p0="E1", p1="E2")
    assert Move("E2") not in legal_actions(s)
    s = replace(at(phase(started(), "action"), p0="D4", p1="J10"), turn=replace(phase(started(), "action").turn, movement="open", mp=1))
    assert Move("D3") not in legal_actions(s) and Move("D5") in legal_actions(s)


def test_move_then_attack_closes_movement_and_attack_then_move_closes_attacks():
    s = at(phase(started(), "action"), p0="A1", p1="A3")
    s1, _ = play(s, Move("A2"))
    s1, _ = play(s1, Attack("heroic", s1.player(1).space), "legs")
    assert not any(isinstance(a, Move) for a in legal_actions(s1))
    s2, _ = play(s, Attack("heroic", s.player(1).space), "legs")
    s2, _ = play(s2, Move("B1"))
    assert not any(isinstance(a, Attack) for a in legal_actions(s2))


def test_lootbox_pick_up_at_start_and_on_entering():
    s = at(phase(started(), "action"), p0="A1", p1="J9")
    s = replace(s, lootboxes=("A1", "A2", "A2"), golden="A2")
    s, _ = play(s, StartMovement())
    assert s.player(0).lootboxes == 1
    s, _ = play(s, Move("A2"))
    assert s.player(0).lootboxes == 3 and s.player(0).golden and s.golden is None


def test_teleporter_with_lootbox_pick_up_then_teleport():
    s = at(phase(started(), "action"), p0="A4", p1="J9")  # A5 is a teleporter on side A
    s = replace(s, lootboxes=("A5",), gps_top="G01")
    s, ev = play(s, Move("A5"))
    assert s.player(0).lootboxes == 1 and s.pending[0].kind == "teleport"
    s, ev = play(s, ChooseRegion("SE"), "G03")
    assert s.player(0).space == "I10"  # G01's southeast space


def test_oil_slick_costs_to_leave_and_drone_raises():
    s = at(phase(started(), "action"), p0="A2", p1="J9")
    s = replace(s, tiles=s.tiles + (("A2", "oil_slick"),), lootboxes=())
    s, _ = play(s, Move("A3"))
    assert s.turn.mp == 7 - 2
    s, _ = play(s, Move("A2"))  # entering costs nothing more
    assert s.turn.mp == 4
    d = replace(at(phase(started(), "action"), p0="A2", p1="J9"), tiles=(("A3", "drone"),), lootboxes=())
    d, _ = play(d, Move("A3"))
    assert d.turn.mp == 7 - 2


def test_turret_and_squirrel_injure_on_entering_their_ring():
    s = at(phase(started(players=3), "action", movement="open", mp=9), p0="A2", p1="J9", p2="J1")
    s = replace(s, tiles=(("C2", "turret"),), lootboxes=())
    s, _ = play(s, Move("B2"))
    assert s.player(0).hp == 16
    sq = replace(at(phase(started(), "action"), p0="A2", p1="J9"), tiles=(("C2", "squirrel"),), lootboxes=())
    assert "Dogniss" in sq.name(0)  # Agent Dogniss is never hurt by her squirrel
    sq, _ = play(sq, Move("B2"))
    assert sq.player(0).hp == 18
    sq2 = replace(at(phase(started(), "action"), p0="J9", p1="A2"), active=1, tiles=(("C2", "squirrel"),), lootboxes=())
    sq2, _ = play(sq2, Move("B2"))
    assert sq2.player(1).hp == 15


def test_blocking_tiles_are_destroyed_only_by_enough_injuries_at_once():
    s = at(phase(started(), "action"), p0="A1", p1="J9")
    s = replace(s, tiles=(("A3", "energy_wall"),))
    hits = resolve_attack(attack_profile(s, 0, "heroic", "A3"), "torso")
    assert hits[0].injuries == 2 and not hits[0].destroyed
    strong = resolve_attack(AttackProfile("x", (Defender("wall", 6, tile="A3", threshold=6),)), "torso")
    assert strong[0].destroyed
    s2, _ = play(s, Attack("heroic", "A3"), "critical")
    assert s2.tile_at("A3") == "energy_wall"


# -- the attack sequence ---------------------------------------------------------------------------
def test_defense_counts_only_armor_covering_the_part_and_zero_on_critical():
    s = at(phase(started(), "action"), p0="A1", p1="A3")
    s = gear(gear(s, 1, 1, "A02", boosts=1), 1, 2, "A01", "A03")  # Caddie Vest 3 torso (+1); Visor Helm 2 head crafted
    s = gear(s, 0, 1, "W11")  # Divot Cannon: 5 Damage, Range 3
    prof = attack_profile(s, 0, "1", s.player(1).space)
    by = {f: resolve_attack(prof, f)[0] for f in ("head", "torso", "arms", "legs", "critical")}
    assert prof.targets[0].damage == 5 + 1  # Divot Cannon's effect 2: +1 Damage against an aligned target
    assert by["torso"].defense == 4 and by["torso"].injuries == 2
    assert by["head"].defense == 2 + 2 + 1  # +2 crafted, +1 Visor Helm's brace (successful protection)
    assert by["arms"].injuries == 6 - 1  # Caddie Vest's effect 2 padding (failed protection) soaks 1
    assert by["critical"].defense == 0 and by["critical"].injuries == 6 - 1


def test_spikes_injure_the_attacker_and_altitude_advantage_adds_damage():
    s = at(phase(started(), "action"), p0="C3", p1="C5")  # C3 altitude 2, C5 altitude 0
    s = gear(s, 1, 1, "A04")  # Spiked Shoes: legs, spikes 2
    prof = attack_profile(s, 0, "heroic", s.player(1).space)
    assert prof.targets[0].damage == 2 + 2
    s, _ = play(s, Attack("heroic", s.player(1).space), "legs")
    assert s.player(0).hp == 16 and s.player(1).hp == 18 - (4 - 2)


def test_defensive_field_adds_two_per_field():
    s = at(phase(started(), "action"), p0="A1", p1="A3")
    s = replace(s, tiles=(("A4", "defensive_field"), ("B3", "defensive_field")))
    hit = resolve_attack(attack_profile(s, 0, "heroic", s.player(1).space), "torso")[0]
    assert hit.defense == 4 and hit.injuries == 0


def test_two_attacks_each_weapon_once_and_pp_once_per_opponent():
    s = gear(at(phase(started(), "action"), p0="A1", p1="A3"), 0, 1, "W02")
    s, _ = play(s, Attack("heroic", s.player(1).space), "legs")
    assert Attack("heroic", s.player(1).space) not in legal_actions(s)
    s, _ = play(s, Attack("1", s.player(1).space), "legs")
    assert s.player(0).pp == 1 and not any(isinstance(a, Attack) for a in legal_actions(s))


def test_range_limits_targets():
    s = at(phase(started(), "action"), p0="A1", p1="A4")  # heroic Range 2, distance 3
    assert not any(isinstance(a, Attack) for a in legal_actions(s))


# -- health, knock-out, level-up, prestige -------------------------------------------------------------
def test_knock_out_gives_pp_and_return_with_full_hp():
    s = at(phase(started(), "action"), p0="A1", p1="A3").with_player(1, hp=2)
    s = gear(s, 1, 4, "A01")
    s, ev = play(s, Attack("heroic", s.player(1).space), "legs")
    p1 = s.player(1)
    assert p1.knocked_out and p1.space is None and p1.track == (None,) * 4 and p1.boosts == 1
    assert s.player(0).pp == 2  # injured + knocked out
    s, _ = play(phase(s, "loot"), EndTurn())
    assert [type(a) for a in legal_actions(s)] == [Return]
    s, _ = play(s, Return(), "G05")
    assert s.player(1).hp == 18 and s.player(1).space is not None and not s.player(1).knocked_out


def test_level_up_when_cubes_meet():
    s = at(phase(started(), "action"), p0="A1", p1="A3").with_player(0, pp=5).with_player(1, hp=7, pp=5)
    s = gear(s, 0, 1, "W02")
    s, ev = play(s, Attack("1", s.player(1).space), "legs")  # 4 Damage: 7 -> 3 HP, under 5 PP
    assert s.player(1).level == 2 and any("Level II" in e.text for e in ev)
    assert s.content.hero(s.player(1).hero).levels[1].damage > s.content.hero(s.player(1).hero).levels[0].damage


def test_first_to_goal_gains_bonus_and_game_finishes_the_round():
    s = prep(started(), 2).with_player(0, credits=18, pp=17)
    s, ev = play(s, BuyPrestige())
    assert s.player(0).pp == 18 + 2 and s.first_to_goal == 0
    s, _ = play(phase(s, "loot"), EndTurn())
    assert s.stage == "play" and s.active == 1  # the round is finished
    s = phase(s, "loot").with_player(1, pp=20)
    s, ev = play(s, EndTurn())
    assert s.stage == "over" and s.winner == 0 and "wins" in s.result  # a tie goes to the earlier seat


def test_feats_two_per_turn_level_two_taunts():
    s = at(phase(started(), "action"), p0="A1", p1="A3").with_player(1, pp=3)
    s = replace(s, feats=(("F01", ()), ("F07", ())))  # Crowd Pleaser (L1, injure 1), Double Trouble (L2, injure 2)
    s = replace(s, turn=replace(s.turn, injured=(1,)))
    acts = legal_actions(s)
    assert ClaimFeat("F01") in acts and ClaimFeat("F07") not in acts
    s, _ = play(s, ClaimFeat("F01"))
    assert s.player(0).pp == 1 and s.player(0).feat_tokens == 4 and ClaimFeat("F01") not in legal_actions(s)
    s = replace(s, turn=replace(s.turn, injured=(1, 2)))
    s2, _ = play(s, ClaimFeat("F07"))
    assert s2.player(0).pp == 3 and s2.pending[0].kind == "taunt"
    s2, _ = play(s2, Taunt(1))
    assert s2.player(1).pp == 2


def test_full_feat_card_leaves_and_tokens_return():
    s = phase(started(), "loot")
    s = replace(s, feats=(("F01", (0, 1)), ("F02", ())), feat_deck=("F03",)).with_player(0, feat_tokens=4).with_player(1, feat_tokens=4)
    s, ev = play(s, EndTurn())
    assert [f for f, _ in s.feats] == ["F03", "F02"] and s.player(0).feat_tokens == 5 and s.player(1).feat_tokens == 5


# -- loot -------------------------------------------------------------------------------------
def test_loot_card_rewards_and_drop_on_a_hero():
    s = at(phase(started(), "loot"), p0="E5", p1="B1").with_player(0, lootboxes=1)
    s = replace(s, gps_top="G01")
    s, ev = play(s, OpenLootbox(), "L11")  # Weapon + Replacement
    assert s.pending[0].kind == "weapon"
    s, _ = play(s, legal_actions(s)[0], "W09")
    assert "W09" in s.player(0).hand and s.pending[0].kind == "replacement"
    s, _ = play(s, Decline())
    s, ev = play(s, DropLootboxes(), "G04")  # G04's back is NE; G01 says B10 there
    assert CONTENT.card("G04").back == "NE" and "B10" in s.lootboxes


def test_lootbox_dropped_on_a_hero_injures_and_stays():
    s = at(phase(started(), "loot"), p0="E5", p1="B10").with_player(0, lootboxes=1)
    s = replace(s, gps_top="G01")
    s, _ = play(s, OpenLootbox(), "L07")
    s, _ = play(s, DropLootboxes(), "G04")
    assert s.player(1).hp == 16 and "B10" in s.lootboxes and s.player(1).lootboxes == 0


def test_impossible_placement_lets_the_active_player_choose():
    s = at(phase(started(), "action"), p0="A4", p1="I10")
    s = replace(s, gps_top="G01", lootboxes=())
    s, _ = play(s, Move("A5"))
    s, _ = play(s, ChooseRegion("SE"), "G03")  # I10 is taken
    assert {a.space for a in legal_actions(s)} == {"H10", "I9", "J10"}
    s, _ = play(s, PlaceAt("I9"))
    assert s.player(0).space == "I9"


def test_end_actions_then_end_turn_passes_to_next_player():
    s = phase(started(), "action")
    s, _ = play(s, EndActions())
    s, _ = play(s, EndTurn())
    assert s.active == 1 and s.turn.phase == "preparation"


def test_effects_on_the_initial_target_apply_to_every_target():
    # Mortar Caddy (2 Damage, Extended Ring, effect 2 +1 Damage) crafted with a Divot Cannon, whose effect 2 is
    # +1 Damage against an aligned target: A3 is aligned with A1, B4 is not, and both take the bonus.
    s = gear(at(phase(started(players=3), "action"), p0="A1", p1="A3", p2="B4"), 0, 1, "W04", "W11")
    prof = attack_profile(s, 0, "1", "A3")
    assert [t.label for t in prof.targets] == [s.name(1), s.name(2)]
    assert [t.damage for t in prof.targets] == [2 + 2 + 1 + 1] * 2


def test_exceeding_18_pp_uses_a_second_cube():
    from explorer.rumble_planet.health import pp_cubes
    from explorer.rumble_planet.views import describe_player

    assert pp_cubes(17) == (17, None) and pp_cubes(18) == (18, None) and pp_cubes(21) == (18, 3)
    s = started().with_player(0, pp=20)
    assert "20 PP (a second PP cube at 2)" in describe_player(s, 0)


def test_last_player_triggering_the_end_finishes_the_game():
    # "If you were the last in turn order and triggered the end of the game, finish your turn, and the game ends"
    s = replace(prep(started(), 2), active=1).with_player(1, credits=18, pp=17)
    s, _ = play(s, BuyPrestige())
    s, ev = play(phase(s, "loot"), EndTurn())
    assert s.stage == "over" and s.winner == 1 and s.round == 1


def test_only_the_active_player_gains_pp():
    # Spiked Shoes knock out the attacker: the defender is not active, so no PP for them.
    s = at(phase(started(), "action"), p0="A1", p1="A3").with_player(0, hp=1)
    s = gear(s, 1, 1, "A04")
    s, _ = play(s, Attack("heroic", "A3"), "legs")
    assert s.player(0).knocked_out and s.player(1).pp == 0 and s.player(0).pp == 0  # no injury got through


def test_shortages_shop_rebuilt_from_discards_and_empty_bank():
    s = prep(started()).with_player(0, credits=8)
    s = replace(s, weapon_shop=(), weapon_discard=("W01", "W02"))
    s, ev = play(s, Buy("weapon"), "W02")
    assert s.weapon_shop == ("W01",) and s.weapon_discard == () and any(e.section == "Shortages" for e in ev)
    poor = replace(prep(started()).with_player(0, hand=("W01",)), bank_credits=0)
    poor, ev = play(poor, Sell("W01"))
    assert poor.player(0).credits == 0 and any("no Credits" in e.text for e in ev)


def test_empty_feat_deck_reveals_nothing():
    s = phase(started(), "loot")
    s = replace(s, feats=(("F01", (0, 1)), ("F02", ())), feat_deck=())
    s, ev = play(s, EndTurn())
    assert [f for f, _ in s.feats] == ["F02"]


def test_gps_deck_rebuilt_keeping_the_last_card_visible():
    s = at(phase(started(), "loot"), p0="E5", p1="B1").with_player(0, lootboxes=1)
    s = replace(s, gps_top="G01", gps_deck=(), gps_discard=("G02", "G03", "G04"))
    s, _ = play(s, OpenLootbox(), "L07")
    s, ev = play(s, DropLootboxes(), "G03")
    assert s.gps_discard == ("G01",) and s.gps_top == "G03" and sorted(s.gps_deck) == ["G02", "G04"]
    assert any(e.section == "Shortages" for e in ev)


def test_golden_lootbox_with_both_shops_used_up():
    s = phase(started(), "loot").with_player(0, golden=True)
    s = replace(s, golden=None, weapon_shop=(), weapon_discard=(), armor_shop=(), armor_discard=())
    assert legal_actions(s) == [OpenGolden("weapon")]
    s, ev = play(s, OpenGolden("weapon"))
    assert not s.player(0).golden and s.turn.golden_drop and "no card is left" in ev[0].text


def test_shove_moves_the_target_farther_away_one_space_at_a_time():
    # Plasma Putter: 6 Damage, Range 1, effect 1 "move the initial target 1 space farther from you".
    s = gear(at(phase(started(), "action"), p0="E4", p1="E5"), 0, 1, "W14")
    s = replace(s, lootboxes=(), golden=None)
    s, _ = play(s, Attack("1", "E5"), "head")
    assert s.pending[0].kind == "shove"
    assert {a.space for a in legal_actions(s)} == {"D5", "F5", "E6"}  # each is 2 spaces from E4
    s, ev = play(s, PlaceAt("E6"))
    assert s.player(1).space == "E6" and not s.pending and "pushed" in ev[0].text


def test_a_shove_off_a_height_causes_a_fall():
    s = gear(at(phase(started(), "action"), p0="C8", p1="C9"), 0, 1, "W14")  # both at altitude 2
    s = replace(s, lootboxes=(), golden=None)
    s, _ = play(s, Attack("1", "C9"), "head")
    assert s.player(1).hp == 18 - 6 and {a.space for a in legal_actions(s)} == {"B9", "C10", "D9"}
    s, ev = play(s, PlaceAt("C10"))  # altitude 0: two levels down, 2 Injuries
    assert s.player(1).hp == 18 - 6 - 2 and any(e.section == "Altitudes: Falling" for e in ev)


def test_more_than_four_tokens_take_a_second_gps_card():
    s = at(phase(started(), "loot"), p0="E5", p1="J9")
    s = replace(s, gps_top="G01", gps_deck=tuple(c.id for c in CONTENT.gps if c.id != "G01"), gps_discard=(),
                lootboxes=s.lootboxes[:6], golden=None, turn=replace(phase(s, "loot").turn, to_drop=4, golden_drop=True))
    s, ev = play(s, DropLootboxes(), "G02")
    assert s.golden == "I10" and s.turn.to_drop == 1 and DropLootboxes() in legal_actions(s)
    s, ev = play(s, DropLootboxes(), "G03")
    assert s.turn.to_drop == 0 and EndTurn() in legal_actions(s)
    assert ev[0].text.startswith("GPS card G02 is revealed")  # the second card's face gives the fifth space
