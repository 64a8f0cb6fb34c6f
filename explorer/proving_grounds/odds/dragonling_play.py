"""Policies, decisions and final distributions of a solved dragonling table (Module 1: The Dragonling).

Kept apart from the value iteration (``dragonling_solver``, which builds on this module): everything here
reads the solved tables, and pushes probability forward through a policy's
rerolls, each set rerolled with or without the dragonling die (ruling PG-18).
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .dragonling import DRAGONLING, outcome_values, split_roll
from .inputs import FACES, Dice, Goal, validate_goal, validate_rerolls
from .solver import Decision

DragonPolicy = Callable[[Dice, int], Any]


@dataclass(frozen=True)
class DragonlingDecision(Decision):
    """A :class:`Decision` whose rerolls say whether the dragonling die goes too.

    ``action_values`` keys: None (stop), ``(face, False)`` (reroll the set of
    ``face``, keep the dragonling result), ``(face, True)`` (reroll both).
    """

    dragonling: str = ""

    @property
    def sets(self) -> tuple[int, ...]:
        return tuple(sorted({a[0] for a in self.action_values if a is not None}))


def _action(code: int) -> tuple[int, bool] | None:
    return None if code == 0 else ((code - 1) % 6 + 1, code > 6)


class DragonlingPolicyTable:
    """One action per (dragonling class, state) and budget; callable like any policy.

    ``policy(roll, rerolls_left) -> None or (face, reroll_dragonling)``, with
    the roll in the dragonling convention.
    """

    def __init__(self, solver: DragonlingPlay, actions: list[np.ndarray], name: str):
        self.solver = solver
        self.actions = actions  # codes: 0 stop, f keep the result, 6 + f reroll it too
        self.name = name

    def codes_at(self, rerolls_left: int) -> np.ndarray:
        return self.actions[min(rerolls_left, len(self.actions) - 1)]

    def __call__(self, roll: Iterable[Any], rerolls_left: int):
        dice, result = split_roll(roll, self.solver.pool, self.solver.outcomes.names)
        state = self.solver.layout.state_index(dice)
        rerolls_left = validate_rerolls(rerolls_left, "rerolls_left")
        return _action(int(self.codes_at(rerolls_left)[self.solver.class_of[result], state]))

    def __repr__(self) -> str:
        return f"DragonlingPolicyTable({self.name!r}, pool={dict(self.solver.layout.key)})"


class DragonlingPlay:
    """What a :class:`DragonlingSolver` offers once solved: policies, their values and distributions.

    Reads the solver's ``pool``, ``layout``, ``outcomes``, ``class_of`` and solved tables.
    """

    def optimal_policy(self) -> DragonlingPolicyTable:
        """The policy this solver found, for every budget up to ``rerolls``."""
        return DragonlingPolicyTable(self, [self._codes_at(k) for k in range(len(self._values))], "optimal")

    def greedy_policy(self) -> DragonlingPolicyTable:
        """Reroll whichever set (with or without the die) most improves the goal if play stopped right after."""
        one = self if len(self._values) > 1 else type(self)(self.pool, 1, self.goal)
        return DragonlingPolicyTable(self, [self._actions[0], one._codes_at(1)], "greedy")

    def never_reroll_policy(self) -> DragonlingPolicyTable:
        """Keep the opening roll."""
        return DragonlingPolicyTable(self, [self._actions[0]], "never reroll")

    def evaluate_policy(self, policy: DragonPolicy, roll=None, rerolls_left: int | None = None) -> float:
        """Exact expected goal value when following ``policy``.

        Args:
            policy: ``policy(roll, rerolls_left) -> None, (face, reroll_dragonling) or face``
                (a bare face keeps the dragonling result); called once per
                reachable (state, result) holding a set, unless it is a table of this solver.
        """
        mass = self._final_probabilities(policy, roll, rerolls_left)
        return float((mass * self.outcomes.values).sum())

    def final_distribution(self, roll=None, policy: DragonPolicy | None = None,
                           rerolls_left: int | None = None) -> dict[tuple, float]:
        """Probability of each final roll (dragonling pair last) under a policy (default optimal).

        The roll is as the timer leaves it, before the result is used (a chaos
        result has not yet rerolled the coloured dice).
        """
        policy = self.optimal_policy() if policy is None else policy
        mass = self._final_probabilities(policy, roll, rerolls_left)
        return {
            self.layout.dice_at(s) + ((DRAGONLING, self.outcomes.names[r]),): float(mass[r, s])
            for r, s in zip(*np.nonzero(mass))
        }

    def expectations(self, goals: Iterable[Goal], roll=None, policy: DragonPolicy | None = None,
                     rerolls_left: int | None = None) -> list[float]:
        """Expected values of other goals when play follows ``policy`` (default: optimal here).

        The dragonling result is used as this solver's goal would use it, so
        for example each enemy's hit chance counts the result joining that
        enemy only when that is the best use for this goal. A
        :class:`DragonlingGoal` scores that use; any other goal sees the attack
        dice alone (after a chaos reroll).
        """
        policy = self.optimal_policy() if policy is None else policy
        mass = self._final_probabilities(policy, roll, rerolls_left)
        return [
            float((mass * outcome_values(self.layout, validate_goal(g), self.outcomes)).sum())
            for g in goals
        ]

    def _final_probabilities(self, policy: DragonPolicy, roll, rerolls_left: int | None) -> np.ndarray:
        """Push the roll's probability forward through the policy's rerolls: shape ``(results, states)``."""
        if not callable(policy):
            raise TypeError(
                "policy: expected a callable (roll, rerolls_left) -> None or (face, reroll_dragonling), "
                f"got {policy!r}"
            )
        budget = self._budget(rerolls_left)
        chances = self.outcomes.probabilities
        if roll is None:
            mass = np.outer(chances, self.layout.opening_probabilities)
        else:
            _, result, state = self._state(roll)
            mass = np.zeros((len(chances), self.layout.n_states))
            mass[self.outcomes.names.index(result), state] = 1.0
        choose = self._chooser(policy)
        final = np.zeros_like(mass)
        for left in range(budget, 0, -1):
            deciding = np.flatnonzero(mass.any(axis=0) & self.layout.has_set)
            codes = choose(deciding, left, mass[:, deciding] > 0)  # (results, deciding)
            partial = None
            for face in FACES:
                keep, both = codes == face, codes == face + 6
                movers = (keep | both).any(axis=0)
                if not movers.any():
                    continue
                if partial is None:
                    partial = np.zeros((len(chances), self.layout.n_partial))
                states = deciding[movers]
                moved = mass[:, states]
                rolled = (moved * both[:, movers]).sum(axis=0)
                # One face maps distinct states to distinct partial pools, so += is safe.
                partial[:, self.layout.reroll_source[face - 1, states]] += (
                    moved * keep[:, movers] + np.outer(chances, rolled)
                )
                mass[:, states] = np.where(keep[:, movers] | both[:, movers], 0.0, moved)
            final += mass  # whoever did not reroll stops here
            if partial is None:
                return final
            mass = np.array([self.layout.spread_rerolled(row) for row in partial])
        return final + mass

    def _chooser(self, policy: DragonPolicy):
        if isinstance(policy, DragonlingPolicyTable) and policy.solver is self:
            rows = [self.class_of[name] for name in self.outcomes.names]
            return lambda states, left, live: policy.codes_at(left)[np.ix_(rows, states)]

        def ask(states: np.ndarray, left: int, live: np.ndarray) -> np.ndarray:
            codes = np.zeros(live.shape, dtype=np.int8)
            for r, n in zip(*np.nonzero(live)):
                roll = self.layout.dice_at(states[n]) + ((DRAGONLING, self.outcomes.names[r]),)
                try:
                    choice = policy(roll, left)
                except Exception as exc:
                    raise ValueError(
                        f"policy raised {type(exc).__name__}: {exc} on roll {roll} "
                        f"with {left} rerolls left"
                    ) from exc
                codes[r, n] = self._checked_choice(choice, states[n], roll, left)
            return codes

        return ask

    def _checked_choice(self, choice: Any, state: int, roll: tuple, left: int) -> int:
        """Step 1: only a set may be rerolled (with or without the dragonling die); None stops."""
        if choice is None:
            return 0
        face, both = choice, False
        if isinstance(choice, tuple) and len(choice) == 2:
            face, both = choice
        if (
            isinstance(face, (bool, np.bool_))
            or not isinstance(face, numbers.Integral)
            or not isinstance(both, (bool, np.bool_))
            or not 1 <= face <= 6
            or self.layout.face_totals[int(face) - 1, state] < 2
        ):
            raise ValueError(
                f"policy: chose {choice!r} on roll {roll} with {left} rerolls left; expected None "
                "or (face of a set, reroll the dragonling die: bool)"
            )
        return int(face) + (6 if both else 0)
