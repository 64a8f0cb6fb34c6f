"""The compact battle's chance and random choices, drawn from the game's own numpy ``Generator`` by numpy's own
algorithms, without the cost of a Generator method call for a handful of numbers.

``rng.integers(k)`` and ``rng.integers(1, 7, size=n)`` take a few microseconds each to parse their arguments
before numpy draws 32-bit words from the bit generator and bounds them (Lemire's method, in
``buffered_bounded_lemire_uint32``); here the same words come from the same bit generator's ``next_uint32``
(its ctypes interface, so its buffered half-word is shared with every numpy call on it) and are bounded the
same way. ``rng.permutation(n)`` is ``shuffle`` of ``range(n)`` (a list shuffles 4x faster than an array is made
and shuffled), and several in a row are ``permuted`` row by row in one call.
``tests/doomrock/test_compact_replay.py`` holds them all to numpy's own calls.
"""
from __future__ import annotations

import numpy as np

from ...core.chance import Shuffle

MASK = 0xFFFFFFFF


class Draws:
    """Chance from ``rng``: ``dice(n)`` is ``rng.integers(1, 7, size=n).tolist()``, ``below(k)`` is
    ``int(rng.integers(k))``, ``order(n)`` is ``rng.permutation(n).tolist()`` (``orders(k, n)`` that ``k`` times);
    the generator ends in the state those calls leave it in. (A numpy whose ``integers`` draws otherwise, checked
    once, gets its own calls.)"""

    __slots__ = ("rng", "_next", "_state", "_shuffle", "_permuted", "below", "dice", "order", "orders")

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        ct = rng.bit_generator.ctypes
        self._next, self._state, self._shuffle, self._permuted = ct.next_uint32, ct.state, rng.shuffle, rng.permuted
        if _same_as_numpy():
            self.below, self.dice, self.order, self.orders = self._below, self._dice, self._order, self._orders
        else:  # pragma: no cover - a numpy that draws otherwise: its own (slower) calls
            self.below = lambda k: int(rng.integers(k))
            self.dice = lambda n: rng.integers(1, 7, size=n).tolist()
            self.order = lambda n: rng.permutation(n).tolist()
            self.orders = lambda k, n: [rng.permutation(n).tolist() for _ in range(k)]

    def _below(self, k: int) -> int:
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

    def _dice(self, n: int) -> list[int]:
        """``n`` six-sided dice."""
        nxt, st = self._next, self._state
        out = []
        for _ in range(n):
            m = nxt(st) * 6
            while (m & MASK) < 4:  # (2**32 - 6) % 6: the words Lemire's method rejects for 6
                m = nxt(st) * 6
            out.append((m >> 32) + 1)
        return out

    def _order(self, n: int) -> list[int]:
        """A uniformly random order of ``range(n)``."""
        out = list(range(n))
        self._shuffle(out)
        return out


    def _orders(self, k: int, n: int) -> list[list[int]]:
        """``k`` orders of ``range(n)`` one after the other (``order(n)`` ``k`` times): several are shuffled by one
        ``permuted`` call, row after row, as many ``shuffle`` calls would."""
        if k < 2:
            return [self._order(n)] if k == 1 else []
        base = _ROWS.get((k, n))
        if base is None:
            base = _ROWS[(k, n)] = np.tile(np.arange(n), (k, 1))
        return self._permuted(base, axis=1).tolist()


def shuffles(parts: tuple, rng: Draws) -> dict[str, list]:
    """The outcome of a ``Joint`` of ``Shuffle`` parts, given as (part name, cards) pairs: each deck in turn, as
    the spec's own ``sample`` shuffles them."""
    order = rng.order
    return {name: [cards[i] for i in order(len(cards))] for name, cards in parts}


def shuffle_parts(spec) -> tuple | None:
    """A ``Joint`` spec's parts as (name, cards) pairs for ``shuffles``, or None if a part is not a ``Shuffle``."""
    if not all(isinstance(part, Shuffle) for _, part in spec.parts):
        return None
    return tuple((name, part.cards) for name, part in spec.parts)


_ROWS: dict[tuple[int, int], np.ndarray] = {}  # k rows of range(n), to be permuted row by row (never changed)
_CHECKED: list[bool] = []


def _same_as_numpy() -> bool:
    """Whether this numpy draws as ``Draws`` does (``integers`` bounding the same words, ``permutation`` a shuffle;
    checked once)."""
    if not _CHECKED:
        a, b = np.random.Generator(np.random.PCG64(2026)), np.random.Generator(np.random.PCG64(2026))
        ct = b.bit_generator.ctypes
        mine = Draws.__new__(Draws)
        mine.rng, mine._next, mine._state, mine._shuffle, mine._permuted = (b, ct.next_uint32, ct.state, b.shuffle,
                                                                           b.permuted)
        same = all(int(a.integers(k)) == mine._below(k) and a.integers(1, 7, size=3).tolist() == mine._dice(3)
                   and a.permutation(k % 30).tolist() == mine._order(k % 30)
                   and [a.permutation(k % 30).tolist() for _ in range(k % 4)] == mine._orders(k % 4, k % 30)
                   for k in (1, 2, 3, 5, 6, 7, 16, 1000) for _ in range(8))
        _CHECKED.append(same and a.bit_generator.state == b.bit_generator.state)
    return _CHECKED[0]
