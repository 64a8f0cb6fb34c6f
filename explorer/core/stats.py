"""Summaries every simulator reports the same way."""
from __future__ import annotations

import math
from collections.abc import Sequence


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """Mean and its standard error (sample standard deviation / sqrt(n)); NaN where undefined (n < 1, n < 2)."""
    n = len(values)
    if n == 0:
        return float("nan"), float("nan")
    mean = sum(values) / n
    if n == 1:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


class LimitHits:
    """For a simulator's result with ``records`` whose games carry ``at_limit`` (ended by a round limit, an
    option rather than a rule) and ``capped`` (stopped by the step cap): how many games each stopped."""

    @property
    def round_limit_hits(self) -> int:
        return sum(getattr(r, "at_limit", False) for r in self.records)

    @property
    def step_cap_hits(self) -> int:
        return sum(r.capped for r in self.records)
