"""Inputs of the reroll solver (Step 1: Roll Dice): pools, budgets, rolls and goals, checked so errors name the argument."""

from __future__ import annotations

import math
import numbers
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

COLOURS = ("white", "blue", "green", "yellow")
FACES = (1, 2, 3, 4, 5, 6)
#: Partial pools one float table may hold; bounds memory (8 dice: ~160 k).
MAX_PARTIAL_STATES = 8_000_000
#: Memory the value and action tables of one solve may use.
MAX_TABLE_BYTES = 512 * 2**20

Die = tuple[str, int]
Dice = tuple[Die, ...]
Goal = Callable[[Dice], Any]
Policy = Callable[[Dice, int], "int | None"]


# --------------------------------------------------------------------------
# Input validation: errors name the argument that was wrong.


def validate_pool(pool: Iterable[str]) -> tuple[str, ...]:
    """Check a dice pool: at least one die, known colours only.

    Raises:
        TypeError: ``pool`` is not a list of colour names.
        ValueError: the pool is empty or names an unknown colour.
    """
    if isinstance(pool, (str, bytes)) or not isinstance(pool, Iterable):
        raise TypeError(f"pool: expected a list of colour names, got {pool!r}")
    colours = tuple(pool)
    if not colours:
        raise ValueError("pool: no dice; a pool needs at least one die")
    for number, colour in enumerate(colours, start=1):
        if not isinstance(colour, str) or colour not in COLOURS:
            raise ValueError(
                f"pool: unknown colour {colour!r} (die {number}); "
                f"colours are {', '.join(COLOURS)}"
            )
    return colours


def validate_rerolls(rerolls: int, name: str = "rerolls") -> int:
    """Check a reroll budget: a whole number, zero or more.

    Raises:
        TypeError: not a whole number.
        ValueError: negative.
    """
    if isinstance(rerolls, (bool, np.bool_)) or not isinstance(rerolls, numbers.Integral):
        raise TypeError(f"{name}: expected a whole number of rerolls, got {rerolls!r}")
    if rerolls < 0:
        raise ValueError(f"{name}: expected 0 or more rerolls, got {rerolls}")
    return int(rerolls)


def validate_goal(goal: Goal) -> Goal:
    """Check that a goal can be called on the final dice."""
    if not callable(goal):
        raise TypeError(f"goal: expected a callable taking the final dice, got {goal!r}")
    return goal


def validate_roll(roll: Iterable[Die], pool: Iterable[str], name: str = "roll") -> Dice:
    """Check dice against a pool and return them in the canonical order.

    Raises:
        TypeError: a die is not a ``(colour, face)`` pair or a face is not a whole number.
        ValueError: a face is outside 1-6, or the colours differ from the pool's.
    """
    wanted = Counter(pool)
    if isinstance(roll, (str, bytes)) or not isinstance(roll, Iterable):
        raise TypeError(f"{name}: expected a list of (colour, face) pairs, got {roll!r}")
    dice = list(roll)
    if len(dice) != sum(wanted.values()):
        raise ValueError(f"{name}: {len(dice)} dice, but the pool has {sum(wanted.values())}")
    checked = []
    for number, die in enumerate(dice, start=1):
        try:
            colour, face = die
        except (TypeError, ValueError):
            raise TypeError(
                f"{name}: die {number} is {die!r}; expected a (colour, face) pair"
            ) from None
        if not isinstance(colour, str) or colour not in COLOURS:
            raise ValueError(
                f"{name}: die {number} has unknown colour {colour!r}; "
                f"colours are {', '.join(COLOURS)}"
            )
        if isinstance(face, (bool, np.bool_)) or not isinstance(face, numbers.Integral):
            raise TypeError(f"{name}: die {number} has face {face!r}; faces are whole numbers 1-6")
        if not 1 <= face <= 6:
            raise ValueError(f"{name}: die {number} has face {face}; faces are 1-6")
        checked.append((colour, int(face)))
    got = Counter(colour for colour, _ in checked)
    if got != wanted:
        raise ValueError(
            f"{name}: colours ({_describe(got)}) do not match the pool ({_describe(wanted)})"
        )
    return tuple(sorted(checked, key=lambda die: (COLOURS.index(die[0]), die[1])))


def _describe(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{counts[c]} {c}" for c in COLOURS if counts.get(c))


def _goal_number(value: Any, where: str) -> float:
    """Turn a goal's answer (bool or real number) into a float, or say what was wrong."""
    if isinstance(value, (bool, np.bool_)):
        return float(value)
    if not isinstance(value, numbers.Real):
        raise TypeError(
            f"goal returned {value!r} ({type(value).__name__}) {where}; expected a bool or number"
        )
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise ValueError(f"goal returned {value!r} {where}; expected a finite number")
    return number


def _call_goal(goal: Goal, dice: Dice) -> float:
    try:
        value = goal(dice)
    except Exception as exc:
        raise ValueError(f"goal raised {type(exc).__name__}: {exc} on dice {dice}") from exc
    return _goal_number(value, f"on dice {dice}")
