"""A clan's village drawn as SVG: Glory tokens, Resources, the Farm, Forge, Temple, Barracks and
Battleground spaces with the dice and Specialist tokens on them (pure functions of a view).

Only what the view shows is drawn: a die whose space is hidden (``HIDDEN``) or not yet chosen is
not on the board (the roll panel shows every die with where it stands).
"""
from __future__ import annotations

from explorer.barbearian import HIDDEN

from .. import svg
from ..theme import DIE_COLOURS
from .labels import clan_name, space_label

MERCENARY = "purple"
GLORY_TO_WIN = 7
RESOURCE_STYLE = {  # a symbol in a 20x20 box per Resource
    "honey": '<path d="M10 2 L17 6 V14 L10 18 L3 14 V6 Z" fill="#f2b705" stroke="#8a6500"/>',
    "ore": '<path d="M10 2 L18 10 L10 18 L2 10 Z" fill="#90a4ae" stroke="#37474f"/>',
    "faith": '<path d="M10 1 L12.4 7.6 L19 8 L13.8 12.2 L15.6 19 L10 15.2 L4.4 19 L6.2 12.2 L1 8 L7.6 7.6 Z" fill="#9575cd" stroke="#4527a0"/>',
}
LOCK = '<path d="M6 9 V6.5 A4 4 0 0 1 14 6.5 V9" stroke="#222" stroke-width="1.6" fill="none"/><rect x="4.5" y="9" width="11" height="8" rx="1.5" fill="#222"/>'
SPECIALIST = '<circle cx="10" cy="10" r="7" fill="#fff8e1" stroke="#6d4c41" stroke-width="1.6"/><text x="10" y="14" font-size="10" text-anchor="middle" fill="#6d4c41">S</text>'


def glory_token(colour: str, locked: bool, x: float, y: float, tip: str = "") -> str:
    """A Glory token: a banner in the clan's colour, with a padlock when locked."""
    bg = DIE_COLOURS.get(colour, ("#ccc", "#000"))[0]
    lock = f'<g transform="translate({x + 1},{y + 3}) scale(0.7)">{LOCK}</g>' if locked else ""
    return (f'<g class="svg-glory" data-locked="{int(locked)}">{svg.title(tip)}'
            f'<path d="M{x} {y} h16 v20 l-8 -5 l-8 5 Z" fill="{bg}" stroke="#333"/>{lock}</g>')


def glory_symbol(locked: bool) -> str:
    return glory_token("red", locked, 2, 0)


def _icon(body: str, x: float, y: float, size: float, tip: str = "") -> str:
    return f'<g transform="translate({x},{y}) scale({size / 20})">{svg.title(tip)}{body}</g>'


def _dice(dice, x, y, space: str, per_row=3, size=15):
    """The dice on one space, each marked with the space (``data-space``) it stands on."""
    return "".join(f'<g class="bb-placed" data-space="{space}">'
                   f'{svg.die(x + (i % per_row) * (size + 2), y + (i // per_row) * (size + 2), size, c, f, tip)}</g>'
                   for i, (c, f, tip) in enumerate(dice))


def _force(state, seat: int, target: int, dice, x: float, y: float, space: str) -> str:
    """The dice sent against ``target``. Once the screens are off the drawing follows the Battleground: a
    standing force is labelled with its strength now (a clash lowers it), a force no longer standing (removed
    in a clash, or its raid is over) is drawn faded, labelled "gone"."""
    drawn = _dice(dice, x, y, space, per_row=6)
    if not (dice and state.revealed):
        return drawn
    force, end = state.force(seat, target), x + min(len(dice), 6) * 17 + 3
    if force is None:
        tip = f"This force against {clan_name(state.clan(target))} no longer stands on the Battleground"
        return (f'<g class="bb-force-gone" opacity="0.35">{svg.title(tip)}{drawn}</g>'
                + svg.label(end, y + 12, "gone", 10, fill="#777"))
    return (f'<g class="bb-force" data-strength="{force}">{drawn}</g>'
            + svg.label(end, y + 12, f"strength {force}", 10, weight="bold", fill="#bf360c"))


def village_svg(state, seat: int) -> str:
    """The whole village of ``seat`` as ``state`` (a view) shows it."""
    p = state.players[seat]
    W = 340
    out = []
    # Glory: seven banners (the seventh wins), locked ones with a padlock
    out.append(svg.label(4, 16, "Glory", 11, weight="bold"))
    for i in range(GLORY_TO_WIN):
        x = 46 + i * 20
        if i < len(p.glory):
            colour, locked = p.glory[i]
            tip = f"{colour.capitalize()} Glory token, {'locked: it cannot be stolen' if locked else 'unlocked: a raid may steal it'}"
            out.append(glory_token(colour, locked, x, 2, tip))
        else:
            out.append(f'<g>{svg.title(f"Glory {i + 1} of {GLORY_TO_WIN}: not yet won")}'
                       f'<path d="M{x} 2 h16 v20 l-8 -5 l-8 5 Z" fill="none" stroke="#bbb" stroke-dasharray="2 2"/></g>')
    # Resources
    for i, r in enumerate(("honey", "ore", "faith")):
        x = 196 + i * 48
        out.append(_icon(RESOURCE_STYLE[r], x, 3, 17, f"{r.capitalize()}: {p.resource(r)}"))
        out.append(svg.label(x + 20, 16, str(p.resource(r)), 12, weight="bold"))
    # The village spaces with dice and Specialists
    placed: dict[str, list] = {}
    for i, f in enumerate(p.faces):
        colour = MERCENARY if i >= p.active else p.clan
        where = p.placement[i] if p.placement and i < len(p.placement) else None
        kind = "mercenary die" if i >= p.active else f"{p.clan} die"
        if where and where != HIDDEN:
            placed.setdefault(where, []).append((colour, f, f"{kind} showing {f} on {space_label(where)}"))
    specs = dict(p.specialists)
    notes = {"farm": "Farm: dice 1-3; each die or Specialist makes 1 Honey",
             "forge": "Forge: dice 4-6; each die or Specialist makes 1 Ore",
             "temple": "Temple: any die; 1-5 or a Specialist make 1 Faith; a 6 locks a Glory or gives 2 Faith",
             "barracks_1": "Barracks: dice and Specialists here add up to the wall a raid must beat",
             "barracks_2": "Barracks: dice and Specialists here add up to the wall a raid must beat"}
    y0, bw, bh = 30, 64, 74
    for i, space in enumerate(("farm", "forge", "temple", "barracks_1", "barracks_2")):
        x = 4 + i * (bw + 3)
        spec_key = "barracks" if space == "barracks_1" else space
        n_spec = specs.get(spec_key, 0) if space != "barracks_2" else 0
        fill = "#fff8e1" if space in ("farm", "forge", "temple") else "#eceff1"
        out.append(f'<g class="svg-space space-{space}" data-dice="{len(placed.get(space, []))}">{svg.title(notes[space])}'
                   f'<rect x="{x}" y="{y0}" width="{bw}" height="{bh}" rx="4" fill="{fill}" stroke="#8d6e63"/></g>')
        out.append(svg.label(x + bw / 2, y0 + 12, space_label(space), 10, "middle", weight="bold"))
        for k in range(n_spec):
            out.append(_icon(SPECIALIST, x + 3 + k * 14, y0 + 15, 13, f"{space_label(spec_key).split(' ')[0]} Specialist token"))
        out.append(_dice(placed.get(space, []), x + 5, y0 + (31 if n_spec else 18), space))
    # The Battleground: a section per opponent
    y1 = y0 + bh + 4
    foes = [s for s in range(state.n) if s != seat]
    out.append(f'<g class="svg-space space-battleground">{svg.title("Battleground: dice sent to raid the village named")}'
               f'<rect x="4" y="{y1}" width="{W - 8}" height="48" rx="4" fill="#fbe9e7" stroke="#bf360c"/></g>')
    out.append(svg.label(8, y1 + 12, "Battleground", 10, weight="bold", fill="#bf360c"))
    sw = (W - 16) / max(1, len(foes))
    for k, t in enumerate(foes):
        x = 8 + k * sw
        space = f"battleground:{state.clan(t)}"
        out.append(svg.label(x + (84 if k == 0 else 0), y1 + 12, f"vs {clan_name(state.clan(t))}", 10,
                             fill=DIE_COLOURS.get(state.clan(t), ("#333",))[0], weight="bold"))
        out.append(_force(state, seat, t, placed.get(space, []), x + (84 if k == 0 else 0), y1 + 17, space))
    y2 = y1 + 52  # dice not placed yet, or placed behind the screen, are shown with the roll, not repeated here
    return svg.svg(W, y2 + 2, "".join(out), f"village-svg village-svg-{p.clan}",
                   aria=f"{clan_name(p.clan)} village")


def legend_html() -> str:
    items = [
        (glory_symbol(False), "Glory token (unlocked: can be stolen)"),
        (glory_symbol(True), "locked Glory (safe)"),
        (RESOURCE_STYLE["honey"], "Honey"), (RESOURCE_STYLE["ore"], "Ore"), (RESOURCE_STYLE["faith"], "Faith"),
        (SPECIALIST, "Specialist token"),
        (svg.die(2, 2, 16, MERCENARY, 3), "mercenary die"),
    ]
    return svg.legend(items, "village-legend") + '<div class="rx-small">Hover a space, die or token for what it does.</div>'
