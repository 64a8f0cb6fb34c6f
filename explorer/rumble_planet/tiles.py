"""Placing the tiles of the Green (the rulebook's Summary Table of Tiles is data, in ``tile_table``).

"There can never be more than one tile in the same space." A blocking tile cannot share a space with a
character or another blocking tile; it is destroyed by enough Injuries in one hit.
"""
from __future__ import annotations

from ..core.events import Event
from ..core.frozen import replace
from .board import adjacent, impossible_placement
from .health import blocked
from .state import Task
from .tile_table import BLOCKING, TILE_TABLE, tile_name  # noqa: F401 (TILE_TABLE: still read from here)


def tile_spots(state, tile: str, center: str, own_space: bool) -> tuple[str, ...]:
    """Tile Effects, Blocked Space / Free Space (ruling RP-19): "place {tile} in your space or a free space next
    to it". ``center`` itself takes a non-blocking tile (if allowed) when no tile is there; a space next to it must
    be free (no Hero, no blocking tile: "A space that is not blocked is called a free space") and tile-free ("never
    more than one tile in the same space"); for a blocking tile with every one blocked, the nearest free ones
    (Impossible Placement)."""
    taken = {s for s, _ in state.tiles}
    block = blocked(state)
    if tile in BLOCKING:
        return impossible_placement(adjacent(center), block | taken)
    own = [center] if own_space and center not in taken else []
    return tuple(own + [s for s in adjacent(center) if s not in taken and s not in block])


def offer_tile(state, seat: int, tile: str, center: str | None, section: str, own_space: bool = True,
               before: tuple[str, ...] | None = None):
    """Queue the active player's choice of a space for a new tile; when all tiles of that type are on the Green,
    an existing one may be replaced instead ("Shortages").

    ``before``: the spaces the tile could take before the attack die was rolled, for an "on attack" tile
    (Equipment Effects: "just before rolling the attack die"); the choice then comes first of the decisions the
    attack left, among those spaces (ruling RP-21).
    """
    if center is None:
        return state, [Event(f"{state.name(seat)} is off the Green: the {tile_name(tile)} tile is not placed.", section)]
    spots = tile_spots(state, tile, center, own_space)
    if before is not None:
        spots = tuple(s for s in spots if s in before)
    if not spots:
        return state, [Event(f"No space can take the {tile_name(tile)} tile.", section)]
    on_green = sum(1 for _, t in state.tiles if t == tile)
    where = (tile, center, "own" if own_space else "") + (() if before is None else tuple(before))

    def queue(task):
        return (task,) + state.pending if before is not None else state.pending + (task,)

    if on_green >= state.options.supply(tile):
        return replace(state, pending=queue(Task("move_tile", state.active, where))), [
            Event(f"Every {tile_name(tile)} tile is on the Green: one of them may be replaced instead.", "Shortages")]
    return replace(state, pending=queue(Task("place_tile", state.active, where))), []


def task_spots(state, task) -> tuple[str, ...]:
    """The spaces a waiting tile task may use now (earlier placements may have taken some; an "on attack" tile
    only those it could take before the roll)."""
    tile, center, own, *before = task.data
    spots = tile_spots(state, tile, center, own == "own")
    return tuple(s for s in spots if s in before) if before else spots
