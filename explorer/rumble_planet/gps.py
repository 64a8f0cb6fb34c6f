"""The GPS System: relocation, controlled relocation, multiple relocations and impossible placement."""
from __future__ import annotations

from ..core.events import Event
from ..core.frozen import replace
from .board import REGION_NAMES, clockwise, distance, impossible_placement
from .health import blocked
from .state import State, Task

GPS = "GPS Relocation"


def gps_pool(state: State) -> tuple[str, ...]:
    """Cards the next top card may be; an empty deck is rebuilt from the discards, the last drawn card excepted ("Shortages")."""
    return state.gps_deck or state.gps_discard


def relocate(state: State, new_top: str, count: int, controlled: str | None = None) -> tuple[State, tuple[str, ...], list[Event]]:
    """Reveal and discard the top GPS card; the next card's back names the first region (unless controlled).

    Returns:
        (state, up to four spaces clockwise from the first region, events)
    """
    old = state.content.card(state.gps_top)
    ev = []
    if state.gps_deck:
        deck, discard = tuple(c for c in state.gps_deck if c != new_top), state.gps_discard + (old.id,)
    else:
        deck, discard = tuple(c for c in state.gps_discard if c != new_top), (old.id,)
        ev.append(Event("The GPS deck is empty: the discarded GPS cards, all but the last, form a new deck.", "Shortages"))
    state = replace(state, gps_top=new_top, gps_deck=deck, gps_discard=discard)
    first = controlled or state.content.card(new_top).back
    regions = clockwise(first, min(count, 4))
    spaces = tuple(old.space(r) for r in regions)
    how = (f"the active player chose the {REGION_NAMES[first]} region" if controlled
           else f"the back of the next card shows the {REGION_NAMES[first]} region")
    listed = ", ".join(f"{s} ({REGION_NAMES[r]})" for s, r in zip(spaces, regions))
    ev.append(Event(f"GPS card {old.id} is revealed and discarded; {how}: {listed}.", "Controlled Relocation" if controlled else GPS))
    return state, spaces, ev


def place_hero(state: State, seat: int, target: str) -> tuple[State, list[Event]]:
    """Placement of a Mini; when its space is blocked the active player picks a free space next to it (or farther)."""
    block = blocked(state) - ({state.player(seat).space} if state.player(seat).space else set())
    spots = impossible_placement((target,), block)
    if len(spots) == 1:
        return state.with_player(seat, space=spots[0]), [Event(f"{state.name(seat)} is placed at {spots[0]}.", GPS)]
    task = Task("place", state.active, (str(seat),) + spots)
    return (replace(state, pending=(task,) + state.pending),
            [Event(f"{target} is blocked{_where_instead(target, spots)} for {state.name(seat)}.",
                   "Impossible Placement or Replacement")])


def _where_instead(target: str, spots: tuple[str, ...]) -> str:
    """"... a free space adjacent to one of the blocked spaces. In the very rare case where all adjacent spaces are
    also blocked, the active player chooses a free space one space farther away" (Impossible Placement)."""
    far = distance(spots[0], target) if spots else 1
    if far <= 1:
        return ": the active player chooses a free space next to it"
    away = "one space farther away" if far == 2 else f"{far - 1} spaces farther away"
    return f" and so is every space next to it: the active player chooses a free space {away}"
