"""The Green on screen: the engine's SVG drawing with a heat map of reachable spaces, clickable space by space.

The picture is ``explorer.rumble_planet.draw`` (altitude shading, tiles, teleporters, lootboxes, Heroes);
this module only lays a translucent overlay on the spaces it is told about and reports clicks.
"""
from __future__ import annotations

import re
from html import escape
from typing import NamedTuple

import anywidget
import traitlets

from explorer.rumble_planet.odds import reachable

_CELL = re.compile(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*><title>([A-J]\d{1,2}), altitude')

_ESM = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "rp-board-svg";
  el.appendChild(box);
  const draw = () => { box.innerHTML = model.get("svg"); };
  draw();
  model.on("change:svg", draw);
  box.addEventListener("click", (ev) => {
    const cell = ev.target.closest("[data-space]");
    if (!cell) return;
    model.set("clicked", cell.dataset.space + "#" + Date.now());
    model.save_changes();
  });
}
export default { render };
"""


class BoardView(anywidget.AnyWidget):
    """Shows an SVG string; a click on a space sets ``clicked`` to "E5#<time>" (the caller reads the space)."""

    _esm = _ESM
    _css = ".rp-board-svg svg {max-width:100%; height:auto; display:block} .rp-board-svg [data-space] {cursor:pointer}"
    svg = traitlets.Unicode("").tag(sync=True)
    clicked = traitlets.Unicode("").tag(sync=True)


HEAT_OPACITY = 0.85  # opaque enough that red reads as red on every altitude's green
NO_ATTACK = "rgb(255,249,196)"  # reachable, but no attack from there: pale yellow
HEAT_INSET = 4  # the heat square leaves a rim of the altitude colour showing


class Cell(NamedTuple):
    """What the overlay shows on one space: heat fill (None: none), the MP cost, an attack note, the tooltip."""

    fill: str | None
    cost: str
    note: str
    tip: str


def heat_colour(value: float) -> str:
    """Yellow (a weak attack) through orange to red (a sure knock-out or a big hit) for a value in 0..1."""
    v = min(1.0, max(0.0, value))
    g = int(235 - 180 * v)
    return f"rgb(255,{g},{int(120 - 100 * v)})"


def heat_cells(state) -> dict[str, Cell]:
    """Each space the active Hero can reach this turn: its MP (and Injuries on the way), attack value and tooltip."""
    if state.stage != "play" or state.pending:
        return {}
    here = state.player(state.active).space
    cells = {}
    for sp, spot in reachable(state).items():
        v = spot.attack
        if v is not None and v.knockout > 0:
            heat, note = 0.5 + 0.5 * v.knockout, f"KO {v.knockout:.0%}"
        elif v is not None and v.expected_injuries > 0:
            heat, note = min(0.5, v.expected_injuries / 12), f"~{v.expected_injuries:.1f}"
        else:
            heat, note = 0.0, ""
        c, safe = spot.cheapest, spot.safest
        two = len(spot.routes) > 1
        cost = f"{c.mp}" + (f"!{c.injuries}" if c.injuries else "") + (
            f"/{safe.mp}" + (f"!{safe.injuries}" if safe.injuries else "") if two else "")
        tip = (f"{sp}: {c.mp} MP to get there" + (f", {c.injuries} Injuries on the way" if c.injuries else "")
               + (f"; or {safe.mp} MP with {safe.injuries} Injuries: a click offers both" if two else "")
               + ("; Teleporter: a controlled GPS relocation follows" if spot.teleporter else "")
               + (f"; best attacks from here: {v.expected_injuries:.2f} expected Injuries, {v.knockout:.1%} to knock out"
                  if v is not None else "; no attack after moving"))
        if sp == here:  # the Hero's own token sits there: no fill, no text under it
            cells[sp] = Cell(None, "", "", tip + " (the active Hero stands here)")
        else:
            cells[sp] = Cell(heat_colour(heat) if heat > 0 else NO_ATTACK, cost, note, tip)
    return cells


def _text(x: float, y: float, text: str, size: float, cls: str, weight: str = "normal") -> str:
    """Text with a white halo (readable on any fill, over a lootbox too); never catches a click."""
    return (f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" font-weight="{weight}" text-anchor="middle" '
            f'fill="#3e2723" stroke="#fff" stroke-width="2.5" paint-order="stroke" stroke-linejoin="round" '
            f'pointer-events="none">{escape(text)}</text>')


def overlay(svg: str, cells: dict[str, Cell], selected: str | tuple[str, ...] | None = None) -> str:
    """Paint the heat under the drawing's tiles, lootboxes and Heroes, then put the captions and a clickable square
    on every space: the MP cost in the middle, the attack note below.

    Spaces not in ``cells`` are still clickable (with their own name as tooltip); ``selected`` spaces are outlined.
    """
    outlined = {selected} if isinstance(selected, str) else set(selected or ())
    heat, top = [], []
    for m in _CELL.finditer(svg):
        x, y, wd, ht, space = float(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4)), m.group(5)
        fill, cost, note, tip = cells.get(space, Cell(None, "", "", space))
        if fill:
            i = HEAT_INSET
            heat.append(f'<rect class="rp-heat" x="{x + i:.1f}" y="{y + i:.1f}" width="{wd - 2 * i:.1f}" '
                        f'height="{ht - 2 * i:.1f}" rx="3" fill="{fill}" fill-opacity="{HEAT_OPACITY}" pointer-events="none"/>')
        if cost:
            size = min(14.0, (wd - 4) / (0.62 * len(cost)))  # a long "1!2/3!1" shrinks to fit its space
            top.append(_text(x + wd / 2, y + ht * 0.5 + size * 0.35, cost, size, "rp-cost", "bold"))
        if note:
            top.append(_text(x + wd / 2, y + ht - 3, note, min(11.0, (wd - 2) / (0.6 * len(note))), "rp-note"))
        stroke = ' stroke="#0d47a1" stroke-width="3"' if space in outlined else ""
        top.append(f'<rect class="rp-cell" data-space="{space}" x="{x + 1:.1f}" y="{y + 1:.1f}" width="{wd - 2:.1f}" '
                   f'height="{ht - 2:.1f}" fill="#000" fill-opacity="0"{stroke}><title>{escape(tip)}</title></rect>')
    cut = svg.find("<line ")  # the region lines follow the ground: the heat goes between them
    cut = cut if cut >= 0 else svg.rindex("</svg>")
    return svg[:cut] + "".join(heat) + svg[cut:].replace("</svg>", "".join(top) + "</svg>")
