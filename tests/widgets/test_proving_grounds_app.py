"""Headless widget tests: build the app, act through its widgets, assert on state and figure data."""
import json

import pytest

from explorer.core import Session
from explorer.proving_grounds import Options, Reroll, Roll, SetUp, Stop, TimeUp
from explorer.proving_grounds.odds.advice import advise
from explorer.proving_grounds.board import describe_action
from widgets.dice import DiceTray
from widgets.log import EventLog
from widgets.odds import OddsChart
from widgets.proving_grounds import ProvingGroundsApp


def button(app, cls):
    found = [b for b in app.actions.children if cls in b._dom_classes]
    assert found, f"no button {cls}; have {[b.description for b in app.actions.children]}"
    return found[0]


def tray_reroll_buttons(app):
    return {int(c.split("-")[1]): b for box in app.tray.shown_groups for b in box.children[1:]
            if b.layout.display != "none" for c in b._dom_classes if c.startswith("reroll-")}


@pytest.fixture
def app():
    return ProvingGroundsApp(seed=3, mode="study")


def test_buttons_come_from_the_legal_actions(app):
    assert [b.description for b in app.actions.children] == ["Roll the dice"]
    button(app, "action-roll").click()
    state = app.session.state
    assert len(app.tray.dice) == 8 == len(state.rolled)
    legal_faces = {a.face for a in app.session.legal_actions() if isinstance(a, Reroll)}
    assert set(tray_reroll_buttons(app)) == legal_faces
    assert "action-stop" in [c for b in app.actions.children for c in b._dom_classes]


def test_a_set_is_one_click_to_reroll(app):
    button(app, "action-roll").click()
    face, b = sorted(tray_reroll_buttons(app).items())[0]
    before = app.session.cursor
    b.click()
    assert app.session.cursor == before + 1 and app.session.steps[-1].action == Reroll(face)


def test_the_app_plays_like_the_engine(app):
    engine = Session("proving-grounds", Options(timer_rerolls=10), seed=3)
    engine.play(SetUp())
    for action in (Roll(), Stop()):
        assert app.act(action)
        engine.play(action)
    assert app.session.state == engine.state
    assert f'data-marker="{engine.state.slot(1).marker}"' in app.board.value


def test_an_illegal_click_shows_why_and_changes_nothing(app):
    app.act(Roll())
    state, cursor = app.session.state, app.session.cursor
    assert not app.act(Reroll(7))
    assert "Not allowed" in app.status.value and "only a set" in app.status.value
    assert app.session.state is state and app.session.cursor == cursor


def wait_odds(app):
    assert app.odds_worker.wait() and app.hit_worker.wait()


def test_live_odds_chart_shows_the_solver_values(app):
    app.act(Roll())
    app.odds_toggle.value = True
    wait_odds(app)
    chart = app.odds_chart
    advice = advise(app.session.state, 10)
    assert chart.labels == [describe_action(app.session.state, a) for a, _ in advice.choices]
    assert chart.values == pytest.approx([v for _, v in advice.choices])
    assert "10 rerolls left" in chart.title and app.odds_box.layout.display is None
    assert "Chance to hit" in app.board.value
    app.act(Stop())
    assert app.odds_chart is chart and app.odds_box.layout.display == "none"  # no odds of a past roll
    app.odds_toggle.value = False
    assert app.odds_box.layout.display == "none" and "Chance to hit" not in app.board.value


def test_odds_never_go_stale(app):
    """New game, undo and a jump show the odds of the state on screen (or none), never the last ones."""
    app.odds_toggle.value = True
    app.act(Roll())
    wait_odds(app)
    first = list(app.odds_chart.labels)
    face = min(a.face for a in app.session.legal_actions() if isinstance(a, Reroll))
    app.act(Reroll(face))
    wait_odds(app)
    app.history.undo_button.click()
    wait_odds(app)
    assert app.odds_chart.labels == first and "10 rerolls left" in app.odds_chart.title
    app.new_game()
    assert app.odds_box.layout.display == "none"
    wait_odds(app)
    assert app.odds_box.layout.display == "none" and "appear when you roll" in app.odds_note.value
    assert app.act(Roll())  # the next Roll is not swallowed
    wait_odds(app)
    assert app.odds_box.layout.display is None


def test_a_click_never_waits_for_the_odds(app):
    import time
    app.odds_toggle.value = True
    wait_odds(app)  # the board is solved before the roll, while the player looks at it
    t = time.perf_counter()
    app.act(Roll())
    assert app.odds_worker.wait()
    assert time.perf_counter() - t < 1.0 and app.odds_box.layout.display is None


def test_once_the_board_is_solved_a_click_draws_chart_and_hit_odds_together(app):
    # no flicker: the board is drawn once per click, with each enemy's chance to be hit already on it
    app.odds_toggle.value = True
    wait_odds(app)  # the pre-roll solve
    drawn = []
    app.board.observe(lambda change: drawn.append(change["new"]), "value")
    assert app.act(Roll())
    assert "Chance to hit this round" in app.board.value and "rerolls left" in app.odds_chart.title
    for _ in range(2):
        sets = [a for a in app.session.legal_actions() if isinstance(a, Reroll) and not a.dragonling]
        if not sets:
            break
        drawn.clear()
        assert app.act(sets[0])
        assert len(drawn) <= 1 and "Chance to hit this round" in app.board.value
    wait_odds(app)
    assert len(drawn) <= 1  # nothing redrawn the board afterwards


def test_table_dice_mode_takes_typed_faces(app):
    app.mode.value = "table"
    app.table_faces.value = "1 1 3 3 4 5 6 6"
    assert app.act(Roll())
    assert sorted(f for _, f in app.session.state.rolled) == [1, 1, 3, 3, 4, 5, 6, 6]
    assert app.session.steps[-1].source == "table"
    app.table_faces.value = "2 9"
    cursor = app.session.cursor
    assert not app.act(Reroll(1))
    assert "face #2 is 9" in app.status.value and app.session.cursor == cursor


def test_history_bar_undo_redo_and_slider(app):
    app.act(Roll())
    app.act(Stop())
    end = app.session.cursor
    app.history.undo_button.click()
    assert app.session.cursor == end - 1
    app.history.redo_button.click()
    assert app.session.cursor == end
    app.history.slider.value = 1
    assert app.session.cursor == 1 and [b.description for b in app.actions.children] == ["Roll the dice"]


def test_the_replay_has_its_own_buttons_with_words_and_hover_texts(app):
    app.act(Roll())
    app.act(Stop())
    end, bar = app.session.cursor, app.history
    assert bar.replay.layout.display == "none"  # the Play ticks in the browser; its own buttons have no words
    assert (bar.replay_button.description, bar.replay_button.tooltip) == ("Replay", "Replay the game step by step")
    assert (bar.stop_button.description, bar.stop_button.tooltip) == ("Stop", "Stop the replay")
    assert bar.replay_button in bar.replay_label.children and bar.stop_button.disabled
    bar.replay_button.click()  # at the end: the replay starts from the first step
    assert app.session.cursor == 0 and bar.replay.playing and bar.replay_button.disabled
    bar.replay.value = 2  # the browser's tick
    assert app.session.cursor == 2
    bar.stop_button.click()
    assert not bar.replay.playing and not bar.replay_button.disabled and app.session.cursor == 2 < end


def test_real_time_mode_clock_ends_the_rolling():
    app = ProvingGroundsApp(seed=3, mode="real")
    app.act(Roll())
    assert app.clock.running
    app.clock.ticker.value = 60  # the browser ticks the Play widget; here we jump to the end
    assert app.session.state.phase != "rolling"
    assert type(app.session.steps[-1].action).__name__ == "TimeUp"
    assert not app.clock.running


def test_the_clock_ends_the_rolling_of_a_game_that_counts_rerolls(app):
    app.mode.value = "real"  # switched mid-game: the game keeps its reroll budget, the clock still rules
    app.act(Roll())
    app.clock.ticker.value = 60
    assert app.session.state.phase != "rolling"
    assert type(app.session.steps[-1].action).__name__ == "Stop"


def test_file_picker_loads_a_save_and_refuses_bad_files(app, tmp_path):
    app.act(Roll())
    saved = json.dumps(app.session.to_json()).encode()
    app.act(Stop())
    cursor = app.session.cursor
    app.files.load_bytes("broken.json", b"{not json")
    assert "Could not load" in app.files.message.value and app.session.cursor == cursor
    deck = app.deck.to_json()
    deck["enemies"][2]["start"] = 99
    app.files.load_bytes("mine.json", json.dumps(deck).encode())
    message = app.files.message.value
    assert "mine.json" in message and "enemies[2] (E03)" in message and "start" in message
    assert app.session.cursor == cursor and "Traceback" not in message
    app.files.load_bytes("other.json", b'{"format": "something"}')
    assert "neither a deck" in app.files.message.value
    app.files.load_bytes("game.json", saved)
    assert "Loaded saved game" in app.files.message.value and app.session.state.phase == "rolling"


def test_loading_a_deck_starts_a_new_game_with_it(app):
    deck = app.deck.to_json()
    deck["label"] = "House deck"
    app.files.load_bytes("house.json", json.dumps(deck).encode())
    assert app.deck.label == "House deck" and app.session.cursor == 1


def test_game_over_shows_the_move_quality_report():
    app = ProvingGroundsApp(seed=5, mode="study", rerolls=3)
    for _ in range(400):
        if app.session.is_over():
            break
        legal = app.session.legal_actions()
        app.act(legal[0])
    assert app.session.is_over() and app.report.value == ""  # no spoilers while the odds are hidden
    app.odds_toggle.value = True
    assert "game is over" in app.status.value
    assert "Move quality" in app.report.value and "proficiency" in app.report.value


def test_components_hold_no_rules():
    tray = DiceTray()
    tray.show([("white", 3), ("blue", 3), ("green", 5)], {3})
    assert len(tray.shown_groups) == 2 and "set of 3s" in tray.shown_groups[0].children[0].value
    assert tray.slots[3][2].layout.display is None and tray.slots[5][2].layout.display == "none"  # only the set
    groups = tray.shown_groups
    tray.show([("white", 3), ("blue", 3), ("green", 5)], {3})
    assert tray.shown_groups == groups  # the same widgets, updated: no new ones per click
    log = EventLog(limit=2)
    from explorer.core import Event
    log.show([Event("a", "S1"), Event("b <x>", "S2"), Event("c", "S3")])
    assert "a" not in log.value.split("</td>")[1] and "b &lt;x&gt;" in log.value and "S3" in log.value
    assert log.value.index("S3") < log.value.index("S2")  # newest first
    chart = OddsChart("t", ["x"], [1.0])
    html = chart.widget
    chart.update(["p", "q"], [0.5, 2.0], title="new")
    assert chart.widget is html and chart.values == [0.5, 2.0] and ">new<" in html.value
    assert 'data-label="q"' in html.value and "viewBox" in html.value


def test_an_unexpected_error_is_a_sentence_and_changes_nothing(app, monkeypatch):
    state, cursor = app.session.state, app.session.cursor

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(app.session, "play", broken)
    assert not app.act(Roll())
    assert "Something went wrong" in app.status.value and "disk on fire" in app.status.value
    assert "Traceback" not in app.status.value and app.session.state is state and app.session.cursor == cursor


def test_uploads_of_another_game_or_over_the_cap_are_refused_and_change_nothing(app):
    from explorer.barbearian import SetUp as BBSetUp
    from widgets.files import MAX_BYTES

    app.act(Roll())
    state, cursor = app.session.state, app.session.cursor
    other = Session("barbearian", seed=1)
    other.play(BBSetUp())
    app.files.load_bytes("bears.json", json.dumps(other.to_json()).encode())
    assert "this is a BarBEARian save; open it in the BarBEARian dashboard" in app.files.message.value
    app.files.load_bytes("big.json", b" " * (MAX_BYTES + 1))
    assert "over 5 MB are refused" in app.files.message.value
    app.files.load_bytes("deep.json", b"[" * 100_000 + b"]" * 100_000)
    assert "Could not load" in app.files.message.value
    for bad in (b"[]", b'"x"', b'{"format": "rules-explorer-save", "game": "proving-grounds"}',
                b'{"format": "rules-explorer-deck", "game": "proving-grounds", "version": 1, "enemies": 5}'):
        app.files.load_bytes("bad.json", bad)
        assert "Could not load" in app.files.message.value and "Traceback" not in app.files.message.value
    assert app.session.state is state and app.session.cursor == cursor
    assert "save-link" in app.save_link._dom_classes and "download=" in app.save_link.value  # one click saves


def test_clicking_does_not_pile_up_widgets():
    """The action buttons a click replaces are closed: the number of live widgets does not grow with the clicks."""
    import random

    from ipywidgets.widgets.widget import _instances  # every widget not closed (the page holds a model of each)

    app = ProvingGroundsApp(seed=3, mode="study", threaded=False)
    rng, counts = random.Random(2), []
    for _ in range(80):
        if app.session.is_over():
            app.new_game()
        else:
            clickable = list(app.actions.children) + list(tray_reroll_buttons(app).values())
            rng.choice(clickable).click()
        counts.append(len(_instances))
    assert max(counts[40:]) <= max(counts[:40]) + 5, (counts[0], counts[39], counts[-1])


def test_the_clock_plays_time_up_so_no_button_offers_it_while_it_runs():
    app = ProvingGroundsApp(seed=3, mode="real", threaded=False)
    app.act(Roll())
    assert TimeUp() in app.session.legal_actions() and app.clock.running  # the engine still lists it
    assert "Time is up" not in [b.description for b in app.actions.children]
    assert "action-stop" in [c for b in app.actions.children for c in b._dom_classes]
    app.clock.stop()  # e.g. after an undo into the rolling: without a running clock the button is the way on
    app.refresh()
    assert "Time is up" in [b.description for b in app.actions.children]


def test_face_enemy_buttons_say_what_they_do():
    app = ProvingGroundsApp(options=Options.with_modules("sun_and_moon", timer_rerolls=3), seed=3, threaded=False)
    faces = [b for b in app.actions.children if b.description.startswith("Face enemy")]
    assert len(faces) == 6
    for b in faces:
        assert b.tooltip != b.description and "sun and moon dial" in b.tooltip and "Module 6: Sun and Moon" in b.tooltip
    assert "Sun and moon dial" in app.actions_note.value and "Module 6: Sun and Moon" in app.actions_note.value
    app.act(app.session.legal_actions()[0])
    assert app.actions_note.value == ""  # the note goes with the buttons
    assert all(b.tooltip for b in app.actions.children)


def test_the_dragonling_die_sits_in_the_tray_with_the_dice():
    app = ProvingGroundsApp(options=Options.with_modules("dragonling", timer_rerolls=3), seed=3, threaded=False)
    assert app.tray.extra.value == ""  # nothing rolled yet
    app.act(Roll())
    face = app.session.state.dragonling
    extra = app.tray.extra.value
    assert f'data-face="{face}"' in extra and "Dragonling die" in extra and "Module 1: The Dragonling" in extra
    assert "Dragonling die" not in app.area.value  # not far from the dice any more


def test_real_time_odds_say_the_reroll_count_is_an_assumption():
    app = ProvingGroundsApp(seed=3, mode="real", threaded=False)
    app.odds_toggle.value = True
    app.act(Roll())
    assert "advised as if 10 set rerolls fit in the time left" in app.odds_chart.title
    assert "rerolls left" not in app.odds_chart.title


def test_a_table_dice_refusal_reads_as_a_sentence(app):
    app.mode.value = "table"
    app.table_faces.value = "3 3 1 2 4 5 6 6"
    assert app.act(Roll())
    app.table_faces.value = "2 2 2"
    assert not app.act(Reroll(3))
    assert "set of 3s: expected 2 faces, got 3 faces (2, 2, 2)" in app.status.value and "[" not in app.status.value


def visible_text(html: str) -> str:
    """What a reader sees of some HTML: the text without tags, entities decoded, spaces collapsed."""
    import re
    from html import unescape
    return " ".join(unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", html, flags=re.S)).split())


def test_a_wound_says_so_above_the_buttons_that_ask_for_a_die():
    """Suffering Wounds: "If the battle marker reaches the bottom space of the battle track, you have suffered a
    wound! ... Add one of your dice to the exhaustion track, placing it on the top space." The buttons that ask
    for the die come with what happened, the rule and what the choice does."""
    app = ProvingGroundsApp(seed=3, mode="real", threaded=False)
    app.act(Roll())
    app.clock.ticker.value = 60  # the clock runs out; enemy #2's marker reaches the bottom space
    state = app.session.state
    assert state.phase == "wound" and state.tasks[0] == ("wound", 2)
    assert all(b.description.startswith("Exhaust a ") for b in app.actions.children)
    note = visible_text(app.actions_note.value)
    assert "You are wounded" in note and "enemy #2" in note and "bottom space of its battle track" in note
    assert "Suffering Wounds" in note and "exhaustion track" in note
    assert f"space {state.health + 2} of {state.options.health_spaces}" in note and "start space" in note
    app.act(app.session.legal_actions()[0])
    assert "wounded" not in app.actions_note.value  # the note goes with its buttons


def test_after_undo_past_time_is_up_the_clock_follows_the_state_shown():
    """Step 1: Roll Dice, "you may continue rerolling ... until the timer ends": back in the rolling after Undo,
    the rerolls work, so the header must not still say the time is up."""
    app = ProvingGroundsApp(seed=3, mode="real", threaded=False)
    app.act(Roll())
    app.clock.ticker.value = 60
    assert "Time is up" in app.clock.label.value  # the clock's own words, for the state it ended
    app.history.undo_button.click()
    assert app.session.state.phase == "rolling" and tray_reroll_buttons(app)
    assert "Time is up" not in app.clock.label.value and "#b00020" not in app.clock.label.value
    assert "No clock for this roll" in app.clock.label.value
    app.history.redo_button.click()  # the state after Time is up again
    assert "Time is up" in app.clock.label.value
    app.history.slider.value = 1  # before the roll
    assert "starts when you roll" in app.clock.label.value


def test_each_game_note_replaces_the_one_before(app):
    """New game and a load each say what they did; the note of the one before does not stay beside it."""
    app.act(Roll())
    saved = json.dumps(app.session.to_json()).encode()
    app.seed.value = 5
    app.new_game()
    assert "New game, seed 5" in app.status.value
    app.files.load_bytes("game.json", saved)
    assert "Loaded saved game game.json" in app.files.message.value
    assert "New game" not in app.status.value
    app.new_game()
    assert "New game, seed 5" in app.status.value and "Loaded saved game" not in app.files.message.value


def test_the_dragonling_result_is_named_once():
    """Module 1: "The wing result may be used to prevent the battle marker from moving down for any one single."
    The die shows "wing"; the words beside it say what it does, without naming it again ("wing wing:")."""
    app = ProvingGroundsApp(options=Options.with_modules("dragonling", timer_rerolls=3), seed=4, threaded=False)
    app.act(Roll())
    assert app.session.state.dragonling == "wing"
    text = visible_text(app.tray.extra.value)
    assert text.split().count("wing") == 1 and "wing:" not in text, text
    assert "keep one single's battle marker from moving down" in text and "Module 1: The Dragonling" in text


def hover_text(widget) -> str:
    """The words the page shows on hovering a control. An ipywidgets 8 checkbox with a description puts that
    description in its title (over the tooltip); other controls show their tooltip."""
    import ipywidgets as w
    if isinstance(widget, w.Checkbox) and widget.description:
        return widget.description
    return widget.tooltip or ""


def test_each_module_switch_says_its_rule_on_hover(app):
    """The Modules: each switch's hover text is the module's rule in a sentence, not its name again."""
    from explorer.proving_grounds import MODULES
    for number, module in enumerate(MODULES, 1):
        control = app.module_boxes[module]
        tip = hover_text(control)
        assert tip != control.description and tip.startswith(f"Module {number}: ") and tip.endswith("."), tip
        assert len(tip.split()) >= 12
    app.module_boxes["shields"].value = True
    assert app._options_from_controls().shields and not app._options_from_controls().chariots
