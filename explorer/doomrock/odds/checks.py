"""LOOT! tables and TEST chances (Location Effects: LOOT!; Items: TEST).

Both are one D6 plus a number, so every answer is an exact fraction over six faces.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from . import inputs

MAX_MODIFIER = 100


def _rows(table) -> tuple[tuple[int, Hashable], ...]:
    """Check a LOOT! table: ``[(lowest result, reward), ...]`` with rising results."""
    if isinstance(table, dict):
        table = list(table.items())
    if isinstance(table, (str, bytes)) or not hasattr(table, "__iter__"):
        raise ValueError(f"table: expected (lowest result, reward) rows, got {table!r}")
    rows = []
    for i, row in enumerate(table):
        row = inputs.pair(row, f"table[{i}]", "(lowest result, reward)")
        low = inputs.whole(row[0], f"table[{i}] lowest result", -MAX_MODIFIER, MAX_MODIFIER)
        if rows and low <= rows[-1][0]:
            raise ValueError(f"table[{i}]: lowest results must rise, got {low} after {rows[-1][0]}")
        try:
            hash(row[1])
        except TypeError:
            raise ValueError(f"table[{i}] reward: expected a hashable label, got {row[1]!r}") from None
        rows.append((low, row[1]))
        if len(rows) > 2 * MAX_MODIFIER:
            raise ValueError("table: too many rows")
    if not rows:
        raise ValueError("table: expected at least one row")
    return tuple(rows)


def loot_reward(roll: int, modifier: int, table):
    """The reward for one LOOT! roll (Location Effects: LOOT!).

    A row gives its reward from its lowest result up to the next row's; a result below the
    lowest row gains the lowest row, and one above the highest gains the highest.
    """
    rows = _rows(table)
    result = inputs.face(roll, "roll") + inputs.whole(modifier, "modifier", -MAX_MODIFIER, MAX_MODIFIER)
    reward = rows[0][1]
    for low, row_reward in rows:
        if result >= low:
            reward = row_reward
    return reward


def loot_odds(modifier: int, table) -> dict:
    """Chance of each reward of a LOOT! check with ``modifier`` (all modifiers summed)."""
    odds: dict = {}
    for roll in inputs.FACES:
        reward = loot_reward(roll, modifier, table)
        odds[reward] = odds.get(reward, Fraction(0)) + Fraction(1, 6)
    return odds


def pass_chance(stat: int, difficulty: int) -> Fraction:
    """Chance to pass a TEST: D6 + stat >= difficulty (Items: TEST)."""
    stat = inputs.whole(stat, "stat", 0, MAX_MODIFIER)
    difficulty = inputs.whole(difficulty, "difficulty", -MAX_MODIFIER, MAX_MODIFIER)
    return Fraction(sum(1 for roll in inputs.FACES if roll + stat >= difficulty), 6)


def pass_chance_any(options) -> Fraction:
    """Chance to pass "TEST AGI 4 or STR 2": one D6, any listed (stat, difficulty) may pass.

    Choosing the statistic before or after the roll gives the same chance: a roll passes some
    option exactly when it passes the easiest one.
    """
    if isinstance(options, (str, bytes)) or not hasattr(options, "__iter__"):
        raise ValueError(f"options: expected (stat, difficulty) pairs, got {options!r}")
    options = list(options)
    if not options:
        raise ValueError("options: expected at least one (stat, difficulty) pair")
    return max(pass_chance(*inputs.pair(o, f"options[{i}]", "(stat, difficulty)")) for i, o in enumerate(options))
