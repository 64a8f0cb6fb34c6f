"""The compact game's chance draws: numpy's ``Generator.integers`` and ``Generator.permutation`` for one number or
one small deck at a time, worked out in Python from the generator's raw outputs as numpy works them out.

A game draws a few hundred single numbers (a die face, a card, a bot's pick), and numpy's call for one number
costs several times what the arithmetic does. For a PCG64 generator numpy takes 32-bit halves of its 64-bit
outputs, the low half first, the high one kept for the next draw; a number below ``n`` is Lemire's multiply-and-
reject on a half, and a shuffle's index the least bit mask above it, rejected until in range. ``Draws`` does the
same from ``random_raw`` (one output at a time, so the generator never runs ahead of the draws), starting from
the half the generator holds. It then holds the generator's place: once made, it must be the only one drawing
from it. tests/rumble_planet/test_compact_draws.py holds it to numpy; the replay tests hold the games to the
engine's, which draws through numpy.
"""
from __future__ import annotations

import numpy as np

_LOW = 0xFFFFFFFF


class Draws:
    """``integers(n)`` is ``int(rng.integers(n))``, ``permutation(n)`` is ``list(rng.permutation(n))``."""

    __slots__ = ("raw", "half", "integers", "permutation")

    def __init__(self, rng: np.random.Generator):
        bits = rng.bit_generator
        if type(bits) is not np.random.PCG64:  # another bit generator: numpy's own calls
            self.integers = lambda n: int(rng.integers(n))
            self.permutation = lambda n: [int(i) for i in rng.permutation(n)]
            return
        state = bits.state
        self.raw = bits.random_raw
        self.half = state["uinteger"] if state["has_uint32"] else None  # the high half numpy holds for its next draw
        self.integers = self._integers
        self.permutation = self._permutation

    def _next32(self) -> int:
        """The next 32 random bits, as numpy's ``next_uint32`` gives them."""
        half = self.half
        if half is not None:
            self.half = None
            return half
        word = self.raw()
        self.half = word >> 32
        return word & _LOW

    def _integers(self, n: int) -> int:
        """A whole number from 0 to ``n`` - 1 (``n`` from 1 to 2**32 - 1): numpy's bounded Lemire draw."""
        if n == 1:
            return 0  # numpy draws nothing for a range of one
        if not 1 < n <= _LOW:
            raise ValueError(f"n must be a whole number from 1 to {_LOW}, got {n!r}")
        half = self.half
        if half is None:
            word = self.raw()
            self.half = word >> 32
            m = (word & _LOW) * n
        else:
            self.half = None
            m = half * n
        if m & _LOW < n:
            threshold = (_LOW - n + 1) % n
            while m & _LOW < threshold:
                m = self._next32() * n
        return m >> 32

    def _interval(self, top: int) -> int:
        """A whole number from 0 to ``top`` (below 2**32): numpy's masked rejection (``random_interval``)."""
        if top == 0:
            return 0
        mask = (1 << top.bit_length()) - 1
        while True:
            value = self._next32() & mask
            if value <= top:
                return value

    def _permutation(self, n: int) -> list:
        """0 to ``n`` - 1 shuffled as numpy shuffles ``arange(n)``: from the last place down, each swapped with one
        at or before it."""
        out = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self._interval(i)
            out[i], out[j] = out[j], out[i]
        return out
