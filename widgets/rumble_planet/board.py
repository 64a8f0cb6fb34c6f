"""The Green on screen: the engine's SVG drawing with a heat map of reachable spaces, clickable space by space.

The picture is ``explorer.rumble_planet.draw`` (altitude shading, tiles, teleporters, lootboxes, Heroes);
this module only lays a translucent overlay on the spaces it is told about and reports clicks.
"""
from __future__ import annotations

import re
from html import escape

import anywidget
import traitlets

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


def heat_colour(value: float) -> str:
    """White (nothing) to deep red (a sure knock-out or a big hit) for a value in 0..1."""
    v = min(1.0, max(0.0, value))
    g = int(235 - 180 * v)
    return f"rgb(255,{g},{int(120 - 100 * v)})"


def overlay(svg: str, cells: dict[str, tuple[str | None, str, str]], selected: str | None = None) -> str:
    """Put a clickable overlay on every space: ``cells[space] = (fill or None, label text, tooltip)``.

    Spaces not in ``cells`` are still clickable (with their own name as tooltip).
    """
    parts = []
    for m in _CELL.finditer(svg):
        x, y, wd, ht, space = float(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4)), m.group(5)
        fill, label, tip = cells.get(space, (None, "", space))
        style = f'fill="{fill}" fill-opacity="0.55"' if fill else 'fill="#000" fill-opacity="0"'
        stroke = ' stroke="#0d47a1" stroke-width="3"' if space == selected else ""
        parts.append(f'<rect class="rp-cell" data-space="{space}" x="{x + 1:.1f}" y="{y + 1:.1f}" width="{wd - 2:.1f}" '
                     f'height="{ht - 2:.1f}" {style}{stroke}><title>{escape(tip)}</title></rect>')
        if label:
            parts.append(f'<text x="{x + wd / 2:.1f}" y="{y + ht - 4:.1f}" font-size="9" text-anchor="middle" fill="#3e2723" '
                         f'pointer-events="none">{escape(label)}</text>')
    return svg.replace("</svg>", "".join(parts) + "</svg>")
