"""What the lab plays and measures: a game as the lab sees it (``LabGame``) and one measured quantity (``Metric``).

The bottom of the lab: the registry (``games``) and the engine fallback (``engine``) both build on it.
"""
from __future__ import annotations

import dataclasses
import fnmatch
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.content import read_deck_file
from ..core.game import get_game

PROPORTION, MEAN = "proportion", "mean"


@dataclass(frozen=True)
class Metric:
    """One measured quantity: ``kind`` "proportion" (0/1 per game, Wilson interval) or "mean"
    (normal interval); ``offset`` is subtracted from the estimate (a fair share, say)."""

    key: str
    label: str
    kind: str
    offset: float = 0.0
    description: str = ""


@dataclass(frozen=True)
class LabGame:
    """How the lab plays one game.

    Attributes:
        name: the registered game name.
        title: for people.
        bots: bot names a variant may be played by; ``default_bots`` the default.
        lab_defaults: option values the lab needs where the game's default would not simulate
            (Proving Grounds needs a set timer); a variant's options are laid over them.
        block_size: games per seeded block (the unit of work and of common random numbers).
        metrics: ``options -> [Metric]``.
        play_block: ``(options, deck, bots, seed_sequence, n) -> {metric key: array}``, top level
            so that any executor can pickle it.
        check: ``(options, deck, bots) -> None``, raising ValueError for what cannot be simulated.
    """

    name: str
    title: str
    bots: tuple[str, ...]
    default_bots: Any
    lab_defaults: dict
    block_size: int
    metrics: Callable
    play_block: Callable
    check: Callable
    primary: tuple[str, ...] = ()

    @property
    def game(self):
        return get_game(self.name)

    def options(self, data=None):
        """The game's options from a JSON dict (over ``lab_defaults``), an options value or None."""
        g = self.game
        kind = type(g.default_options())
        if data is None:
            data = {}
        if isinstance(data, kind):
            return data
        if not isinstance(data, dict):
            raise ValueError(f"options for {self.name} must be a dict of the game's options JSON or {kind.__name__}")
        return g.options_from_json({**self.lab_defaults, **data})

    def deck(self, deck=None):
        """The deck: None (the sample deck), a deck value, a JSON dict, or a file path."""
        g = self.game
        if deck is None:
            return g.default_content()
        if isinstance(deck, (str, Path)):
            data, source = read_deck_file(deck, self.name)  # the engine's own checked reading
            return g.content_from_json(data, source)
        if isinstance(deck, dict):
            return g.content_from_json(deck, "uploaded deck")
        return deck

    def option_fields(self) -> list[dict]:
        """Every option of the game as a variant editor shows it: its name, a label in words, its
        documentation (from the options class), its default, its type, the readings a word option may
        take (``choices``) and the items a list or price may hold (``items``)."""
        t = type(self.game.default_options())
        module = sys.modules[t.__module__]
        choices, items = getattr(module, "CHOICES", {}), getattr(module, "ITEMS", {})
        docs = attribute_docs(t)
        for f in dataclasses.fields(t):  # "price_*: ..." documents every price; a name met in another's text
            docs.setdefault(f.name, next((text for head, text in docs.items() if fnmatch.fnmatch(f.name, head)), "")
                            or next((text for text in docs.values() if f.name in text), ""))
        base = self.options().to_json()
        return [{"name": f.name, "label": f.name.replace("_", " ").capitalize(), "doc": docs.get(f.name, ""),
                 "default": base[f.name], "type": f.type, "choices": tuple(choices.get(f.name, ())),
                 "items": tuple(items.get(f.name, ()))} for f in dataclasses.fields(t)]


def attribute_docs(cls) -> dict[str, str]:
    """The ``Attributes:`` section of a class's docstring as {name: text} ("a, b: text" names both)."""
    lines = inspect.getdoc(cls).splitlines() if cls.__doc__ else []
    out: dict[str, str] = {}
    names: list[str] = []
    inside = False
    for line in lines:
        if line.strip() == "Attributes:":
            inside = True
            continue
        if not inside:
            continue
        if line and not line.startswith(" "):
            break  # the next section
        head, sep, text = line.strip().partition(": ")
        if line.startswith("    ") and not line.startswith("     ") and sep:
            names = [n.strip() for n in head.split(",")]
            for n in names:
                out[n] = text.strip()
        elif names and line.strip():
            for n in names:
                out[n] += " " + line.strip()
    return out
