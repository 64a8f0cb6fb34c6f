"""Seeding batch work: every game of a simulation gets its own child of one ``SeedSequence``."""
from __future__ import annotations

import numpy as np


def children_of(seed: np.random.SeedSequence, n: int) -> list[np.random.SeedSequence]:
    """The first ``n`` children of ``seed``, the same every time (``spawn`` would move on), so a
    result depends only on the seed, never on which executor or worker played the game."""
    return [np.random.SeedSequence(seed.entropy, spawn_key=tuple(seed.spawn_key) + (k,), pool_size=seed.pool_size)
            for k in range(n)]
