"""Confidence intervals and the sentence that says whether a difference is real.

Proportions get Wilson score intervals (honest near 0 and 1 and for few games); means get
normal intervals from their standard errors; a difference between two variants gets a normal
interval, from the per-game differences when the games were paired by common random numbers.
"""
from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np


def z_for(level: float) -> float:
    """The two-sided normal quantile for a confidence level (1.96 for 0.95)."""
    if not 0.5 <= level < 1:
        raise ValueError(f"confidence level must be between 0.5 and 1, got {level!r}")
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(successes: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion (``(nan, nan)`` without games)."""
    if n <= 0:
        return math.nan, math.nan
    z = z_for(level)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_se(values: np.ndarray) -> tuple[float, float, int]:
    """Mean, standard error (sample variance) and count of the values that are not NaN."""
    v = np.asarray(values, float)
    v = v[~np.isnan(v)]
    n = len(v)
    if n == 0:
        return math.nan, math.nan, 0
    if n == 1:
        return float(v[0]), math.nan, 1
    return float(v.mean()), float(v.std(ddof=1) / math.sqrt(n)), n


def normal_interval(mean: float, se: float, level: float = 0.95) -> tuple[float, float]:
    if math.isnan(se):
        return math.nan, math.nan
    half = z_for(level) * se
    return mean - half, mean + half


def difference(a: np.ndarray, b: np.ndarray, paired: bool, level: float = 0.95) -> tuple[float, float, float, float]:
    """``b - a`` as (estimate, se, low, high): per-game differences when ``paired`` (game i of
    both variants shares its random numbers), else two independent samples."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    if paired and len(a) == len(b):
        both = ~(np.isnan(a) | np.isnan(b))
        if both.all():
            est, se, _ = mean_se(b - a)
            return (est, se, *normal_interval(est, se, level))
    ma, sa, _ = mean_se(a)
    mb, sb, _ = mean_se(b)
    est, se = mb - ma, math.sqrt(sa * sa + sb * sb) if not (math.isnan(sa) or math.isnan(sb)) else math.nan
    return (est, se, *normal_interval(est, se, level))


def sentence(label: str, baseline: str, variant: str, est: float, low: float, high: float,
             kind: str, level: float = 0.95) -> str:
    """One plain sentence: how ``variant`` differs from ``baseline`` and whether that is significant."""
    pct = round(level * 100)
    if math.isnan(low) or math.isnan(high):
        return f"{label}: too few games to compare {variant} with {baseline}."
    fmt = (lambda x: f"{100 * x:.1f} points") if kind == "proportion" else (lambda x: f"{x:.2f}")
    span = f"{pct}% CI {fmt(low).split()[0]} to {fmt(high)}" if kind == "proportion" else f"{pct}% CI {low:.2f} to {high:.2f}"
    if low > 0 or high < 0:
        way = "higher" if est > 0 else "lower"
        return f"{label}: {variant} is {fmt(abs(est))} {way} than {baseline} ({span}), a significant difference."
    return (f"{label}: no significant difference between {variant} and {baseline} "
            f"({variant} minus {baseline} = {fmt(est)}, {span}).")
