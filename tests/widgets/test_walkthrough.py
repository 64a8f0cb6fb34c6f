"""Headless tests of the walkthrough component with the Proving Grounds lessons: stepping redraws in place,
the learner's choice is played and answered with odds, an illegal one is refused with the engine's reason,
and every example chapter ends where the rulebook tests end."""
import pytest

from explorer.proving_grounds import (AssignDragonling, ChooseEnemy, ExhaustDie, Options, Replace, Reroll, Roll,
                                      RollActivation, RotateDial, Stop, TakeSunDie, TimeUp)
from tests.proving_grounds import test_modules as modules_test
from tests.proving_grounds import test_rulebook_examples as examples_test
from tests.proving_grounds.scenario import enemy, fillers, new_session, plain, roll, stop
from widgets.proving_grounds import ProvingGroundsApp
from widgets.proving_grounds import lessons
from widgets.proving_grounds.teaching import parse

SET_ONLY = "4 is a single; only a set (two or more dice showing the same number) can be rerolled"


@pytest.fixture(scope="module")
def walk():
    return lessons.walkthrough()


def chapter_index(walk, title_start):
    return next(i for i, c in enumerate(walk.chapters) if c.title.startswith(title_start))


def decision_scene(walk, chapter):
    """Go to the chapter's first decision; returns the scene."""
    scenes = walk.chapters[chapter].scenes
    walk.go(chapter, next(i for i, s in enumerate(scenes) if s.decision))
    return walk.scene


def test_opens_at_the_first_scene_drawn_as_svg(walk):
    walk.go(0, 0)
    assert walk.menu.value == 0 and walk.scene_i == 0 and walk.back.disabled
    assert "<svg" in walk.drawing.value and 'class="rx-svg enemy-svg' in walk.drawing.value
    assert "Rulebook: Proving Grounds Rulebook, Game Setup" in walk.heading.value


def test_next_back_and_the_chapter_menu_change_the_drawing_in_place(walk):
    walk.go(0, 0)
    drawing, children = walk.drawing, walk.children
    first = drawing.value
    walk.next.click()
    assert walk.scene_i == 1 and drawing.value != first
    assert "Your dice" in drawing.value and "rolled-die" in drawing.value  # the first roll is drawn
    assert "What the engine did" in walk.happened.value and "Step 1: Roll Dice" in walk.happened.value
    walk.back.click()
    assert walk.scene_i == 0 and drawing.value == first
    i = chapter_index(walk, "Example: the dragonling")
    walk.menu.value = i
    assert (walk.chapter_i, walk.scene_i) == (i, 0)
    assert "The dragonling" in walk.heading.value and "Module 1: The Dragonling" in walk.heading.value
    assert walk.drawing is drawing and walk.children == children  # the same widgets, new values
    # Next past a chapter's end goes into the next chapter; Back from its start returns to the last scene
    walk.go(i, len(walk.chapter.scenes) - 1)
    assert walk.next.description == "Next chapter" and "play dashboard" in walk.handoff.value
    walk.next.click()
    assert (walk.chapter_i, walk.scene_i) == (i + 1, 0) and walk.menu.value == i + 1 and walk.handoff.value == ""
    walk.back.click()
    assert (walk.chapter_i, walk.scene_i) == (i, len(walk.chapters[i].scenes) - 1)


def test_a_legal_choice_is_played_and_answered_with_the_example_and_the_odds(walk):
    scene = decision_scene(walk, chapter_index(walk, "Example: Carter"))
    before, cursor = scene.session.state, scene.session.cursor
    labels = [b.description for b in walk.button_row.children if b.layout.display != "none"]
    assert labels == ["Reroll the 1s", "Reroll the 3s", "Reroll the 6s", "Stop rolling (Battle End)"]  # no "Time is up"
    shown = walk.drawing.value
    mine = next(b for b in walk.button_row.children if b.description == "Reroll the 3s")
    mine.click()
    answer = walk.answer.value
    assert "You chose: Reroll the 3s." in answer and "Reroll the set of 3s:" in answer  # the engine's event
    assert "The rulebook's example chose <b>Reroll the 1s</b>" in answer
    assert answer.count("expected net steps up the battle tracks") == 4  # every choice's exact value
    assert "(your choice)" in answer and "(the example's)" in answer
    assert "<svg" in walk.answer_drawing.value  # the learner's result is drawn
    # the example line goes on unchanged
    assert scene.session.state is before and scene.session.cursor == cursor and walk.drawing.value == shown
    walk.next.click()
    assert "Rerolling the 1s" in walk.heading.value


def test_the_example_choice_says_so(walk):
    decision_scene(walk, chapter_index(walk, "Example: defeating"))
    assert walk.choose(ExhaustDie("W5"))  # any white die is the example's choice ("he chooses a white one")
    assert "The rulebook's example made the same choice." in walk.answer.value
    assert "certain:" in walk.answer.value and walk.answer_drawing.value == ""


@pytest.mark.parametrize("move, message", [
    (Reroll(4), SET_ONLY),
    ("reroll 4", SET_ONLY),
    ("dance", "'dance' is not a move I know"),
    (Reroll("4"), "Reroll.face"),
])
def test_an_illegal_choice_is_refused_with_the_engines_reason_and_changes_nothing(walk, move, message):
    scene = decision_scene(walk, chapter_index(walk, "Example: Carter"))
    before, cursor, length = scene.session.state, scene.session.cursor, scene.session.history_length
    shown = walk.drawing.value
    ok = walk.choose_typed(move) if isinstance(move, str) else walk.choose(move)
    assert not ok
    assert "Not allowed: " in walk.answer.value and message.replace("'", "&#x27;") in walk.answer.value
    assert walk.answer_drawing.value == "" and walk.drawing.value == shown
    assert (scene.session.state, scene.session.cursor, scene.session.history_length) == (before, cursor, length)


def test_typed_moves_name_the_engines_actions():
    assert parse("Reroll 3 dragonling") == Reroll(3, dragonling=True)
    assert parse("exhaust w3") == ExhaustDie("W3") and parse("take yellow") == Replace("yellow")
    assert parse("dragonling #3") == AssignDragonling(3) and parse("stop") == Stop()


# -- every example chapter ends in the state its rulebook test reaches ------------------------------------

def _carter():
    s = new_session(Options(), fillers(8, start=2))
    roll(s, {"W1": 1, "W2": 1, "W3": 3, "W4": 3, "W5": 4, "B1": 5, "G1": 6, "Y1": 6})
    s.play(Reroll(1), outcome=[4, 6])
    stop(s)
    return s


def _resolution():
    s = new_session(Options(), [plain("E1"), plain("E2", start=2), plain("E3"), enemy("E4", 2, (2, "green"), 2),
                                plain("E5"), enemy("E6", 2, (3, "blue"), 2)] + fillers(6))
    roll(s, examples_test.ROLL_1_1_2_4_4_6_6_6)
    stop(s)
    return s


def _defeat():
    s = new_session(Options(), [plain("E1", 2), plain("E2"), plain("E3"), enemy("E4", 2, (2, "green")),
                                plain("E5"), enemy("E6", 2, (3, "blue"))] + fillers(6))
    roll(s, examples_test.ROLL_1_1_2_4_4_6_6_6)
    stop(s)
    s.play(ExhaustDie("W3"))
    return s


def _replace():
    s = new_session(Options(), [plain("E1", start=2), plain("E2"), plain("E3", start=2), plain("E4", start=2),
                                plain("E5"), plain("E6", start=2)] + fillers(6, start=2))
    roll(s, {"W1": 2, "W2": 5, "W3": 1, "W4": 1, "W5": 3, "B1": 3, "G1": 6, "Y1": 6})
    stop(s)
    s.play(ExhaustDie("W1"))
    s.play(ExhaustDie("W2"))
    s.play(Replace("yellow"))
    by_die = dict.fromkeys(s.state.pool, 6)
    by_die.update({"W3": 2, "W4": 1, "W8": 1, "B1": 3, "G1": 3})
    roll(s, by_die)
    stop(s)
    s.play(ExhaustDie("W4"))
    s.play(Replace("green"))
    return s


def _dragonling():
    s = modules_test.dragon_session()
    roll(s, {"W1": 3, "W2": 1, "W3": 1, "W4": 4, "W5": 4, "B1": 6, "G1": 6, "Y1": 6}, dragonling="tail")
    stop(s)
    s.play(AssignDragonling(3))
    return s


def _chariots():
    s = modules_test.chariot_session("C1")
    roll(s, modules_test.CHARIOT_ROLL)
    stop(s)
    return s


def _inspiration():
    enemies = [plain("E1", start=2, icon="talon"), plain("E2", start=2), plain("E3", start=2, icon="teeth")] + \
              [plain(f"E{i}", start=2) for i in (4, 5, 6)] + fillers(6)
    s = new_session(Options.with_modules("dragonling", "inspiration"), enemies,
                    order={"inspirations": ["I04", "I01", "I05"]}, inspirations=modules_test.INSPIRATIONS)
    roll(s, {"W1": 3, "W2": 1, "W3": 1, "W4": 4, "W5": 4, "B1": 6, "G1": 6, "Y1": 6}, dragonling="tail")
    stop(s)
    s.play(AssignDragonling(3))
    return s


def _shields():
    s, _ = modules_test.shielded_session()
    roll(s, {"W1": 3, "W2": 3, "B1": 3, "W3": 1, "W4": 1, "W5": 2, "W8": 2, "G1": 6, "Y1": 6})
    stop(s)
    return s


def _conspirators():
    s = modules_test.conspirator_session()
    s.play(RollActivation(), outcome=[4])
    roll(s, {"W1": 1, "W2": 1, "W3": 3, "W4": 3, "W5": 4, "B1": 4, "G1": 5, "Y1": 5})
    stop(s)
    s.play(RollActivation(), outcome=[4])
    s.play(ChooseEnemy(5))
    return s


def _sun_and_moon():
    s = new_session(Options.with_modules("sun_and_moon"), [plain(f"E{i}", start=2) for i in range(1, 7)] + fillers(6))
    s.play(RotateDial(2))
    roll(s, {"W1": 2, "W2": 2, "W3": 1, "W4": 1, "W5": 3, "B1": 3, "G1": 6, "Y1": 6})
    stop(s)
    s.play(TakeSunDie("green"))
    s.play(RotateDial(3))
    roll(s, {"G2": 6, "W1": 6, "W2": 1, "W3": 1, "W4": 2, "W5": 2, "W8": 4, "B1": 4, "G1": 5, "Y1": 5})
    stop(s)
    return s


@pytest.mark.parametrize("title, replay", [
    ("Example: Carter", _carter), ("Example: moving", _resolution), ("Example: defeating", _defeat),
    ("Example: replacing", _replace), ("Example: the dragonling", _dragonling), ("Example: chariots", _chariots),
    ("Example: an inspiration", _inspiration), ("Example: shields", _shields), ("Example: conspirators", _conspirators),
    ("Example: sun and moon", _sun_and_moon),
])
def test_each_example_chapter_ends_where_the_rulebook_test_does(walk, title, replay):
    chapter = walk.chapters[chapter_index(walk, title)]
    assert chapter.scenes[-1].state == replay().state


def test_the_rulebook_examples_are_all_chapters(walk):
    titles = [c.title for c in walk.chapters]
    assert titles[0] == "A round, from set-up to recovery" and len(titles) == 11
    assert all(any(s.section.startswith("Proving Grounds Rulebook, ") for s in c.scenes) for c in walk.chapters)
    assert not any("shared" in s.section or "/" in s.section for c in walk.chapters for s in c.scenes)


def test_no_decision_offers_time_is_up(walk):
    for i, chapter in enumerate(walk.chapters):
        for j, scene in enumerate(chapter.scenes):
            if scene.decision:
                walk.go(i, j)
                assert "Time is up" not in [b.description for b in walk.button_row.children if b.layout.display != "none"]
                assert TimeUp() != scene.decision.example


def test_the_round_chapter_deals_what_the_play_dashboard_deals_on_its_seed(walk):
    """The handoff: the play dashboard in study mode on the chapter's seed deals the same table and roll."""
    chapter = walk.chapters[0]
    assert f"<b>{lessons.ROUND_SEED}</b>" in chapter.handoff and 'href="play.ipynb"' in chapter.handoff
    app = ProvingGroundsApp(seed=lessons.ROUND_SEED, mode="study", threaded=False)
    assert app.session.state == chapter.scenes[0].state
    assert app.act(Roll()) and app.session.state == chapter.scenes[1].state
    # and the chapter goes all the way to the next round
    assert chapter.scenes[-1].state.round == 2 and chapter.scenes[-1].state.phase == "roll"
    sections = {e.section for s in chapter.scenes for e in s.events}
    assert {"Step 2: Resolve Attacks, Defeating an Enemy", "Step 2: Resolve Attacks, Suffering Wounds",
            "Step 3: Recover"} <= sections
