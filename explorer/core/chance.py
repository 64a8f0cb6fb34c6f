"""Explicit chance: what an action needs from the dice or the deck.

An action that involves luck declares a chance spec. The session either draws the
outcome from its seeded generator or takes the outcome a user typed in ("table
dice"). Both paths go through ``validate``, and the outcome is logged, so replays
are exact. Outcomes are plain JSON values (lists, ints, strings).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import IllegalAction
from .events import count


def _listed(values) -> str:
    """A sequence as words for a sentence: ``(2, 2, 2)``, never a Python list."""
    return "(" + ", ".join(str(v) for v in values) + ")"


def _got(outcome: Any, singular: str) -> str:
    """What a typed outcome holds, as words: ``3 faces (2, 2, 2)``, ``no faces``, ``'x' (not a list)``."""
    if isinstance(outcome, (list, tuple)):
        return f"{count(len(outcome), singular)} {_listed(outcome)}" if outcome else f"no {singular}s"
    return f"{outcome!r} (not a list of {singular}s)"


@dataclass(frozen=True)
class Dice:
    """``count`` six-sided dice; the outcome is a list of faces 1-6 in die order."""

    count: int
    what: str = "dice"

    def sample(self, rng: np.random.Generator) -> list[int]:
        return [int(f) for f in rng.integers(1, 7, size=self.count)]

    def validate(self, outcome: Any) -> list[int]:
        faces = list(outcome) if isinstance(outcome, (list, tuple)) else None
        if faces is None or len(faces) != self.count:
            raise IllegalAction(f"{self.what}: expected {count(self.count, 'face')}, got {_got(outcome, 'face')}")
        for i, f in enumerate(faces):
            if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not 1 <= f <= 6:
                raise IllegalAction(f"{self.what}: face #{i + 1} is {f!r}; faces are 1-6")
        return [int(f) for f in faces]


@dataclass(frozen=True)
class CustomDie:
    """One die with named faces (e.g. the dragonling die); the outcome is a face name."""

    faces: tuple[str, ...]
    what: str = "die"

    def sample(self, rng: np.random.Generator) -> str:
        return self.faces[int(rng.integers(0, len(self.faces)))]

    def validate(self, outcome: Any) -> str:
        if outcome not in self.faces:
            raise IllegalAction(f"{self.what}: {outcome!r} is not a face; faces are {', '.join(dict.fromkeys(self.faces))}")
        return outcome


@dataclass(frozen=True)
class Shuffle:
    """A shuffled deck; the outcome is the list of card ids, top card first."""

    cards: tuple[str, ...]
    what: str = "deck"

    def sample(self, rng: np.random.Generator) -> list[str]:
        return [self.cards[i] for i in rng.permutation(len(self.cards))]

    def validate(self, outcome: Any) -> list[str]:
        order = list(outcome) if isinstance(outcome, (list, tuple)) else None
        if order is None or sorted(order) != sorted(self.cards):
            raise IllegalAction(f"{self.what}: expected an ordering of {len(self.cards)} cards {_listed(sorted(self.cards))}, "
                               f"each once, got {_got(outcome, 'card')}")
        return order


@dataclass(frozen=True)
class Joint:
    """Several chance parts drawn together; the outcome is a dict part -> outcome."""

    parts: tuple[tuple[str, Any], ...]

    def sample(self, rng: np.random.Generator) -> dict[str, Any]:
        return {name: spec.sample(rng) for name, spec in self.parts}

    def validate(self, outcome: Any) -> dict[str, Any]:
        if not isinstance(outcome, dict) or set(outcome) != {n for n, _ in self.parts}:
            names = [n for n, _ in self.parts]
            got = (f"outcomes for {', '.join(map(str, outcome)) or 'nothing'}" if isinstance(outcome, dict)
                   else f"{_got(outcome, 'value')} instead of one outcome per part")
            raise IllegalAction(f"expected outcomes for {' and '.join(names)}, got {got}")
        return {name: spec.validate(outcome[name]) for name, spec in self.parts}


def joint(**parts: Any) -> Joint | None:
    """A Joint of the parts that are not None (None when nothing is left)."""
    kept = tuple((k, v) for k, v in parts.items() if v is not None)
    return Joint(kept) if kept else None
