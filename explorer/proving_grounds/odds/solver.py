"""Exact optimal play of the Proving Grounds reroll rule (Step 1: Roll Dice).

Why exact: evaluation bars and policy comparisons show differences that are
often smaller than Monte Carlo noise.

How: a dice state is, for each colour, the multiset of faces its dice show
(dice of one colour are interchangeable). Rerolling a set picks up every die
showing that number, so the value of a reroll is the value of the *partial
pool* left on the table, averaged over the dice still to be rolled. Those
averages are computed for every partial pool at once, one missing die at a
time (``_PoolLayout.expected_after_reroll``). That costs a few passes over the
value table per budget step, instead of a joint transition matrix with
millions of non-zeros.

Conventions:
    * Dice handed to goals and policies are a tuple of ``(colour, face)``
      pairs sorted by colour (white, blue, green, yellow) and then face.
    * An action is the face of the set to reroll, or ``None`` to stop.
    * Where rerolling and stopping are worth the same (within 1e-12 of the
      goal's scale) the solver stops, so evaluation bars do not flicker on
      rounding noise.
"""
from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .goals import ColourBlindGoal, FaceAdditiveGoal, face_additive_expectation, face_marginals, goal_cache_key, stop_values
from .inputs import (
    COLOURS, FACES, MAX_PARTIAL_STATES, MAX_TABLE_BYTES, Dice, Die, Goal, Policy,
    validate_goal, validate_pool, validate_rerolls, validate_roll,
)
from .space import _PoolLayout, layout_for

__all__ = [
    "COLOURS", "ColourBlindGoal", "FACES", "MAX_PARTIAL_STATES", "Decision", "Dice", "Die", "FaceAdditiveGoal", "Goal",
    "Policy", "PolicyTable", "RerollSolver", "goal_cache_key", "layout_for", "stop_values",
    "validate_goal", "validate_pool", "validate_rerolls", "validate_roll",
]


# --------------------------------------------------------------------------
# Policies and decisions.


class PolicyTable:
    """A reroll policy stored as one action per dice state and budget.

    ``actions[k][s]`` is the face to reroll in state ``s`` with ``k`` rerolls
    left (0 = stop); budgets past the end of the list use the last table.
    Callable like any policy: ``policy(dice, rerolls_left) -> face or None``.
    """

    def __init__(self, layout: _PoolLayout, actions: list[np.ndarray], name: str):
        self.layout = layout
        self.actions = actions
        self.name = name

    def actions_at(self, rerolls_left: int) -> np.ndarray:
        return self.actions[min(rerolls_left, len(self.actions) - 1)]

    def __call__(self, dice: Iterable[Die], rerolls_left: int) -> int | None:
        pool = [colour for colour, size in self.layout.key for _ in range(size)]
        state = self.layout.state_index(validate_roll(dice, pool, name="dice"))
        action = int(self.actions_at(validate_rerolls(rerolls_left, "rerolls_left"))[state])
        return action or None

    def __repr__(self) -> str:
        return f"PolicyTable({self.name!r}, pool={dict(self.layout.key)})"


@dataclass(frozen=True)
class Decision:
    """Everything an evaluation bar needs for one roll and budget.

    Attributes:
        dice: the roll, canonical order.
        rerolls_left: the budget the decision is for.
        value: best expected goal value from here.
        best_action: face of the set to reroll, or None to stop.
        action_values: expected goal value of every legal action when playing
            on optimally; key None is stopping, an int key is rerolling that set.
    """

    dice: Dice
    rerolls_left: int
    value: float
    best_action: int | None
    action_values: Mapping[int | None, float]

    @property
    def sets(self) -> tuple[int, ...]:
        """Faces of the sets that may be rerolled now."""
        return tuple(face for face in self.action_values if face is not None)


# --------------------------------------------------------------------------
# The solver.


class SolvedTables:
    """What every solver keeps: value tables per budget (``_values``), action tables
    (``_actions``) and the budget it was built for (``rerolls``)."""

    rerolls: int
    _values: list
    _actions: dict

    @property
    def nbytes(self) -> int:
        """Memory held by the solved tables."""
        return sum(a.nbytes for a in self._values) + sum(a.nbytes for a in self._actions.values())

    def _budget(self, rerolls_left: int | None) -> int:
        if rerolls_left is None:
            return self.rerolls
        rerolls_left = validate_rerolls(rerolls_left, "rerolls_left")
        if rerolls_left > self.rerolls:
            raise ValueError(
                f"rerolls_left: {rerolls_left} exceeds the {self.rerolls} rerolls "
                "this solver was built for"
            )
        return rerolls_left


class RerollSolver(SolvedTables):
    """Optimal reroll play for one pool, goal and reroll budget, solved once.

    Step 1: Roll Dice: the player may reroll one set (every die showing a
    number shown by two or more dice) at a time, never a single, and may stop
    at any time; ``rerolls`` bounds how many sets the timer allows.

    Values are the exact Bellman optimum. Actions stop unless a reroll is
    worth more than stopping by over 1e-12 of the goal's scale, and prefer
    the lower face among rerolls within that margin, so rounding noise never
    shows up as advice.

    Args:
        pool: colour of each die, e.g. ``["white"] * 5 + ["blue", "green", "yellow"]``.
        rerolls: the most set rerolls allowed.
        goal: scores the final dice (tuple of ``(colour, face)``, canonical
            order); bool or number. A :class:`FaceAdditiveGoal` is solved from
            its per-face tables, a :class:`ColourBlindGoal` is asked once per
            multiset of numbers; any other callable is called once per state.

    Raises:
        TypeError, ValueError: bad pool, budget or goal, naming the argument.
    """

    def __init__(self, pool: Iterable[str], rerolls: int, goal: Goal):
        self.pool = validate_pool(pool)
        self.rerolls = validate_rerolls(rerolls)
        self.goal = validate_goal(goal)
        self.layout = layout_for(self.pool)
        self._stop = stop_values(self.layout, goal)
        self._tolerance = 1e-12 * max(1.0, float(np.abs(self._stop).max()))
        self._values = self._solve()
        self._actions: dict[int, np.ndarray] = {0: np.zeros(self.layout.n_states, dtype=np.int8)}

    def _solve(self) -> list[np.ndarray]:
        """Value iteration over the budget (Step 1: Roll Dice: stop, or reroll one set).

        Stops storing once the values repeat: every larger budget is then the same.
        """
        values = [self._stop]
        scratch = self.layout.scratch()
        for budget in range(1, self.rerolls + 1):
            if (budget + 1) * self._stop.nbytes > MAX_TABLE_BYTES:
                raise ValueError(
                    f"rerolls: {self.rerolls} rerolls of this pool need more than "
                    f"{MAX_TABLE_BYTES // 2**20} MiB of tables; use a smaller budget"
                )
            after = self.layout.expected_after_reroll(values[-1], scratch)
            best = self._stop.copy()
            for where, source in zip(self.layout.set_positions, self.layout.set_sources):
                reroll = after[source]
                np.maximum(reroll, best[where], out=reroll)
                best[where] = reroll
            values.append(best)
            if np.array_equal(best, values[-2]):
                break
        return values

    def _table(self, rerolls_left: int) -> int:
        return min(rerolls_left, len(self._values) - 1)

    def _actions_at(self, rerolls_left: int) -> np.ndarray:
        """Optimal action of every state with this budget (0 = stop), computed on first use.

        Step 1: Roll Dice: the choices are stopping or rerolling one set.
        """
        level = self._table(rerolls_left)
        if level not in self._actions:
            after = self.layout.expected_after_reroll(self._values[level - 1])
            threshold = self._stop + self._tolerance
            action = np.zeros(self.layout.n_states, dtype=np.int8)
            for face, (where, source) in enumerate(
                zip(self.layout.set_positions, self.layout.set_sources), start=1
            ):
                reroll = after[source]
                better = reroll > threshold[where]
                threshold[where[better]] = reroll[better] + self._tolerance
                action[where[better]] = face
            self._actions[level] = action
        return self._actions[level]

    def _state(self, roll: Iterable[Die]) -> tuple[Dice, int]:
        dice = validate_roll(roll, self.pool)
        return dice, self.layout.state_index(dice)

    def value(self, roll: Iterable[Die] | None = None, rerolls_left: int | None = None) -> float:
        """Best expected goal value from a roll, or averaged over the opening roll."""
        values = self._values[self._table(self._budget(rerolls_left))]
        if roll is None:
            return float(self.layout.opening_probabilities @ values)
        return float(values[self._state(roll)[1]])

    def decision(self, roll: Iterable[Die], rerolls_left: int | None = None) -> Decision:
        """Value of every legal action for one roll (Step 1: Roll Dice: reroll a set, or stop)."""
        budget = self._budget(rerolls_left)
        dice, state = self._state(roll)
        stop = float(self._stop[state])
        rerolls: dict[int, float] = {}
        if budget > 0:
            previous = self._values[self._table(budget - 1)].reshape(self.layout.shape)
            parts = self.layout.group_indices(state)
            for face in FACES:
                if self.layout.face_totals[face - 1, state] >= 2:
                    rerolls[face] = self._reroll_value(previous, parts, face)
        best, threshold = None, stop + self._tolerance
        for face, value in rerolls.items():
            if value > threshold:
                best, threshold = face, value + self._tolerance
        value = float(self._values[self._table(budget)][state])
        return Decision(dice, budget, value, best, {None: stop, **rerolls})

    def best_action(self, roll: Iterable[Die], rerolls_left: int | None = None) -> int | None:
        """Face of the set to reroll, or None to stop."""
        return self.decision(roll, rerolls_left).best_action

    def _reroll_value(self, previous: np.ndarray, parts: list[int], face: int) -> float:
        """Expected value of rerolling the set of ``face``: each colour's dice land independently."""
        outcomes = [g.reroll_outcomes(p, face) for g, p in zip(self.layout.groups, parts)]
        block = previous
        for axis in reversed(range(len(outcomes))):  # later axes first: earlier axis numbers hold
            states, _ = outcomes[axis]
            if states is not None:
                block = block.take(states, axis=axis)
        for _, probabilities in reversed(outcomes):
            if probabilities is not None:
                block = block @ probabilities
        return float(block)

    # ---- policies

    def optimal_policy(self) -> PolicyTable:
        """The policy this solver found, as a table for every budget up to ``rerolls``."""
        actions = [self._actions_at(k) for k in range(len(self._values))]
        return PolicyTable(self.layout, actions, "optimal")

    def greedy_policy(self) -> PolicyTable:
        """Reroll whichever set most improves the goal if play stopped right after it."""
        return PolicyTable(self.layout, [self._actions[0], self._one_step_actions()], "greedy")

    def _one_step_actions(self) -> np.ndarray:
        if len(self._values) > 1:
            return self._actions_at(1)
        return RerollSolver(self.pool, 1, self.goal)._actions_at(1)

    def never_reroll_policy(self) -> PolicyTable:
        """Keep the opening roll."""
        return PolicyTable(self.layout, [self._actions[0]], "never reroll")

    def evaluate_policy(
        self, policy: Policy, roll: Iterable[Die] | None = None, rerolls_left: int | None = None
    ) -> float:
        """Exact expected goal value when following ``policy``.

        Args:
            policy: ``policy(dice, rerolls_left) -> face or None``; called once
                per reachable state holding a set and budget, unless it is a
                :class:`PolicyTable` of this pool.
            roll: the current dice, or None for the opening roll.
            rerolls_left: budget; defaults to the solver's.

        Raises:
            ValueError: the policy raised, or chose a face that is not a set.
        """
        return float(self._final_probabilities(policy, roll, rerolls_left) @ self._stop)

    def policy_curve(
        self, policy: Policy, roll: Iterable[Die] | None = None, rerolls_left: int | None = None
    ) -> list[float]:
        """``evaluate_policy`` with 0, 1, ... ``rerolls_left`` rerolls, as a list.

        A :class:`PolicyTable` of this pool that plays every budget above 0 alike (the greedy and never-reroll
        policies) takes one pass: its game with k rerolls is the first k rerolls of the longest one.
        """
        budget = self._budget(rerolls_left)
        if not (isinstance(policy, PolicyTable) and policy.layout is self.layout and len(policy.actions) <= 2):
            return [self.evaluate_policy(policy, roll, k) for k in range(budget + 1)]
        if roll is None:
            mass = self.layout.opening_probabilities.copy()
        else:
            mass = np.zeros(self.layout.n_states)
            mass[self._state(roll)[1]] = 1.0
        actions, stop = policy.actions_at(1), self._stop
        stopped, curve = 0.0, [float(mass @ stop)]
        for _ in range(budget):
            deciding = np.flatnonzero((mass > 0) & self.layout.has_set)
            chosen = actions[deciding]
            partial = np.zeros(self.layout.n_partial)
            for face in FACES:
                movers = deciding[chosen == face]
                if movers.size:
                    partial[self.layout.reroll_source[face - 1, movers]] += mass[movers]
                    mass[movers] = 0.0
            stopped += float(mass @ stop)  # whoever did not reroll stops here, whatever the budget left
            mass = self.layout.spread_rerolled(partial)
            curve.append(stopped + float(mass @ stop))
        return curve

    def final_distribution(
        self,
        roll: Iterable[Die] | None = None,
        policy: Policy | None = None,
        rerolls_left: int | None = None,
    ) -> dict[Dice, float]:
        """Probability of each final dice state (canonical tuples) under a policy.

        Args:
            roll: the current dice, or None for the opening roll.
            policy: defaults to the optimal policy.
            rerolls_left: budget; defaults to the solver's.
        """
        policy = self.optimal_policy() if policy is None else policy
        probabilities = self._final_probabilities(policy, roll, rerolls_left)
        return {
            self.layout.dice_at(state): float(probabilities[state])
            for state in np.flatnonzero(probabilities)
        }

    def expectations(
        self,
        goals: Iterable[Goal],
        roll: Iterable[Die] | None = None,
        policy: Policy | None = None,
        rerolls_left: int | None = None,
    ) -> list[float]:
        """Expected values of other goals when rerolls follow ``policy`` (default: optimal for this solver's goal).

        For example each enemy's chance of a hit when the player plays for the most
        battle-track steps. The final distribution is pushed forward once for all goals.
        """
        policy = self.optimal_policy() if policy is None else policy
        probabilities = self._final_probabilities(policy, roll, rerolls_left)
        goals = [validate_goal(g) for g in goals]
        marginals = (face_marginals(self.layout, probabilities)
                     if any(isinstance(g, FaceAdditiveGoal) for g in goals) else None)
        return [face_additive_expectation(g, self.layout, marginals) if isinstance(g, FaceAdditiveGoal)
                else float(probabilities @ stop_values(self.layout, g)) for g in goals]

    def _final_probabilities(
        self, policy: Policy, roll: Iterable[Die] | None, rerolls_left: int | None
    ) -> np.ndarray:
        """Push the roll's probability forward through the policy's rerolls (Step 1: Roll Dice)."""
        if not callable(policy):
            raise TypeError(
                f"policy: expected a callable (dice, rerolls_left) -> face or None, got {policy!r}"
            )
        budget = self._budget(rerolls_left)
        if roll is None:
            mass = self.layout.opening_probabilities.copy()
        else:
            mass = np.zeros(self.layout.n_states)
            mass[self._state(roll)[1]] = 1.0
        choose = self._chooser(policy)
        final = np.zeros(self.layout.n_states)
        for left in range(budget, 0, -1):
            deciding = np.flatnonzero((mass > 0) & self.layout.has_set)
            actions = choose(deciding, left)
            partial = None
            for face in FACES:
                movers = deciding[actions == face]
                if movers.size:
                    if partial is None:
                        partial = np.zeros(self.layout.n_partial)
                    partial[self.layout.reroll_source[face - 1, movers]] += mass[movers]
                    mass[movers] = 0.0
            final += mass  # whoever did not reroll stops here
            if partial is None:
                return final
            mass = self.layout.spread_rerolled(partial)
        return final + mass

    def _chooser(self, policy: Policy) -> Callable[[np.ndarray, int], np.ndarray]:
        if isinstance(policy, PolicyTable) and policy.layout is self.layout:
            return lambda states, left: policy.actions_at(left)[states]

        def ask(states: np.ndarray, left: int) -> np.ndarray:
            actions = np.empty(len(states), dtype=np.int8)
            for n, state in enumerate(states):
                dice = self.layout.dice_at(state)
                try:
                    choice = policy(dice, left)
                except Exception as exc:
                    raise ValueError(
                        f"policy raised {type(exc).__name__}: {exc} on dice {dice} "
                        f"with {left} rerolls left"
                    ) from exc
                actions[n] = self._checked_choice(choice, state, dice, left)
            return actions

        return ask

    def _checked_choice(self, choice: Any, state: int, dice: Dice, left: int) -> int:
        """Step 1: Roll Dice: only a set may be rerolled; None stops."""
        if choice is None:
            return 0
        if (
            isinstance(choice, (bool, np.bool_))
            or not isinstance(choice, numbers.Integral)
            or not 1 <= choice <= 6
            or self.layout.face_totals[int(choice) - 1, state] < 2
        ):
            raise ValueError(
                f"policy: chose {choice!r} on dice {dice} with {left} rerolls left; "
                "expected None or the face of a set (two or more dice showing it)"
            )
        return int(choice)
