"""Unit tests per battle rule: roll phase, minion activation order, damage pipeline, positions."""
from dataclasses import replace

import pytest

from explorer.core import IllegalAction, Session
from explorer.doomrock import (
    Activate, ActivateMinion, Assign, DoneAssigning, EndInitiative, EndRound, KeepDice, MakeShield, Options, Reroll,
    Roll, SetUpBattle,
)
from explorer.doomrock import battle as rules
from explorer.doomrock.damage import deal_damage, place_expose
from explorer.doomrock.enemies import spawn
from explorer.doomrock.positions import surrounded, threat

from .helpers import DECK


def started(players=2, **opts) -> Session:
    s = Session("doomrock-battle", Options(players=players, **opts), DECK, seed=3)
    s.play(SetUpBattle())
    return s


def test_roll_phase_allows_two_rerolls_then_the_third_roll_is_kept():
    s = started()
    s.play(Roll(), outcome=[1, 2, 3, 4])
    s.play(Reroll((0, 1)), outcome=[5, 5])
    s.play(Reroll((2,)), outcome=[6])
    b = s.state.battle
    assert b.assigning and [d.face for d in b.hero_dice(0)] == [5, 5, 6, 4]
    assert not any(isinstance(a, (Reroll, KeepDice)) for a in s.legal_actions())


def test_ones_become_shields_and_unassigned_dice_are_spent():
    s = started()
    s.play(Roll(), outcome=[1, 1, 2, 3])
    s.play(KeepDice())
    s.play(MakeShield(0))
    s.play(DoneAssigning())
    b = s.state.battle
    assert b.hero(0).shields == 1
    assert [d.place for d in b.hero_dice(0)] == ["spent"] * 4
    assert b.roller == 1


def test_illegal_actions_are_refused_and_nothing_changes():
    s = started()
    before, cursor = s.state, s.cursor
    for bad in (Reroll((0,)), Assign(0, "holy_strike"), EndRound(), Activate(0, "holy_strike", "E1", 0)):
        with pytest.raises(IllegalAction):
            s.play(bad)
    s.play(Roll(), outcome=[2, 2, 2, 2])
    s.play(KeepDice())
    with pytest.raises(IllegalAction):
        s.play(MakeShield(0))  # a 2 is no defensive roll
    with pytest.raises(IllegalAction):
        s.play(Assign(0, "poisonous_stab"))  # another hero's card
    assert s.cursor == cursor + 2
    s.undo()
    s.undo()
    assert s.state == before


def _to_minions(s: Session):
    while s.state.battle.phase in ("roll",):
        acts = s.legal_actions()
        s.play(DoneAssigning() if DoneAssigning() in acts else KeepDice() if KeepDice() in acts else Roll())
    s.play(EndInitiative())


def test_simple_activation_example_with_rampage():
    """Minion Activation, Example - simple activation: 4 heroes, 4 minions."""
    s = started(players=4, heroes=("paladin", "warrior", "cleric", "ranger"))
    b = s.state.battle
    # Keep the boss out of the way and the minions harmless, so we only watch the order.
    enemies = tuple(replace(e, hp=0) if e.boss else e for e in b.enemies)
    s._steps[-1] = replace(s._steps[-1], state=replace(s.state, battle=replace(b, enemies=enemies)))
    _to_minions(s)
    order = []
    while s.state.battle.phase == "minions":
        a = next(a for a in s.legal_actions() if isinstance(a, ActivateMinion))
        rampage = s.state.battle.enemy(a.enemy).activated
        s.play(a)
        order.append((s.state.battle.hero(a.hero).id, rampage))
    assert order == [("paladin", False), ("paladin", False), ("warrior", False), ("warrior", False),
                     ("cleric", True), ("ranger", True)]


def test_threat_ties_are_decided_by_the_players():
    s = started(players=2, heroes=("paladin", "warrior"))
    b = s.state.battle
    b = b.with_hero(1, threat=8)
    s._steps[-1] = replace(s._steps[-1], state=replace(s.state, battle=b))
    _to_minions(s)
    heroes = {a.hero for a in s.legal_actions() if isinstance(a, ActivateMinion)}
    assert heroes == {0, 1}


def test_damage_pipeline_expose_then_shields_then_armour_per_source():
    s = started()
    b = s.state.battle
    b = b.with_enemy("E1", hp=3, armour=1, shields=1, expose=("plus1#1", "blank#1"))
    b, events = deal_damage(b, DECK, "E1", 2)
    e = b.enemy("E1")
    # 2 + 1 (expose) = 3; shield absorbs 1; armour 1; 1 damage
    assert (e.hp, e.shields, e.expose) == (2, 0, ())
    assert set(b.expose_up) >= {"plus1#1", "blank#1"}
    b, _ = deal_damage(b, DECK, "E1", 1)  # a second source: armour again absorbs
    assert b.enemy("E1").hp == 2


def test_push_marker_moves_before_damage_and_cumulation_clears_blanks():
    s = started()
    b = s.state.battle
    b = replace(b.with_enemy("E1", expose=("push#1", "cumulation#1")), expose_up=("blank#2", "plus1#3"))
    pool = b.expose_pool
    reverse = tuple(str(n) for n in reversed(range(len(pool) + 2)))  # the drawn shuffle: the new pool reversed
    old_group = b.enemy("E1").group
    b, _ = deal_damage(replace(b, flips=(reverse,)), DECK, "E1", 0)
    assert b.enemy("E1").group != old_group
    assert set(b.expose_out) == {"cumulation#1", "blank#2"}
    assert b.expose_up == () and b.flips == ()
    assert b.expose_pool == tuple(reversed(pool + ("plus1#3", "push#1")))


def test_hero_damage_takes_broken_hp_first_and_stops_at_zero():
    s = started()
    b = s.state.battle.with_hero(0, hp=2, broken=1)
    b, _ = deal_damage(b, DECK, 0, 10)
    assert (b.hero(0).hp, b.hero(0).broken, b.hero(0).defeated) == (0, 0, True)


def test_surrounded_and_hidden():
    s = started()
    b = s.state.battle
    g = b.enemy("E1").group
    b = b.with_hero(0, group=g)
    assert surrounded(b, 0)  # 2 goblins, 1 hero
    b = b.with_hero(1, group=g)
    assert not surrounded(b, 0)
    b = b.with_hero(0, hidden=True)
    assert threat(b, DECK, 0) == 0 and not surrounded(b, 0)


def test_spawns_are_limited_by_enemy_markers():
    s = started(minion_tokens=5)
    b = s.state.battle  # two goblins of 3 HP use 2 markers each
    b, events = spawn(b, DECK, s.options, "E3", 3)
    assert sum(not e.boss for e in b.enemies) == 2
    assert "No enemy markers" in events[-1].text


def test_expose_placement_draws_from_the_top_of_the_pool():
    s = started()
    b = s.state.battle
    top = b.expose_pool[:2]
    b, _ = place_expose(b, 0, 2)
    assert b.hero(0).expose == top and len(b.expose_pool) == 27


def test_end_of_round_discards_shields_and_heroism_but_keeps_locked_dice():
    s = started(heroes=("paladin", "rogue"))
    s.play(Roll(), outcome=[3, 1, 6, 6])
    s.play(KeepDice())
    s.play(Assign(0, "aegis"))  # dice lock
    s.play(MakeShield(1))
    b = s.state.battle
    assert b.hero_dice(0)[0].place == "locked"
    b = replace(b, phase="actions").with_hero(0, heroism=2)
    b, _ = rules.end_round(b, s.options)
    assert (b.hero(0).shields, b.hero(0).heroism) == (0, 0)
    assert b.hero_dice(0)[0].place == "locked" and b.hero_dice(0)[1].place == "pool"


def test_stolen_dice_return_rolled_when_the_thief_is_defeated():
    s = started(heroes=("paladin", "rogue"))
    s.play(Roll(), outcome=[4, 4, 2, 2])
    s.play(KeepDice())
    s.play(Assign(0, "holy_strike"))
    s.play(DoneAssigning())
    b = s.state.battle
    b = b.with_die(b.die(0, 0), place="stolen", card="E1")
    b = replace(b, phase="actions")
    b, _ = rules.settle(b.with_enemy("E1", hp=0), DECK)
    assert b.die(0, 0).place == "waiting"
    acts = rules.legal_actions(b, DECK, s.options)
    assert [type(a).__name__ for a in acts] == ["RollExtra"]
    b, _ = rules.apply(b, DECK, s.options, acts[0], [5])
    assert Assign(0, "holy_strike") in rules.legal_actions(b, DECK, s.options)
    b, _ = rules.apply(b, DECK, s.options, Assign(0, "holy_strike"))
    assert b.die(0, 0).place == "card" and not any(isinstance(a, Assign) for a in rules.legal_actions(b, DECK, s.options))


def test_extra_dice_are_rolled_at_once_and_leave_at_the_end_of_the_round():
    s = started(heroes=("paladin", "rogue"))
    b = s.state.battle.with_hero(0, abilities=s.state.battle.hero(0).abilities + ("second_wind",))
    b = replace(b, phase="actions", dice=b.dice + (replace(b.die(0, 0), index=4, face=6, place="card", card="second_wind"),))
    b, events = rules.apply(b, DECK, s.options, Activate(0, "second_wind", "self", 0))
    assert b.hero(0).extra == 1 and [d.place for d in b.hero_dice(0)].count("waiting") == 1
    b, _ = rules.apply(b, DECK, s.options, rules.RollExtra(), [4])
    b, _ = rules.apply(b, DECK, s.options, Assign(5, "holy_strike"))
    assert len(b.hero_dice(0)) == 6
    b, _ = rules.end_round(b, s.options)
    assert len(b.hero_dice(0)) == 5 and b.hero(0).extra == 0


def test_heavy_planning_heroism_is_placed_on_a_card_and_spent_only_there():
    s = started(heroes=("paladin", "rogue"), heavy_planning=True)
    s.play(Roll(), outcome=[6, 4, 4, 2])
    s.play(KeepDice())
    s.play(rules.MakeHeroism(0))
    acts = s.legal_actions()
    assert {type(a).__name__ for a in acts} == {"PlaceHeroism"}
    s.play(rules.PlaceHeroism(0, "shield_wall"))
    s.play(Assign(1, "holy_strike"))
    s.play(Assign(3, "shield_wall"))
    s.play(DoneAssigning())
    b = replace(s.state.battle, phase="actions")
    b = b.with_enemy("E1", group=b.hero(0).group)
    acts = rules.legal_actions(b, DECK, s.options)
    assert Activate(0, "holy_strike", "E1", 1) not in acts and Activate(0, "holy_strike", "E1", 0) in acts
    assert Activate(0, "shield_wall", "self", 1) in acts
    b, _ = rules.apply(b, DECK, s.options, Activate(0, "shield_wall", "self", 1))
    assert b.hero(0).heroism == 0 and b.hero(0).shields == 3


def test_a_hidden_hero_may_redirect_one_activation_a_round():
    s = started(heroes=("paladin", "rogue"))
    b = s.state.battle.with_hero(0, hidden=True)
    b = replace(b, phase="minions")
    acts = rules.legal_actions(b, DECK, s.options)
    # The hidden paladin has threat 0: the rogue activates first and may not redirect.
    assert all(a.hero == 1 and a.active is None for a in acts if isinstance(a, ActivateMinion))
    b = replace(b, minion_done=(1,))
    acts = rules.legal_actions(b, DECK, s.options)
    assert ActivateMinion(0, "E1", 1) in acts
    b, events = rules.apply(b, DECK, s.options, ActivateMinion(0, "E1", 1), None)
    assert b.hero(0).redirected and any("is the active hero instead" in e.text for e in events)
    assert not any(a.active is not None for a in rules.legal_actions(b, DECK, s.options) if isinstance(a, ActivateMinion))


def test_party_damage_is_divided_by_the_party_and_never_below_zero():
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = started(heroes=("paladin", "rogue"))
    b0 = replace(s.state.battle, phase="boss").with_hero(0, hp=1).with_hero(1, hp=3)
    b, events = run_script(b0, DECK, s.options, "E3", (AIAction("party_damage", amount=6),), None)
    assert b.paused.left == 4 and "deals 6 damage to the party" in events[-1].text  # no HP below zero
    b = b0.with_hero(1, hp=5)
    b, _ = run_script(b, DECK, s.options, "E3", (AIAction("party_damage", amount=3), AIAction("enrage", amount=1)), None)
    assert rules.legal_actions(b, DECK, s.options) == [rules.TakeDamage(0), rules.TakeDamage(1)]
    b, _ = rules.apply(b, DECK, s.options, rules.TakeDamage(1))
    b, _ = rules.apply(b, DECK, s.options, rules.TakeDamage(0))
    assert rules.legal_actions(b, DECK, s.options) == [rules.TakeDamage(1)]  # the paladin has no HP left to give
    b, _ = rules.apply(b, DECK, s.options, rules.TakeDamage(1))
    assert (b.hero(0).hp, b.hero(1).hp, b.paused, b.enrage) == (0, 3, None, 1)  # the card goes on after it


def test_a_robbed_hero_chooses_the_stolen_die():
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = started(heroes=("paladin", "rogue"))
    s.play(Roll(), outcome=[4, 2, 2, 2])
    s.play(KeepDice())
    s.play(Assign(0, "holy_strike"))
    s.play(Assign(1, "shield_wall"))
    s.play(DoneAssigning())
    b = replace(s.state.battle, phase="minions")
    b, _ = run_script(b, DECK, s.options, "E1", (AIAction("steal", ("highest_threat",)),), 0)
    assert rules.legal_actions(b, DECK, s.options) == [rules.GiveDie(0), rules.GiveDie(1)]
    b, events = rules.apply(b, DECK, s.options, rules.GiveDie(1))
    assert b.die(0, 1).place == "stolen" and b.die(0, 1).card == "E1" and b.paused is None
    assert "steals a 2 from Paladin's Shield wall" in events[0].text


def test_a_hidden_hero_may_stop_hiding_and_is_revealed_when_attacked():
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, phase="actions").with_hero(1, hidden=True)
    assert rules.StopHiding(1) in rules.legal_actions(b, DECK, s.options)
    b2, _ = rules.apply(b, DECK, s.options, rules.StopHiding(1))
    assert not b2.hero(1).hidden and rules.StopHiding(1) not in rules.legal_actions(b2, DECK, s.options)
    b3, _ = deal_damage(b, DECK, 1, 1)
    assert not b3.hero(1).hidden


def test_party_formation_any_configuration_before_setup():
    from explorer.doomrock import Formation
    from explorer.doomrock.setup import formations
    assert [len(formations(n)) for n in (2, 3, 4)] == [2, 5, 15]
    s = Session("doomrock-battle", Options(players=3), DECK, seed=3)
    acts = s.legal_actions()
    assert SetUpBattle() in acts and len([a for a in acts if isinstance(a, Formation)]) == 4
    s.play(Formation((0, 0, 1)))
    s.play(SetUpBattle())
    b = s.state.battle
    assert b.hero(0).group == b.hero(1).group != b.hero(2).group
    assert not {h.group for h in b.heroes} & {e.group for e in b.enemies}


def test_gear_up_at_battle_setup_then_no_more_trading():
    from explorer.doomrock import Equip, Unequip
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), items=("war_axe", "leather_armour", "elven_bow")),
                DECK, seed=2)
    acts = s.legal_actions()
    assert Equip(0, "war_axe") in acts and Equip(1, "war_axe") not in acts  # STR 2 needed
    assert Equip(1, "elven_bow") in acts and Equip(0, "elven_bow") not in acts  # AGI 2 needed
    s.play(Equip(0, "war_axe"))
    assert Equip(0, "elven_bow") not in s.legal_actions()  # both hands are full
    s.play(Equip(0, "leather_armour"))
    s.play(Unequip(0, "leather_armour"))
    s.play(Equip(1, "leather_armour"))
    s.play(SetUpBattle())
    b = s.state.battle
    assert b.hero(0).items == ("war_axe",) and b.hero(1).items == ("leather_armour",) and b.inventory == ("elven_bow",)
    assert not any(isinstance(a, (Equip, Unequip)) for a in s.legal_actions())


def test_expose_pool_running_out_mid_action_reshuffles_at_once():
    s = started(heroes=("wizard", "rogue"))
    s.play(Roll(), outcome=[2, 1, 1, 1])
    s.play(KeepDice())
    s.play(Assign(0, "arcane_mark"))  # expose 2, any range, initiative
    s.play(DoneAssigning())
    s.play(Roll(), outcome=[1, 1, 1, 1])
    s.play(KeepDice())
    s.play(DoneAssigning())
    b = s.state.battle
    markers = b.expose_pool
    b = replace(b, expose_pool=markers[:1], expose_up=markers[1:])  # one face-down marker left
    action = Activate(0, "arcane_mark", "E1", 0)
    spec = rules.chance(b, DECK, s.options, action)
    assert [name for name, _ in spec.parts] == ["reshuffle"]
    order = [str(n) for n in reversed(range(29))]
    b, events = rules.apply(b, DECK, s.options, action, {"reshuffle": order})
    assert b.enemy("E1").expose == (markers[0], max(markers[1:]))
    assert any("shuffled into a new pool" in e.text for e in events)
    assert b.ranks == () and b.expose_up == () and len(b.expose_pool) == 27
    # With enough face-down markers, no reshuffle order is asked for.
    assert rules.chance(s.state.battle, DECK, s.options, action) is None


def test_a_reaction_is_used_when_its_hero_is_attacked_before_the_damage():
    from explorer.doomrock import NoReaction
    s = started(heroes=("ranger", "rogue"))
    s.play(Roll(), outcome=[1, 2, 4, 4])
    s.play(KeepDice())
    s.play(Assign(1, "evade"))  # a reaction: 1 shield
    s.play(DoneAssigning())
    s.play(Roll(), outcome=[4, 4, 4, 4])
    s.play(KeepDice())
    s.play(DoneAssigning())
    b = s.state.battle
    assert not any(isinstance(a, Activate) and a.card == "evade" for a in rules.legal_actions(b, DECK, s.options))
    b = replace(b, phase="minions").with_enemy("E1", group=b.hero(0).group)
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    hp = b.hero(0).hp
    paused, events = run_script(b, DECK, s.options, "E1", (AIAction("attack", ("highest_adjacent",), 2),), None)
    assert "may react first" in events[-1].text
    assert rules.legal_actions(paused, DECK, s.options) == [Activate(0, "evade", "self", 0), NoReaction()]
    after, _ = rules.apply(paused, DECK, s.options, Activate(0, "evade", "self", 0))
    assert after.hero(0).hp == hp - 1 and after.paused is None  # the shield absorbed 1 of the 2
    plain, _ = rules.apply(paused, DECK, s.options, NoReaction())
    assert plain.hero(0).hp == hp - 2


def test_heroes_tied_in_threat_the_players_choose_the_target():
    from explorer.doomrock import ChooseTarget
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = started(heroes=("paladin", "warrior"))
    b = replace(s.state.battle, phase="boss").with_hero(1, threat=8)
    line = (AIAction("attack", ("highest_threat",), 2, "any"),)
    paused, events = run_script(b, DECK, s.options, "E3", line, None)
    assert rules.legal_actions(paused, DECK, s.options) == [ChooseTarget(0), ChooseTarget(1)]
    after, _ = rules.apply(paused, DECK, s.options, ChooseTarget(1))
    assert (after.hero(0).life, after.hero(1).life) == (6, 5) and after.paused is None
    # Only one of the tied heroes is adjacent: a melee attack needs no choice.
    b = b.with_enemy("E3", group=b.hero(0).group)
    done, _ = run_script(b, DECK, s.options, "E3", (AIAction("attack", ("highest_threat",), 2),), None)
    assert done.paused is None and done.hero(0).life == 4


def test_an_item_may_interrupt_an_enemy_attack():
    from explorer.doomrock import Equip, NoReaction, UseItem
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), items=("buckler",)), DECK, seed=2)
    s.play(Equip(1, "buckler"))
    s.play(SetUpBattle())
    b = replace(s.state.battle, phase="minions")
    b = b.with_enemy("E1", group=b.hero(0).group)
    paused, _ = run_script(b, DECK, s.options, "E1", (AIAction("attack", ("highest_adjacent",), 2),), None)
    acts = rules.legal_actions(paused, DECK, s.options)
    assert acts == [UseItem(1, "buckler", "self"), NoReaction()]  # any hero's item may interrupt
    after, _ = rules.apply(paused, DECK, s.options, UseItem(1, "buckler", "self"))
    assert after.hero(0).life == 4 and after.hero(1).shields == 1 and "buckler" in after.hero(1).used_items


def test_a_returned_die_goes_to_another_hero_missing_dice_when_its_owner_is_defeated():
    s = started(heroes=("paladin", "rogue"))
    b = replace(s.state.battle, phase="actions")
    b = b.with_die(b.die(0, 0), place="stolen", card="E1").with_die(b.die(1, 0), place="stolen", card="E2")
    b = b.with_hero(0, hp=0)
    b, events = rules.settle(b.with_enemy("E1", hp=0), DECK)
    moved = [d for d in b.dice if d.owner == 1 and d.place == "waiting"]
    assert len(moved) == 1 and moved[0].index == 4 and "Rogue gets a stolen die back" in events[0].text
    assert len({(d.owner, d.index) for d in b.dice}) == len(b.dice)
