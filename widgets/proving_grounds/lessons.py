"""Learn the rules of Proving Grounds: a round from set-up to recovery, then every worked example of the
rulebook, told as walkthrough scenes (``widgets.walkthrough``).

The examples replay with typed dice on tiny decks built to match them (``example_decks``, the same decks
the rulebook tests use); the round is played on the sample deck with the play dashboard's seeded dice, so
the dashboard's study mode on the same seed deals the same table.
"""
from __future__ import annotations

from explorer.core import Session
from explorer.proving_grounds import (AssignDragonling, ChooseEnemy, ExhaustDie, Options, Replace, Reroll, Roll,
                                      RollActivation, RotateDial, SetUp, Stop, TakeSunDie, sample_deck)
from explorer.proving_grounds.example_decks import (CONSPIRATORS, DUST_TRAIL, INSPIRATIONS, SPIKED_WHEELS, enemy,
                                                    fillers, make_deck, plain)
from explorer.proving_grounds.odds import advise

from ..walkthrough import Chapter, Script, Walkthrough
from . import teaching

GAME = "proving-grounds"
BOOK = "Proving Grounds Rulebook"
SETUP, ROLL, SETS, SINGLES = (f"{BOOK}, {s}" for s in ("Game Setup", "Step 1: Roll Dice", "Step 1: Roll Dice, What Is a Set?",
                                                        "Step 1: Roll Dice, What Is a Single?"))
MOVE, DEFEAT, WOUND, REPLACE, RECOVER = (f"{BOOK}, {s}" for s in (
    "Step 2: Resolve Attacks, A) Move Battle Markers", "Step 2: Resolve Attacks, Defeating an Enemy",
    "Step 2: Resolve Attacks, Suffering Wounds", "Step 2: Resolve Attacks, Replacing Dice", "Step 3: Recover"))
DRAGON, CHARIOTS, INSPIRE, SHIELDS, CONSPIRE, SUN_MOON = (f"{BOOK}, Module {s}" for s in (
    "1: The Dragonling", "2: Chariots", "3: Inspiration Powers", "4: Shields", "5: Conspirators", "6: Sun and Moon"))
ROUND_SEED = 28  # a first round with two rerolls, a defeat and a wound: every step of a round happens
PLAY_PAGE = "play.ipynb"

OUR_LINE = "This chapter's game"  # the chapter plays a game of its own, not a rulebook example


def handoff(seed: int | None = None) -> str:
    """The chapter's end: where to try a whole round on the play dashboard."""
    same = (f" To deal the same table as this chapter, choose <b>Study</b> mode, type <b>{seed}</b> in the "
            f"<b>Seed</b> box, leave every module unticked and press <b>New game</b>: your first roll will be this "
            f"chapter's." if seed is not None else " Press <b>New game</b> there for a fresh arena.")
    return (f'<b>Try a whole round yourself:</b> open the <a href="{PLAY_PAGE}" target="_blank">play dashboard</a> '
            f'(in JupyterLab, the notebook <i>play.ipynb</i> beside this one).{same}')


def _session(options: Options, enemies, order=None, **cards) -> Session:
    """An example's session after Game Setup, its enemies drawn in the order given."""
    s = Session(GAME, options, make_deck(enemies, **cards), seed=0)
    s.play(SetUp(), outcome={"enemies": [e["id"] for e in enemies], **(order or {})})
    return s


def _faces(s: Session, by_die: dict[str, int]) -> list[int]:
    return [by_die[d] for d in s.state.pool]


def _roll(script: Script, by_die, title, text, section=ROLL, dragonling=None) -> Script:
    faces = _faces(script.session, by_die)
    return script.step(Roll(), title, text, section, outcome={"dice": faces, "dragonling": dragonling} if dragonling else faces)


# -- a round, from set-up to recovery ----------------------------------------------------------------

PHASE_TEXT = {
    "wound": ("Suffering a wound", "An enemy's marker reached its bottom space: you are wounded. First you put one of "
              "your dice on the exhaustion track (it sits out the next rounds), then your health marker moves down and "
              "that enemy's marker goes back to its start space.", WOUND,
              "Which die do you put on the exhaustion track?"),
    "replace": ("Replacing a die", "The health marker moved into the space with the stack of coloured dice: you may "
                "swap one white die of your pool for a coloured one (the white die goes back to the box).", REPLACE,
                "Which coloured die do you take, if any?"),
    "climb": ("Climbing several spaces", "This set is big enough to climb more than one space; each space needs its "
              "own dice, and you may climb fewer.", MOVE, "How many spaces do you climb?"),
}


def round_chapter(seed: int = ROUND_SEED) -> Chapter:
    """One round of the training game on the sample deck, as the play dashboard's study mode deals it."""
    s = Session(GAME, Options(timer_rerolls=10), sample_deck(), seed=seed)
    sc = Script(s)
    sc.step(SetUp(), "Game Setup", "Six enemies are drawn into the six slots around the encounter board, each battle "
            "marker (the black token) on its start space. To defeat an enemy, climb its ladder to the top; if its "
            "marker falls to the bottom you are wounded. Each space shows the dice it takes to climb into it: that many "
            "dice showing the enemy's number, a coloured square meaning one of them must be that colour.", SETUP)
    sc.step(Roll(), "Step 1: the first roll", "You roll all eight dice. Dice showing the same number form a <b>set</b>; "
            "a number shown by one die is a <b>single</b>. Each number attacks the enemy in the slot with that number.", ROLL)
    while True:
        best = advise(s.state, teaching.rerolls_left(s.state), odds=False).best
        short = isinstance(best, Reroll) and s.state.rerolls >= 2
        sc.ask("Which set would you reroll, or would you stop and attack?",
               "This walkthrough's line stops here to keep the round short." if short else
               "This walkthrough's line takes the choice the odds rate best.")
        if not isinstance(best, Reroll) or short:
            break
        sc.step(best, f"Step 1: reroll number {s.state.rerolls + 1}", "You may reroll one set at a time, as often as the "
                "clock allows (here: ten rerolls, as the play dashboard's study mode counts them). Singles never "
                "reroll, but a rerolled die can join a single and make it a set.", SETS)
    sc.step(Stop(), "Step 2: the attacks", "You stop. Each number's dice attack its enemy, enemy #1 first: a set that "
            "has the dice the next space needs moves the marker up; a single moves it down; a set without the right "
            "colours does nothing. A marker at the top defeats the enemy; one at the bottom wounds you.", MOVE)
    while s.state.round == 1 and s.state.phase in PHASE_TEXT:
        title, text, section, prompt = PHASE_TEXT[s.state.phase]
        action = teaching.choices(s.state)[0]
        sc.ask(prompt, "This walkthrough's line takes the first choice offered.")
        sc.step(action, title, text, section)
    sc.show("Step 3: Recover", "The round ends: the dice that attacked return to your pool, the exhaustion track moves "
            "down one space (the dice on its bottom space come back) and each empty slot gets a new enemy on its start "
            "space. The next round starts with Step 1 again, until you defeat eight enemies or lose your last health.",
            RECOVER)
    return sc.chapter("A round, from set-up to recovery", handoff(seed), line=OUR_LINE)


# -- the worked examples of the training game ---------------------------------------------------------

CARTER_ROLL = {"W1": 1, "W2": 1, "W3": 3, "W4": 3, "W5": 4, "B1": 5, "G1": 6, "Y1": 6}
RESOLUTION_ROLL = {"W1": 1, "W2": 1, "W3": 2, "W4": 4, "Y1": 4, "W5": 6, "B1": 6, "G1": 6}


def carter_chapter() -> Chapter:
    sc = Script(_session(Options(), fillers(8, start=2)))
    sc.show("Carter's table", "Six enemies, every space needing two dice of the enemy's number. Carter is about to "
            "make his first roll.", SETUP)
    _roll(sc, CARTER_ROLL, "The first roll: 1,1,3,3,4,5,6,6", "Carter has <b>sets</b> of 1s, 3s and 6s and "
          "<b>singles</b> of 4 and 5. A set can always be rerolled, one set at a time; a single never.", SETS)
    sc.ask("Which set would you reroll (or would you stop)?", "Carter rerolls his two 1s.")
    sc.step(Reroll(1), "Rerolling the 1s: 4 and 6", "The two 1s came up 4 and 6. The new 4 joins the single 4: it is a "
            "set now and can be rerolled. Carter's dice: 3,3,4,4,5,6,6,6 (a single 5, sets of 3s, 4s and 6s).",
            SINGLES, outcome=[4, 6])
    sc.ask("Carter could reroll any of his sets. Would you reroll again, or stop?",
           "Carter is happy with these dice and ends early, stopping the timer.")
    sc.step(Stop(), "Carter stops", "He ends the rolling early (the app's Battle End button) and his dice attack.", ROLL)
    return sc.chapter("Example: Carter's reroll (Step 1)", handoff())


def resolution_enemies():
    return [plain("E1"), plain("E2", start=2), plain("E3"), enemy("E4", 2, (2, "green"), 2),
            plain("E5"), enemy("E6", 2, (3, "blue"), 2)] + fillers(6)


def resolution_chapter() -> Chapter:
    sc = Script(_session(Options(), resolution_enemies()))
    sc.show("The encounter board", "Look at enemies #4 and #6: #4's next space needs two dice with a green one among "
            "them; #6's needs three dice with a blue one.", MOVE)
    _roll(sc, RESOLUTION_ROLL, "Carter's dice: 1,1,2,4,4,6,6,6", "The blue, green and yellow dice are among them: the "
          "yellow shows a 4, the blue and the green show 6s.")
    sc.ask("Would you reroll a set, or stop and attack with these dice?", "The example resolves these dice as they are.")
    sc.step(Stop(), "Moving the battle markers", "Enemy #1 moves up (two 1s); #2 moves down (a single 2); nobody "
            "attacks #3 or #5; #4 does not move (two 4s, but neither is green); #6 moves up (three 6s, one of them "
            "blue).", MOVE)
    return sc.chapter("Example: moving the battle markers (Step 2A)", handoff())


def defeat_enemies():
    return [plain("E1", 2), plain("E2"), plain("E3"), enemy("E4", 2, (2, "green")),
            plain("E5"), enemy("E6", 2, (3, "blue"))] + fillers(6)


def defeat_chapter() -> Chapter:
    sc = Script(_session(Options(), defeat_enemies()))
    sc.show("Closer to the edges", "The same dice as the last example, but now enemies #1 and #6 are one space from "
            "their top and #2 is one space from its bottom.", DEFEAT)
    _roll(sc, RESOLUTION_ROLL, "The same roll: 1,1,2,4,4,6,6,6", "Carter stops at once.")
    sc.step(Stop(), "Two defeats and a wound", "Enemies #1 and #6 reached their top spaces: defeated, their cards go to "
            "the discard pile. Enemy #2 reached its bottom space: Carter is wounded and must put one of his dice on the "
            "exhaustion track.", DEFEAT)
    sc.ask("Which die goes to the exhaustion track?", "Carter chooses a white one, keeping his coloured dice.")
    sc.step(ExhaustDie("W3"), "The wound, then recovery", "The white die rests on the exhaustion track, the health "
            "marker moves down one space and enemy #2's marker goes back to its start. Step 3 follows at once: the "
            "exhaustion track moves down, and new enemies fill slots #1 and #6.", WOUND)
    return sc.chapter("Example: defeating an enemy, suffering a wound (Step 2B)", handoff())


def replace_enemies():
    return [plain("E1", start=2), plain("E2"), plain("E3", start=2), plain("E4", start=2),
            plain("E5"), plain("E6", start=2)] + fillers(6, start=2)


def replace_chapter() -> Chapter:
    sc = Script(_session(Options(), replace_enemies()))
    sc.show("The stack of coloured dice", "Look at the health track: the stack of green, yellow and blue dice waits "
            "on space 3.", REPLACE)
    _roll(sc, {"W1": 2, "W2": 5, "W3": 1, "W4": 1, "W5": 3, "B1": 3, "G1": 6, "Y1": 6}, "A roll with two singles",
          "The single 2 and the single 5 will each push an enemy to its bottom space.")
    sc.step(Stop(), "Two wounds", "Enemies #2 and #5 reach their bottom spaces: two wounds, one after the other.", WOUND)
    sc.step(ExhaustDie("W1"), "The first wound", "A white die is exhausted and health goes down to space 2.", WOUND)
    sc.step(ExhaustDie("W2"), "The second wound reaches the stack", "Health moves into space 3, where the stack is: "
            "Carter may replace a white die of his pool with a coloured die from the stack.", REPLACE)
    sc.ask("Which coloured die would you take?", "Carter will need yellow dice for some enemies, so he takes the yellow.")
    sc.step(Replace("yellow"), "The yellow die joins the pool", "A white die goes to the game box, the yellow die "
            "joins the pool and the rest of the stack moves down one space: the next wound replaces again.", REPLACE)
    by_die = dict.fromkeys(sc.session.state.pool, 6)
    by_die.update({"W3": 2, "W4": 1, "W8": 1, "B1": 3, "G1": 3})
    _roll(sc, by_die, "Next round: a single 2", "The single 2 will wound Carter once more.")
    sc.step(Stop(), "Another wound", "Enemy #2 reaches its bottom space again.", WOUND)
    sc.step(ExhaustDie("W4"), "The stack again", "Health moves into the stack's new space: another replacement.", REPLACE)
    sc.ask("Which coloured die would you take this time?", "The example takes the green.")
    sc.step(Replace("green"), "The green die joins the pool", "Only the blue die is left in the stack.", REPLACE)
    return sc.chapter("Example: replacing dice (Step 2B)", handoff())


# -- the modules' examples --------------------------------------------------------------------------------

DRAGON_ENEMIES = [plain("E1", start=2, icon="talon"), plain("E2", start=2, icon="teeth"), plain("E3", start=2, icon="tail"),
                  plain("E4", start=2), plain("E5", start=2, icon="tail"), plain("E6", start=2)]
DRAGON_ROLL = {"W1": 3, "W2": 1, "W3": 1, "W4": 4, "W5": 4, "B1": 6, "G1": 6, "Y1": 6}


def dragonling_chapter() -> Chapter:
    sc = Script(_session(Options.with_modules("dragonling"), DRAGON_ENEMIES + fillers(8, start=2)))
    sc.show("The dragonling", "A ninth die, rolled with the others. Enemies #1, #2, #3 and #5 carry a dragonling "
            "icon (talon, teeth or tail) at the top right of their cards.", DRAGON)
    _roll(sc, DRAGON_ROLL, "A single 3 and a tail", "Enemy #3 needs two 3s, but Carter rolled a single 3. The "
          "dragonling die shows the tail, and enemy #3 has the tail icon.", DRAGON, dragonling="tail")
    sc.step(Stop(), "Using the dragonling result", "After the rolling, Carter decides what the dragonling result does.",
            DRAGON)
    sc.ask("Where does the tail result join an attack?", "Carter adds it to his single 3: a set of two 3s.")
    sc.step(AssignDragonling(3), "A set of two 3s", "The dragonling die counts as a white die: enemy #3's marker "
            "moves up instead of down.", DRAGON)
    return sc.chapter("Example: the dragonling (Module 1)", handoff())


def chariot_chapter() -> Chapter:
    enemies = [plain(f"E{i}", 5, start=3) for i in (1, 2)] + [plain("E3", 5, start=3)] + \
              [plain(f"E{i}", 5, start=3) for i in (4, 5, 6)] + fillers(6, start=3)
    sc = Script(_session(Options.with_modules("chariots"), enemies, order={"chariots": ["C1", "C2"]},
                         chariots=[SPIKED_WHEELS, DUST_TRAIL]))
    sc.show("A chariot", "Spiked Wheels is revealed: every single moves its enemy's marker down one extra space, "
            "unless Carter places two dice of one number on the card while rolling.", CHARIOTS)
    _roll(sc, {"W1": 1, "W2": 1, "W3": 3, "W4": 5, "W5": 5, "B1": 6, "G1": 6, "Y1": 6}, "Carter's roll",
          "He has a pair of 1s and a pair of 5s that could stop the chariot, and a single 3.", CHARIOTS)
    sc.ask("Place a pair on the chariot, or stop?", "Carter, busy making sets, forgets the chariot and stops.")
    sc.step(Stop(), "The chariot acts", "The chariot resolves before the attacks: the single 3 moves enemy #3's "
            "marker down two spaces instead of one.", CHARIOTS)
    return sc.chapter("Example: chariots (Module 2)", handoff())


def inspiration_chapter() -> Chapter:
    enemies = [plain("E1", start=2, icon="talon"), plain("E2", start=2), plain("E3", start=2, icon="teeth")] + \
              [plain(f"E{i}", start=2) for i in (4, 5, 6)] + fillers(6)
    sc = Script(_session(Options.with_modules("dragonling", "inspiration"), enemies,
                         order={"inspirations": ["I04", "I01", "I05"]}, inspirations=INSPIRATIONS))
    sc.show("Dragonscale Armor", "Carter plays with the dragonling and draws the Dragonscale Armor inspiration: the "
            "tail result may attack any enemy, not only those with the tail icon.", INSPIRE)
    _roll(sc, DRAGON_ROLL, "A tail again", "No enemy here has the tail icon; the armour lets it join any attack.",
          INSPIRE, dragonling="tail")
    sc.step(Stop(), "Using the tail", "Every attacked enemy may take the tail result.", INSPIRE)
    sc.ask("Where does the tail result join an attack?", "It joins the single 3 against enemy #3 (a teeth enemy).")
    sc.step(AssignDragonling(3), "A set of two 3s", "Enemy #3's marker moves up.", INSPIRE)
    return sc.chapter("Example: an inspiration power (Module 3)", handoff())


def shields_chapter() -> Chapter:
    enemies = [plain("E1", start=2), plain("E2", start=2), enemy("E3", 2, 2, (3, "blue"), 2, start=2)] + \
              [plain(f"E{i}", start=2) for i in (4, 5, 6)] + fillers(6)
    sc = Script(_session(Options.with_modules("shields"), enemies))
    sc.show("Shields", "Enemy #3's next space needs three 3s with a blue one.", SHIELDS)
    _roll(sc, {"W1": 3, "W2": 3, "W3": 3, "W4": 3, "W5": 5, "B1": 5, "G1": 6, "Y1": 6}, "Four 3s, none blue",
          "A set, but not the right combination.", SHIELDS)
    sc.step(Stop(), "The shield goes up", "A set with the wrong dice raises enemy #3's shield.", SHIELDS)
    shielded = len(sc.scenes) - 1
    _roll(sc, {"W1": 3, "W2": 1, "W3": 1, "W4": 2, "W5": 2, "W8": 5, "B1": 5, "G1": 6, "Y1": 6}, "A single 3",
          "Enemy #3 is shielded and Carter rolled a single 3.", SHIELDS)
    sc.step(Stop(), "The single breaks the shield", "The shield is removed; the marker does not move.", SHIELDS)
    sc.fork(shielded)
    _roll(sc, {"W1": 3, "W2": 3, "B1": 3, "W3": 1, "W4": 1, "W5": 2, "W8": 2, "G1": 6, "Y1": 6},
          "Or instead: three 3s with a blue", "Back to the shielded enemy #3: this time a set that would have hit.", SHIELDS)
    sc.step(Stop(), "The set strikes the shield", "Instead of a hit, the marker moves down one space; the shield "
            "stays (only a single breaks it).", SHIELDS)
    return sc.chapter("Example: shields (Module 4)", handoff())


def conspirators_chapter() -> Chapter:
    enemies = [plain("E1", 2), plain("E2", 2)] + [plain(f"E{i}", 6, start=2) for i in range(3, 7)] + fillers(6, start=2)
    sc = Script(_session(Options.with_modules("conspirators"), enemies, order={"conspirators": ["P6", "P4", "P1", "P2"]},
                         conspirators=CONSPIRATORS))
    sc.show("Conspirators", "Queen Brianna (6) is revealed. Each round starts with one die rolled for the "
            "conspirators: a revealed conspirator with that number is active.", CONSPIRE)
    sc.step(RollActivation(), "The activation roll: 4", "No revealed conspirator has a 4: nothing happens.", CONSPIRE,
            outcome=[4])
    _roll(sc, {"W1": 1, "W2": 1, "W3": 3, "W4": 3, "W5": 4, "B1": 4, "G1": 5, "Y1": 5}, "A roll that defeats #1",
          "Two 1s will defeat enemy #1.")
    sc.step(Stop(), "A defeat reveals a conspirator", "Each defeat reveals the next conspirator at the start of the "
            "next round: Fern Greenbush (4).", CONSPIRE)
    sc.step(RollActivation(), "The activation roll: 4 again", "Now Fern Greenbush is active: choose an enemy and move "
            "its marker down one space.", CONSPIRE, outcome=[4])
    sc.ask("Which enemy's marker moves down?", "The example picks enemy #5.")
    sc.step(ChooseEnemy(5), "Fern Greenbush acts", "Enemy #5's marker moves down one space, before the timer starts.",
            CONSPIRE)
    return sc.chapter("Example: conspirators (Module 5)", handoff())


def sun_moon_chapter() -> Chapter:
    sc = Script(_session(Options.with_modules("sun_and_moon"), [plain(f"E{i}", start=2) for i in range(1, 7)] + fillers(6)))
    sc.show("The sun and moon dial", "The blue, green and yellow dice sit on the dial. Each round Maia faces an enemy "
            "(the sun); the enemy behind her is the moon.", SUN_MOON)
    sc.ask("Which enemy should Maia face?", "Carter turns the dial to face enemy #2 (enemy #5 is then the moon).")
    sc.step(RotateDial(2), "Facing enemy #2", "Hit #2 this round and you gain a die from the dial; leave #5 unhit "
            "and its marker moves down.", SUN_MOON)
    _roll(sc, {"W1": 2, "W2": 2, "W3": 1, "W4": 1, "W5": 3, "B1": 3, "G1": 6, "Y1": 6}, "Two 2s, no 5s",
          "The 2s attack the sun enemy; nothing attacks the moon enemy.")
    sc.step(Stop(), "Sun and moon effects", "Carter hit #2, so he chooses a die from the dial; he rolled no 5s, so "
            "enemy #5 moves down one space.", SUN_MOON)
    sc.ask("Which die do you take from the dial?", "Carter chooses the green die, for next round.")
    sc.step(TakeSunDie("green"), "A green die for next round", "The green die joins the pool for one round.", SUN_MOON)
    sc.step(RotateDial(3), "The dial must turn", "Maia may not face the same enemy two rounds in a row: Carter faces #3.",
            SUN_MOON)
    _roll(sc, {"G2": 6, "W1": 6, "W2": 1, "W3": 1, "W4": 2, "W5": 2, "W8": 4, "B1": 4, "G1": 5, "Y1": 5},
          "Ten dice", "The green die from the dial rolls with the others.")
    sc.step(Stop(), "The green die goes back", "After the attacks, the die gained last round returns to the dial.",
            SUN_MOON)
    return sc.chapter("Example: sun and moon (Module 6)", handoff())


CHAPTERS = (round_chapter, carter_chapter, resolution_chapter, defeat_chapter, replace_chapter, dragonling_chapter,
            chariot_chapter, inspiration_chapter, shields_chapter, conspirators_chapter, sun_moon_chapter)


def walkthrough(seed: int = ROUND_SEED) -> Walkthrough:
    """The learn-the-rules walkthrough of Proving Grounds."""
    chapters = [round_chapter(seed)] + [make() for make in CHAPTERS[1:]]
    return Walkthrough(chapters, teaching.draw, teaching.describe, teaching.choices, teaching.odds, teaching.parse,
                       title="Learn the rules: Proving Grounds", typed_hint="or type a move, e.g. reroll 3")
