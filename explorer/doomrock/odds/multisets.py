"""Multisets of die faces as rows of counts, with the index maps the roll-phase solver walks.

A hand of ``n`` dice is its counts of 1s..6s: the order of the dice never matters, so the
solver works on C(n+6, 6) multisets (3,003 for eight dice) instead of 6**n ordered rolls.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

import numpy as np


class Layout:
    """Every multiset of at most ``n`` faces, grouped by size.

    Attributes:
        n: the largest size.
        counts: ``(M, 6)`` int array, row ``m`` counts the 1s..6s of multiset ``m``.
        sizes: ``(M,)`` number of dice in each multiset.
        levels: ``levels[s]`` is the slice of rows holding multisets of size ``s``.
        up: ``(M, 6)`` row of the multiset with one more die showing face ``f+1``
            (``M``, a padding row, at size ``n``).
        down: ``(M, 6)`` row with one die showing ``f+1`` removed (``M`` when there is none).
    """

    def __init__(self, n: int):
        self.n = n
        rows = [
            np.bincount(np.array(combo, dtype=np.int64), minlength=6)
            for size in range(n + 1)
            for combo in combinations_with_replacement(range(6), size)
        ]
        self.counts = np.array(rows, dtype=np.int64).reshape(-1, 6)
        self.sizes = self.counts.sum(axis=1)
        starts = np.searchsorted(self.sizes, np.arange(n + 2))
        self.levels = [slice(int(starts[s]), int(starts[s + 1])) for s in range(n + 1)]
        self._base = (n + 1) ** np.arange(6, dtype=np.int64)
        keys = self.counts @ self._base
        self._order = np.argsort(keys, kind="stable")
        self._keys = keys[self._order]
        size = len(self.counts)
        self.up = np.full((size, 6), size, dtype=np.int64)
        self.down = np.full((size, 6), size, dtype=np.int64)
        eye = np.eye(6, dtype=np.int64)
        for f in range(6):
            grow = self.sizes < n
            self.up[grow, f] = self.rows(self.counts[grow] + eye[f])
            shrink = self.counts[:, f] > 0
            self.down[shrink, f] = self.rows(self.counts[shrink] - eye[f])

    def __len__(self) -> int:
        return len(self.counts)

    def rows(self, counts: np.ndarray) -> np.ndarray:
        """Row numbers of count vectors (each of size at most ``n``, counts >= 0)."""
        keys = np.asarray(counts, dtype=np.int64) @ self._base
        return self._order[np.searchsorted(self._keys, keys)]

    def row(self, counts) -> int:
        """Row number of one count vector."""
        return int(self.rows(np.asarray(counts, dtype=np.int64).reshape(1, 6))[0])


@lru_cache(maxsize=16)
def layout_for(n: int) -> Layout:
    """The shared layout for multisets of at most ``n`` faces."""
    return Layout(n)


def counts_of(faces) -> tuple[int, ...]:
    """Counts of 1s..6s among ``faces``."""
    counts = [0] * 6
    for f in faces:
        counts[f - 1] += 1
    return tuple(counts)


def faces_of(counts) -> tuple[int, ...]:
    """The sorted faces a count vector stands for."""
    return tuple(f + 1 for f in range(6) for _ in range(int(counts[f])))


def roll_weight(counts) -> int:
    """Number of ordered rolls showing this multiset (the multinomial coefficient)."""
    weight = factorial(int(sum(counts)))
    for c in counts:
        weight //= factorial(int(c))
    return weight
