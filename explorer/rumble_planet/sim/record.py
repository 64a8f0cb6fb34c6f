"""One simulated Rumble Planet game as a record (the engine loop and the compact game both return it)."""
from __future__ import annotations

from dataclasses import dataclass

#: Most steps one game may take; a game still running then is recorded as ``capped`` (won by nobody). Measured:
#: the longest of 100 two-player random-bot games without a round limit took 4,016 steps (343 rounds).
MAX_STEPS = 50_000


@dataclass(frozen=True)
class GameRecord:
    """One simulated game: the Heroes by seat, the winner's seat, its length and each seat's PP after every round."""

    heroes: tuple[str, ...]
    winner: int | None  # None: stopped by the step cap, nobody won
    rounds: int
    steps: int
    pp_by_round: tuple[tuple[int, ...], ...]  # pp_by_round[r][seat]: PP at the end of round r + 1
    actions: tuple = ()  # (action, outcome) pairs, kept only when asked (for replays)
    at_limit: bool = False  # ended by options.round_limit before anyone reached the prestige goal
    capped: bool = False  # stopped after max_steps steps without an end (a bot or rule loop): no winner
