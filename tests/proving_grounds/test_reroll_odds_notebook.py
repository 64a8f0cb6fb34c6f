"""The work behind the buttons of ``notebooks/proving_grounds/reroll_odds.ipynb`` (nbval runs the cells, not the clicks)."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from explorer.proving_grounds.odds import best_odds, solver_for

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "proving_grounds" / "reroll_odds.ipynb"


@pytest.fixture(scope="module")
def notebook():
    """The notebook's code cells run in one namespace, without their display calls."""
    cells = [c for c in json.loads(NOTEBOOK.read_text())["cells"] if c["cell_type"] == "code"]
    ns: dict = {}
    for cell in cells:
        source = "".join(cell["source"])
        if "def set_size_chart" in source or "def win_rates" in source or "GOALS =" in source:
            exec(compile(source.replace("display(", "(lambda *a: None)("), str(NOTEBOOK), "exec"), ns)
    return ns


class Counter:
    def __init__(self):
        self.n = 0

    def update(self, k):
        self.n += k


def test_the_set_size_chart_groups_three_lines_per_set_size_and_draws_exact_values(notebook):
    progress = Counter()
    fig = notebook["set_size_chart"](progress)
    assert progress.n == 3
    groups = {}
    for line in fig.data:
        groups.setdefault(line.legendgroup, []).append(line.name)
    assert groups == {f"set{n}": ["optimal", "greedy", "no rerolling"] for n in (3, 4, 5)}
    pool, goal = notebook["POOL"], notebook["GOALS"][4]
    optimal = fig.data[3].y
    assert optimal[0] == pytest.approx(best_odds(pool, 0, goal), abs=1e-12)
    assert optimal[4] == pytest.approx(solver_for(pool, 10, goal).value(None, 4), abs=1e-12)
    assert fig.data[4].y[4] <= optimal[4] + 1e-12  # greedy below optimal


def test_win_rates_run_every_module_combination_and_sort_easiest_last(notebook, monkeypatch):
    seen = []

    def fake_simulate(options, games, seed, executor):
        seen.append((options, games, seed))
        rate = (seed % 7) / 10
        return SimpleNamespace(win_rate=rate, win_rate_se=0.01)

    monkeypatch.setitem(notebook, "simulate", fake_simulate)
    monkeypatch.setitem(notebook, "tqdm", lambda it, **_: it)
    rows = notebook["win_rates"](5)
    assert len(rows) == 64 and len({r[0] for r in rows}) == 64 and len({s for *_, s in seen}) == 64
    assert [r[1] for r in rows] == sorted(r[1] for r in rows)
    assert ("training", 0.0, 0.01) in rows and any(r[0] == "DCISPM" for r in rows)
    assert all(o.timer_rerolls == 10 and g == 5 for o, g, _ in seen)
    fig = notebook["win_rate_chart"](rows, 5)
    assert list(fig.data[0].x) == [r[0] for r in rows]
