"""Small SVG pictures for the Doomrock board: dice with pips and marker tokens (no rules here)."""
from __future__ import annotations

from html import escape

PIP_SPOTS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
HERO_COLOURS = ("#2f6fd6", "#2e9b4f", "#c8372d", "#7b4bb7", "#d98b1a", "#3d8b8b")


def die_svg(face: int | None, size: int = 30, colour: str = "#fbfbf8", title: str = "", cls: str = "dr-die",
            data: dict | None = None, dashed: bool = False) -> str:
    """One die as SVG: rounded square with pips (``face`` None: an empty slot)."""
    attrs = "".join(f' data-{k}="{escape(str(v))}"' for k, v in (data or {}).items())
    fill = colour if face else "none"
    dash = ' stroke-dasharray="3 2"' if dashed or not face else ""
    pips = "".join(f'<circle cx="{x * size:.1f}" cy="{y * size:.1f}" r="{size * 0.085:.1f}" fill="#222"/>'
                   for x, y in PIP_SPOTS.get(face or 0, []))
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (f'<svg class="{cls}" width="{size}" height="{size}" viewBox="0 0 {size} {size}" data-face="{face or ""}"{attrs}>'
            f'{tip}<rect x="1" y="1" width="{size - 2}" height="{size - 2}" rx="{size * 0.18:.1f}" fill="{fill}" '
            f'stroke="#444" stroke-width="1.2"{dash}/>{pips}</svg>')


def token_svg(kind: str, count: int | str = "", title: str = "") -> str:
    """A marker token: shield, heroism, expose (face down), enrage, lock, HP, armour; on the adventure map
    a secret marker, a time marker, silver, the party marker and a face-down card."""
    shapes = {
        "shield": '<path d="M10 2 L17 5 L16 12 Q13 17 10 18 Q7 17 4 12 L3 5 Z" fill="#5b8fd6" stroke="#234"/>',
        "heroism": '<polygon points="10,1 12.5,7 19,7.5 14,12 15.5,18.5 10,15 4.5,18.5 6,12 1,7.5 7.5,7" fill="#f2c230" stroke="#654"/>',
        "expose": '<circle cx="10" cy="10" r="8" fill="#7a2e8f" stroke="#311"/><text x="10" y="14" font-size="11" text-anchor="middle" fill="#fff">?</text>',
        "enrage": '<path d="M10 1 L13 8 L19 9 L13 12 L15 19 L10 14 L5 19 L7 12 L1 9 L7 8 Z" fill="#d43b2a" stroke="#511"/>',
        "lock": '<rect x="4" y="9" width="12" height="9" rx="2" fill="#666"/><path d="M6 9 V6 a4 4 0 0 1 8 0 V9" fill="none" stroke="#666" stroke-width="2"/>',
        "hp": '<path d="M10 17 L3 10 a4 4 0 0 1 7 -5 a4 4 0 0 1 7 5 Z" fill="#d33" stroke="#611"/>',
        "armour": '<path d="M4 3 H16 V10 Q16 16 10 18 Q4 16 4 10 Z" fill="#999" stroke="#333"/>',
        "secret": '<circle cx="10" cy="10" r="8" fill="#2d5a3a" stroke="#122"/><circle cx="10" cy="8" r="2.5" fill="#f2e6b8"/>'
                  '<path d="M9 10 H11 L11.8 15 H8.2 Z" fill="#f2e6b8"/>',
        "time": '<path d="M5 2 H15 M5 18 H15 M6 2 Q6 8 10 10 Q6 12 6 18 M14 2 Q14 8 10 10 Q14 12 14 18" fill="none" '
                'stroke="#6b4a1a" stroke-width="1.6"/><path d="M7.5 16.5 Q10 12 12.5 16.5 Z" fill="#d9a441"/>',
        "silver": '<circle cx="10" cy="10" r="8" fill="#c9ccd1" stroke="#555"/><circle cx="10" cy="10" r="5" fill="none" stroke="#777"/>',
        "party": '<path d="M6 18 H14 L12 12 Q15 10 13 6 A3.6 3.6 0 1 0 7 6 Q5 10 8 12 Z" fill="#d98b1a" stroke="#5a3a08"/>',
        "card": '<rect x="4" y="2" width="12" height="16" rx="2" fill="#6b4a8f" stroke="#2a1a3a"/>'
                '<rect x="6.5" y="4.5" width="7" height="11" rx="1" fill="none" stroke="#c9b6e0"/>',
    }
    tip = f"<title>{escape(title)}</title>" if title else ""
    label = f'<span class="dr-count">{escape(str(count))}</span>' if count != "" else ""
    return (f'<span class="dr-token dr-{kind}"><svg width="18" height="18" viewBox="0 0 20 20">{tip}{shapes[kind]}</svg>'
            f"{label}</span>")
