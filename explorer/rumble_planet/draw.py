"""The Green as an SVG string: a pure function of a board or a state (in the spirit of ``chess.svg``).

Highlights are arguments, not state; notebooks show a board or state by evaluating it: this module gives both
classes their ``_repr_svg_`` (the drawing sits above them, and the package imports it with them).
"""
from __future__ import annotations

from html import escape

from .arguments import spaces_of, whole_of
from .board import COLUMNS, ROWS, Board
from .health import altitude
from .state import State
from .tile_table import tile_name

ALTITUDE_FILL = ("#cfe8b0", "#9fcf7a", "#6aa84f")  # grass, raised, high
SEAT_COLOURS = ("#d62728", "#1f77b4", "#ff7f0e", "#9467bd")
TILE_MARK = {"teleporter": ("T", "#00a3a3"), "drone": ("D", "#555"), "oil_slick": ("O", "#222"),
             "defensive_field": ("F", "#2e7d32"), "turret": ("X", "#b71c1c"), "squirrel": ("S", "#8d6e63"),
             "energy_wall": ("W", "#4527a0")}


def token(cell: float) -> tuple[float, float, float]:
    """A Hero's token inside its space (centre x, centre y, radius): clear of the tile mark in the top-left
    corner, the lootbox in the bottom-right and a caption along the bottom edge."""
    return cell / 2, cell * 0.45, cell * 0.24


def draw(thing, size: int = 440, highlight: tuple[str, ...] = (), title: str | None = None) -> str:
    """SVG of a ``Board`` or a game ``State``.

    Args:
        thing: a Board (empty Green with its starting tokens) or a State (Heroes, tiles, lootboxes).
        size: width and height of the grid in pixels.
        highlight: spaces to outline (reachable spaces, targets...).
        title: an optional caption.
    """
    if not isinstance(thing, (Board, State)):
        raise ValueError(f"draw takes a Rumble Planet Board or State, got {type(thing).__name__}")
    size = whole_of(size, "size", 100, 4000)
    highlight = spaces_of(highlight, "highlight")
    if title is not None and not isinstance(title, str):
        raise ValueError(f"title must be a text (or None), got {title!r}")
    if isinstance(thing, Board):
        board, tiles, loot, golden, heroes = thing, [(s, "teleporter") for s in thing.teleporters], list(thing.lootboxes), thing.golden, []
        alt = board.altitude
    else:
        board, tiles, loot, golden = thing.board, list(thing.tiles), list(thing.lootboxes), thing.golden
        heroes = [(i, p.space, thing.name(i)) for i, p in enumerate(thing.players) if p.space]

        def alt(space: str) -> int:
            return altitude(thing, space)
    cell = size / 10
    pad = 22
    top = pad + (18 if title else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + pad + 4}" height="{size + top + 4}" '
           f'viewBox="0 0 {size + pad + 4} {size + top + 4}" font-family="sans-serif">']
    if title:
        out.append(f'<text x="{pad}" y="14" font-size="13">{escape(title)}</text>')

    def xy(space: str) -> tuple[float, float]:
        r, c = ROWS.index(space[0]), int(space[1:]) - 1
        return pad + c * cell, top + r * cell

    for r, row in enumerate(ROWS):
        out.append(f'<text x="{pad / 2}" y="{top + (r + 0.6) * cell}" font-size="11" text-anchor="middle">{row}</text>')
        for c in COLUMNS:
            s = f"{row}{c}"
            x, y = xy(s)
            level = min(alt(s), 2)
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell:.1f}" height="{cell:.1f}" fill="{ALTITUDE_FILL[level]}" '
                       f'stroke="#ffffff" stroke-width="1"><title>{s}, altitude {alt(s)}</title></rect>')
    for c in COLUMNS:
        out.append(f'<text x="{pad + (c - 0.5) * cell}" y="{top - 6}" font-size="11" text-anchor="middle">{c}</text>')
    mid = 5 * cell
    out.append(f'<line x1="{pad + mid}" y1="{top}" x2="{pad + mid}" y2="{top + size}" stroke="#333" stroke-width="2"/>')
    out.append(f'<line x1="{pad}" y1="{top + mid}" x2="{pad + size}" y2="{top + mid}" stroke="#333" stroke-width="2"/>')
    for s, tile in tiles:
        x, y = xy(s)
        mark, colour = TILE_MARK.get(tile, ("?", "#000"))
        out.append(f'<rect x="{x + 3:.1f}" y="{y + 3:.1f}" width="{cell - 6:.1f}" height="{cell - 6:.1f}" fill="none" '
                   f'stroke="{colour}" stroke-width="2" rx="4"><title>{tile_name(tile)} tile at {s}</title></rect>')
        out.append(f'<text x="{x + 6:.1f}" y="{y + 14:.1f}" font-size="10" font-weight="bold" fill="{colour}">{mark}</text>')
    for s in sorted(set(loot)):
        x, y = xy(s)
        n = loot.count(s)
        out.append(f'<rect x="{x + cell - 16:.1f}" y="{y + cell - 16:.1f}" width="12" height="12" fill="#8d5524">'
                   f'<title>{n} lootbox(es) at {s}</title></rect>')
        if n > 1:
            out.append(f'<text x="{x + cell - 10:.1f}" y="{y + cell - 6:.1f}" font-size="9" fill="#fff" text-anchor="middle">{n}</text>')
    if golden:
        x, y = xy(golden)
        out.append(f'<circle cx="{x + cell - 10:.1f}" cy="{y + 10:.1f}" r="6" fill="#ffd700" stroke="#a67c00">'
                   f'<title>golden Lootbox at {golden}</title></circle>')
    for seat, s, name in heroes:
        x, y = xy(s)
        cx, cy, r = token(cell)
        out.append(f'<circle cx="{x + cx:.1f}" cy="{y + cy:.1f}" r="{r:.1f}" fill="{SEAT_COLOURS[seat]}" '
                   f'stroke="#000"><title>{escape(name)} at {s}</title></circle>')
        out.append(f'<text x="{x + cx:.1f}" y="{y + cy + 4:.1f}" font-size="11" fill="#fff" text-anchor="middle">'
                   f'{escape(name[0])}</text>')
    for s in highlight:
        x, y = xy(s)
        out.append(f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{cell - 2:.1f}" height="{cell - 2:.1f}" fill="none" '
                   f'stroke="#ffeb3b" stroke-width="3"/>')
    out.append("</svg>")
    return "".join(out)


def _repr_svg_(thing) -> str:
    """Jupyter's rich display of a Board or a State: its drawing."""
    return draw(thing)


# The drawing sits above the board and the state and offers itself to them here, so neither imports the drawing.
Board._repr_svg_ = _repr_svg_
State._repr_svg_ = _repr_svg_
