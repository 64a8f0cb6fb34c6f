"""Content (card decks) as data: one JSON format for every game, validated on load.

A deck file looks like::

    {"format": "rules-explorer-deck", "version": 1, "game": "proving-grounds",
     "label": "...", "enemies": [{...}, ...], ...}

Every problem is reported as ``ContentError(file, entry, field, problem)``.
"""
from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any, Callable, Iterable

from .errors import ContentError
from .files import read_json, shorten

DECK_FORMAT = "rules-explorer-deck"
DECK_VERSION = 1


def read_deck_file(path: str | Path, game: str) -> tuple[dict, str]:
    """Read and check the header of a deck file; returns (data, source name)."""
    source = str(path)
    data = read_json(path, "deck file", lambda problem: ContentError(source, "file", "-", problem))
    check_header(data, source, game)
    return data, source


def check_header(data: Any, source: str, game: str) -> None:
    if not isinstance(data, dict):
        raise ContentError(source, "file", "-", "must be a JSON object")
    r = Entry(source, "file", data)
    if r.get("format", str) != DECK_FORMAT:
        raise ContentError(source, "file", "format", f"must be {DECK_FORMAT!r}")
    if r.get("version", int) != DECK_VERSION:
        raise ContentError(source, "file", "version", f"must be {DECK_VERSION}")
    if r.get("game", str) != game:
        raise ContentError(source, "file", "game", f"is {data['game']!r}; this loader reads {game!r} decks")


class Entry:
    """Typed access to one card's fields, raising ``ContentError`` with file, card and field."""

    def __init__(self, source: str, entry: str, data: Any):
        self.source, self.entry = source, entry
        if not isinstance(data, dict):
            raise ContentError(source, entry, "-", f"must be an object, got {type(data).__name__}")
        self.data = data

    def fail(self, field: str, problem: str) -> ContentError:
        return ContentError(self.source, self.entry, field, problem)

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ..., check: Callable[[Any], bool] | None = None, expect: str = "") -> Any:
        if field not in self.data:
            if default is ...:
                raise self.fail(field, "is missing")
            return default
        value = self.data[field]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            raise self.fail(field, f"must be {names}, got {value!r}")
        try:
            ok = check is None or check(value)
        except (TypeError, ValueError, AttributeError):  # a nested value of the wrong kind (a list for a name)
            ok = False
        if not ok:
            raise self.fail(field, f"must be {expect}, got {value!r}")
        return value

    def choice(self, field: str, allowed: Iterable[Any], default: Any = ...) -> Any:
        allowed = tuple(allowed)
        value = self.get(field, object, default)
        if value not in allowed:
            raise self.fail(field, f"must be one of {', '.join(map(repr, allowed))}, got {value!r}")
        return value

    def unknown_fields(self, known: Iterable[str]) -> None:
        extra = sorted(set(self.data) - set(known))
        if extra:
            raise self.fail(extra[0], f"is not a known field (known: {', '.join(sorted(known))})")


def read_cards(top: Entry, key: str, parse, seen: set[str], required: bool = True) -> tuple:
    """Parse the list ``key`` of a deck file, one ``Entry`` per card labelled ``key[i] (id)``;
    card ids must be unique across the whole file (``seen``)."""
    out = []
    for i, raw in enumerate(top.get(key, list, default=... if required else [])):
        label = f"{key}[{i}]"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            label += f" ({raw['id']})"
        e = Entry(top.source, label, raw)
        card_id = e.get("id", str, check=lambda v: v.strip() != "", expect="a non-empty id")
        if card_id in seen:
            raise e.fail("id", f"duplicate card id {card_id!r}")
        seen.add(card_id)
        out.append(parse(e))
    return tuple(out)


def options_from_json(cls, data: Any):
    """Build a frozen options dataclass from JSON, refusing unknown fields.

    Raises:
        ValueError: naming the field; the options' own ``__post_init__`` checks types and bounds.
    """
    if not isinstance(data, dict):
        raise ValueError(f"options must be an object, got {type(data).__name__}")
    extra = sorted((k for k in data if k not in {f.name for f in fields(cls)}), key=repr)
    if extra:
        raise ValueError(f"options: unknown field {shorten(extra[0])}")
    return cls(**data)
