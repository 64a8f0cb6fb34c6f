"""The rulebook's worked examples for the training game, replayed move by move.

Each test cites the example (or rule) it replays; rolls and deck orders are table dice,
and the small decks are built so the enemies match the example exactly.
Module examples are in ``test_modules.py``.
"""
import pytest

from explorer.core import IllegalAction
from explorer.proving_grounds import (
    Climb,
    ExhaustDie,
    Options,
    Replace,
    Reroll,
    Roll,
    SetUp,
    Stop,
    TimeUp,
)
from explorer.proving_grounds.state import colour

from .scenario import (
    ALL_DICE,
    assert_illegal,
    enemy,
    fillers,
    markers,
    new_session,
    plain,
    roll,
    showing,
    stop,
    texts,
)

SET_ONLY = "only a set (two or more dice showing the same number) can be rerolled"
MOVE = "Step 2: Resolve Attacks, A) Move Battle Markers"
DEFEAT = "Step 2: Resolve Attacks, Defeating an Enemy"
WOUND = "Step 2: Resolve Attacks, Suffering Wounds"


# -- Step 1: Roll Dice ---------------------------------------------------------------------------


def test_carters_reroll_example():
    """Step 1, What Is a Single?, Example: "After Carter's initial roll, his dice look like this:
    1,1,3,3,4,5,6,6. He has singles of 4 and 5, which cannot be rerolled. He also has sets of 1s,
    3s, and 6s. He decides to reroll his two 1s, and they come up as 4 and 6. His dice now look like
    this: 3,3,4,4,5,6,6,6. He now has a single of 5 and sets of 3s, 4s, and 6s. [...] he ends early."
    """
    s = new_session(Options(), fillers(8, start=2))
    ev = roll(s, {"W1": 1, "W2": 1, "W3": 3, "W4": 3, "W5": 4, "B1": 5, "G1": 6, "Y1": 6})
    assert texts(ev, "Step 1: Roll Dice") == ["Roll: 1,1,3,3,4,5B,6G,6Y (sets: 2x1 2x3 2x6; singles: 4 5)."]
    # sets of 1s, 3s and 6s can be rerolled (one at a time); the singles 4 and 5 never
    assert s.legal_actions() == [Reroll(1), Reroll(3), Reroll(6), Stop(), TimeUp()]
    assert_illegal(s, Reroll(4), f"4 is a single; {SET_ONLY}")
    assert_illegal(s, Reroll(5), f"5 is a single; {SET_ONLY}")

    ev = s.play(Reroll(1), outcome=[4, 6])
    assert showing(s) == {"W1": 4, "W2": 6, "W3": 3, "W4": 3, "W5": 4, "B1": 5, "G1": 6, "Y1": 6}
    assert sorted(s.state.faces) == [3, 3, 4, 4, 5, 6, 6, 6]
    assert texts(ev) == ["Reroll the set of 1s: 4, 6. Now 3,3,4,4,5B,6,6G,6Y (sets: 2x3 2x4 3x6; singles: 5)."]
    # the rerolled 4 joined the single 4: that single is now part of a set and can be rerolled
    assert s.legal_actions() == [Reroll(3), Reroll(4), Reroll(6), Stop(), TimeUp()]
    assert_illegal(s, Reroll(5), f"5 is a single; {SET_ONLY}")
    assert_illegal(s, Reroll(1), f"1 is not showing on any die; {SET_ONLY}")

    ev = stop(s)  # "he is happy with these results, so he ends early, stopping the timer"
    assert texts(ev, "Step 1: Roll Dice") == ["You stop rolling (Battle End)."]
    assert s.state.phase == "roll" and s.state.round == 2


def test_rolling_rejects_illegal_actions_without_changing_anything():
    """Step 1: "you can only ever reroll one set at a time"; table dice must be valid faces;
    an action out of turn is refused, and the session is left exactly as it was."""
    s = new_session(Options(), fillers(8, start=2))
    assert_illegal(s, Stop(), "Stop is not possible now (Step 1: Roll Dice (initial roll)); possible: Roll")
    assert_illegal(s, Roll(), "dice pool: expected 8 faces, got 3 faces (1, 2, 3)", outcome=[1, 2, 3])
    roll(s, {"W1": 1, "W2": 1, "W3": 3, "W4": 3, "W5": 4, "B1": 5, "G1": 6, "Y1": 6})
    assert_illegal(s, Roll(), "Roll is not possible now (Step 1: Roll Dice (rerolling sets)); possible: Reroll, Stop, TimeUp")
    assert_illegal(s, Reroll(1), "set of 1s: expected 2 faces, got 1 face (4)", outcome=[4])
    assert_illegal(s, Reroll(1), "set of 1s: face #2 is 7; faces are 1-6", outcome=[4, 7])
    assert_illegal(s, Reroll(1, dragonling=True), "there is no dragonling die: Module 1 is not in play",
                   outcome={"dice": [4, 6]})
    assert_illegal(s, Stop(), "Stop() involves no chance; no outcome can be given", outcome=[1])
    assert_illegal(s, SetUp(), "SetUp is not possible now (Step 1: Roll Dice (rerolling sets)); possible: Reroll, Stop, TimeUp",
                   outcome={"enemies": [f"F{i}" for i in range(1, 9)]})
    # and the session plays on normally afterwards
    s.play(Reroll(1), outcome=[4, 6])
    assert sorted(s.state.faces) == [3, 3, 4, 4, 5, 6, 6, 6]


def test_q3_no_sets_left_ends_the_rolling():
    """Q3: "The timer is still going but I have no sets left to reroll. [...] you are forced to stop
    the timer early. This can only happen if you have six or fewer dice in your dice pool."
    Three wounds put three dice on the exhaustion track, so the next round has six dice."""
    s = new_session(Options(climb="max"), [plain("E1"), plain("E2"), plain("E3")] + fillers(9, length=6, start=2))
    roll(s, {"W1": 1, "W2": 2, "W3": 3, "W4": 5, "W5": 5, "B1": 5, "G1": 5, "Y1": 5})
    stop(s)
    for die in ("W1", "W2", "W3"):  # the single 1, 2 and 3 each bring an enemy to its bottom space
        assert s.state.phase == "wound"
        s.play(ExhaustDie(die))
        if s.state.phase == "replace":
            s.play(Replace(None))
    assert s.state.round == 2 and s.state.phase == "roll"
    assert s.state.pool == ("W4", "W5", "W8", "B1", "G1", "Y1")
    assert s.state.exhaustion == ((), ("W6", "W1", "W2", "W3"), ("W7",))

    roll(s, {"W4": 1, "W5": 1, "W8": 2, "B1": 3, "G1": 4, "Y1": 5})
    assert s.state.phase == "rolling" and s.legal_actions() == [Reroll(1), Stop(), TimeUp()]
    ev = s.play(Reroll(1), outcome=[6, 1])  # 1,2,3,4,5,6: no set is left
    assert sorted(s.state.faces) == [1, 2, 3, 4, 5, 6]
    assert texts(ev, "Step 1: Roll Dice")[-1] == "The rolling ends: no set is left to reroll (Q3)."
    assert "You stop rolling (Battle End)." not in texts(ev)
    assert s.state.phase == "wound"  # the attacks were resolved at once: singles wound enemies #1-#3 again
    assert_illegal(s, Stop(), "Stop is not possible now (Suffering Wounds (choose a die to exhaust)); possible: ExhaustDie")


# -- Step 2: Resolve Attacks ---------------------------------------------------------------------

ROLL_1_1_2_4_4_6_6_6 = {"W1": 1, "W2": 1, "W3": 2, "W4": 4, "Y1": 4, "W5": 6, "B1": 6, "G1": 6}


def test_resolution_example():
    """Step 2A, Example: "Carter has the following dice: 1,1,2,4,4,6,6,6. He moves the battle marker
    up one space on enemy #1 since he has at least two 1s. He moves the battle marker down one space
    on enemy #2 since he has a single 2. He assigned no dice to enemy #3, so nothing happens. Enemy #4
    requires two dice, and one of them must be green. Carter has two 4s, but neither of them are
    green, so nothing happens. He assigned no dice to enemy #5, so nothing happens. He moves the
    battle marker up one space on enemy #6 since he has at least three 6s and one of them is blue."
    """
    s = new_session(Options(), [
        plain("E1"), plain("E2", start=2), plain("E3"), enemy("E4", 2, (2, "green"), 2),
        plain("E5"), enemy("E6", 2, (3, "blue"), 2),
    ] + fillers(6))
    assert markers(s) == [1, 2, 1, 1, 1, 1]
    roll(s, ROLL_1_1_2_4_4_6_6_6)
    ev = stop(s)
    assert texts(ev, MOVE) == [
        "Enemy #1 (E1): 2 white: you score a hit: marker up 1.",
        "Enemy #2 (E2): 1 white: the enemy scores a hit: marker down 1.",
        "Enemy #4 (E4): 1 white+1 yellow: incorrect combination: nothing happens.",
        "Enemy #6 (E6): 1 white+1 blue+1 green: you score a hit: marker up 1.",
    ]
    assert markers(s) == [2, 1, 1, 1, 1, 2]
    assert texts(ev, DEFEAT) == [] and texts(ev, WOUND) == []
    assert s.state.round == 2 and s.state.health == 0


def test_multiple_spaces_need_separate_dice():
    """Step 2A, Multiple Spaces: "If there are enough dice in the set to move up multiple spaces,
    you may do so, but each space requires separate dice." Five 1s climb 2+2 (one die is left over);
    three 3s climb only one space of 2."""
    s = new_session(Options(climb="max"), [plain("E1", 5), plain("E2", start=2), plain("E3", 5)] + fillers(9, start=2))
    roll(s, {"W1": 1, "W2": 1, "W3": 1, "W4": 1, "W5": 1, "B1": 3, "G1": 3, "Y1": 3})
    ev = stop(s)
    assert texts(ev, MOVE) == [
        "Enemy #1 (E1): 5 white: you score a hit: marker up 2.",
        "Enemy #3 (E3): 1 blue+1 green+1 yellow: you score a hit: marker up 1.",
    ]
    assert markers(s) == [3, 2, 2, 2, 2, 2]


def test_climbing_several_spaces_is_a_choice():
    """Step 2A, Multiple Spaces: "you may do so" (ruling PG-4): the player picks 1 to 2 spaces here."""
    s = new_session(Options(), [plain("E1", 5), plain("E2", start=2), plain("E3", 5)] + fillers(9, start=2))
    roll(s, {"W1": 1, "W2": 1, "W3": 1, "W4": 1, "W5": 1, "B1": 3, "G1": 3, "Y1": 3})
    stop(s)
    assert s.state.phase == "climb" and s.legal_actions() == [Climb(1, 2), Climb(1, 1)]
    before = s.state
    with pytest.raises(IllegalAction):
        s.play(Climb(1, 3))  # the dice allow two spaces
    assert s.state == before
    ev = s.play(Climb(1, 1))
    assert texts(ev, MOVE) == [
        "You climb 1 space on enemy #1 (E1); the dice allow 2.",
        "Enemy #1 (E1): 5 white: you score a hit: marker up 1.",
        "Enemy #3 (E3): 1 blue+1 green+1 yellow: you score a hit: marker up 1.",
    ]
    assert markers(s) == [2, 2, 2, 2, 2, 2]


def test_defeat_and_wound_example():
    """Step 2B, Example: "On enemy #1 and enemy #6, the battle marker has reached the top space of the
    battle track. Carter has defeated them, so he removes those cards from the encounter board and
    puts them in the discard pile. On enemy #2, the battle marker has reached the bottom space of the
    battle track, so Carter suffers one wound! He must add one of his dice to the exhaustion track —
    he chooses a white one. Then he moves his health marker down one space and resets the enemy's
    battle marker to the start space." (The dice are those of the Step 2A example.)"""
    s = new_session(Options(), [
        plain("E1", 2), plain("E2"), plain("E3"), enemy("E4", 2, (2, "green")),
        plain("E5"), enemy("E6", 2, (3, "blue")),
    ] + fillers(6))
    roll(s, ROLL_1_1_2_4_4_6_6_6)
    ev = stop(s)
    assert texts(ev, DEFEAT) == [
        "Enemy #1 (E1) is defeated and goes to the discard pile (1 defeated).",
        "Enemy #6 (E6) is defeated and goes to the discard pile (2 defeated).",
    ]
    assert s.state.defeated == ("E1", "E6")
    assert markers(s) == [None, 0, 1, 1, 1, None]
    assert s.state.phase == "wound"
    assert s.legal_actions() == [ExhaustDie("W5"), ExhaustDie("B1"), ExhaustDie("G1"), ExhaustDie("Y1")]
    assert_illegal(s, ExhaustDie("W6"), "die W6 is not in the dice pool; choose one of W1, W2, W3, W4, W5, B1, G1, Y1")

    ev = s.play(ExhaustDie("W3"))  # "he chooses a white one"
    assert texts(ev, WOUND) == [
        "Wound from enemy #2: the white die goes on the exhaustion track.",
        "The health marker moves down to space 2 of 6.",
        "Enemy #2's battle marker resets to its start space.",
    ]
    assert s.state.health == 1
    # Step 3: Recover: the exhaustion track moves down (W3 was added on top of W6), W8 comes back,
    # and the empty slots #1 and #6 get the next enemy cards.
    assert texts(ev, "Step 3: Recover") == [
        "All dice return to the dice pool; the exhaustion track moves down one space and 1 die comes back from its bottom space.",
        "Enemy #1: F1 enters the arena.",
        "Enemy #6: F2 enters the arena.",
    ]
    assert s.state.exhaustion == ((), ("W6", "W3"), ("W7",))
    assert s.state.pool == ("W1", "W2", "W4", "W5", "W8", "B1", "G1", "Y1")
    assert [slot.card for slot in s.state.slots] == ["F1", "E2", "E3", "E4", "E5", "F2"]
    assert markers(s) == [1, 1, 1, 1, 1, 1]
    assert s.state.enemy_deck == ("F3", "F4", "F5", "F6")
    assert s.state.round == 2 and s.state.phase == "roll"


def test_replacing_dice_example():
    """Step 2B, Replacing Dice, Example: "Carter has suffered another wound, and this time the health
    marker moves into the space on his health track with the stack of colored dice, so he gets to
    replace a die. [...] he takes the yellow die and discards one of his white dice." And: "Any
    remaining colored dice in the stack are then moved down one space on the health track. The next
    time you suffer a wound [...] you will get to replace a die again." """
    s = new_session(Options(), [plain("E1", start=2), plain("E2"), plain("E3", start=2), plain("E4", start=2),
                                plain("E5"), plain("E6", start=2)] + fillers(6, start=2))
    assert (s.state.stack, s.state.stack_space) == (("G2", "Y2", "B2"), 2)
    roll(s, {"W1": 2, "W2": 5, "W3": 1, "W4": 1, "W5": 3, "B1": 3, "G1": 6, "Y1": 6})
    stop(s)
    s.play(ExhaustDie("W1"))  # the single 2: first wound, health space 2 (no stack there)
    assert s.state.health == 1 and s.state.phase == "wound"
    ev = s.play(ExhaustDie("W2"))  # the single 5: another wound, into the stack's space
    assert texts(ev, WOUND)[1] == "The health marker moves down to space 3 of 6."
    assert s.state.health == 2 and s.state.phase == "replace"
    assert s.legal_actions() == [Replace("green"), Replace("yellow"), Replace("blue"), Replace(None)]

    pool_whites = [d for d in s.state.pool if colour(d) == "white"]
    ev = s.play(Replace("yellow"))
    assert texts(ev, "Step 2: Resolve Attacks, Replacing Dice") == [
        "A white die goes to the game box; the yellow die joins your dice pool.",
        "The rest of the stack moves down to health space 4.",
    ]
    assert len(s.state.box) == 1 and s.state.box[0] in pool_whites  # discarded to the game box
    assert "Y2" in s.state.pool and s.state.box[0] not in s.state.pool
    assert (s.state.stack, s.state.stack_space) == (("G2", "B2"), 3)
    assert sorted(s.state.all_dice()) == ALL_DICE
    assert s.state.round == 2 and len(s.state.pool) == 7  # 8 - 2 wounds + W8 back from the track

    # the next wound moves the health marker into the stack's new space: replace again
    by_die = dict.fromkeys(s.state.pool, 6)
    by_die.update({"W3": 2, "W4": 1, "W8": 1, "B1": 3, "G1": 3})
    roll(s, by_die)
    stop(s)
    s.play(ExhaustDie("W4"))
    assert s.state.health == 3 and s.state.phase == "replace"
    assert s.legal_actions() == [Replace("green"), Replace("blue"), Replace(None)]
    assert_illegal(s, Replace("yellow"), "there is no yellow die in the stack; it holds green, blue")
    s.play(Replace("green"))
    assert (s.state.stack, s.state.stack_space) == (("B2",), 4)
    assert "G2" in s.state.pool and len(s.state.box) == 2


def test_q1_counts_as_two_dice():
    """Q1: "Certain enemies have effects that say a die of a certain color "counts as two dice."
    This means that a single of that color would be treated as a set when resolving attacks.
    However, this does not let you reroll a single, because it does not become a set until attacks
    are resolved." """
    blue_two = [{"effect": "counts_as_two", "colour": "blue"}]
    s = new_session(Options(), [plain("E1", start=2), plain("E2", start=2), enemy("E3", 2, 2, 2, abilities=blue_two)]
                    + fillers(9, start=2))
    roll(s, {"B1": 3, "W1": 1, "W2": 1, "W3": 4, "W4": 4, "W5": 6, "G1": 6, "Y1": 6})
    assert s.legal_actions() == [Reroll(1), Reroll(4), Reroll(6), Stop(), TimeUp()]
    assert_illegal(s, Reroll(3), f"3 is a single; {SET_ONLY}")
    ev = stop(s)
    assert "Enemy #3 (E3): 1 blue: you score a hit: marker up 1." in texts(ev, MOVE)
    assert markers(s)[2] == 2

    # a single white 3 is still a single against the same enemy
    roll(s, {"W1": 3, "W2": 1, "W3": 1, "W4": 4, "W5": 4, "W8": 5, "B1": 5, "G1": 6, "Y1": 6})
    ev = stop(s)
    assert "Enemy #3 (E3): 1 white: the enemy scores a hit: marker down 1." in texts(ev, MOVE)
    assert markers(s)[2] == 1


# -- Victory and Defeat ----------------------------------------------------------------------------


def test_victory_eight_defeated_and_alive_at_the_end_of_the_round():
    """Winning the Game: "If you defeat eight enemies and are still alive at the end of the round,
    you win!" (Enemies here fall to a single hit.)"""
    s = new_session(Options(), [plain(f"E{i}", 2) for i in range(1, 15)])
    roll(s, {"W1": 1, "W2": 1, "W3": 2, "W4": 2, "W5": 3, "B1": 3, "G1": 4, "Y1": 4})
    stop(s)
    assert s.state.defeated == ("E1", "E2", "E3", "E4") and s.result() is None
    assert [slot.card for slot in s.state.slots] == ["E7", "E8", "E9", "E10", "E5", "E6"]

    roll(s, {"W1": 1, "W2": 1, "W3": 1, "W4": 1, "W5": 2, "W8": 2, "B1": 5, "G1": 5, "Y1": 5})
    stop(s)
    assert s.state.defeated == ("E1", "E2", "E3", "E4", "E7", "E8", "E5") and s.result() is None
    assert s.state.round == 3 and s.state.phase == "roll"

    roll(s, dict.fromkeys(s.state.pool, 6))  # ten 6s: the eighth defeat
    ev = stop(s)
    assert len(s.state.defeated) == 8 and s.state.defeated[-1] == "E6"
    assert texts(ev, "Winning the Game") == ["You defeated 8 enemies and are still alive at the end of the round: you win!"]
    assert ev[-1].section == "Winning the Game"  # checked at the end of the round, after Step 3
    assert s.result() == "won" and s.is_over() and s.legal_actions() == []
    assert_illegal(s, Roll(), "the game is over: you won")


def test_immediate_defeat_on_the_last_health_space():
    """Losing the Game: "If the health marker ever reaches the last space on your health track, you
    immediately lose!" Five singles give five wounds; the fifth reaches the last of six spaces and
    the game ends at once (the enemy's marker is not reset, the round does not recover)."""
    s = new_session(Options(), [plain(f"E{i}") for i in range(1, 6)] + [plain("E6", 6)] + fillers(6))
    roll(s, {"W1": 1, "W2": 2, "W3": 3, "W4": 4, "W5": 5, "B1": 6, "G1": 6, "Y1": 6})
    stop(s)
    assert markers(s) == [0, 0, 0, 0, 0, 2]
    for die in ("W1", "W2", "W3", "W4"):
        s.play(ExhaustDie(die))
        if s.state.phase == "replace":  # declining keeps the white dice (the stack still moves down)
            s.play(Replace(None))
    assert s.state.health == 4 and s.result() is None
    ev = s.play(ExhaustDie("W5"))
    assert s.state.health == 5
    assert texts(ev, WOUND) == ["Wound from enemy #5: the white die goes on the exhaustion track.",
                                "The health marker moves down to space 6 of 6."]
    assert [e.section for e in ev][-1] == "Losing the Game"
    assert texts(ev, "Losing the Game") == ["The health marker reaches the last space of the health track: you lose!"]
    assert s.result() == "lost" and s.legal_actions() == []
    assert markers(s)[4] == 0 and s.state.round == 1
    assert_illegal(s, ExhaustDie("B1"), "the game is over: you lost")
