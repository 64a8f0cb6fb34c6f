"""The event log: sentences a player would say, each tagged with its rulebook section."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One thing that happened, e.g. ``Event("Enemy #2 scores a hit: marker down one.", "Step 2A")``."""

    text: str
    section: str

    def __str__(self) -> str:
        return f"[{self.section}] {self.text}"
