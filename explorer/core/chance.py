"""Explicit chance: what an action needs from the dice or the deck.

An action that involves luck declares a chance spec. The session either draws the
outcome from its seeded generator or takes the outcome a user typed in ("table
dice"). Both paths go through ``validate``, and the outcome is logged, so replays
are exact. Outcomes are plain JSON values (lists, ints, strings): ``validate`` turns numpy
scalars and arrays into them and refuses anything of the wrong shape, type or value with an
``IllegalAction`` that says what was expected.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import IllegalAction
from .events import count
from .files import shorten
from .values import plain

SHOWN = 24
"""At most this many entries of a typed outcome are quoted back in a message."""


def _word(value: Any) -> str:
    """One entry as a word: a card id as it is, anything else as Python shows it (cut short)."""
    return value if type(value) is str and len(value) <= 60 else shorten(value)


def _listed(values) -> str:
    """A sequence as words for a sentence: ``(2, 2, 2)``, never a Python list."""
    values = list(values)
    more = f", and {len(values) - SHOWN} more" if len(values) > SHOWN else ""
    return "(" + ", ".join(_word(v) for v in values[:SHOWN]) + more + ")"


def _got(outcome: Any, singular: str) -> str:
    """What a typed outcome holds, as words: ``3 faces (2, 2, 2)``, ``no faces``, ``'x' (not a list)``."""
    if isinstance(outcome, (list, tuple)):
        return f"{count(len(outcome), singular)} {_listed(outcome)}" if outcome else f"no {singular}s"
    return f"{shorten(outcome)} (not a list of {singular}s)"


def _is(value: Any, kinds: set[type]) -> bool:
    """``value`` is exactly of one of ``kinds`` (a bool is not an int, a list never a card)."""
    return type(value) in kinds


@dataclass(frozen=True)
class Dice:
    """``count`` six-sided dice; the outcome is a list of faces 1-6 in die order."""

    count: int
    what: str = "dice"

    def sample(self, rng: np.random.Generator) -> list[int]:
        return [int(f) for f in rng.integers(1, 7, size=self.count)]

    def validate(self, outcome: Any) -> list[int]:
        """The faces as a list of ints 1-6; refused unless exactly ``count`` whole numbers 1-6."""
        outcome = plain(outcome)
        faces = list(outcome) if isinstance(outcome, (list, tuple)) else None
        if faces is None or len(faces) != self.count:
            raise IllegalAction(f"{self.what}: expected {count(self.count, 'face')}, got {_got(outcome, 'face')}")
        for i, f in enumerate(faces):
            if not _is(f, {int}) or not 1 <= f <= 6:
                raise IllegalAction(f"{self.what}: face #{i + 1} is {shorten(f)}; faces are 1-6")
        return faces


@dataclass(frozen=True)
class CustomDie:
    """One die with named faces (e.g. the dragonling die); the outcome is a face name."""

    faces: tuple[str, ...]
    what: str = "die"

    def sample(self, rng: np.random.Generator) -> str:
        return self.faces[int(rng.integers(0, len(self.faces)))]

    def validate(self, outcome: Any) -> str:
        """The face; refused unless it is one of ``faces`` (of the faces' own type: a list or an
        array holding a face is not a face)."""
        outcome = plain(outcome)
        if not any(_is(outcome, {type(f)}) and outcome == f for f in self.faces):
            faces = ", ".join(_word(f) for f in dict.fromkeys(self.faces)) or "none"
            raise IllegalAction(f"{self.what}: {shorten(outcome)} is not a face; faces are {faces}")
        return outcome


@dataclass(frozen=True)
class Shuffle:
    """A shuffled deck; the outcome is the list of card ids, top card first."""

    cards: tuple[str, ...]
    what: str = "deck"

    def sample(self, rng: np.random.Generator) -> list[str]:
        return [self.cards[i] for i in rng.permutation(len(self.cards))]

    def validate(self, outcome: Any) -> list[str]:
        """The order as a list of card ids; refused unless it holds each of ``cards`` exactly as
        often as the deck does, and nothing else."""
        outcome = plain(outcome)
        if not isinstance(outcome, (list, tuple)):
            raise self._refused(f", got {_got(outcome, 'card')}")
        kinds = {type(c) for c in self.cards}
        for i, card in enumerate(outcome):
            if not _is(card, kinds):
                raise self._refused(f"; card #{i + 1} is {shorten(card)}, not a card of the deck")
        order, deck = Counter(outcome), Counter(self.cards)
        if order != deck:
            wrong = [f"{_word(c)} is not in the deck" for c in order if c not in deck]
            wrong += [f"{_word(c)} is missing" for c in deck if order[c] == 0]
            wrong += [f"{_word(c)} comes {count(order[c], 'time')}" for c in deck if 0 < order[c] != deck[c]]
            shown = "; ".join(wrong[:3]) + (f"; and {len(wrong) - 3} more" if len(wrong) > 3 else "")
            raise self._refused(f", got {_got(outcome, 'card')}: {shown}")
        return list(outcome)

    def _refused(self, problem: str) -> IllegalAction:
        each = "each once" if len(set(self.cards)) == len(self.cards) else "each as often as the deck holds it"
        return IllegalAction(f"{self.what}: expected an ordering of {len(self.cards)} cards "
                             f"{_listed(sorted(self.cards, key=str))}, {each}{problem}")


@dataclass(frozen=True)
class Joint:
    """Several chance parts drawn together; the outcome is a dict part -> outcome."""

    parts: tuple[tuple[str, Any], ...]

    def sample(self, rng: np.random.Generator) -> dict[str, Any]:
        return {name: spec.sample(rng) for name, spec in self.parts}

    def validate(self, outcome: Any) -> dict[str, Any]:
        """One outcome per part, each checked by its own spec."""
        outcome = plain(outcome)
        if not isinstance(outcome, dict) or set(outcome) != {n for n, _ in self.parts}:
            names = [n for n, _ in self.parts]
            got = (f"outcomes for {', '.join(map(_word, outcome)) or 'nothing'}" if isinstance(outcome, dict)
                   else f"{_got(outcome, 'value')} instead of one outcome per part")
            raise IllegalAction(f"expected outcomes for {' and '.join(names)}, got {got}")
        return {name: spec.validate(outcome[name]) for name, spec in self.parts}


def joint(**parts: Any) -> Joint | None:
    """A Joint of the parts that are not None (None when nothing is left)."""
    kept = tuple((k, v) for k, v in parts.items() if v is not None)
    return Joint(kept) if kept else None
