"""The rulebook's Summary Table of Tiles, as data: what each tile is, whether it blocks, what destroys it.

Data below the state and the rules: the cards' effects, the log's words and the drawing read it; placing a tile
on the Green (a rule, ``tiles``) builds on it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TileKind:
    name: str
    blocking: bool
    destroyed_by: int | None  # Injuries in one hit that destroy it (blocking tiles)
    zone: int  # 1: its effect reaches the Ring around it; 0: its own space
    effect: str


TILE_TABLE = {t.name: t for t in (
    TileKind("teleporter", False, None, 0, "Perform a controlled GPS relocation on the character who enters the space with this tile."),
    TileKind("drone", False, None, 0, "A space containing a Drone tile is considered to be one level of altitude higher."),
    TileKind("oil_slick", False, None, 0, "Moving out of a space with an Oil Slick tile costs 1 extra MP."),
    TileKind("defensive_field", False, None, 1, "Gain +2 Defense in a space within Ring centered on this tile."),
    TileKind("turret", True, 3, 1, "Entering a space in Ring centered on a Turret tile causes 2 Injuries."),
    TileKind("squirrel", True, 3, 1, "Entering a space in Ring centered on the Squirrel tile causes 3 Injuries to non-Agent players."),
    TileKind("energy_wall", True, 6, 0, "The Energy Wall has no effect other than being destructible and blocking movement."),
)}
TILES = tuple(TILE_TABLE)
BLOCKING = {t.name: t.destroyed_by for t in TILE_TABLE.values() if t.blocking}


def tile_name(tile: str) -> str:
    return tile.replace("_", " ")
