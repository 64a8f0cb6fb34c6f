"""The worked examples of the BarBEARian Battlegrounds rulebook and its FAQ as walkthrough chapters, replayed
with the rulebook's own dice typed in (table dice), on the sample deck, as the rulebook tests play them.
"""
from __future__ import annotations

from dataclasses import replace

from explorer.barbearian import (
    BuyUpgrade, DrawTrials, HireMercenary, KeepTrial, Options, Pass, Place, Ready, Reinforce, RollDice, SetUp,
    StealGlory, TempleSix, odds, rules, sample_deck,
)
from explorer.core import Session

from ..walkthrough import Chapter, Script
from .book import BRAWL, BUILD, FAQ, GAME, GATHER, LOOT, MARKET, ODDS_NOTE, PLAN, TRIALS, handoff

QUIET_TRIALS = ("T09", "T20", "T19")  # Trial cards these examples cannot complete by accident
RED_YELLOW = ("red", "yellow")
EXAMPLE_ROLL = {"red": [1, 1, 6], "yellow": [3, 4, 4]}  # the Plan and Brawl Phase examples' rolls


def example_session(clans, first: str, trials, **options) -> Session:
    """A table past Setup: ``clans`` seated, ``first`` holding the First Player token, seat i keeping ``trials[i]``."""
    s = Session(GAME, Options(players=len(clans), clans=clans, **options), sample_deck(), seed=1)
    rest = [c for c in s.state.trial_deck if c not in trials]
    order = []
    for t in trials:
        order += [t, rest.pop(0)]
    s.play(SetUp(), outcome={"first": first, "trials": order + rest})
    for seat, t in enumerate(trials):
        s.play(KeepTrial(seat, t))
    return s


def place_action(s: Session, seat: int, face: int, space: str) -> Place:
    """The placement of ``seat``'s first unplaced die showing ``face`` (as the rulebook tests place)."""
    p = s.state.players[seat]
    die = next(d for d, (f, at) in enumerate(zip(p.faces, p.placement)) if f == face and at is None)
    return Place(seat, die, space)


def place_quietly(s: Session, seat: int, *plan) -> None:
    """A placement made behind another clan's screen: played, but not shown as scenes."""
    for face, space in plan:
        s.play(place_action(s, seat, face, space))
    s.play(Ready(seat))


def pass_quietly(s: Session, phase: str) -> list:
    """Everyone passes while ``phase`` lasts (no scene for each); the events."""
    events = []
    while s.state.phase == phase:
        events += s.play(Pass(rules.acting_seats(s.state)[0]))
    return events


def passes(sc: Script, phase: str, title: str, text: str, section: str) -> Script:
    """Everyone passes while ``phase`` lasts, shown as one scene with every event of the passes."""
    events = tuple(pass_quietly(sc.session, phase))
    sc.show(title, text, section)
    sc.scenes[-1] = replace(sc.scenes[-1], events=events)
    return sc


# -- Plan Phase: Yellow's placement --------------------------------------------------------------------------

def yellow_chapter() -> Chapter:
    sc = Script(example_session(RED_YELLOW, "red", QUIET_TRIALS[:2]))
    sc.show("Red and Yellow sit down", "Two clans, each with three dice and two Glory tokens, each on a secret "
            "Trial card. Red holds the First Player token.", PLAN)
    sc.step(RollDice(), "The roll: Yellow gets a 3 and two 4s", "Everyone rolls in plain sight: Yellow has a 3 and "
            "two 4s, Red two 1s and a 6 (Red's roll is from the Brawl Phase example).", PLAN, outcome=EXAMPLE_ROLL)
    sc.look(1).show("Yellow goes behind the screen", "Yellow places in secret: Red sees only Yellow's roll. One die "
                    "per space, unless several dice show the same value: both 4s may share the Forge. " + ODDS_NOTE, PLAN)
    sc.ask("Which die does Yellow place first, and where?", "Yellow, eager for an early jump on some Ore, puts it on the Forge.")
    sc.step(place_action(sc.session, 1, 4, "forge"), "A 4 on the Forge", "The Forge takes a 4, 5 or 6: each die "
            "there makes one Ore in the Gather Phase. A 4 could not go on the Farm (1, 2 or 3 only).", PLAN)
    sc.step(place_action(sc.session, 1, 4, "forge"), "The other 4 joins it", "Two dice of the same value may share "
            "a space: two Ore this round.", PLAN)
    sc.ask("Where does the 3 go?", "Yellow sends it to the Battleground, on the Red clan space: a raid on Red.")
    sc.step(place_action(sc.session, 1, 3, "battleground:red"), "The 3 raids Red", "A die on the Battleground "
            "attacks the village named on its space. Red will only see it when the screens come off.", PLAN)
    sc.step(Ready(1), "Yellow is ready", "Yellow's placement is final; Red still places, seeing Yellow's roll but "
            "not where the dice went.", PLAN)
    return sc.chapter("Example: Yellow's placement (Plan Phase)", handoff())


# -- Brawl Phase: Red's clash ----------------------------------------------------------------------------------

def yellow_placed() -> Session:
    """The Brawl example's table: the roll made, Yellow's dice placed behind its screen."""
    s = example_session(RED_YELLOW, "red", QUIET_TRIALS[:2])
    s.play(RollDice(), outcome=EXAMPLE_ROLL)
    place_quietly(s, 1, (4, "forge"), (4, "forge"), (3, "battleground:red"))
    return s


def clash_chapter() -> Chapter:
    sc = Script(yellow_placed()).look(0)
    sc.show("Red rolled poorly: two 1s and a 6", "Yellow has placed, behind the screen: Red sees Yellow's 3, 4, 4 "
            "but not where they went. Knowing Yellow is likely to attack, Red plans. " + ODDS_NOTE, PLAN)
    sc.ask("Which die does Red place first, and where?", "Red puts a 1 in the Barracks, for defence.")
    sc.step(place_action(sc.session, 0, 1, "barracks_1"), "A 1 in the Barracks", "Dice in the Barracks defend "
            "against every raid this round; a raid must equal or beat their total.", PLAN)
    sc.ask("And the other 1?", "Red sends it to the Battleground, targeting Yellow.")
    sc.step(place_action(sc.session, 0, 1, "battleground:yellow"), "The other 1 raids Yellow", "If Yellow raids "
            "Red too, the two forces will clash first.", PLAN)
    sc.ask("Where does the 6 go?", "Red puts the 6 on the Temple, to be sure to collect something.")
    sc.step(place_action(sc.session, 0, 6, "temple"), "The 6 on the Temple", "A 6 on the Temple gives a choice in "
            "the Gather Phase: two Faith, or lock a Glory token so that no raid can steal it.", PLAN)
    sc.look(None).step(Ready(0), "The screens come off: the clash", "Both clans raid each other: their forces "
                       "<b>clash</b>. Red's 1 is subtracted from Yellow's 3: Red's force is removed and Yellow goes "
                       "on with 2. Yellow's 2 meets Red's Barracks of 1: strong enough to break through (a tie "
                       "would go to the raider too).", BRAWL)
    return sc.chapter("Example: Red and Yellow clash (Brawl Phase)", handoff())


# -- Stealing Loot, then the Gather Phase --------------------------------------------------------------------

def loot_chapter() -> Chapter:
    s = yellow_placed()
    place_quietly(s, 0, (1, "barracks_1"), (1, "battleground:yellow"), (6, "temple"))
    sc = Script(s).look(1)
    sc.show("Yellow broke through", "Yellow chooses: steal one Glory token that is not locked, or two Resource "
            "tokens (the defender chooses which). Red has no Resources yet, so Yellow's choice is Glory or walking "
            "away.", LOOT)
    sc.ask("What does Yellow take?", "Yellow takes one of Red's Glory tokens.")
    sc.step(StealGlory(1, "red"), "Yellow steals a red Glory token", "Yellow now holds three Glory tokens, Red one.",
            LOOT)
    sc.look(0).show("The Gather Phase: Red's 6 on the Temple", "In turn order, each clan collects from the Farm, "
                    "Forge and Temple. Red goes first and has a 6 on the Temple.", GATHER)
    sc.ask("Two Faith, or lock a Glory token?", "Red locks her last Glory token: no raid can steal it now.")
    sc.step(TempleSix(0, "red"), "Red locks her Glory", "The token is turned over (the lock side up). Then Yellow "
            "collects two Ore from the Forge.", GATHER)
    return sc.chapter("Example: stealing loot, then the Temple 6 (Stealing Loot, Gather Phase)", handoff())


# -- FAQ: Grin and Bear It ---------------------------------------------------------------------------------

GRIN = "T01"  # Grin and Bear It: five dice on the Battleground


def grin_chapter() -> Chapter:
    s = example_session(("red", "yellow", "blue"), "red", (GRIN,) + QUIET_TRIALS[1:], start_resources=4)
    sc = Script(s).look(0)
    sc.show("Red's Trial: Grin and Bear It", "Three clans this time. Red's secret Trial asks for five dice on the "
            "Battleground; mercenaries count, and the raids need not succeed. Red has three dice.", FAQ)
    sc.ask("Hire a mercenary before the roll?", "Red hires one, then a second: five dice in all.")
    sc.step(HireMercenary(0), "A purple mercenary die", "For two Honey, a purple die joins Red's dice for this round "
            "only (Hire Mercenary, in the Plan Phase before rolling).", MARKET)
    sc.step(HireMercenary(0), "A second mercenary", "Red now rolls five dice.", MARKET)
    pass_quietly(s, "mercenaries")
    sc.look(None).step(RollDice(), "The roll", "Red rolls 1, 1, 1, 2, 2; Yellow three 6s, Blue three 5s.", PLAN,
                       outcome={"red": [1, 1, 1, 2, 2], "yellow": [6, 6, 6], "blue": [5, 5, 5]})
    pass_quietly(s, "fate")
    for seat in (1, 2):
        place_quietly(s, seat, *[(f, "barracks_1") for f in s.state.players[seat].faces])
    sc.look(0).show("Five dice to the Battleground", "Yellow and Blue have placed behind their screens. Red sends all "
                    "five dice to the Battleground: three 1s against Yellow and two 2s against Blue.", FAQ)
    for face, target in ((1, "yellow"), (1, "yellow"), (1, "yellow"), (2, "blue"), (2, "blue")):
        sc.session.play(place_action(sc.session, 0, face, f"battleground:{target}"))
    sc.look(None).step(Ready(0), "The Trial is completed at the reveal", "The moment the dice are revealed, before "
                       "any raid, Red has five dice on the Battleground: she reveals Grin and Bear It and takes one "
                       "Glory token from her reserve.", TRIALS)
    deck = list(s.state.trial_deck)
    sc.look(0).step(DrawTrials(0), "Two new Trial cards", "A completed Trial is discarded; Red draws two more and "
                    "looks at them in secret.", TRIALS, outcome=deck)
    sc.ask("Which new Trial does Red keep?", "Red keeps the second card; the other goes back to the deck.")
    sc.step(KeepTrial(0, deck[1]), "Red keeps one", "Then the raids: each clan in a fight may first Empower (pay "
            "Ore to add 1 to a die) or pass; here everyone passes.", TRIALS)
    passes(sc.look(None), "window", "Both raids are repelled", "Red's three 1s meet Yellow's Barracks of 18, her two "
           "2s Blue's Barracks of 15: no loot, but the Glory from the Trial is Red's to keep.", BRAWL)
    return sc.chapter("FAQ: Grin and Bear It (Trial Cards)", handoff())


# -- FAQ: Captain's Training ----------------------------------------------------------------------------------

CAPTAINS_TRAINING = "U02"


def _chance(p) -> str:
    """A two-dice chance, out of the 36 rolls of two dice."""
    return f"in {p * 36} of 36 rolls" if p else "never"


def captains_chapter() -> Chapter:
    s = example_session(("red", "blue"), "red", QUIET_TRIALS[:2], start_resources=6)
    pass_quietly(s, "mercenaries")
    s.play(RollDice(), outcome={"red": [1, 2, 3], "blue": [1, 2, 3]})
    pass_quietly(s, "fate")
    for seat in (0, 1):
        place_quietly(s, seat, (1, "farm"), (2, "temple"), (3, "barracks_1"))
    sc = Script(s).look(0)
    sc.show("Red's Build Phase", "A quiet first round is over (nobody raided). Red starts with six of each Resource "
            "and may spend them now.", BUILD)
    sc.ask("What does Red buy first?", "Red buys the Upgrade Captain's Training (2 Honey, 2 Ore).")
    sc.step(BuyUpgrade(0, CAPTAINS_TRAINING), "Captain's Training", "From now on Red's 5s and 6s are free agents "
            "on offense and defense: they may join any other die or group on the Battleground or in the Barracks.",
            FAQ)
    sc.step(Reinforce(0), "Reinforcements", "For 2 Honey and 2 Ore, one of Red's reserve dice becomes active for "
            "the rest of the game.", MARKET)
    sc.step(Reinforce(0), "Reinforcements again", "Five active dice: the most a clan may have of its colour.",
            MARKET)
    pass_quietly(s, "build")
    pass_quietly(s, "mercenaries")
    sc.look(None).step(RollDice(), "Round 2: Red rolls 2, 2, 5, 6, 6", "Without the card, a space takes one die or "
                       "dice of one value: the best Barracks space would be the two 6s (12).", PLAN,
                       outcome={"red": [2, 2, 5, 6, 6], "blue": [1, 2, 3]})
    pass_quietly(s, "fate")
    place_quietly(s, 1, (1, "farm"), (2, "temple"), (3, "barracks_1"))
    sc.look(0).step(place_action(s, 0, 2, "barracks_1"), "Two 2s in the Barracks", "Dice of the same value may "
                    "share a space, as always.", PLAN)
    sc.step(place_action(s, 0, 2, "barracks_1"), "The second 2", "Now the 5: without Captain's Training it could not "
            "join a group of 2s.", PLAN)
    sc.ask("Where does the 5 go?", "Red puts it with the 2s: a free agent joins any group.")
    sc.step(place_action(s, 0, 5, "barracks_1"), "The 5 joins the 2s", "The FAQ's own example: two 2s, one 5 and "
            "two 6s, all on the same space.", FAQ)
    for _ in range(2):
        s.play(place_action(s, 0, 6, "barracks_1"))
    with_card, plain = odds.strongest_group(2, captains_training=True), odds.strongest_group(2)
    sc.look(None).step(Ready(0), "A Barracks of 21", "Two 2s, a 5 and two 6s defend together: 2 + 2 + 5 + 6 + 6 = 21. In "
            f"numbers: with two dice, a force of 11 (a 5 with a 6) comes up {_chance(with_card.get(11))} with the "
            f"card and {_chance(plain.get(11))} without it; a force of 7 (a 2 with a 5, or a 1 with a 6) "
            f"{_chance(with_card.get(7))} with it, {_chance(plain.get(7))} without.", FAQ)
    return sc.chapter("FAQ: Captain's Training (Marketplace, Build Phase)", handoff())


EXAMPLES = (yellow_chapter, clash_chapter, loot_chapter, grin_chapter, captains_chapter)
