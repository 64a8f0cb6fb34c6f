"""Assault on Doomrock, Battle Sequence: Battle Example, replayed with typed dice and a fixed AI deck."""
import pytest

from explorer.core import IllegalAction, Session
from explorer.doomrock import (
    Activate, ActivateBoss, ActivateMinion, Assign, DoneAssigning, EndInitiative, KeepDice, MakeHeroism, Options,
    Roll, SetUpBattle, sample_deck,
)

DECK = sample_deck("rulebook_examples")
PALADIN, ROGUE = 0, 1


def setup_session(expose_top=("plus1#1",)) -> Session:
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), encounter="goblin_shaman_party"), DECK, seed=1)
    spec = s.game.chance(s.state, SetUpBattle())
    pool = dict(spec.parts)["expose"].cards
    rest = [m for m in pool if m not in expose_top]
    s.play(SetUpBattle(), outcome={"ai:goblins": ["HACK1", "HACK2", "HACK3"], "expose": list(expose_top) + rest})
    return s


def roll_phase(s: Session):
    # The paladin rolls nothing useful and places nothing.
    s.play(Roll(), outcome=[2, 2, 4, 5])
    s.play(KeepDice())
    s.play(DoneAssigning())
    # The rogue gains 1 heroism and places two 6 results on Poisonous stab.
    s.play(Roll(), outcome=[6, 6, 6, 3])
    s.play(KeepDice())
    s.play(Assign(0, "poisonous_stab"))
    s.play(Assign(1, "poisonous_stab"))
    s.play(MakeHeroism(2))
    s.play(Assign(3, "maneuver"))
    s.play(DoneAssigning())


def test_setup_places_enemies_in_pairs_distant_from_the_heroes():
    b = setup_session().state.battle
    assert [(e.uid, e.name, e.hp, e.armour, e.shields) for e in b.enemies] == [
        ("E1", "Goblin", 3, 1, 1), ("E2", "Goblin shaman", 5, 0, 0), ("E3", "Goblin", 3, 1, 1)]
    assert b.enemies[0].group == b.enemies[1].group != b.enemies[2].group
    assert {h.group for h in b.heroes}.isdisjoint({e.group for e in b.enemies})


def test_battle_example():
    s = setup_session()
    roll_phase(s)
    b = s.state.battle
    assert b.phase == "initiative" and b.hero(ROGUE).heroism == 1
    # The rogue moves adjacent to one goblin (Maneuver is initiative enabled).
    goblin_group = b.enemy("E3").group
    s.play(Activate(ROGUE, "maneuver", f"group:{goblin_group}", 0))
    # Poisonous stab: 2 damage; the shield absorbs 1, the armour the other; the goblin is exposed.
    s.play(Activate(ROGUE, "poisonous_stab", "E3", 0))
    g = s.state.battle.enemy("E3")
    assert (g.hp, g.shields, g.expose) == (3, 0, ("plus1#1",))
    # Second stab with heroism: 3 damage, the +1 expose marker makes 4, armour absorbs 1: defeated.
    s.play(Activate(ROGUE, "poisonous_stab", "E3", 1))
    b = s.state.battle
    assert b.enemy("E3").defeated and b.hero(ROGUE).heroism == 0
    assert "plus1#1" in b.expose_up
    s.play(EndInitiative())
    # The paladin has the higher threat: he activates the only minion; it moves to him and hacks.
    assert s.legal_actions()[:1] == [ActivateMinion(PALADIN, "E1")]
    s.play(ActivateMinion(PALADIN, "E1"))
    b = s.state.battle
    assert b.enemy("E1").group == b.hero(PALADIN).group and b.hero(PALADIN).hp == 5
    # The rogue must activate a minion although all were activated: the goblin rampages.
    assert ActivateMinion(ROGUE, "E1") in s.legal_actions()
    s.play(ActivateMinion(ROGUE, "E1"))
    b = s.state.battle
    assert b.enemy("E1").group == b.hero(PALADIN).group  # engaged: it may not move to the rogue
    assert b.hero(PALADIN).hp == 4  # it hits the highest adjacent threat instead
    assert any("cannot move to the active hero" in e.text for e in s.steps[-1].events)
    # The boss activates automatically: moves to the paladin's group, enrages, attacks for 2.
    assert s.legal_actions() == [ActivateBoss("E2")]
    s.play(ActivateBoss("E2"))
    b = s.state.battle
    assert b.enemy("E2").group == b.hero(PALADIN).group and b.enrage == 1 and b.hero(PALADIN).hp == 2
    assert b.phase == "actions"


def test_two_dice_per_activation_and_charges_are_enforced():
    s = setup_session()
    s.play(Roll(), outcome=[5, 4, 4, 5])
    s.play(KeepDice())
    s.play(Assign(0, "holy_strike"))
    s.play(Assign(1, "holy_strike"))  # two charges: two dice
    before = s.state
    with pytest.raises(IllegalAction):
        s.play(Assign(2, "holy_strike"))  # a third die would exceed the charges
    with pytest.raises(IllegalAction):
        s.play(Assign(3, "shield_wall"))  # a 5 does not match 2-3
    assert s.state == before
