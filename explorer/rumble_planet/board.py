"""The Green as data: 100 spaces A-J x 1-10 in four regions, altitudes, and the geometry rules.

Pure functions only ("Green Rules: Localization and Altitude"). A space is a string such as
``"C4"``: the letter is the row (A north to J south), the number the column (1 west to 10
east), so the rulebook's GPS example puts I-10 in the southeast and B-1 in the northwest.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.content import Entry, check_header, read_deck_file

ROWS = "ABCDEFGHIJ"
COLUMNS = tuple(range(1, 11))
SPACES = tuple(f"{r}{c}" for r in ROWS for c in COLUMNS)
# Clockwise from the northwest ("Controlled Relocation": "clockwise order from the chosen region").
REGIONS = ("NW", "NE", "SE", "SW")
REGION_NAMES = {"NW": "northwest", "NE": "northeast", "SE": "southeast", "SW": "southwest"}
TELEPORTERS = 4  # Setup step 1: "the 4 Teleporter tokens"
LOOTBOXES = 10  # "the 10 Lootbox tokens"
OVERLAYS = 12  # "the 12 raised Terrain Overlays"


def is_space(s: Any) -> bool:
    return isinstance(s, str) and s in _SPACE_SET


_SPACE_SET = frozenset(SPACES)


def _coords(space: str) -> tuple[int, int]:
    return ROWS.index(space[0]), int(space[1:]) - 1


# The geometry is asked for thousands of times a game: the spaces' coordinates and distances are tabled once.
_COORDS = {s: _coords(s) for s in SPACES}
_DISTANCE = {(a, b): abs(_COORDS[a][0] - _COORDS[b][0]) + abs(_COORDS[a][1] - _COORDS[b][1])
             for a in SPACES for b in SPACES}


def coords(space: str) -> tuple[int, int]:
    """(row 0-9, column 0-9) of a space."""
    found = _COORDS.get(space)
    return _coords(space) if found is None else found


def space_at(row: int, col: int) -> str | None:
    return f"{ROWS[row]}{col + 1}" if 0 <= row < 10 and 0 <= col < 10 else None


def region(space: str) -> str:
    """The region of 25 spaces a space lies in ("100 spaces grouped into 4 regions of 25 spaces")."""
    r, c = coords(space)
    return ("N" if r < 5 else "S") + ("W" if c < 5 else "E")


def clockwise(start: str, n: int) -> tuple[str, ...]:
    """``n`` regions clockwise from ``start`` (Multiple GPS Relocations)."""
    i = REGIONS.index(start)
    return tuple(REGIONS[(i + k) % 4] for k in range(n))


@cache
def adjacent(space: str) -> tuple[str, ...]:
    """Spaces sharing a side, regardless of altitude (Adjacency and Ring)."""
    r, c = coords(space)
    return tuple(s for s in (space_at(r - 1, c), space_at(r, c + 1), space_at(r + 1, c), space_at(r, c - 1)) if s)


def distance(a: str, b: str) -> int:
    """Spaces apart counted orthogonally: neighbours are 1 apart, one space between is 2 (Distances)."""
    found = _DISTANCE.get((a, b))
    if found is not None:
        return found
    (r1, c1), (r2, c2) = coords(a), coords(b)
    return abs(r1 - r2) + abs(c1 - c2)


def range_distance(a: str, b: str, shape: str = "distance") -> int:
    """Spaces apart for a weapon's Range (ruling RP-9): orthogonal ("distance"), or by ring ("ring": a diagonal
    neighbour is 1 away, as the Ring of radius 1 around a space holds the 8 spaces about it)."""
    if shape == "ring":
        (r1, c1), (r2, c2) = coords(a), coords(b)
        return max(abs(r1 - r2), abs(c1 - c2))
    return distance(a, b)


@cache
def ring(center: str, radius: int = 1, shape: str = "square") -> tuple[str, ...]:
    """The spaces of a Ring (radius 1) or Extended Ring (radius 2) around ``center``, center excluded.

    ``shape="square"`` takes every space within ``radius`` rows and columns (ruling RP-3);
    ``"diamond"`` counts orthogonal distance.
    """
    r0, c0 = coords(center)
    out = []
    for s in SPACES:
        r, c = coords(s)
        d = max(abs(r - r0), abs(c - c0)) if shape == "square" else abs(r - r0) + abs(c - c0)
        if 0 < d <= radius:
            out.append(s)
    return tuple(out)


def aligned(a: str, b: str, diagonals: bool = False) -> bool:
    """Alignment (ruling RP-32): "in the same straight row of spaces": the same letter or the same number, or with
    ``diagonals`` (``options.aligned_diagonals``) also the same diagonal line of spaces."""
    if a == b:
        return False
    (r, c), (r2, c2) = coords(a), coords(b)
    return r == r2 or c == c2 or diagonals and abs(r - r2) == abs(c - c2)


@dataclass(frozen=True)
class Board:
    """One side of the Green: where the elevations, overlays and starting tokens go.

    Attributes:
        elevations: spaces raised to altitude 1 by a volume-based Elevation.
        overlays: the 12 raised Terrain Overlays, each on an elevation (altitude 2; ruling RP-2).
        teleporters, lootboxes, golden: starting places of the tokens (Setup step 1).
    """

    side: str
    label: str
    sample: bool
    elevations: frozenset
    overlays: frozenset
    teleporters: tuple[str, ...]
    lootboxes: tuple[str, ...]
    golden: str

    def altitude(self, space: str) -> int:
        """0 on the board, 1 on an elevation, 2 on an overlay ("Green Rules")."""
        return (space in self.elevations) + (space in self.overlays)

    def to_json(self) -> dict:
        return {"format": "rules-explorer-deck", "version": 1, "game": "rumble-planet", "kind": "board",
                "side": self.side, "label": self.label, "sample": self.sample,
                "elevations": sorted(self.elevations, key=SPACES.index), "overlays": sorted(self.overlays, key=SPACES.index),
                "teleporters": list(self.teleporters), "lootboxes": list(self.lootboxes), "golden": self.golden}


def board_from_json(data: Any, source: str) -> Board:
    """Validate a board file; a problem raises ContentError naming the file, entry and field."""
    check_header(data, source, "rumble-planet")
    e = Entry(source, f"board {data.get('side', '?')}", data)
    e.unknown_fields({"format", "version", "game", "kind", "side", "label", "sample", "elevations", "overlays",
                      "teleporters", "lootboxes", "golden"})
    if e.get("kind", str) != "board":
        raise e.fail("kind", "must be 'board'")
    side = e.get("side", str, check=lambda v: v in ("A", "B"), expect="'A' or 'B'")

    def spaces(name: str, count: int | None, unique: bool = True) -> tuple[str, ...]:
        raw = e.get(name, list)
        for i, s in enumerate(raw):
            if not is_space(s):
                raise e.fail(f"{name}[{i}]", f"{s!r} is not a space of the Green (A1 to J10)")
        if unique and len(set(raw)) != len(raw):
            raise e.fail(name, "lists a space twice")
        if count is not None and len(raw) != count:
            raise e.fail(name, f"must list {count} spaces, got {len(raw)}")
        return tuple(raw)

    elevations = frozenset(spaces("elevations", None))
    overlays = frozenset(spaces("overlays", OVERLAYS))
    for s in sorted(overlays - elevations):
        raise e.fail("overlays", f"{s} has no Elevation under its Terrain Overlay")
    teleporters = spaces("teleporters", TELEPORTERS)
    lootboxes = spaces("lootboxes", LOOTBOXES, unique=False)
    golden = e.get("golden", str, check=is_space, expect="a space of the Green (A1 to J10)")
    return Board(side, e.get("label", str, default=f"side {side}"), e.get("sample", bool, default=False),
                 elevations, overlays, teleporters, lootboxes, golden)


def load_board(path) -> Board:
    """Load a user's board file with the same validation as the shipped sides."""
    data, source = read_deck_file(path, "rumble-planet")
    return board_from_json(data, source)


def impossible_placement(targets: tuple[str, ...], blocked: frozenset) -> tuple[str, ...]:
    """Where a figure or blocking tile may go when every eligible space is blocked.

    "The active player chooses a free space adjacent to one of the blocked spaces"; failing that,
    one space farther away, and so on (Impossible Placement or Replacement).
    """
    if not targets:
        return ()
    free = [t for t in targets if t not in blocked]
    if free:
        return tuple(dict.fromkeys(free))
    for d in range(1, 19):
        found = tuple(s for s in SPACES if s not in blocked and min(distance(s, t) for t in targets) == d)
        if found:
            return found
    return ()
