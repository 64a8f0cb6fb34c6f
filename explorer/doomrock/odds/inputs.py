"""Inputs of the roll-phase solver (Battle Sequence: Roll Phase), checked at the boundary.

Every bad input, of the wrong kind or out of range, is a ValueError naming the argument (never a
TypeError or a numpy error), so a caller such as a dashboard catches one exception.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from dataclasses import dataclass

FACES = (1, 2, 3, 4, 5, 6)
#: Most dice one solve may roll (a hero has one die per ability card, plus extra dice).
MAX_DICE = 12
#: Most rerolls one solve may plan for (the rulebook allows two).
MAX_REROLLS = 6
#: Most ability cards, charges per card and alternatives per card one solve may take.
MAX_CARDS = 12
MAX_CHARGES = 12
MAX_ALTERNATIVES = 12

Alternative = tuple[int, ...]


@dataclass(frozen=True)
class Card:
    """One ability card as the roll phase sees it (Battles: Ability Card Anatomy).

    Attributes:
        alternatives: each a tuple of faces that together make one activation set,
            e.g. ``((5,), (6,))`` is "5 or 6" and ``((6, 6),)`` is "two 6s".
        charges: the most sets the card may hold at the same time.
        locked: sets already on the card from locked dice ("Dice lock"); they use charges
            and count as placed, and their dice are not rolled.
    """

    alternatives: tuple[Alternative, ...]
    charges: int
    locked: int = 0

    @property
    def free(self) -> int:
        """Charges still open to rolled dice."""
        return self.charges - self.locked


def whole(value, name: str, low: int, high: int) -> int:
    """A whole number in ``[low, high]`` (a bool is not a number)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name}: expected a whole number, got {value!r}")
    value = int(value)
    if not low <= value <= high:
        raise ValueError(f"{name}: expected {low} to {high}, got {value}")
    return value


def face(value, name: str) -> int:
    """One die face, 1 to 6."""
    return whole(value, name, 1, 6)


def faces(values, name: str, max_len: int = MAX_DICE) -> tuple[int, ...]:
    """A list of die faces, returned sorted."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(f"{name}: expected a list of die faces, got {values!r}")
    values = list(values)
    if len(values) > max_len:
        raise ValueError(f"{name}: at most {max_len} dice, got {len(values)}")
    return tuple(sorted(face(v, f"{name}[{i}]") for i, v in enumerate(values)))


def pair(value, name: str, what: str) -> tuple:
    """A list or tuple of exactly two entries."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"{name}: expected {what}, got {value!r}")
    return tuple(value)


def number(value, name: str) -> float:
    """A finite real number, zero or more (a bool is not a number)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name}: expected a number, got {value!r}")
    value = float(value)
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name}: expected a finite number >= 0, got {value!r}")
    return value


def cards(values, locked=None) -> tuple[Card, ...]:
    """Check ``[(alternatives, charges), ...]`` and the sets held by locked dice per card."""
    if isinstance(values, (str, bytes, dict)) or not isinstance(values, Iterable):
        raise ValueError(f"cards: expected a list of (alternatives, charges), got {values!r}")
    values = list(values)
    if len(values) > MAX_CARDS:
        raise ValueError(f"cards: at most {MAX_CARDS} cards, got {len(values)}")
    if locked is None:
        locked = (0,) * len(values)
    if isinstance(locked, (str, bytes)) or not isinstance(locked, Iterable):
        raise ValueError(f"locked: expected one whole number per card, got {locked!r}")
    locked = list(locked)
    if len(locked) != len(values):
        raise ValueError(f"locked: expected {len(values)} numbers (one per card), got {len(locked)}")
    checked = []
    for i, entry in enumerate(values):
        alternatives, charges = pair(entry, f"cards[{i}]", "(alternatives, charges)")
        charges = whole(charges, f"cards[{i}] charges", 0, MAX_CHARGES)
        if isinstance(alternatives, (str, bytes)) or not isinstance(alternatives, Iterable):
            raise ValueError(f"cards[{i}] alternatives: expected a list of face tuples, got {alternatives!r}")
        alternatives = list(alternatives)
        if not 1 <= len(alternatives) <= MAX_ALTERNATIVES:
            raise ValueError(
                f"cards[{i}] alternatives: expected 1 to {MAX_ALTERNATIVES}, got {len(alternatives)}"
            )
        alts = []
        for j, alt in enumerate(alternatives):
            alt = faces(alt, f"cards[{i}] alternatives[{j}]")
            if not alt:
                raise ValueError(f"cards[{i}] alternatives[{j}]: a set needs at least one face")
            if alt not in alts:
                alts.append(alt)
        held = whole(locked[i], f"locked[{i}]", 0, charges)
        checked.append(Card(tuple(alts), charges, held))
    return tuple(checked)
