"""Goals of the reroll solver: what the final dice are worth, computed per state or from per-face tables."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .inputs import FACES, Dice, Goal, _call_goal, _goal_number
from .space import _PoolLayout, layout_for


# --------------------------------------------------------------------------
# Goals.


def call_term(fn: Callable, name: str, face: int, n_white: int, colours: tuple[str, ...]) -> float:
    """Call a per-face table; an error or a non-number names the table and the dice it was given."""
    where = f"on face {face} with {n_white} white and colours {colours}"
    try:
        value = fn(face, n_white, colours)
    except Exception as exc:
        raise ValueError(f"{name} raised {type(exc).__name__}: {exc} {where}") from exc
    return _goal_number(value, where if name == "goal" else f"from {name} {where}")


class FaceAdditiveGoal:
    """A goal that adds one term per face, so terminal values come from small tables.

    Step 2 assigns the dice showing f to enemy #f, so a per-enemy outcome
    (battle-track steps, hits) depends only on the dice showing that face.
    The solver calls ``table`` once per face and dice combination (a few
    hundred calls) instead of once per final dice state (tens of thousands).

    Args:
        table: ``table(face, n_white, colours) -> number``, where ``colours``
            is the sorted tuple of non-white colours showing ``face`` (with
            repeats). Must be a pure function.
    """

    def __init__(self, table: Callable[[int, int, tuple[str, ...]], Any]):
        if not callable(table):
            raise TypeError(
                f"table: expected a callable (face, n_white, colours) -> number, got {table!r}"
            )
        self.table = table
        self._tables: dict[tuple, np.ndarray] = {}

    def term(self, face: int, n_white: int, colours: tuple[str, ...]) -> float:
        """The value contributed by the dice showing ``face``."""
        return call_term(self.table, "goal", face, n_white, colours)

    def __call__(self, dice: Dice) -> float:
        white = [0] * 7
        colours: list[list[str]] = [[] for _ in range(7)]
        for colour, face in dice:
            if colour == "white":
                white[face] += 1
            else:
                colours[face].append(colour)
        return sum(self.term(f, white[f], tuple(sorted(colours[f]))) for f in FACES)

    def face_tables(self, layout: _PoolLayout) -> np.ndarray:
        """Term of every face for every count of each colour: shape ``(6, size_1+1, ...)``."""
        if layout.key not in self._tables:
            tables = np.empty((6,) + tuple(size + 1 for size in layout.sizes))
            for counts in itertools.product(*(range(size + 1) for size in layout.sizes)):
                shown = dict(zip(layout.colours, counts))
                others = tuple(sorted(itertools.chain.from_iterable(
                    (colour,) * n for colour, n in shown.items() if colour != "white"
                )))
                for face in FACES:
                    tables[(face - 1,) + counts] = self.term(face, shown.get("white", 0), others)
            tables.flags.writeable = False
            self._tables[layout.key] = tables
        return self._tables[layout.key]

    def stop_values(self, layout: _PoolLayout) -> np.ndarray:
        """Goal value of every final dice state, from the face tables."""
        tables = self.face_tables(layout)
        total = np.zeros(layout.shape)
        for f in range(6):
            total += tables[f][np.ix_(*(g.face_counts[f] for g in layout.groups))]
        return total.reshape(-1)


@dataclass(frozen=True)
class ColourBlindGoal:
    """A goal that reads only the numbers the dice show, not which colours show them.

    Declaring it lets the solver ask the goal once per multiset of numbers (1,287 for eight dice)
    instead of once per dice state (54,432 for five white and three coloured dice), so a goal
    written as a Python function is answered in milliseconds. The declaration is checked: the goal
    is also asked on a second state of every multiset, with the numbers on other colours, and an
    answer that differs is an error naming both dice.

    Args:
        goal: ``goal(dice) -> bool or number`` over ``(colour, face)`` pairs, as for any goal.
    """

    goal: Callable[[Dice], Any]

    def __post_init__(self):
        if not callable(self.goal):
            raise TypeError(f"goal: expected a callable taking the final dice, got {self.goal!r}")

    def __call__(self, dice: Dice) -> Any:
        return self.goal(dice)

    def stop_values(self, layout: _PoolLayout) -> np.ndarray:
        """Goal value of every final dice state, asked once per multiset of numbers (and checked once more)."""
        first, last, members = layout.number_classes
        states = layout.dice_tuples
        values = goal_values(self.goal, [states[i] for i in first])
        shared = np.flatnonzero(first != last)
        again = goal_values(self.goal, [states[i] for i in last[shared]])
        wrong = np.flatnonzero(again != values[shared])
        if wrong.size:
            k = shared[wrong[0]]
            raise ValueError(
                f"goal {getattr(self.goal, '__name__', self.goal)!r} was declared colour-blind but is not: "
                f"it gives {values[k]:g} on dice {states[first[k]]} and {again[wrong[0]]:g} on dice "
                f"{states[last[k]]}, the same numbers in other colours; pass the function itself instead"
            )
        return values[members]


def face_marginals(layout: _PoolLayout, probabilities: np.ndarray) -> list[np.ndarray]:
    """For each face, the distribution of how many dice of each colour show it: shape ``(size_1+1, ...)``.

    Expected values of every face-additive goal follow from these small tables, so one push of the
    final distribution serves any number of goals (each enemy's hit and wound chances).
    """
    marginals = []
    for f in range(6):
        mass = probabilities.reshape(layout.shape)
        for axis, group in enumerate(layout.groups):
            counts = group.face_counts[f]
            one_hot = np.zeros((counts.size, int(counts.max()) + 1))
            one_hot[np.arange(counts.size), counts] = 1.0
            mass = np.tensordot(mass, one_hot, axes=([axis], [0]))  # the summed axis goes, its counts go last
            mass = np.moveaxis(mass, -1, axis)
        marginals.append(mass)
    return marginals


def face_additive_expectation(goal: FaceAdditiveGoal, layout: _PoolLayout, marginals: list[np.ndarray]) -> float:
    """E[goal] from :func:`face_marginals`: the sum over faces of each face's term times its chance."""
    tables = goal.face_tables(layout)
    total = 0.0
    for f, mass in enumerate(marginals):
        block = tables[f][tuple(slice(0, n) for n in mass.shape)]
        total += float(np.sum(block * mass))
    return total


def stop_values(layout: _PoolLayout, goal: Goal) -> np.ndarray:
    """Goal value of every dice state: what stopping now is worth (Step 1: Roll Dice)."""
    if isinstance(goal, FaceAdditiveGoal):
        return goal.stop_values(layout)
    if isinstance(goal, ColourBlindGoal):
        return goal.stop_values(layout)
    return goal_values(goal, layout.dice_tuples)


def goal_values(goal: Goal, states: Sequence[Dice]) -> np.ndarray:
    """A goal's value on each dice state, called bare; an error is worded only once there is one."""
    try:
        raw = [goal(dice) for dice in states]
    except Exception:
        for dice in states:  # word the first failure with its dice (a goal is pure: it fails again)
            _call_goal(goal, dice)
        raise
    values = _plain_numbers(raw)
    if values is None:  # something is not a finite bool or number: say which, on which dice
        values = np.array([_goal_number(v, f"on dice {dice}") for v, dice in zip(raw, states)])
    return values


_NUMBER_TYPES = (bool, int, float, np.bool_, np.integer, np.floating)


def _plain_numbers(raw: list) -> np.ndarray | None:
    """A goal's answers as floats in one numpy call, or None when any answer needs a word of explanation.

    Checking the few distinct answer types is cheap; wording an error for every state before any error
    exists is not, so the message is made only when there is one.
    """
    if not all(issubclass(t, _NUMBER_TYPES) for t in set(map(type, raw))):
        return None
    try:
        values = np.array(raw, dtype=float)
    except OverflowError:
        return None
    return values if np.isfinite(values).all() else None


def goal_cache_key(pool: tuple[str, ...], goal: Goal) -> Hashable | None:
    """A key under which a solve of ``goal`` may be cached, or None if it must not be.

    A FaceAdditiveGoal is keyed by its table's contents, so equal tables share
    a solve. Other hashable goals are keyed by themselves (functions compare by
    identity), which assumes a goal is pure: the same object always means the
    same thing. Unhashable goals are never cached.
    """
    if isinstance(goal, FaceAdditiveGoal):
        tables = goal.face_tables(layout_for(pool))
        return ("face-additive", tables.shape, tables.tobytes())
    try:
        hash(goal)
    except TypeError:
        return None
    return ("goal", goal)
