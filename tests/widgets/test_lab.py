"""Headless tests of the lab dashboard: variants from widgets, a run with progress, charts with error
bars, sentences, deck uploads and readable errors."""
from __future__ import annotations

import json

import pytest

from explorer.barbearian.cards import sample_deck as bb_deck
from widgets.lab import LabApp, figure


@pytest.fixture()
def app():
    return LabApp(executor="inline", games=600, seed=3, threaded=False)


def test_two_variants_run_and_show_bars_with_error_bars(app):
    app.editors[1].set_option("shields", True)
    assert app.editors[1].options_json() == {"shields": True}
    assert app.editors[0].options_json() == {}
    result = app.run()
    assert result is not None and result.games == (600, 600)
    assert app.progress.value == app.progress.max == 1200
    bars = [t for t in app.figure.data if t.type == "bar"]
    assert len(bars) == len({r.metric for r in result.rows})
    for t in bars:
        assert list(t.x) == ["A", "B"]
        assert all(v >= 0 for v in t.error_y.array) and any(v > 0 for v in t.error_y.array)
    assert "differences are significant" in app.sentences.value
    assert "Win rate" in app.sentences.value and "lab-table" in app.table.value


def test_every_option_of_the_game_has_a_widget(app):
    from explorer.proving_grounds import Options

    assert set(app.editors[0].fields) == set(Options().to_json())
    app.game.value = "barbearian"
    from explorer.barbearian import Options as BBOptions

    assert set(app.editors[0].fields) == set(BBOptions().to_json())
    assert app.bots.value == "greedy" and len(app.editors) == 2


def test_a_bad_option_is_reported_and_nothing_runs(app):
    app.editors[1].set_option("health_spaces", 1)
    assert app.run() is None
    assert "health_spaces" in app.message.value and "rx-error" in app.message.value
    assert app.result is None


def test_add_and_remove_variants(app):
    app.add_variant("C", {"dragonling": True})
    assert [e.name.value for e in app.editors] == ["A", "B", "C"]
    assert app.tabs.titles == ("A", "B", "C")
    app.remove_variant()
    assert len(app.editors) == 2
    app.editors[1].name.value = "A"
    assert app.run() is None and "must differ" in app.message.value


def test_deck_upload_validates_and_keeps_the_old_deck_on_error():
    app = LabApp(game="barbearian", executor="inline", games=4, threaded=False)
    editor = app.editors[1]
    data = bb_deck().to_json()
    data["upgrades"] = [u for u in data["upgrades"] if u["name"] != "Captain's Training"]
    data["label"] = "no Captain's Training"
    editor.load_deck_bytes("deck.json", json.dumps(data).encode())
    assert editor.deck is not None and "no Captain" in editor.deck_note.value
    bad = dict(data, trials=[])
    editor.load_deck_bytes("bad.json", json.dumps(bad).encode())
    assert "rx-error" in editor.upload.message.value and "trials" in editor.upload.message.value
    assert editor.deck.label == "no Captain's Training"
    editor.load_deck_bytes("junk.json", b"{not json")
    assert "not a JSON file" in editor.upload.message.value
    editor.load_deck_bytes("deep.json", b"[" * 100_000 + b"]" * 100_000)
    assert "rx-error" in editor.upload.message.value
    editor.load_deck_bytes("huge.json", b" " * 2_000_000)
    assert "files over 1 MB are refused" in editor.upload.message.value and editor.deck.label == "no Captain's Training"
    app.editors[0].set_option("players", 2)
    editor.set_option("players", 2)
    result = app.run()
    assert result is not None and result.games == (4, 4)


def test_sweep_charts_draw_lines_over_the_value():
    from explorer import lab

    r = lab.sweep("proving-grounds", "health_spaces", [5, 6], games=300, seed=1, executor="inline")
    fig = figure(r, metrics=["win_rate"])
    (t,) = fig.data
    assert t.type == "scatter" and list(t.x) == [5, 6] and len(t.error_y.array) == 2


def test_the_dashboard_sweeps_one_option_of_the_first_variant(app):
    app.editors[0].set_option("shields", True)
    app.sweep_option.value = "health_spaces"
    app.sweep_values.value = "5, 7"
    r = app.sweep()
    assert r is not None and r.option == "health_spaces"
    assert [row.variant for row in r.metric("win_rate")] == ["health_spaces=5", "health_spaces=7"]
    assert all(t.type == "scatter" for t in app.figure.data)
    app.sweep_values.value = "5, seven"
    assert app.sweep() is None and "separated by commas" in app.message.value


def test_a_tqdm_bar_follows_a_run():
    from explorer import lab
    from widgets.lab import tqdm_progress

    bar = tqdm_progress("coin flips")
    lab.compare("proving-grounds", [{}], games=50, seed=1, executor="inline", progress=bar)
    assert bar.bar.n == bar.bar.total == 50


def _boom(options, deck, bots, seed, n):
    raise RuntimeError("game not finished after 50000 steps")


def test_a_failing_worker_is_shown_on_the_page_not_left_running(monkeypatch):
    """A block that raised left the page at "running..." for ever; now its message names the game and seed."""
    import dataclasses

    from explorer.lab.games import GAMES

    monkeypatch.setitem(GAMES, "rumble-planet", dataclasses.replace(GAMES["rumble-planet"], play_block=_boom))
    app = LabApp(game="rumble-planet", executor="inline", games=8, seed=1, threaded=False)
    assert app.run() is None
    assert "running" not in app.message.value and "rx-error" in app.message.value
    assert "Rumble Planet" in app.message.value and "seed 1" in app.message.value
    assert app.result is None


def test_the_page_says_how_many_games_a_round_limit_stopped():
    app = LabApp(game="rumble-planet", executor="inline", games=4, seed=1, threaded=False)
    app.editors[1].set_option("round_limit", 2)
    assert app.run() is not None
    assert "stopped by the round limit: A 0 of 4, B 4 of 4" in app.message.value


# -- options in words, Cancel, a game switch, the stored studies ------------------------------------------

def test_every_option_reads_in_words_with_its_documentation_as_hover_text():
    import ipywidgets as w

    from explorer import lab

    for game in ("proving-grounds", "barbearian", "doomrock-battle", "doomrock", "rumble-planet"):  # not a test's game
        assert game in lab.lab_games()
        editor = LabApp(game=game, executor="inline", threaded=False).editors[0]
        for name, field in editor.fields.items():
            f = field.field
            assert f["label"] == name.replace("_", " ").capitalize() and f["doc"], (game, name)
            assert field.box.tooltip == f["doc"] if not isinstance(field.box, w.HBox) else \
                all(b.tooltip == f["doc"] for b in field.box.children)
            shown = (field.children[0].value.rsplit('">', 1)[1].split("<")[0] if len(field.children) > 1
                     else field.box.description)
            assert shown == f["label"]  # the words, not the code name
            if f["choices"] and not isinstance(field.box, w.Checkbox):
                assert isinstance(field.box, w.Dropdown) and tuple(v for _, v in field.box.options) == f["choices"]
            assert not isinstance(field.box, w.Text) or "None" in str(f["type"]) or f["type"] == "str"


def test_lists_and_prices_are_small_editors_not_json():
    import ipywidgets as w

    pg = LabApp(executor="inline", threaded=False).editors[0]
    faces = pg.fields["dragonling_faces"].box
    assert isinstance(faces, w.TagsInput) and faces.allow_duplicates and "wing" in faces.allowed_tags
    faces.value = ["talon"] * 6
    assert pg.options_json()["dragonling_faces"] == ["talon"] * 6
    bb = LabApp(game="barbearian", executor="inline", threaded=False).editors[0]
    price = bb.fields["price_mercenary"]
    assert [b.description for b in price.box.children] == ["honey", "ore", "faith"]
    price.amounts["ore"].value = 1
    assert bb.options_json()["price_mercenary"] == {"honey": 2, "ore": 1}
    pg.fields["timer_rerolls"].box.value = "many"
    with pytest.raises(ValueError, match="Timer rerolls: a whole number or empty"):
        pg.options_json()


def test_switching_game_takes_the_old_answer_away(app):
    app.editors[1].set_option("shields", True)
    assert app.run() is not None and app.sentences.value
    app.game.value = "barbearian"
    assert app.result is None and app.sentences.value == app.table.value == app.message.value == ""
    assert [e.options_json() for e in app.editors] == [{}, {}]


def test_cancel_stops_a_run_and_says_so():
    app = LabApp(executor="inline", games=200_000, seed=3, threaded=True)
    app.run()
    deadline = __import__("time").time() + 60
    while app.progress.value == 0 and __import__("time").time() < deadline:
        __import__("time").sleep(0.05)
    assert app.run_button.disabled and not app.runner.cancel_button.disabled
    app.runner.cancel_button.click()
    assert app.runner.background.wait(60)
    assert "Cancelled after" in app.message.value and app.result is None
    assert not app.run_button.disabled and app.runner.cancel_button.disabled


def test_a_study_shows_its_stored_answer_at_once_and_plays_again_on_request():
    from explorer.lab import studies
    from widgets.lab import StudyView

    view = StudyView(studies.study("first_player"), threaded=False, executor="inline")
    assert "stored with the lab" in view.note.value and "players=3" in view.sentences.value
    stored = view.result
    view.again.click()
    assert "just played" in view.note.value
    assert studies.result_to_json(view.result) == studies.result_to_json(stored)


def test_a_study_is_drawn_as_svg_panels_with_its_intervals():
    """The worked studies show without a chart library: a panel per metric, a bar per variant whose hover text
    gives the estimate and its interval, as stored."""
    import re

    from explorer.lab import studies
    from widgets.lab import StudyView

    study = studies.study("first_player")
    view = StudyView(study, threaded=False, executor="inline")
    html = view.chart.value
    assert html.count('class="rx-svg rx-bar-chart') == len(study.metrics)
    row = view.result.metric("rounds")[1]
    tips = re.findall(r"<title>([^<]*)</title>", html)
    assert f"{row.variant}: {row.estimate:.2f} (95% interval {row.low:.2f} to {row.high:.2f})" in tips
    advantage = view.result.metric("first_player_advantage")[0]
    assert f"{advantage.variant}: {advantage.estimate:.1%}" in " ".join(tips)
    assert html.count('class="svg-interval"') == sum(len(view.result.metric(m)) for m in study.metrics)
    assert "40 games per variant" in html
