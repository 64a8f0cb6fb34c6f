"""Headless widget tests: build the app, act through its widgets, assert on state and figure data."""
import json

import pytest

from explorer.core import Session
from explorer.proving_grounds import Options, Reroll, Roll, SetUp, Stop
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
    return {int(c.split("-")[1]): b for box in app.tray.groups.children for b in box.children[1:] for c in b._dom_classes if c.startswith("reroll-")}


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


def test_live_odds_chart_shows_the_solver_values(app):
    app.act(Roll())
    assert app.odds_chart is None  # no chart code is loaded until odds are asked for
    app.odds_toggle.value = True
    figure = app.odds_chart.figure
    advice = advise(app.session.state, 10)
    assert list(figure.data[0].x) == [describe_action(app.session.state, a) for a, _ in advice.choices]
    assert list(figure.data[0].y) == pytest.approx([v for _, v in advice.choices])
    assert "10 rerolls left" in figure.layout.title.text
    assert "P(hit)" in app.board.value
    app.act(Stop())
    assert app.odds_chart.figure is figure  # updated in place, never rebuilt
    app.odds_toggle.value = False
    assert app.odds_box.layout.visibility == "hidden" and "P(hit)" not in app.board.value


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
    assert len(tray.groups.children) == 2 and "set of 3s" in tray.groups.children[0].children[0].value
    log = EventLog(limit=2)
    from explorer.core import Event
    log.show([Event("a", "S1"), Event("b <x>", "S2"), Event("c", "S3")])
    assert "a" not in log.value.split("</td>")[1] and "b &lt;x&gt;" in log.value and "S3" in log.value
    chart = OddsChart("t", ["x"], [1.0])
    fig = chart.figure
    chart.update(["p", "q"], [0.5, 2.0], title="new")
    assert chart.figure is fig and list(fig.data[0].y) == [0.5, 2.0] and fig.layout.title.text == "new"


def test_an_unexpected_error_is_a_sentence_and_changes_nothing(app, monkeypatch):
    state, cursor = app.session.state, app.session.cursor

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(app.session, "play", broken)
    assert not app.act(Roll())
    assert "Something went wrong" in app.status.value and "disk on fire" in app.status.value
    assert "Traceback" not in app.status.value and app.session.state is state and app.session.cursor == cursor
