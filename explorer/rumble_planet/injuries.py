"""Losing Health Points and Knocked Out! (KO): an Injury that takes the last HP knocks the Hero out, whose
equipment moves along the obsolescence track at once; the active player gains 1 PP.

It sits above ``health`` (HP, PP, level-up) and ``preparation`` (the obsolescence track).
"""
from __future__ import annotations

from ..core.events import Event
from ..core.frozen import replace
from .health import gain_pp, level_up
from .preparation import obsolescence_shift
from .state import State


def injure(state: State, seat: int, n: int, section: str) -> tuple[State, list[Event]]:
    """Losing Health Points: down the track, never below 0; at 0 the Hero is knocked out."""
    p = state.player(seat)
    if n <= 0 or p.knocked_out:
        return state, []
    hp = max(0, p.hp - n)
    s = state.with_player(seat, hp=hp)
    ev = [Event(f"{state.name(seat)} suffers {n} Injury(ies): {hp} HP.", section)]
    s, e2 = level_up(s, seat)
    ev += e2
    if hp == 0:
        s, e3 = knock_out(s, seat)
        ev += e3
    return s, ev


def knock_out(state: State, seat: int) -> tuple[State, list[Event]]:
    """Knocked Out! (KO): obsolescence at once, then the Mini leaves the Green; the active player gains 1 PP."""
    ev = [Event(f"{state.name(seat)} is knocked out.", "Knocked Out! (KO)")]
    s, e2 = obsolescence_shift(state.with_player(seat, knocked_out=True), seat)  # first obsolescence, then off the Green
    ev += e2 + [Event(f"{state.name(seat)}'s Mini leaves the Green.", "Knocked Out! (KO)")]
    s = s.with_player(seat, space=None)
    if seat != state.active:
        s = replace(s, turn=replace(s.turn, knockouts=s.turn.knockouts + 1))
        s, e3 = gain_pp(s, state.active, 1, f"knocked out {state.name(seat)}")
        ev += e3
    else:
        s = replace(s, turn=replace(s.turn, movement="done", attack="done"))
    return s, ev
