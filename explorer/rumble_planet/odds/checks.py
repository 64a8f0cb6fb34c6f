"""The odds functions' arguments, checked before any work: a bad one is a sentence, never a raw error."""
from __future__ import annotations

from ...core.errors import IllegalAction
from ..arguments import seat_of, state_of
from ..attack import WEAPONS, target_of, weapon_of
from ..state import State

__all__ = ["WEAPONS", "active_seat", "goal_of", "measure_of", "seat_of", "state_of", "target_of", "weapon_of"]

MEASURES = ("knockout", "injuries")


def active_seat(state: State, seat, what: str) -> int:
    """The active player's seat (None: theirs): ``what`` counts this turn's attacks, which are theirs."""
    seat = seat_of(state, seat, on_green=False)
    if seat != state.active:
        raise IllegalAction(f"{what} counts this turn's attacks, which are {state.name(state.active)}'s (seat "
                            f"{state.active}); {state.name(seat)} (seat {seat}) is not the active player")
    return seat


def goal_of(state: State, goal) -> tuple[int, ...]:
    if goal is None:
        return tuple(i for i, p in enumerate(state.players) if i != state.active and p.space is not None)
    seats = tuple(goal) if isinstance(goal, (list, tuple)) else None
    if seats is None or not all(not isinstance(i, bool) and isinstance(i, int) and 0 <= i < len(state.players)
                                for i in seats):
        raise ValueError(f"goal must be a list of seats from 0 to {len(state.players) - 1}, got {goal!r}")
    return seats


def measure_of(measure) -> str:
    if measure not in MEASURES:
        raise ValueError(f"measure must be 'knockout' or 'injuries', got {measure!r}")
    return measure
