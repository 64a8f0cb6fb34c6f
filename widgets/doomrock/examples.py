"""The worked examples of the Assault on Doomrock rulebook as walkthrough chapters, replayed with the
rulebook's own dice and stacked AI decks (the same set-ups the rulebook tests use). An example that starts
mid-game (a LOOT! waiting, a boss about to act) is staged at that state and played on by the engine.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from explorer.core import Session
from explorer.doomrock import (Activate, ActivateBoss, ActivateMinion, Assign, DoneAssigning, EndInitiative, KeepDice,
                               MakeHeroism, Options, PlaceSpawn, Roll, RollLoot, SetUp, SetUpBattle, TestStat, Travel,
                               VentureForth, sample_deck)
from explorer.doomrock.cards import Loot, Test
from explorer.doomrock.positions import move_hero

from ..walkthrough import Chapter, Script
from .chapters import ACTIONS, BOOK, BOSS, INITIATIVE, LOOT, MINIONS, ROLL, SETUP, VENTURE, handoff
from .teaching import staged_session

EXAMPLE = f"{BOOK}, Battle Example"
DAMAGE, EXPOSE, ANATOMY, TEST = (f"{BOOK}, {s}" for s in (
    "Battle Effects: Damage", "Battle Effects: Expose markers", "Ability Card Anatomy", "Items: TEST"))
PALADIN, ROGUE = 0, 1


def examples_deck():
    return sample_deck("rulebook_examples")


def _table_roll(sc: Script, faces, title, text, section=ROLL) -> Script:
    return sc.step(Roll(), title, text, section, outcome=list(faces))


# -- Battle Sequence: Battle Example -------------------------------------------------------------------

def battle_example_session(seed: int = 2016) -> Session:
    """Two goblins and the goblin shaman against the paladin and the rogue; the AI deck stacked with the
    example's Hack cards and a +1 expose marker on top of the pool."""
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), encounter="goblin_shaman_party"),
                examples_deck(), seed=seed)
    pool = [m for m in dict(s.game.chance(s.state, SetUpBattle()).parts)["expose"].cards if m != "plus1#1"]
    s.play(SetUpBattle(), outcome={"ai:goblins": ["HACK1", "HACK2", "HACK3"], "expose": ["plus1#1"] + pool})
    return s


def battle_example_chapter() -> Chapter:
    s = battle_example_session()
    sc = Script(s)
    sc.show("Battle Setup", "The rogue and the paladin face two goblins and the goblin shaman (the boss). Enemies "
            "stand in pairs, distant from the heroes. Each goblin has 1 armour and a shield marker.", SETUP)
    _table_roll(sc, [2, 2, 4, 5], "The paladin's roll", "The paladin rolls first: 2, 2, 4, 5.")
    sc.step(KeepDice(), "The paladin keeps", "In the example he places nothing on his cards.", ROLL)
    sc.step(DoneAssigning(), "The paladin is done", "Unplaced dice are spent at once.", f"{BOOK}, Roll Phase: Assign dice")
    _table_roll(sc, [6, 6, 6, 3], "The rogue's roll: 6, 6, 6, 3", "Poisonous stab takes a 6 per set and has two "
                "charges; Maneuver takes a 3 or a 4. A 6 may also become a heroism marker.")
    sc.ask("Which of the rogue's dice would you keep?", "The rogue keeps them all. The odds count sets on cards only, "
           "a heroism marker as nothing: re-rolling the third 6 and the 3 hunts for more sets.")
    sc.step(KeepDice(), "The rogue keeps his dice", "Now he places them.", ROLL)
    sc.step(Assign(0, "poisonous_stab"), "A 6 on Poisonous stab", "The first charge.", f"{BOOK}, Roll Phase: Assign dice")
    sc.step(Assign(1, "poisonous_stab"), "Another 6 on Poisonous stab", "Two charges: the card is full; a third 6 "
            "would be refused.", f"{BOOK}, Roll Phase: Assign dice")
    sc.ask("What does the rogue do with his third 6?", "He spends it for a heroism marker (Rolls of 6 are heroic).")
    sc.step(MakeHeroism(2), "A heroism marker", "The 6 is spent for a heroism marker: it will add its card's heroism "
            "effect (+1 damage on Poisonous stab) when spent.", ROLL)
    sc.step(Assign(3, "maneuver"), "The 3 on Maneuver", "Maneuver is initiative enabled (\u26a1).",
            f"{BOOK}, Roll Phase: Assign dice")
    sc.step(DoneAssigning(), "The round starts", "Both heroes have placed their dice: the initiative phase begins.",
            INITIATIVE)
    goblin = s.state.battle.enemy("E3").group
    sc.ask("Where does the rogue move with Maneuver?", "He moves next to the lone goblin, E3.")
    sc.step(Activate(ROGUE, "maneuver", f"group:{goblin}", 0), "Maneuver: next to a goblin", "The rogue is now "
            "adjacent to the goblin, so his melee ability can reach it.", INITIATIVE)
    sc.ask("Would you stab the goblin now, and spend the heroism marker on it?", "The rogue stabs once, keeping his "
           "heroism marker.")
    sc.step(Activate(ROGUE, "poisonous_stab", "E3", 0), "Poisonous stab: 2 damage", "The shield marker absorbs 1 "
            "damage, then the armour absorbs the rest: the goblin loses no HP, but Poisonous stab exposes it (a face-"
            "down expose marker on its token).", DAMAGE)
    sc.ask("The second stab: with or without the heroism marker?", "He spends it: 3 damage. If the expose marker is "
           "a +1, the goblin falls.")
    sc.step(Activate(ROGUE, "poisonous_stab", "E3", 1), "The expose marker is a +1", "3 damage, 1 absorbed by armour, "
            "would leave the goblin at 1 HP; the expose marker is revealed and consumed: +1 damage, and the goblin is "
            "defeated.", EXPOSE)
    sc.step(EndInitiative(), "The enemies' turn", "No initiative ability is left; the enemies act.", INITIATIVE)
    sc.step(ActivateMinion(PALADIN, "E1"), "The paladin activates the goblin", "The paladin has the higher threat, so "
            "he activates first; only one minion is left. The AI card's minion part: move adjacent to the active hero, "
            "then Hack for 1 damage. The paladin is down to 5 HP.", MINIONS)
    sc.step(ActivateMinion(ROGUE, "E1"), "A rampaging goblin", "Every minion has been activated, but the rogue must "
            "still activate one: it rampages. The goblin is engaged with the paladin, so it may not move to the rogue; "
            "it cannot attack the active hero, so it hits the highest adjacent threat: the paladin again.", MINIONS)
    sc.step(ActivateBoss("E2"), "The boss", "The shaman activates on his own: he moves to the paladin's group, gains an "
            "enrage marker and attacks the paladin for 2. Next come the hero actions.", BOSS)
    return sc.chapter("Example: the battle example", handoff())


# -- Minion Activation: simple activation ---------------------------------------------------------------

def patrol_session(seed: int = 4) -> Session:
    s = Session("doomrock-battle", Options(players=4, heroes=("paladin", "warrior", "cleric", "ranger"),
                                           encounter="goblin_patrol"), examples_deck(), seed=seed)
    pool = list(dict(s.game.chance(s.state, SetUpBattle()).parts)["expose"].cards)
    s.play(SetUpBattle(), outcome={"ai:goblins": ["HACK1", "HACK2", "HACK3"], "expose": pool})
    return s


def simple_activation_chapter() -> Chapter:
    s = patrol_session()
    sc = Script(s)
    sc.show("Four heroes, four goblins", "A patrol of four goblins. The heroes roll nothing useful this round.", SETUP)
    for k in range(4):
        s.play(Roll(), outcome=[2, 2, 2, 3])
        s.play(KeepDice())
        s.play(DoneAssigning())
    sc.step(EndInitiative(), "The enemies act", "Minion activation starts with the hero of the highest threat: two "
            "minions each.", MINIONS)
    texts = ["The highest-threat hero activates a second goblin: his two activations are done.",
             "The second-highest threat hero must activate the two goblins left: here the first.",
             "...and the last one: all four goblins have been activated.",
             "The third hero finds every minion activated, but must still activate one: it <b>rampages</b>.",
             "The fourth hero, too, must activate one minion as a rampaging one."]
    first = True
    while s.state.battle.phase == "minions":
        a = next(x for x in s.legal_actions() if isinstance(x, ActivateMinion))
        if first:
            sc.ask("Which goblin does the highest-threat hero activate first?", "Any not yet activated; the example "
                   "takes the first.")
        sc.step(a, "Minion activation", "The highest-threat hero activates a goblin." if first else texts.pop(0), MINIONS)
        first = False
    return sc.chapter("Example: simple minion activation", handoff())


# -- Ability Card Anatomy: activation values and charges ---------------------------------------------------

def activation_values_chapter() -> Chapter:
    s = Session("doomrock-battle", Options(players=2, heroes=("ranger", "warrior")), sample_deck(), seed=5)
    s.play(SetUpBattle())
    sc = Script(s)
    sc.show("Activation values and charges", "The ranger's Aimed shot takes a 5 or a 6 and has two charges: up to two "
            "dice. The warrior's Cleave takes two results of 5 or 6 for one set, and has one charge.", ANATOMY)
    _table_roll(sc, [5, 6, 5, 1], "The ranger rolls 5, 6, 5, 1", "Three dice could go on Aimed shot, but it has two "
                "charges.")
    sc.step(KeepDice(), "The ranger keeps", "Now the dice are placed.", ROLL)
    sc.step(Assign(0, "aimed_shot"), "A 5 on Aimed shot", "One charge filled.", ANATOMY)
    sc.step(Assign(1, "aimed_shot"), "A 6 on Aimed shot", "Both charges filled: a third die is refused.", ANATOMY)
    sc.step(DoneAssigning(), "The ranger is done", "The other 5 and the 1 are spent.", ROLL)
    _table_roll(sc, [6, 6, 5, 3], "The warrior rolls 6, 6, 5, 3", "Cleave needs two dice of 5 or 6 for one set.")
    sc.step(KeepDice(), "The warrior keeps", "Now the dice are placed.", ROLL)
    sc.ask("Which die would the warrior place first?", "A 6 on Cleave: half a set, not yet enough to activate it.")
    sc.step(Assign(0, "cleave"), "One 6 on Cleave", "One die is half of Cleave's set: it cannot be activated yet.",
            ANATOMY)
    sc.step(Assign(1, "cleave"), "Two 6s on Cleave", "A full set: Cleave may be activated once. One charge: no more "
            "dice fit on it.", ANATOMY)
    return sc.chapter("Example: activation values and charges", handoff())


# -- Adventuring examples: LOOT!, TEST, venture forth -------------------------------------------------------

TRAITS = ["brave", "tough", "quick", "clever", "strong", "sneaky", "pious", "nimble"]
VENTURE_MAP = dict(revealed=["mountain", "wilderness", "town"], wilderness=["misty_moor", "old_road", "thick_forest"],
                   mountain=["cursed_swamp", "eagle_peaks", "abandoned_mine"],
                   unexplored=["mountain0", "wilderness0", "town0", "mountain1", "wilderness1", "town1"],
                   **{"events:mountain": ["M1", "M7", "M2", "M3", "M4", "M5", "M6"]})


def campaign_session(seed: int = 7, **overrides) -> Session:
    """The rogue and the paladin's campaign, set up as the adventuring examples' tests set it up."""
    s = Session("doomrock", Options(players=2, heroes=("rogue", "paladin")), sample_deck(), seed=seed)
    spec = s.game.chance(s.state, SetUp())
    outcome = {name: list(part.cards) for name, part in spec.parts}
    outcome.update(traits=TRAITS, **overrides)
    s.play(SetUp(), outcome=outcome)
    return s


def loot_chapter() -> Chapter:
    start = replace(campaign_session().state, pending=(Loot(-2), Loot(-2)))
    sc = Script(staged_session(start))
    sc.show("Two LOOT! -2 checks", "The party must roll twice on the setting card's LOOT! table, each roll less 2. "
            "The chance of each reward is in the panel below the map.", LOOT)
    sc.step(RollLoot(), "A 6: result 4", "6 - 2 = 4: a common item joins the party's inventory.", LOOT, outcome=[6])
    sc.step(RollLoot(), "A 1: result -1", "1 - 2 = -1 is below the table: the lowest reward, which here is nothing.",
            LOOT, outcome=[1])
    return sc.chapter("Example: LOOT!", handoff())


def test_chapter() -> Chapter:
    c = campaign_session().state
    start = replace(c, pending=(Test((("agi", 4),), passed=c.deck.card("W3").steps[0].passed, failed=()),))
    sc = Script(staged_session(start))
    sc.show("TEST AGI 4", "A hero rolls a D6 and adds a statistic; the test passes at the difficulty or more. The rogue "
            "has 2 agility (two AGI ability cards), the paladin none. Passing gains 2 silver.", TEST)
    sc.ask("Which hero takes the TEST?", "The rogue, with the better chance.")
    sc.step(TestStat(0, "agi"), "The rogue rolls a 3", "3 + 2 agility = 5, at least 4: passed.", TEST, outcome=[3])
    return sc.chapter("Example: TEST", handoff())


def venture_chapter() -> Chapter:
    s = campaign_session(**VENTURE_MAP)
    sc = Script(s)
    sc.show("The map", "The Abandoned mine, the Thick forest and a town. The mine is not explored: its global effect "
            "(1 damage to each hero after each travel) is in play.", f"{BOOK}, Area Card Anatomy")
    sc.ask("Where does the party go?", "It travels to the Thick forest.")
    sc.step(Travel(1), "Travel to the Thick forest", "One time marker. After the travel, the mine's global effect "
            "deals each hero 1 damage.", f"{BOOK}, Adventuring: 1. Travel")
    sc.ask("From the Thick forest, what next?", "The party ventures forth into the top area card.")
    sc.step(VentureForth(), "Venture forth into the Cursed swamp", "The Abandoned mine is left behind and leaves play. "
            "The Cursed swamp, a mountain area, is revealed with 3 secrets and the party moves there. A PERIL from the "
            "mountain deck deals each hero 1 damage, then an event: a free CAMP, or a decent LOOT!", VENTURE)
    return sc.chapter("Example: venture forth", handoff())


# -- Battle Setup: an extra tier I encounter, and its spawns -------------------------------------------------

def spawn_script() -> Script:
    deck = sample_deck()
    lair = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue"), encounter="the_dragon"), deck,
                   seed=5)
    setup = lair.game.chance(lair.state, SetUpBattle()).sample(np.random.default_rng(5))
    setup["extra"] = ["goblin_raid"] + [e for e in setup["extra"] if e != "goblin_raid"]
    setup["ai:goblins"] = ["GOB3"] + [c for c in setup["ai:goblins"] if c != "GOB3"]
    lair.play(SetUpBattle(), outcome=setup)
    sc = Script(lair)
    sc.show("The Dragon brings a tier I encounter", "The Dragon's card calls for a random tier I encounter as well: "
            "here the Goblin shaman party. Its enemies use their own AI deck.", SETUP)
    b = lair.state.battle
    shaman = next(e.uid for e in b.enemies if e.name == "Goblin shaman")
    sc = Script(staged_session(replace(lair.state, battle=replace(b, phase="boss"))), sc.scenes)
    sc.show("The boss activations", "We jump to the bosses' turn; the goblins' AI deck has its spawn card on top.",
            BOSS)
    sc.step(ActivateBoss(shaman), "The shaman spawns a goblin", "A goblin of the shaman's own encounter card (the "
            "goblin raid) spawns. Where it stands is not printed, so the players decide.", f"{BOOK}, Boss Activations: "
            "Enemy spawn")
    sc.ask("Where does the new goblin stand?", "In a new, distant group.")
    sc.step(PlaceSpawn(None), "A new, distant group", "The goblin takes the field on its own, with the properties "
            "written on its encounter card.", f"{BOOK}, Boss Activations: Enemy spawn")
    return sc


def dragon_chapter() -> Chapter:
    return spawn_script().chapter("Example: an extra encounter and its spawn", handoff())


# -- Battle Effects: an expose explosion ------------------------------------------------------------------

def explosion_chapter() -> Chapter:
    """From the dragon's lair: every expose marker is taken away but two on the shaman, and the rogue, next to
    the new goblin with a 6 on Poisonous stab, is about to expose it."""
    state = spawn_script().scenes[-1].state
    b = state.battle
    goblin, shaman = b.enemies[-1].uid, next(e.uid for e in b.enemies if e.name == "Goblin shaman")
    b = replace(b, phase="actions", expose_pool=(), expose_up=(), expose_out=tuple(f"blank#{n}" for n in range(3, 11)),
                ranks=tuple(str(n) for n in range(29)))
    b = move_hero(b.with_enemy(shaman, expose=("plus1#1", "blank#1")), ROGUE, f"group:{b.enemy(goblin).group}")
    b = b.with_die(b.die(ROGUE, 0), place="card", card="poisonous_stab", face=6)
    sc = Script(staged_session(replace(state, battle=b)))
    sc.show("No expose marker left", "Every marker is out of the battle except the two face down on the goblin "
            "shaman. The rogue stands next to the new goblin with a 6 on Poisonous stab, which exposes its target.",
            EXPOSE)
    sc.ask("Would you stab the goblin?", "The rogue stabs: a marker must be placed, and none is left.")
    sc.step(Activate(ROGUE, "poisonous_stab", goblin, 0), "Expose explosion", "The game pauses and every expose "
            "marker on a character is consumed: the shaman's are revealed (the +1 deals its damage, ruling DR-4), "
            "then the revealed markers are shuffled into a new pool and the goblin is exposed from it.", EXPOSE)
    return sc.chapter("Example: an expose explosion", handoff())


EXAMPLES = (battle_example_chapter, simple_activation_chapter, activation_values_chapter, loot_chapter, test_chapter,
            venture_chapter, dragon_chapter, explosion_chapter)
