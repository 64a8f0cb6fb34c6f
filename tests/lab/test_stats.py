"""Intervals, their coverage on a game with a known answer, and the significance sentences."""
from __future__ import annotations

import math

import numpy as np
import pytest

from explorer import lab
from explorer.lab import stats

from .coin import COIN  # noqa: F401  (registers the synthetic game)


def test_wilson_matches_textbook_values():
    # Wilson (1927) / Newcombe (1998) table: 0 of 10 -> [0, 0.2775]; 81 of 263 -> [0.2553, 0.3662]
    lo, hi = stats.wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = stats.wilson(81, 263)
    assert (lo, hi) == (pytest.approx(0.2553, abs=1e-4), pytest.approx(0.3662, abs=1e-4))
    assert all(math.isnan(x) for x in stats.wilson(0, 0))


def test_paired_difference_is_tighter_than_unpaired_for_correlated_games():
    rng = np.random.default_rng(3)
    a = rng.normal(10, 3, 2000)
    b = a + rng.normal(0.2, 0.3, 2000)
    est_p, se_p, *_ = stats.difference(a, b, paired=True)
    est_u, se_u, *_ = stats.difference(a, b, paired=False)
    assert est_p == pytest.approx(est_u)
    assert se_p < se_u / 5


@pytest.mark.parametrize("p", [0.05, 0.3, 0.5])
def test_interval_coverage_on_a_game_with_a_known_win_rate(p):
    """Over 300 independent runs, the 95% intervals hold the true values about 95% of the time."""
    runs, hits_p, hits_m = 300, 0, 0
    for seed in range(runs):
        r = lab.compare("coin", {"A": {"p": p, "mean": 4.0}}, games=100, seed=seed, executor="inline")
        rate, length = r.row("A", "win_rate"), r.row("A", "rounds")
        hits_p += rate.low <= p <= rate.high
        hits_m += length.low <= 4.0 <= length.high
    # binomial(300, 0.95) has sd 3.8 hits: [0.91, 0.99] is about +-4 sd
    assert 0.91 <= hits_p / runs <= 0.99, hits_p
    assert 0.91 <= hits_m / runs <= 0.99, hits_m


def test_difference_intervals_cover_the_true_difference():
    runs, hits = 200, 0
    for seed in range(runs):
        r = lab.compare("coin", {"A": {"p": 0.4}, "B": {"p": 0.5}}, games=200, seed=seed, executor="inline")
        (d,) = [d for d in r.differences if d.metric == "win_rate"]
        hits += d.low <= 0.1 <= d.high
    assert 0.90 <= hits / runs <= 0.99, hits


def test_sentences_say_significant_only_when_the_interval_excludes_zero():
    yes = stats.sentence("Win rate", "A", "B", 0.05, 0.02, 0.08, "proportion")
    assert "B is 5.0 points higher than A" in yes and "significant difference" in yes
    lower = stats.sentence("Game length", "A", "B", -0.5, -0.9, -0.1, "mean")
    assert "B is 0.50 lower than A" in lower and "significant" in lower
    no = stats.sentence("Win rate", "A", "B", 0.01, -0.02, 0.04, "proportion")
    assert no.startswith("Win rate: no significant difference between B and A")
    assert "too few games" in stats.sentence("Win rate", "A", "B", math.nan, math.nan, math.nan, "proportion")


def test_result_summary_lists_what_is_significant():
    r = lab.compare("coin", {"A": {"p": 0.2}, "B": {"p": 0.6}, "C": {"p": 0.2}}, games=400, seed=1, executor="inline")
    sig = {(d.variant, d.metric) for d in r.significant()}
    assert ("B", "win_rate") in sig and ("C", "win_rate") not in sig
    text = r.summary(["win_rate"])
    assert text.splitlines()[0].startswith("1 of 2 differences are significant")
    assert len(r.to_records()) == 6 and r.to_records()[0]["variant"] == "A"
