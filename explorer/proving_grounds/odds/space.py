"""The reroll solver's state space: per colour, the multiset of faces its dice show (dice of one colour are interchangeable)."""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np

from .inputs import COLOURS, MAX_PARTIAL_STATES, Dice, _describe


# --------------------------------------------------------------------------
# Multisets of faces for one colour.


class _FaceMultisets:
    """Every way a group of interchangeable dice can show faces, and every sub-group.

    A *full* multiset holds all ``size`` dice; a *partial* one is what stays on
    the table after a set is picked up for a reroll (Step 1: Roll Dice).
    Partial multisets are listed by size, largest first, so the full ones are
    indices ``0 .. n_full-1``; within a size they are sorted by ``code``.
    """

    def __init__(self, size: int):
        self.size = size
        self.powers = (size + 1) ** np.arange(6, dtype=np.int64)
        levels, self.level_bounds, start = [], [], 0
        for dice in range(size, -1, -1):
            level = _counts_of_size(dice)
            level = level[np.argsort(level @ self.powers, kind="stable")]
            levels.append(level)
            self.level_bounds.append((start, start + len(level)))
            start += len(level)
        self.counts = np.concatenate(levels)
        self.codes = self.counts @ self.powers
        self.n_full = self.level_bounds[0][1]
        self.n_partial = len(self.counts)
        self._order = np.argsort(self.codes, kind="stable")
        self._sorted_codes = self.codes[self._order]
        self.full_counts = self.counts[: self.n_full]
        self.face_counts = np.ascontiguousarray(self.full_counts.T)  # (6, n_full)
        # Partial multiset plus one die showing face d; unused (-1) on full rows.
        self.add_index = np.full((self.n_partial, 6), -1, dtype=np.intp)
        self.add_index[self.n_full :] = self.lookup(self.codes[self.n_full :, None] + self.powers)
        # What stays on the table when every die showing face f is picked up.
        self.remove_index = self.lookup(
            self.codes[None, : self.n_full] - self.face_counts * self.powers[:, None]
        )
        self.full_index = {tuple(map(int, row)): i for i, row in enumerate(self.full_counts)}
        self.opening_probabilities = _multinomial(self.full_counts)
        self._landings: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def lookup(self, codes: np.ndarray) -> np.ndarray:
        """Index of each partial multiset, given its code."""
        return self._order[np.searchsorted(self._sorted_codes, codes)]

    def reroll_outcomes(self, state: int, face: int) -> tuple[Any, np.ndarray | None]:
        """Where this group's dice showing ``face`` can land, and with what chance.

        Step 1: Roll Dice: the rerolled dice land independently; dice of other
        numbers stay where they are.

        Returns:
            ``(state, None)`` if no die of this group shows ``face``;
            ``(None, probabilities)`` if all of them do (every full multiset,
            in index order); else ``(full multiset indices, probabilities)``.
        """
        rerolled = int(self.full_counts[state, face - 1])
        if rerolled == 0:
            return state, None
        if rerolled not in self._landings:
            landed = _counts_of_size(rerolled)
            codes = landed @ self.powers
            order = np.argsort(codes)
            self._landings[rerolled] = (codes[order], _multinomial(landed)[order])
        codes, probabilities = self._landings[rerolled]
        if rerolled == self.size:
            return None, probabilities
        staying = self.codes[state] - rerolled * self.powers[face - 1]
        return np.searchsorted(self.codes[: self.n_full], staying + codes), probabilities


@functools.lru_cache(maxsize=32)
def _counts_of_size(dice: int) -> np.ndarray:
    """Face counts (rows of 6) of every multiset of ``dice`` d6 results."""
    listed = list(itertools.combinations_with_replacement(range(6), dice))
    combos = np.array(listed, dtype=np.intp).reshape(len(listed), dice)
    counts = np.zeros((len(combos), 6), dtype=np.int64)
    np.add.at(counts, (np.arange(len(combos))[:, None], combos), 1)
    counts.flags.writeable = False
    return counts


def _multinomial(counts: np.ndarray) -> np.ndarray:
    """Chance that fair d6 rolls show exactly these face counts (in any order)."""
    dice = int(counts[0].sum())
    factorial = np.array([math.factorial(i) for i in range(dice + 1)], dtype=np.float64)
    # Every factorial up to 18! is exact in float64, so the ratios are exact integers.
    return factorial[dice] / factorial[counts].prod(axis=1) / 6.0**dice


@functools.lru_cache(maxsize=16)
def _face_multisets(size: int) -> _FaceMultisets:
    return _FaceMultisets(size)


# --------------------------------------------------------------------------
# The pool: one multiset axis per colour.


class _PoolLayout:
    """Indexing of every dice state and partial pool for one pool's colours.

    States are a C-ordered grid with one axis per colour present (in
    ``COLOURS`` order); each axis indexes that colour's face multisets.
    """

    def __init__(self, key: tuple[tuple[str, int], ...]):
        self.key = key
        self.colours = tuple(colour for colour, _ in key)
        self.sizes = tuple(size for _, size in key)
        self.groups = tuple(_face_multisets(size) for size in self.sizes)
        self.shape = tuple(g.n_full for g in self.groups)
        self.partial_shape = tuple(g.n_partial for g in self.groups)
        self.n_states = math.prod(self.shape)
        self.n_partial = math.prod(self.partial_shape)
        self._full_block = tuple(slice(0, n) for n in self.shape)
        axes = len(self.groups)

        def along(g: int, table: np.ndarray) -> np.ndarray:
            """View a (6, n_g) per-face table so it broadcasts along axis g."""
            return table.reshape((6,) + (1,) * g + (-1,) + (1,) * (axes - g - 1))

        totals = np.zeros((6,) + self.shape, dtype=np.int16)
        sources = np.zeros((6,) + self.shape, dtype=np.intp)
        stride = 1
        for g in reversed(range(axes)):
            totals += along(g, self.groups[g].face_counts).astype(np.int16)
            sources += along(g, self.groups[g].remove_index) * stride
            stride *= self.partial_shape[g]
        # Step 1: Roll Dice: two or more dice on a number, of any colours, make a set.
        self.face_totals = totals.reshape(6, -1)
        self.reroll_source = sources.reshape(6, -1).astype(np.int32)
        self.has_set = (self.face_totals >= 2).any(axis=0)
        self.set_positions = [np.flatnonzero(self.face_totals[f] >= 2) for f in range(6)]
        self.set_sources = [sources.reshape(6, -1)[f][p] for f, p in enumerate(self.set_positions)]
        opening = np.ones(())
        for group in self.groups:
            opening = np.multiply.outer(opening, group.opening_probabilities)
        self.opening_probabilities = opening.ravel()

    @functools.cached_property
    def group_dice(self) -> list[list[Dice]]:
        """Canonical dice tuple of each colour's multisets, per colour."""
        return [
            [
                tuple((colour, f + 1) for f, n in enumerate(row) for _ in range(n))
                for row in group.full_counts.tolist()
            ]
            for colour, group in zip(self.colours, self.groups)
        ]

    def state_index(self, dice: Dice) -> int:
        """Index of validated dice in the state grid."""
        counts = {colour: [0] * 6 for colour in self.colours}
        for colour, face in dice:
            counts[colour][face - 1] += 1
        index = 0
        for g, colour in enumerate(self.colours):
            index = index * self.shape[g] + self.groups[g].full_index[tuple(counts[colour])]
        return index

    def group_indices(self, state: int) -> list[int]:
        parts = []
        for n in reversed(self.shape):
            state, part = divmod(state, n)
            parts.append(part)
        return parts[::-1]

    def dice_at(self, state: int) -> Dice:
        """Canonical dice tuple of one state."""
        parts = self.group_indices(int(state))
        return tuple(itertools.chain.from_iterable(d[p] for d, p in zip(self.group_dice, parts)))

    @functools.cached_property
    def dice_tuples(self) -> tuple[Dice, ...]:
        """Canonical dice tuples of every state, in index order (made once: a goal written as a Python
        function is called on each of them, and a tuple per state is most of that work)."""
        states: list[Dice] = [()]
        for group in self.group_dice:
            states = [head + tail for head in states for tail in group]
        return tuple(states)

    @functools.cached_property
    def number_classes(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The states grouped by how many dice show each number, colours aside: the first and the last
        state of each group, and each state's group (what a colour-blind goal is asked on)."""
        codes = (sum(self.sizes) + 1) ** np.arange(6, dtype=np.int64) @ self.face_totals
        _, first, members = np.unique(codes, return_index=True, return_inverse=True)
        _, from_end = np.unique(codes[::-1], return_index=True)
        return first, self.n_states - 1 - from_end, members

    def all_dice(self) -> Iterable[Dice]:
        """Canonical dice tuples of every state, in index order."""
        return iter(self.dice_tuples)

    def _axis_view(self, table: np.ndarray, g: int) -> np.ndarray:
        """Axes before g in full partial extent, axis g whole, axes after g full states only."""
        return table[(slice(None),) * g + (slice(None),) + self._full_block[g + 1 :]]

    def scratch(self) -> list[np.ndarray]:
        """Work arrays for :meth:`expected_after_reroll`, reused across budget steps.

        Reusing them avoids fresh page faults on every step, which otherwise
        cost about as much as the arithmetic.
        """
        shape, arrays = self.shape, []
        for g, group in enumerate(self.groups):
            shape = shape[:g] + (group.n_partial,) + shape[g + 1 :]
            arrays.append(np.empty(shape))
        return arrays

    def expected_after_reroll(
        self, values: np.ndarray, scratch: list[np.ndarray] | None = None
    ) -> np.ndarray:
        """Expected value of every partial pool once its missing dice are rolled.

        Step 1: Roll Dice: rerolled dice land independently and uniformly, so
        a pool missing dice is worth the average, over one missing die's six
        faces, of the pool with that die added. Colours are filled one axis at
        a time, sizes largest first.

        Args:
            values: value of every full state, flat.
            scratch: arrays from :meth:`scratch`; the result lives in the last one.

        Returns:
            Flat table over partial pools; ``result[reroll_source[f-1, s]]`` is
            the value of rerolling the set of ``f`` in state ``s``.
        """
        table = values.reshape(self.shape)
        for g, (group, grown) in enumerate(zip(self.groups, scratch or self.scratch())):
            lead = (slice(None),) * g
            grown[lead + (slice(0, group.n_full),)] = table
            for start, stop in group.level_bounds[1:]:
                added = group.add_index[start:stop]
                total = grown[lead + (added[:, 0],)]
                for face in range(1, 6):
                    total += grown[lead + (added[:, face],)]
                total /= 6.0
                grown[lead + (slice(start, stop),)] = total
            table = grown
        return table.reshape(-1)

    def spread_rerolled(self, mass: np.ndarray) -> np.ndarray:
        """Where the probability of every partial pool goes once its missing dice land.

        The transpose of :meth:`expected_after_reroll` (Step 1: Roll Dice).

        Args:
            mass: flat probabilities over partial pools; overwritten.

        Returns:
            Flat probabilities over full states.
        """
        table = mass.reshape(self.partial_shape)
        for g in reversed(range(len(self.groups))):
            group = self.groups[g]
            view = self._axis_view(table, g)
            lead = (slice(None),) * g
            for start, stop in reversed(group.level_bounds[1:]):
                share = view[lead + (slice(start, stop),)] / 6.0
                for face in range(6):
                    # One face maps distinct partial pools to distinct pools, so += is safe.
                    view[lead + (group.add_index[start:stop, face],)] += share
        return table[self._full_block].reshape(-1).copy()


def _layout_key(pool: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    counts = Counter(pool)
    return tuple((colour, counts[colour]) for colour in COLOURS if counts[colour])


def layout_for(pool: tuple[str, ...]) -> _PoolLayout:
    """The (cached) state layout of a validated pool.

    Raises:
        ValueError: the pool's colours give more partial pools than fit in memory.
    """
    key = _layout_key(pool)
    partial = math.prod(math.comb(size + 6, 6) for _, size in key)
    if partial > MAX_PARTIAL_STATES:
        raise ValueError(
            f"pool: {len(pool)} dice in colours ({_describe(dict(key))}) give {partial:,} "
            f"partial pools; at most {MAX_PARTIAL_STATES:,} are supported"
        )
    return _cached_layout(key)


@functools.lru_cache(maxsize=8)
def _cached_layout(key: tuple[tuple[str, int], ...]) -> _PoolLayout:
    return _PoolLayout(key)
