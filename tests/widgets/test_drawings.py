"""The drawn board: SVG pieces are pure functions; whole games with every module draw without an error."""
import re

import numpy as np
import pytest

from explorer.proving_grounds import MODULES, Options
from widgets import svg
from widgets.barbearian import BarbearianApp
from widgets.proving_grounds import ProvingGroundsApp
from widgets.proving_grounds.board_view import encounter_board_html, player_area_html


def test_a_die_keeps_its_pips_and_a_word_face():
    for face in range(1, 7):
        assert svg.die(0, 0, 20, "blue", face).count("<circle") == face
    chaos = svg.die(0, 0, 20, "dragonling", "chaos", tip="dragonling die")
    assert "<circle" not in chaos and ">chaos</text>" in chaos and "<title>dragonling die</title>" in chaos


def test_a_track_puts_its_first_space_at_the_bottom():
    cells = [{"tip": f"space {i}", "cls": f"s{i}"} for i in range(3)]
    drawn = svg.track(cells, 0, 0, 10, 10, vertical=True, gap=0)
    ys = {m.group(1): float(m.group(2)) for m in re.finditer(r'class="svg-space (s\d)"><title>[^<]*</title><rect x="0" y="([\d.]+)"', drawn)}
    assert ys["s0"] > ys["s1"] > ys["s2"]


def test_a_drawing_scales_to_its_box_and_a_chart_keeps_whole_labels():
    chart = svg.bar_chart(["Stop rolling (Battle End)", "Reroll the 6s"], [-1.0, 1.5], "Value")
    assert 'viewBox="0 0 420' in chart and "width:100%" in chart
    assert 'data-label="Stop rolling (Battle End)"' in chart and ">Stop rolling (Battle End)</text>" in chart
    assert chart.count('fill="#2e7d32"') == 1  # the best bar only
    legend = svg.legend([("<circle/>", "a token <b>")])
    assert legend.count("<svg") == 1 and "a token &lt;b&gt;" in legend


def test_every_module_combination_draws_and_explains_its_marks():
    rng = np.random.default_rng(7)
    for bits in (0, 63, 21, 42):
        modules = [m for i, m in enumerate(MODULES) if bits >> i & 1]
        app = ProvingGroundsApp(options=Options.with_modules(*modules, timer_rerolls=3), seed=bits, mode="study",
                                threaded=False)
        for _ in range(60):
            if app.session.is_over():
                break
            legal = app.session.legal_actions()
            assert app.act(legal[rng.integers(len(legal))]), app.status.value
            state = app.session.state
            board = encounter_board_html(state) + player_area_html(state)
            assert board.count("<svg") >= 6 and "Something went wrong" not in app.status.value
        if "shields" in modules:
            assert "shield" in app.board.value
        if "sun_and_moon" in modules:
            assert "dial-svg" in app.area.value


@pytest.mark.parametrize("players", [3, 4])
def test_bigger_tables_draw_every_village_with_a_battleground_per_opponent(players):
    app = BarbearianApp(players=players, seats=["human"] + ["greedy"] * (players - 1), seed=5)
    villages = app.villages.value
    assert villages.count("village-svg village-svg-") == players
    assert villages.count(">vs ") == players * (players - 1)


def test_a_negative_value_gets_a_bar_left_of_the_zero_line():
    chart = svg.bar_chart(["Reroll", "Stop"], [1.0, -2.0])
    stop = chart[chart.index('data-label="Stop"'):]
    reroll = chart[chart.index('data-label="Reroll"'):chart.index('data-label="Stop"')]
    x_stop = float(re.search(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"', stop).group(1))
    x_reroll = float(re.search(r'<rect x="([\d.]+)"', reroll).group(1))
    w_stop = float(re.search(r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"', stop).group(1))
    assert x_stop < x_reroll and abs(x_stop + w_stop - x_reroll) < 0.2 and "<line" in chart


def test_a_long_label_wraps_onto_lines_and_its_row_grows():
    long = "Place white 2 + white 2 + blue 2 on chariot #1"
    short = svg.bar_chart(["Stop", "Reroll the 2s"], [1.0, 0.5], "Value")
    chart = svg.bar_chart(["Stop", long], [1.0, 0.5], "Value")
    assert "\u2026" not in chart and chart.count("<tspan") == 2  # the whole label, on two lines
    assert "".join(re.findall(r"<tspan[^>]*>([^<]*)</tspan>", chart)).split() == long.split()
    height = lambda c: float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', c).group(1))
    assert height(chart) > height(short)
    rects = [float(y) for y in re.findall(r'<rect x="[\d.]+" y="([\d.]+)"', chart)]
    assert rects[1] - rects[0] >= 24  # the second row starts below the first
    title = "Value of each choice (advised as if 10 set rerolls fit in the time left)"
    assert svg.bar_chart(["Stop"], [1.0], title).count("<tspan") == 2  # a long title wraps too
    assert svg.wrap("a " * 200, 11.5, 100)[-1].endswith("\u2026") and len(svg.wrap("a " * 200, 11.5, 100)) == 3


def test_a_card_name_never_runs_under_its_marks():
    """A name wraps (or shrinks) to end before the first icon, even with three marks on the card; a name that
    cannot fit beside them gets the whole width and the marks go on a row below it."""
    from widgets.proving_grounds.board_view import _card_head

    marks = [("sun", "s"), ("shield", "h"), ("talon", "t")]
    for name in ["#3 Gilded Champion", "#1 Twin Blade Adept", "#6 Dune Skirmisher", "#2 Stormbreakerqueenofthesands"]:
        drawn, height = _card_head(name, marks, 170)
        size = float(re.search(r'font-size="([\d.]+)"', drawn).group(1))
        rows = [r.strip() for r in re.findall(r"<tspan[^>]*>([^<]*)</tspan>", drawn)] or [re.search(r">([^<]*)</text>", drawn).group(1)]
        icons = [(float(x), float(y)) for x, y in re.findall(r"translate\(([\d.]+),([\d.]+)\)", drawn)]
        name_right = 8 + max(svg.text_width(r, size, bold=True) for r in rows)
        name_bottom = 4 + size + (len(rows) - 1) * (size + 2.5) + 3  # the last baseline and the descenders
        assert all(x > name_right or y > name_bottom for x, y in icons), (name, rows, size, icons)
        assert " ".join(rows) == name and height >= max(y for _, y in icons) + 18
    assert "<tspan" in _card_head("#3 Gilded Champion", marks, 170)[0]  # a two-word name wraps beside the marks


def test_the_sun_and_moon_sit_beside_their_numbers_not_on_them():
    from explorer.core import Session
    from explorer.proving_grounds import RotateDial, SetUp
    from widgets.proving_grounds.board_view import dial_svg

    s = Session("proving-grounds", Options.with_modules("sun_and_moon", timer_rerolls=3), seed=1)
    s.play(SetUp())
    s.play(RotateDial(1))
    dial = dial_svg(s.state)
    numbers = [(float(x), float(y)) for x, y in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="9"', dial)]
    marks = [(float(x) + 8, float(y) + 8) for x, y in re.findall(r'class="dial-mark[^"]*" transform="translate\(([\d.]+),([\d.]+)\)', dial)]
    assert len(numbers) == 6 and len(marks) == 2
    for mx, my in marks:  # a 16 px icon centred at (mx, my) is clear of every 9 px number circle
        assert all(max(abs(mx - x), abs(my - y)) > 9 + 8 for x, y in numbers)
