"""The odds functions' arguments, checked before any work: a bad one is a sentence, never a raw error."""
from __future__ import annotations

from ...core.errors import IllegalAction
from ..attack import weapon_cards
from ..board import is_space
from ..state import HEROIC, SLOTS, State
from ..tiles import BLOCKING

WEAPONS = (HEROIC,) + tuple(str(i) for i in range(1, SLOTS + 1))
MEASURES = ("knockout", "injuries")


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


def active_seat(state: State, seat, what: str) -> int:
    """The active player's seat (None: theirs): ``what`` counts this turn's attacks, which are theirs."""
    seat = seat_of(state, seat, on_green=False)
    if seat != state.active:
        raise IllegalAction(f"{what} counts this turn's attacks, which are {state.name(state.active)}'s (seat "
                            f"{state.active}); {state.name(seat)} (seat {seat}) is not the active player")
    return seat


def weapon_of(state: State, seat: int, weapon) -> str:
    """"heroic" or an equipment slot "1"-"4" that holds a Weapon (Attack Step 1: choose a weapon)."""
    if weapon not in WEAPONS:
        raise ValueError(f"weapon must be one of {', '.join(map(repr, WEAPONS))}, got {weapon!r}")
    if weapon_cards(state, seat, weapon) is None:
        held = state.player(seat).track[int(weapon) - 1]
        what = "is empty" if held is None else f"holds {state.content.card(held.main).name}, not a Weapon"
        raise IllegalAction(f"slot {weapon} of {state.name(seat)}'s equipment track {what}")
    return weapon


def target_of(state: State, seat: int, target) -> str:
    """A space of the Green holding an opposing Hero or a blocking tile (Attack Step 2: choose a target)."""
    if not is_space(target):
        raise ValueError(f"target must be a space of the Green (A1 to J10), got {target!r}")
    aim = state.seat_at(target)
    if aim == seat:
        raise IllegalAction(f"{state.name(seat)} cannot attack their own space {target}")
    if aim is None and state.tile_at(target) not in BLOCKING:
        raise IllegalAction(f"{target} holds no opposing Hero and no blocking tile to attack")
    return target


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
