"""The rulebook's smaller worked examples: positions, location costs, exploration bonus, activation values,
extra encounters, objectives and enemy tokens."""
from dataclasses import replace

import numpy as np

from explorer.core import Session
from explorer.doomrock import Activate, Assign, DoneAssigning, KeepDice, Options, Roll, SetUpBattle
from explorer.doomrock import battle as rules
from explorer.doomrock import campaign
from explorer.doomrock.campaign_state import ShopTask, Travel, Visit
from explorer.doomrock.positions import move_hero, surrounded
from explorer.doomrock.state import Enemy

from .helpers import DECK
from .test_campaign_examples import campaign as new_campaign


def battle(**opts):
    s = Session("doomrock-battle", Options(**opts), DECK, seed=5)
    s.play(SetUpBattle())
    return s


def test_position_examples():
    """Battle Basics and Positioning: the rogue is surrounded, the paladin joins, the rogue leaves."""
    s = battle(players=2, heroes=("paladin", "rogue"))
    b = s.state.battle
    # Two groups of enemies: one of 2, and one separated enemy.
    b = b.with_enemy("E3", group=b.next_group)
    b = replace(b, next_group=b.next_group + 1)
    big = b.enemy("E1").group
    b = move_hero(b, 1, f"group:{big}")
    assert surrounded(b, 1)  # the rogue cannot activate Maneuver now
    b = b.with_enemy("E3", group=big)
    b = move_hero(b, 0, f"group:{big}")
    assert not surrounded(b, 0) and not surrounded(b, 1)  # 3 enemies, 2 heroes
    b = move_hero(b, 1, "new")
    assert surrounded(b, 0) and b.hero(1).group not in {e.group for e in b.enemies}


def test_surrounded_hero_cannot_activate_maneuver():
    s = battle(players=2, heroes=("paladin", "rogue"))
    s.play(Roll(), outcome=[2, 2, 2, 2])
    s.play(KeepDice())
    s.play(DoneAssigning())
    s.play(Roll(), outcome=[3, 2, 2, 2])
    s.play(KeepDice())
    s.play(Assign(0, "maneuver"))
    s.play(DoneAssigning())
    b = s.state.battle
    b = move_hero(b, 1, f"group:{b.enemy('E1').group}")
    assert not any(isinstance(a, Activate) and a.card == "maneuver" for a in rules.legal_actions(b, DECK, s.options))


def test_activation_values_and_charges():
    """Aimed shot: 5 or 6, two charges. Cleave: two 5-6 results make one set, one charge."""
    s = battle(players=2, heroes=("ranger", "warrior"))
    s.play(Roll(), outcome=[5, 6, 5, 1])
    s.play(KeepDice())
    s.play(Assign(0, "aimed_shot"))
    s.play(Assign(1, "aimed_shot"))
    assert Assign(2, "aimed_shot") not in s.legal_actions()
    s.play(DoneAssigning())
    s.play(Roll(), outcome=[6, 6, 5, 3])
    s.play(KeepDice())
    s.play(Assign(0, "cleave"))
    b = replace(s.state.battle, phase="actions", dice=tuple(replace(d, place="spent", face=None) if d.place == "rolled" else d
                                                          for d in s.state.battle.dice))
    b = b.with_enemy("E1", group=b.hero(1).group)
    assert not any(a.card == "cleave" for a in rules.legal_actions(b, DECK, s.options) if isinstance(a, Activate))
    s.play(Assign(1, "cleave"))
    assert Assign(2, "cleave") not in s.legal_actions()  # one charge: one set of two dice
    s.play(DoneAssigning())
    b = replace(s.state.battle, phase="actions")
    b = b.with_enemy("E1", group=b.hero(1).group)
    assert Activate(1, "cleave", "E1", 0) in rules.legal_actions(b, DECK, s.options)
    b, _ = rules.apply(b, DECK, s.options, Activate(1, "cleave", "E1", 0))
    assert [d.place for d in b.hero_dice(1)][:2] == ["spent", "spent"]


def test_location_cost_examples():
    """Elder tree: 2 secrets and 1 time. Stinky tavern: 1 silver. Fool's Hole shop: free."""
    s = new_campaign(revealed=["wilderness", "mountain", "town"], wilderness=["misty_moor", "old_road", "thick_forest"],
                     town=["hillfort", "crossroads", "riverton"])
    c = s.state
    assert [DECK.card(a.id).name for a in c.board][0] == "Thick forest"
    c, _ = campaign.apply(c, Travel(0))
    time, secrets = c.time, c.area.secrets
    c, _ = campaign.apply(c, Visit(0))  # Elder tree
    assert (c.time, c.area.secrets) == (time - 1, secrets - 2)
    c2 = replace(c, position=2, pending=())
    silver = c2.silver
    c3, _ = campaign.apply(c2, Visit(1))  # Stinky tavern
    assert c3.silver == silver - 1
    c4, _ = campaign.apply(c2, Visit(0))  # Fool's Hole shop
    assert c4.silver == silver and c4.time == c2.time and isinstance(c4.pending[0], ShopTask)
    assert Visit(1) not in campaign.legal_actions(replace(c2, silver=0))


def test_exploration_bonus_example_abandoned_mine():
    """Completely exploring the Abandoned mine gains 2 silver, and its global effect ceases."""
    s = new_campaign(revealed=["mountain", "wilderness", "town"], mountain=["cursed_swamp", "eagle_peaks", "abandoned_mine"])
    c = s.state
    c = replace(c, board=(replace(c.board[0], secrets=1),) + c.board[1:], position=0)
    silver = c.silver
    c = replace(c, event_draw=tuple((k, ()) for k, _ in c.event_draw))  # nothing to draw: watch the bonus alone
    c, events = campaign.apply(c, campaign.Explore())
    assert c.area.secrets == 0 and c.silver == silver + 2
    hp = [h.hp for h in c.heroes]
    c, _ = campaign.apply(c, Travel(1))
    assert [h.hp for h in c.heroes] == hp  # the mine is explored: no more damage on travel


def test_the_dragon_brings_a_tier_one_encounter():
    s = Session("doomrock-battle", Options(players=2, encounter="the_dragon"), DECK, seed=1)
    spec = s.game.chance(s.state, SetUpBattle())
    outcome = spec.sample(np.random.default_rng(0))
    outcome["extra"] = ["zombie_horde", "goblin_raid"]
    s.play(SetUpBattle(), outcome=outcome)
    b = s.state.battle
    assert b.extra == "zombie_horde"
    assert [e.name for e in b.enemies] == ["The Dragon", "Zombie", "Zombie", "Zombie"]
    assert {e.deck for e in b.enemies} == {"dragon", "zombies"} and dict(b.ai_draw).keys() == {"dragon", "zombies"}


def test_objective_defeated_wins_with_enemies_left():
    s = battle(players=2, encounter="tentacle_monster")
    b = s.state.battle
    monster = next(e for e in b.enemies if e.objective)
    b, _ = rules.settle(b.with_enemy(monster.uid, hp=0), DECK)
    assert b.result == "victory" and b.alive_enemies


def test_enemy_token_stacks():
    """A stack of 6 tokens is 12 HP, or 11 HP with the top token flipped."""
    assert Enemy("E1", "x", "d", 12, 12).tokens == 6 and Enemy("E1", "x", "d", 11, 12).tokens == 6
    assert Enemy("E1", "x", "d", 1, 2).tokens == 1


def test_player_balance_removes_ai_cards():
    for players, removed in ((2, "GOB4"), (4, "GOB5")):
        s = Session("doomrock-battle", Options(players=players), DECK, seed=1)
        spec = s.game.chance(s.state, SetUpBattle())
        assert removed not in dict(spec.parts)["ai:goblins"].cards


def test_the_elder_trees_secret_cost_earns_the_exploration_bonus():
    """Location Effects, Exploration bonus: "If the last secret marker is removed from a card due to exploration
    or location effect, heroes immediately gain the exploration bonus" (ruling DR-44): paying the Elder tree's 2
    secrets explores Thick forest, and its bonus (1 silver) comes before the tree's HEROISM and LOOT!."""
    s = new_campaign(revealed=["wilderness", "mountain", "town"], wilderness=["misty_moor", "old_road", "thick_forest"],
                     town=["hillfort", "crossroads", "riverton"])
    c, _ = campaign.apply(s.state, Travel(0))
    assert c.area.secrets == 2
    silver = c.silver
    c, events = campaign.apply(c, Visit(0))  # Elder tree: 2 secrets and 1 time
    texts = [e.text for e in events]
    assert c.area.secrets == 0 and c.silver == silver + 1
    assert texts.index("Thick forest is explored: exploration bonus!") < next(
        k for k, t in enumerate(texts) if "heroism marker" in t)
