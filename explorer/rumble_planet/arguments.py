"""The public functions' arguments, checked before any work: a bad one is a sentence (``ValueError``, or
``IllegalAction`` for a seat or a space the position does not allow), never a raw error or a quiet answer."""
from __future__ import annotations

import numbers

from ..core.errors import IllegalAction
from .board import is_space
from .state import State


def state_of(state) -> State:
    if not isinstance(state, State):
        raise ValueError(f"state must be a Rumble Planet State, got {type(state).__name__}")
    return state


def seat_of(state: State, seat, on_green: bool = True) -> int:
    """A seat (None: the active player's), on the Green unless ``on_green`` is False."""
    seat = state.active if seat is None else seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise ValueError(f"seat must be a whole number from 0 to {len(state.players) - 1}, got {seat!r}")
    if on_green and state.player(seat).space is None:
        raise IllegalAction(f"{state.name(seat)} is not on the Green")
    return seat


def space_of(space, what: str = "space") -> str:
    """A space of the Green by its name ("E5"); anything else is refused rather than answered."""
    if not is_space(space):
        raise ValueError(f"{what} must be a space of the Green (A1 to J10), got {space!r}")
    return space


def spaces_of(spaces, what: str) -> tuple[str, ...]:
    if isinstance(spaces, (str, bytes, dict)) or not hasattr(spaces, "__iter__"):
        raise ValueError(f"{what} must be a list of spaces of the Green, got {spaces!r}")
    return tuple(space_of(s, f"each of {what}") for s in spaces)


def whole_of(value, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, got {value!r}")
    return int(value)


def flag_of(value, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be True or False, got {value!r}")
    return value


def table_of(value, what: str) -> dict | None:
    if value is not None and not isinstance(value, dict):
        raise ValueError(f"{what} must be a dict (or None), got {type(value).__name__}")
    return value
