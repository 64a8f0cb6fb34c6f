"""The compact battle's chance and random choices, drawn from the game's own numpy ``Generator`` by numpy's own
algorithms, without the cost of a Generator method call for a handful of numbers.

``rng.integers(k)`` and ``rng.integers(1, 7, size=n)`` take a few microseconds each to parse their arguments
before numpy draws 32-bit words from the bit generator and bounds them (Lemire's method, in
``buffered_bounded_lemire_uint32``); here the same words come from the same bit generator's ``next_uint32``
(its ctypes interface, so its buffered half-word is shared with every numpy call on it) and are bounded the
same way. ``rng.permutation(n)`` is ``shuffle`` of ``range(n)`` (a list shuffles 4x faster than an array is made
and shuffled). ``tests/doomrock/test_compact_replay.py`` holds all three to numpy's own calls.
"""
from __future__ import annotations

import numpy as np

MASK = 0xFFFFFFFF


class Draws:
    """Chance from ``rng``: ``dice(n)`` is ``rng.integers(1, 7, size=n).tolist()``, ``below(k)`` is
    ``int(rng.integers(k))``, ``order(n)`` is ``rng.permutation(n).tolist()``; the generator ends in the state
    those calls leave it in."""

    __slots__ = ("rng", "_next", "_state")

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        ct = rng.bit_generator.ctypes
        self._next, self._state = ct.next_uint32, ct.state

    def below(self, k: int) -> int:
        """A whole number 0 <= x < k, as ``rng.integers(k)`` draws it (k = 1 draws nothing)."""
        if k <= 1:
            if k == 1:
                return 0
            raise ValueError(f"below: k must be at least 1, got {k}")
        if k > MASK:  # pragma: no cover - numpy's 64-bit path; no battle lists this many choices
            return int(self.rng.integers(k))
        nxt, st = self._next, self._state
        m = nxt(st) * k
        if (m & MASK) < k:
            threshold = (MASK + 1 - k) % k
            while (m & MASK) < threshold:
                m = nxt(st) * k
        return m >> 32

    def dice(self, n: int) -> list[int]:
        """``n`` six-sided dice."""
        nxt, st = self._next, self._state
        out = []
        for _ in range(n):
            m = nxt(st) * 6
            while (m & MASK) < 4:  # (2**32 - 6) % 6: the words Lemire's method rejects for 6
                m = nxt(st) * 6
            out.append((m >> 32) + 1)
        return out

    def order(self, n: int) -> list[int]:
        """A uniformly random order of ``range(n)``."""
        out = list(range(n))
        self.rng.shuffle(out)
        return out
