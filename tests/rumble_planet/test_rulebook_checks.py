"""Rulebook sentences checked one by one against the engine, each test quoting the sentence it checks."""
from dataclasses import replace

from explorer.core import Session
from explorer.rumble_planet import (
    Attack,
    ChooseRegion,
    Deploy,
    DropLootboxes,
    EndActions,
    EndPreparation,
    EndTurn,
    Equip,
    Move,
    OpenLootbox,
    Options,
    PlaceAt,
    Return,
    SetUp,
    StartMovement,
    WearOut,
    legal_actions,
)
from explorer.rumble_planet.attack import attack_profile, resolve_attack
from explorer.rumble_planet.cards import deck_from_json
from explorer.rumble_planet.board import adjacent, distance
from explorer.rumble_planet.health import blocked, movement_points

from .helpers import CONTENT, L1, L2, at, gear, phase, play, pushing_two, session, started


def test_knock_out_applies_obsolescence_before_the_mini_leaves_the_green():
    # Knocked Out! (KO): "If you are KO'd, immediately apply obsolescence to your equipment and remove your
    # Mini from the Green." The Sand Blaster's "upon obsolescence" Turret is placed next to where she stood.
    s = at(phase(started(), "action"), p0="E1", p1="E3").with_player(1, hp=2)
    s = replace(gear(s, 1, 4, "W10"), lootboxes=(), golden=None)
    s, ev = play(s, Attack("heroic", "E3"), "legs")
    texts = [e.text for e in ev]
    assert s.player(1).knocked_out and s.player(1).space is None
    assert s.pending and s.pending[0].kind == "place_tile" and s.pending[0].data[:2] == ("turret", "E3")
    assert {a.space for a in legal_actions(s)} == {"D3", "F3", "E2", "E4"}
    gone = next(i for i, t in enumerate(texts) if "leaves the Green" in t)
    worn = next(i for i, t in enumerate(texts) if "goes to the shop pile" in t)
    assert worn < gone
    s, _ = play(s, PlaceAt("E4"))
    assert s.tile_at("E4") == "turret"


def test_a_passive_effect_on_the_heroic_object_counts():
    # Equipment Effects: "Passive: This effect is applied as long as its text is visible on your equipment board";
    # Equipment Board: "The board also has 1 slot for a Heroic Weapon". A Heroic Object's passive MP counts.
    data = CONTENT.to_json()
    data["heroes"][0]["heroic"]["levels"][0]["effect"] = {"effect": "light_frame", "amount": 2}
    content = deck_from_json(data, "heroic-passive.json", CONTENT.boards)
    s = Session("rumble-planet", Options(players=2), content, seed=0)
    s.play(SetUp(), outcome={"level1": L1, "level2": L2, "gps": "G01"})
    s.play(Deploy(), outcome="G02")
    s.play(EndPreparation())
    assert movement_points(s.state, 0) == 3 + 4 + 2
    s.play(StartMovement())
    assert s.state.turn.mp == 9


def test_falling_counts_each_move_from_the_space_it_starts_in():
    # Altitudes: "If you move or are moved into a space that is at least 2 levels lower than your starting space,
    # suffer 1 Injury for each level ... You do not suffer Injuries when descending only 1 level." (ruling RP-27)
    s = replace(at(phase(started(), "action"), p0="B3", p1="J10"), lootboxes=(), golden=None)
    assert [s.board.altitude(x) for x in ("B3", "B2", "A2", "A3")] == [2, 1, 0, 0]
    down, _ = play(play(s, Move("B2"))[0], Move("A2"))  # 2 -> 1 -> 0, one level at a time
    assert down.player(0).hp == 18
    drop, ev = play(s, Move("A3"))  # 2 -> 0 at once
    assert drop.player(0).hp == 16 and any(e.section == "Altitudes: Falling" for e in ev)


def test_defensive_field_counts_without_armor_but_not_for_tiles():
    # Defensive Field Tile: "you gain +2 Defense. This bonus is applied only once per attack, no matter how many
    # armors you have." (ruling RP-28)
    s = replace(at(phase(started(), "action"), p0="A1", p1="A3"), tiles=(("B3", "defensive_field"), ("B1", "turret")))
    assert s.player(1).track == (None,) * 4
    hero = resolve_attack(attack_profile(s, 0, "heroic", "A3"), "head")[0]
    assert hero.defense == 2 and hero.injuries == 0
    assert resolve_attack(attack_profile(s, 0, "heroic", "A3"), "critical")[0].defense == 0
    turret = resolve_attack(attack_profile(s, 0, "heroic", "B1"), "head")[0]  # next to no field, and a tile
    assert turret.defense == 0
    s2 = replace(s, tiles=(("B2", "defensive_field"), ("B1", "turret")))
    assert resolve_attack(attack_profile(s2, 0, "heroic", "B1"), "head")[0].defense == 0


def test_a_hero_attacking_a_tile_from_above_gains_the_altitude_bonus():
    # Blocking Tiles: "A blocking tile can be targeted by an attack and suffer Injuries as if it were a character."
    # Advantageous Position: "+1 Damage for each level of altitude difference." (ruling RP-28)
    s = replace(at(phase(started(), "action"), p0="C3", p1="J10"), tiles=(("C5", "turret"),))
    hit = resolve_attack(attack_profile(s, 0, "heroic", "C5"), "legs")[0]
    assert hit.damage == 2 + 2 and hit.destroyed


def test_equipment_may_go_in_any_empty_slot():
    # Equipping: "take a Weapon or Armor card from your hand and place it in an empty equipment slot" (ruling RP-29)
    s = gear(phase(started(), "preparation").with_player(0, hand=("W01",)), 0, 2, "A01")
    assert sorted(a.slot for a in legal_actions(s) if isinstance(a, Equip)) == [1, 3, 4]
    s, _ = play(s, Equip("W01", 4))
    assert s.player(0).track[3].main == "W01"


def test_a_lootbox_dropped_on_any_hero_injures_them():
    # Lootbox Drops: "if a Lootbox token is placed in your space, you suffer 2 Injuries"; Additional Rules: "you"
    # is each player in turn (ruling RP-30). Here it lands on the active player herself.
    s = at(phase(started(), "loot"), p0="B10", p1="J1").with_player(0, lootboxes=1)
    s = replace(s, gps_top="G01")
    s, _ = play(s, OpenLootbox(), "L07")
    s, _ = play(s, DropLootboxes(), "G04")  # G04's back is NE; G01 says B10 there
    assert s.player(0).hp == 16 and "B10" in s.lootboxes and s.player(0).lootboxes == 0


def test_first_round_through_the_session_with_table_draws():
    # Movement Step: "At the start of the game, the 4 equipment slots ... are empty ... a total of 7 MP on their first
    # turn." Picking up lootboxes, Looting, Lootbox Drops ("Perform a GPS relocation"), then the next player's turn.
    s = session()
    assert [p.space for p in s.state.players] == ["I10", "I1"]
    s.play(EndPreparation())
    assert movement_points(s.state, 0) == 7
    s.play(Move("J10"))  # a Lootbox token lies there
    assert s.state.turn.mp == 6 and s.state.player(0).lootboxes == 1 and "J10" not in s.state.lootboxes
    s.play(EndActions())
    s.play(OpenLootbox(), outcome="L07")  # Loot +2
    assert s.state.player(0).credits == 2 and s.state.loot_discard == ("L07",)
    s.play(DropLootboxes(), outcome="G03")  # reveals G02; G03's back shows the southwest: G02 says H1 there
    assert "H1" in s.state.lootboxes and s.state.gps_discard[-1] == "G02"
    s.play(EndTurn())
    assert s.state.active == 1 and s.state.round == 1
    s.play(EndPreparation())
    s.play(Move("H1"))
    assert s.state.player(1).lootboxes == 1 and s.state.turn.mp == 6


def test_return_to_a_blocked_space_places_the_hero_before_the_obsolescence_step():
    # Knocked Out! (KO): "reset your HP cube to 18 and perform a GPS relocation to determine your new position on the
    # Green. Then, proceed with your turn as usual, including the obsolescence step!" Her Sand Blaster's "upon
    # obsolescence" Turret goes next to the space she was placed in, even when that placement needed a choice.
    s = at(phase(started(), "loot"), p0="I10")
    s = gear(s, 1, 4, "W10").with_player(1, knocked_out=True, space=None, hp=0)
    s = replace(s, gps_top="G01", gps_deck=tuple(c.id for c in CONTENT.gps if c.id != "G01"), gps_discard=(),
                lootboxes=(), golden=None)
    s, _ = play(s, EndTurn())
    s, _ = play(s, Return(), "G02")  # G02's back: the southeast; G01 says I10 there, where Agent Dogniss stands
    assert s.pending[0].kind == "place" and s.player(1).track[3] is not None
    s, _ = play(s, PlaceAt("J10"))
    assert s.player(1).space == "J10" and s.player(1).track == (None,) * 4
    assert s.pending and s.pending[0].kind == "place_tile" and s.pending[0].data[:2] == ("turret", "J10")
    assert {a.space for a in legal_actions(s)} == {"J9"}


def test_each_space_entered_around_a_turret_hurts_but_a_turret_placed_next_to_you_does_not():
    # Turret Tile: "Whenever you enter a space in Zone 1 centered on a Turret tile, you suffer 2 Injuries." (RP-31)
    s = at(phase(started(ring_shape="square"), "action"), p0="E3", p1="J10")  # a Ring of 8: D4 and E4 both in it
    s = replace(s, tiles=(("E5", "turret"),), lootboxes=(), golden=None)
    s, _ = play(s, Move("E4"))  # into the Ring: 2 Injuries
    s, _ = play(s, Move("D4"))  # another space of the same Ring: 2 more
    s, _ = play(s, Move("C4"))  # out of it
    assert s.player(0).hp == 18 - 4
    placed = at(phase(gear(started(), 0, 1, "W10"), "preparation"), p0="E5", p1="E7")  # Sand Blaster: a Turret
    placed, _ = play(placed, WearOut(1))
    placed, _ = play(placed, PlaceAt("E6"))  # next to both Heroes: placement is not entering
    assert placed.tile_at("E6") == "turret" and [p.hp for p in placed.players] == [18, 18]


def test_a_hero_pushed_onto_a_teleporter_is_teleported_before_the_push_goes_on():
    """Teleporter Tile: "Anytime a player enters a space with a Teleporter tile, they are immediately teleported."

    A push of 2 whose first space is a Teleporter teleports the Hero at once; the second space of the push is then
    taken from where they land (ruling RP-24), not from the Teleporter's space."""
    s = replace(started(), content=pushing_two())
    s = gear(at(phase(s, "action"), p0="E4", p1="E5"), 0, 1, "W14")
    s = replace(s, lootboxes=(), golden=None, tiles=(("E6", "teleporter"),))
    s, _ = play(s, Attack("1", "E5"), "head")
    s, ev = play(s, PlaceAt("E6"))
    assert s.player(1).space == "E6" and any(e.section == "Teleporter Tile" for e in ev)
    assert [t.kind for t in s.pending] == ["teleport", "shove"]
    assert legal_actions(s) == [ChooseRegion(r) for r in ("NW", "NE", "SE", "SW")]
    top = s.gps_top
    s, _ = play(s, ChooseRegion("NW"), next(c for c in s.gps_deck))
    landed = s.player(1).space
    assert landed == CONTENT.card(top).space("NW") and [t.kind for t in s.pending] == ["shove"]
    assert landed != "E6" and {a.space for a in legal_actions(s)} == {
        x for x in adjacent(landed) if x not in blocked(s) and distance(x, "E4") > distance(landed, "E4")}


def test_a_replacement_onto_a_teleporter_teleports_before_the_loot_cards_other_reward():
    """Teleporter Tile: "Anytime a player enters a space with a Teleporter tile, they are immediately teleported."

    Replacement + Healing 2: the Replacement moves Agent Dogniss (17 HP) onto a Teleporter; she is teleported to B1,
    next to a Turret (2 Injuries: 15 HP), and the Healing comes after (17 HP). Healing first would be capped at 18
    and leave her at 16."""
    s = at(phase(started(), "loot"), p0="E5", p1="J10").with_player(0, lootboxes=1, hp=17)
    s = replace(s, tiles=(("B2", "turret"), ("E6", "teleporter")), lootboxes=(), golden=None, gps_top="G01",
                gps_deck=tuple(c.id for c in CONTENT.gps if c.id != "G01"), gps_discard=())
    s, _ = play(s, OpenLootbox(), "L14")  # Replacement + Healing 2
    s, _ = play(s, PlaceAt("E6"))
    assert [t.kind for t in s.pending] == ["teleport", "healing"] and s.player(0).hp == 17
    s, ev = play(s, ChooseRegion("NW"), "G02")  # G01's northwest space: B1
    assert s.player(0).space == "B1" and s.player(0).hp == 17 and not s.pending
    assert [e.section for e in ev if "HP" in e.text][-2:] == ["Turret Tile", "Loot Cards"]


def test_a_hero_back_from_a_knock_out_is_teleported_on_before_the_obsolescence_step():
    """Teleporter Tile: "Anytime a player enters a space with a Teleporter tile, they are immediately teleported";
    Knocked Out! (KO): "Then, proceed with your turn as usual, including the obsolescence step!"

    Back at I10, a Teleporter, then teleported to B1, another one: the second teleport comes before the obsolescence
    step, so her Sand Blaster's "upon obsolescence" Turret is placed where the chain of teleports ends."""
    s = at(phase(started(), "loot"), p0="J1")
    s = gear(s, 1, 4, "W10").with_player(1, knocked_out=True, space=None, hp=0)
    s = replace(s, gps_top="G01", gps_deck=tuple(c.id for c in CONTENT.gps if c.id != "G01"), gps_discard=(),
                lootboxes=(), golden=None, tiles=(("B1", "teleporter"), ("I10", "teleporter")))
    s, _ = play(s, EndTurn())
    s, _ = play(s, Return(), "G02")  # G02's back: the southeast; G01 says I10 there
    assert [t.kind for t in s.pending] == ["teleport", "obsolescence"]
    s, _ = play(s, ChooseRegion("NW"), "G03")  # G02's northwest space: B1
    assert s.player(1).space == "B1" and [t.kind for t in s.pending] == ["teleport", "obsolescence"]
    assert s.player(1).track[3] is not None  # not worn out yet


def _pushed_off_a_height(face: str, hard_hat_boosts: int, **opts):
    """Plasma Putter (6 Damage, "move the initial target 1 space farther from you") from C8 at Birdie Blaster on C9,
    both at altitude 2, her Hard Hat (Defense 3 on the head, plus Boost tokens); pushed to C10, altitude 0: a fall
    of 2 levels, 2 Injuries. The Feats on the table: Crowd Pleaser (injure 1 opponent), Heavy Hitter (4 Injuries in
    one attack)."""
    from explorer.rumble_planet.turn import claimable_feats

    s = gear(gear(at(phase(started(**opts), "action"), p0="C8", p1="C9"), 0, 1, "W14"), 1, 1, "A07",
             boosts=hard_hat_boosts)
    s = replace(s, lootboxes=(), golden=None, tiles=(), feats=(("F01", ()), ("F06", ())))
    s, _ = play(s, Attack("1", "C9"), face)
    hit = 18 - s.player(1).hp
    s, ev = play(s, PlaceAt("C10"))
    assert 18 - s.player(1).hp == hit + 2 and any(e.section == "Altitudes: Falling" for e in ev)
    return hit, s.player(0).pp, s.turn, claimable_feats(s)


def test_the_injuries_of_an_attacks_push_are_the_attacks_only_where_the_table_says_so():
    """Ways to Gain or Lose PP: "Attack and injure an opponent (once per turn, per opponent) +1 PP"; Detailed Attack
    Sequence: "Any remaining Damage is converted into Injuries." (ruling RP-37, ``push_injuries``)

    A hit on the head against Defense 6 leaves no Damage: the fall the push causes injures her, but by default not
    the attack, so no PP and no Feat; where the push's Injuries are the attack's, +1 PP and Crowd Pleaser."""
    assert Options().push_injuries == "not_the_attacks"
    hit, pp, turn, feats = _pushed_off_a_height("head", 3)
    assert (hit, pp, turn.injured, turn.best_hit, feats) == (0, 0, (), 0, ())
    hit, pp, turn, feats = _pushed_off_a_height("head", 3, push_injuries="the_attacks")
    assert (hit, pp, turn.injured, turn.best_hit, feats) == (0, 1, (1,), 2, ("F01",))


def test_a_push_adds_to_the_attacks_injuries_and_the_pp_for_injuring_stays_once_per_opponent():
    """"(once per turn, per opponent)": an opponent the hit injured gains the attacker nothing more when the push
    injures her again, in either reading; where the push's Injuries are the attack's, they add to its Injuries (2 on
    the head against Defense 4, and 2 by the fall: Heavy Hitter's 4 in one attack)."""
    for opts in ({}, {"push_injuries": "the_attacks"}):
        hit, pp, turn, _ = _pushed_off_a_height("torso", 0, **opts)  # the Hard Hat covers only the head
        assert (hit, pp, turn.injured) == (6, 1, (1,))
    assert _pushed_off_a_height("head", 1)[::3] == (2, ("F01",))
    hit, pp, turn, feats = _pushed_off_a_height("head", 1, push_injuries="the_attacks")
    assert (hit, pp, turn.best_hit, feats) == (2, 1, 4, ("F01", "F06"))
