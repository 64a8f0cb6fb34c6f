"""The event log: sentences a player would say, each tagged with its rulebook section."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One thing that happened, tagged with a real rulebook section (a heading, or a heading and one
    of its subsections), e.g. ``Event("Red's 5 meets Blue's Barracks of 6: the raid is repelled.", "Brawl Phase")``."""

    text: str
    section: str

    def __str__(self) -> str:
        return f"[{self.section}] {self.text}"


def plural(n: int, singular: str, many: str | None = None) -> str:
    """The word for ``n`` things: ``plural(1, "die", "dice") == "die"``; the default plural adds "s"."""
    return singular if n == 1 else many or singular + "s"


def count(n: int, singular: str, many: str | None = None) -> str:
    """``n`` and its word: ``count(1, "enemy", "enemies") == "1 enemy"``, ``count(3, "face") == "3 faces"``."""
    return f"{n} {plural(n, singular, many)}"
