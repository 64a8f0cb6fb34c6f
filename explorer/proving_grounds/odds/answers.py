"""Best odds for a Proving Grounds roll (Step 1: Roll Dice), with a solve cache.

The questions a player asks at the table ("how likely is a set of four if I
keep rerolling?") all need the same solved tables, so solves are kept in a
bounded least-recently-used cache and later questions cost one table read.

Cache rules:
    * Key: the pool's colour counts and the goal. A :class:`FaceAdditiveGoal`
      is keyed by the contents of its per-face table, so equal tables share a
      solve. Any other hashable goal is keyed by itself; functions compare by
      identity, so a goal must be pure (the same object always means the same
      thing). Unhashable goals are solved every time and never cached.
    * A solve for K rerolls answers every budget up to K; asking for more
      replaces it with a larger solve.
    * At most ``max_entries`` solves and ``max_bytes`` of tables are kept.

Module 1 (The Dragonling): a :class:`DragonlingGoal` is solved by a
:class:`DragonlingSolver` (same methods); its rolls carry one
``("dragonling", result)`` pair and its actions are ``None`` or
``(face, reroll_dragonling)``. It is keyed by the contents of its tables too.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable

from .dragonling import DRAGONLING, DragonlingGoal, split_roll
from .dragonling_play import DragonlingDecision, DragonlingPolicyTable
from .dragonling_solver import DragonlingSolver
from .solver import (
    COLOURS,
    FACES,
    Decision,
    Dice,
    Die,
    ColourBlindGoal,
    FaceAdditiveGoal,
    Goal,
    Policy,
    PolicyTable,
    RerollSolver,
    goal_cache_key,
    validate_goal,
    validate_pool,
    validate_rerolls,
    validate_roll,
)

__all__ = [
    "COLOURS",
    "DRAGONLING",
    "FACES",
    "Decision",
    "DragonlingDecision",
    "DragonlingGoal",
    "DragonlingPolicyTable",
    "DragonlingSolver",
    "ColourBlindGoal",
    "FaceAdditiveGoal",
    "PolicyTable",
    "RerollSolver",
    "SolverCache",
    "best_odds",
    "final_dice_distribution",
    "policy_odds",
    "solver_for",
]


class SolverCache:
    """Bounded LRU of solved reroll tables (see the module docstring for the keys).

    Args:
        max_entries: most solves kept.
        max_bytes: most table memory kept; a single larger solve is not kept.
    """

    def __init__(self, max_entries: int = 16, max_bytes: int = 256 * 2**20):
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._solvers: OrderedDict[Hashable, RerollSolver | DragonlingSolver] = OrderedDict()

    def __len__(self) -> int:
        return len(self._solvers)

    @property
    def nbytes(self) -> int:
        """Table memory currently held."""
        return sum(solver.nbytes for solver in self._solvers.values())

    def clear(self) -> None:
        self._solvers.clear()

    def solver(self, pool: Iterable[str], rerolls: int, goal: Goal) -> RerollSolver | DragonlingSolver:
        """A solver for at least ``rerolls`` rerolls, from the cache when possible.

        A :class:`DragonlingGoal` gets a :class:`DragonlingSolver` (Module 1).
        """
        pool = validate_pool(pool)
        rerolls = validate_rerolls(rerolls)
        goal = validate_goal(goal)
        make = DragonlingSolver if isinstance(goal, DragonlingGoal) else RerollSolver
        goal_key = goal.cache_key(pool) if make is DragonlingSolver else goal_cache_key(pool, goal)
        if goal_key is None:
            return make(pool, rerolls, goal)
        key = (tuple(sorted(pool, key=COLOURS.index)), goal_key)
        cached = self._solvers.get(key)
        if cached is not None and cached.rerolls >= rerolls:
            self._solvers.move_to_end(key)
            return cached
        solver = make(pool, rerolls, goal)
        self._solvers[key] = solver
        self._solvers.move_to_end(key)
        self._shrink()
        return solver

    def _shrink(self) -> None:
        while self._solvers and (
            len(self._solvers) > self.max_entries or self.nbytes > self.max_bytes
        ):
            self._solvers.popitem(last=False)


_CACHE = SolverCache()


def solver_for(pool: Iterable[str], rerolls: int, goal: Goal) -> RerollSolver | DragonlingSolver:
    """The shared, cached solver for a pool, budget and goal.

    Its ``rerolls`` may exceed the budget asked for; pass ``rerolls_left``
    to its methods. A :class:`DragonlingGoal` gets a :class:`DragonlingSolver`.
    """
    return _CACHE.solver(pool, rerolls, goal)


def best_odds(pool, rerolls, goal, roll=None) -> float:
    """Highest expected value of ``goal`` reachable by rerolling sets (Step 1: Roll Dice).

    Args:
        pool: colour of each die, e.g. ``["white"] * 5 + ["green", "yellow", "blue"]``.
        rerolls: the most set rerolls allowed (the timer's budget).
        goal: called with the final dice as a tuple of ``(colour, face)``
            pairs (sorted by colour, then face); returns a bool or number.
        roll: the current dice as ``(colour, face)`` pairs, or None to average
            over the opening roll. With a :class:`DragonlingGoal` the roll also
            holds one ``("dragonling", result)`` pair (Module 1).

    Raises:
        TypeError, ValueError: a bad argument, named in the message; a goal
            that raises is reported as ValueError chained from its error.
    """
    pool = validate_pool(pool)
    rerolls = validate_rerolls(rerolls)
    validate_goal(goal)
    if roll is not None and isinstance(goal, DragonlingGoal):
        roll = split_roll(roll, pool, goal.faces)  # checked before the solve
        roll = roll[0] + ((DRAGONLING, roll[1]),)
    elif roll is not None:
        roll = validate_roll(roll, pool)
    return solver_for(pool, rerolls, goal).value(roll, rerolls)


def policy_odds(
    pool: Iterable[str],
    rerolls: int,
    goal: Goal,
    policy: Policy,
    roll: Iterable[Die] | None = None,
) -> float:
    """Exact expected value of ``goal`` when rerolls follow ``policy``.

    Args:
        policy: ``policy(dice, rerolls_left) -> face of a set, or None to stop``.
            Tables from ``solver_for(...).optimal_policy()``, ``greedy_policy()``
            or ``never_reroll_policy()`` are evaluated without Python calls.
        pool, rerolls, goal, roll: as for :func:`best_odds`.
    """
    rerolls = validate_rerolls(rerolls)
    return solver_for(pool, rerolls, goal).evaluate_policy(policy, roll, rerolls)


def final_dice_distribution(
    pool: Iterable[str],
    rerolls: int,
    goal: Goal,
    roll: Iterable[Die] | None = None,
    policy: Policy | None = None,
) -> dict[Dice, float]:
    """Probability of each final dice state under ``policy`` (default: optimal for ``goal``).

    Map a per-enemy outcome over the result to get, for example, the chance
    of a hit on enemy #4.
    """
    rerolls = validate_rerolls(rerolls)
    return solver_for(pool, rerolls, goal).final_distribution(roll, policy, rerolls)
