"""Seeding batch work: every game of a simulation gets its own child of one ``SeedSequence``."""
from __future__ import annotations

import numpy as np


def children_of(seed: np.random.SeedSequence, n: int) -> list[np.random.SeedSequence]:
    """The first ``n`` children of ``seed``, the same every time (``spawn`` would move on), so a
    result depends only on the seed, never on which executor or worker played the game."""
    return [child_of(seed, k) for k in range(n)]


def child_of(seed: np.random.SeedSequence, k: int) -> np.random.SeedSequence:
    """Child ``k`` of ``seed`` alone (``children_of(seed, n)[k]`` for any ``n`` > ``k``)."""
    return np.random.SeedSequence(seed.entropy, spawn_key=tuple(seed.spawn_key) + (k,), pool_size=seed.pool_size)
