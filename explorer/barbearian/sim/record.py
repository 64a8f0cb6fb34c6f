"""One simulated BarBEARian game as every simulator records it (the engine loop, the compact game)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameRecord:
    """One simulated game: who started, who won (None: a draw at the round limit), how long it
    took, and whether the round limit ended it (rather than seven Glory); ``capped``: still running
    after the step cap (a bot or rule loop), counted as a draw and never raised."""

    first: int
    winner: int | None
    rounds: int
    steps: int
    at_limit: bool = False
    capped: bool = False
