"""Exact optimal rerolls with the dragonling die (Step 1: Roll Dice; Module 1: The Dragonling).

Why a sibling of ``RerollSolver``: the dragonling result is a second part of the
dice state that the attack dice never affect. Module 1: "You may reroll the
dragonling die each time you reroll a set" (optional, ruling PG-18), so every
set reroll has two variants, and the die is never rerolled alone.

How:
    * Results that end every state at the same value (the two chaos faces;
      talon when no enemy shows the icon) behave alike for ever, so the
      solver keeps one value table per *class* of results, not per face.
    * Rerolling a set without the die averages the class's own table over
      the landing dice (``_PoolLayout.expected_after_reroll``, once per class);
      rerolling it with the die is that average mixed over the classes'
      chances, which costs one weighted sum.
    * The best reroll of every state is a few dense passes over its sets in
      rank order (first set, second set, ...), not one pass per face.

Conventions:
    * Rolls are ``(colour, face)`` pairs plus one ``("dragonling", result)``
      pair (see ``reroll_dragonling``).
    * An action is ``None`` (stop) or ``(face, reroll_dragonling)``; ``(4, True)``
      rerolls the set of 4s and the dragonling die. Where values tie within
      1e-12 of the goal's scale the solver stops, else prefers the lower face,
      and keeps the dragonling result rather than rerolling it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

import numpy as np

from .dragonling import DragonlingGoal, DragonOutcomes, split_roll
from .dragonling_play import DragonlingDecision, DragonlingPlay
from .inputs import FACES, MAX_TABLE_BYTES, Dice, validate_pool, validate_rerolls
from .solver import SolvedTables
from .space import _PoolLayout, layout_for

# --------------------------------------------------------------------------
# Sets of every state, by rank.


class _SetRanks:
    """Every legal reroll, grouped so the j-th set of every state is one dense array.

    States holding a set are sorted by how many sets they hold (most first), so
    the states with a j-th set are a prefix of that order.
    """

    def __init__(self, layout: _PoolLayout):
        sets = layout.face_totals >= 2  # (6, n_states)
        count = sets.sum(axis=0)
        states = np.flatnonzero(count)
        self.states = states[np.argsort(-count[states], kind="stable")]
        sets = sets[:, self.states]
        rank = np.cumsum(sets, axis=0)  # rank[f, i]: sets among faces 1..f+1 of state i
        self.ranks: list[tuple[int, np.ndarray, np.ndarray]] = []  # (prefix, faces, sources)
        for j in range(int(count.max(initial=0))):
            prefix = int((count[self.states] > j).sum())
            face = (sets & (rank == j + 1))[:, :prefix].argmax(axis=0).astype(np.int8) + 1
            source = layout.reroll_source[face.astype(np.intp) - 1, self.states[:prefix]]
            self.ranks.append((prefix, face, source))

    def best(self, after: np.ndarray) -> np.ndarray:
        """Best of the rerolls' values (``after`` over partial pools) for every state with a set."""
        if not self.ranks:
            return np.empty(0)
        prefix, _, source = self.ranks[0]
        out = after.take(source)
        for prefix, _, source in self.ranks[1:]:
            np.maximum(out[:prefix], after.take(source), out=out[:prefix])
        return out


@functools.lru_cache(maxsize=8)
def _ranks(layout: _PoolLayout) -> _SetRanks:
    """The (cached) set ranks of a layout; layouts are themselves cached, so identity is enough."""
    return _SetRanks(layout)


# --------------------------------------------------------------------------
# The solver.


class DragonlingSolver(SolvedTables, DragonlingPlay):
    """Optimal reroll play for one pool and :class:`DragonlingGoal`, solved once.

    Step 1: Roll Dice with Module 1: reroll one set at a time (optionally with
    the dragonling die), or stop; after the timer the dragonling result is
    used as well as possible (chaos is forced). Same methods as
    ``RerollSolver``; see the module docstring for rolls and actions.

    Args:
        pool: colours of the attack dice (the dragonling die is not listed).
        rerolls: the most set rerolls allowed.
        goal: a :class:`DragonlingGoal`.

    Raises:
        TypeError, ValueError: a bad pool, budget or goal, naming the argument.
    """

    def __init__(self, pool: Iterable[str], rerolls: int, goal: DragonlingGoal):
        self.pool = validate_pool(pool)
        self.rerolls = validate_rerolls(rerolls)
        if not isinstance(goal, DragonlingGoal):
            raise TypeError(f"goal: expected a DragonlingGoal, got {goal!r}")
        self.goal = goal
        self.layout = layout_for(self.pool)
        self.outcomes: DragonOutcomes = goal.outcomes(self.layout)
        self._classes()
        self._tolerance = 1e-12 * max(1.0, float(np.abs(self._stop).max()))
        self._ranks = _ranks(self.layout)
        self._values = self._solve()
        self._actions: dict[int, np.ndarray] = {
            0: np.zeros((len(self._weights), self.layout.n_states), dtype=np.int8)
        }

    def _classes(self) -> None:
        """Merge results whose final values agree in every state: they are alike at every budget."""
        stops, weights, self.class_of = [], [], {}
        for name, p, values in zip(self.outcomes.names, self.outcomes.probabilities, self.outcomes.values):
            match = next((c for c, v in enumerate(stops) if np.array_equal(v, values)), None)
            if match is None:
                match = len(stops)
                stops.append(values)
                weights.append(0.0)
            weights[match] += p
            self.class_of[name] = match
        self._stop = np.array(stops)  # (classes, n_states)
        self._weights = np.array(weights)

    def _solve(self) -> list[np.ndarray]:
        """Value iteration over the budget; stops storing once the tables repeat.

        Per class and budget step: one average over the landing dice, read
        at the j-th sets of all states at once. Rerolling with the die mixes
        the classes' averages by their chances, so it needs none of its own.
        """
        values = [self._stop]
        scratch = self.layout.scratch()
        states = self._ranks.states
        stop_at_sets = self._stop[:, states]
        mixed, spare = np.empty(self.layout.n_partial), np.empty(self.layout.n_partial)
        for budget in range(1, self.rerolls + 1):
            if (budget + 1) * self._stop.nbytes > MAX_TABLE_BYTES:
                raise ValueError(
                    f"rerolls: {self.rerolls} rerolls of this pool need more than "
                    f"{MAX_TABLE_BYTES // 2**20} MiB of tables; use a smaller budget"
                )
            tops = []
            for c, weight in enumerate(self._weights):
                after = self.layout.expected_after_reroll(values[-1][c], scratch)
                if c == 0:
                    np.multiply(after, weight, out=mixed)
                else:
                    mixed += np.multiply(after, weight, out=spare)
                tops.append(self._ranks.best(after))
            rolled = self._ranks.best(mixed)
            # With seven or more dice every state holds a set, so nothing keeps its stop value.
            best = np.empty_like(self._stop) if len(states) == self.layout.n_states else self._stop.copy()
            for c, top in enumerate(tops):
                np.maximum(top, rolled, out=top)
                np.maximum(top, stop_at_sets[c], out=top)
                best[c][states] = top
            values.append(best)
            if np.array_equal(best, values[-2]):
                break
        return values

    def _reroll_values(self, values: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
        """Per class, every partial pool's value once its dice land; and mixed over the die's results."""
        keep, mixed = [], None
        for weight, table in zip(self._weights, values):
            after = self.layout.expected_after_reroll(table).copy()
            mixed = weight * after if mixed is None else mixed + weight * after  # as in _solve
            keep.append(after)
        return keep, mixed

    def _table(self, rerolls_left: int) -> int:
        return min(rerolls_left, len(self._values) - 1)

    def _codes_at(self, rerolls_left: int) -> np.ndarray:
        """Optimal action code of every (class, state) with this budget, computed on first use."""
        level = self._table(rerolls_left)
        if level not in self._actions:
            keep, mixed = self._reroll_values(self._values[level - 1])
            states = self._ranks.states
            codes = np.zeros(self._stop.shape, dtype=np.int8)
            for c, after in enumerate(keep):
                threshold = self._stop[c, states] + self._tolerance
                action = np.zeros(len(states), dtype=np.int8)
                for prefix, face, source in self._ranks.ranks:
                    for table, code in ((after, face), (mixed, face + 6)):
                        value = table.take(source)
                        better = value > threshold[:prefix]
                        threshold[:prefix][better] = value[better] + self._tolerance
                        action[:prefix][better] = code[better]
                codes[c, states] = action
            self._actions[level] = codes
        return self._actions[level]

    def _state(self, roll: Iterable[Any]) -> tuple[Dice, str, int]:
        dice, result = split_roll(roll, self.pool, self.outcomes.names)
        return dice, result, self.layout.state_index(dice)

    # ---- values and decisions

    def value(self, roll: Iterable[Any] | None = None, rerolls_left: int | None = None) -> float:
        """Best expected goal value from a roll, or averaged over the opening roll (dragonling included)."""
        values = self._values[self._table(self._budget(rerolls_left))]
        if roll is None:
            return float(self._weights @ values @ self.layout.opening_probabilities)
        _, result, state = self._state(roll)
        return float(values[self.class_of[result], state])

    def decision(self, roll: Iterable[Any], rerolls_left: int | None = None) -> DragonlingDecision:
        """Value of every legal action for one roll: stop, or reroll a set with or without the die."""
        budget = self._budget(rerolls_left)
        dice, result, state = self._state(roll)
        c = self.class_of[result]
        stop = float(self._stop[c, state])
        rerolls: dict[tuple[int, bool], float] = {}
        if budget > 0:
            previous = self._values[self._table(budget - 1)]
            previous = previous.reshape((len(self._weights),) + self.layout.shape)
            parts = self.layout.group_indices(state)
            for face in FACES:
                if self.layout.face_totals[face - 1, state] >= 2:
                    landed = self._reroll_vector(previous, parts, face)
                    rerolls[(face, False)] = float(landed[c])
                    rerolls[(face, True)] = float(self._weights @ landed)
        best, threshold = None, stop + self._tolerance
        for action, value in rerolls.items():
            if value > threshold:
                best, threshold = action, value + self._tolerance
        value = float(self._values[self._table(budget)][c, state])
        return DragonlingDecision(dice, budget, value, best, {None: stop, **rerolls}, result)

    def best_action(self, roll: Iterable[Any], rerolls_left: int | None = None):
        """``(face, reroll_dragonling)``, or None to stop."""
        return self.decision(roll, rerolls_left).best_action

    def _reroll_vector(self, previous: np.ndarray, parts: list[int], face: int) -> np.ndarray:
        """Per class, the expected value after rerolling the set of ``face`` (each colour lands independently)."""
        outcomes = [g.reroll_outcomes(p, face) for g, p in zip(self.layout.groups, parts)]
        block = previous
        for axis in reversed(range(len(outcomes))):  # class axis first, so axis + 1
            states, _ = outcomes[axis]
            if states is not None:
                block = block.take(states, axis=axis + 1)
        for _, probabilities in reversed(outcomes):
            if probabilities is not None:
                block = block @ probabilities
        return block
