"""HTML views of a Rumble Planet state: the PP/HP track, equipment boards with the obsolescence track, a legend.

Pure functions of a state (no rules: numbers come from the state and the engine's describing functions).
"""
from __future__ import annotations

from html import escape

from explorer.rumble_planet import HIDDEN
from explorer.rumble_planet.draw import ALTITUDE_FILL, SEAT_COLOURS, TILE_MARK
from explorer.rumble_planet.health import altitude, movement_points
from explorer.rumble_planet.odds.reach import mp_left
from explorer.rumble_planet.state import SLOTS, State

from .board import HEAT_OPACITY, NO_ATTACK, heat_colour

RP_CSS = """
<style>
.rp-app {max-width:100%; box-sizing:border-box; overflow-x:hidden}
.rp-app .widget-html-content {white-space:normal}
.rp-seat {display:inline-block; vertical-align:top; border:2px solid #999; border-radius:8px; padding:4px 6px; margin:3px;
  background:#fffdf6; max-width:330px; min-width:0; box-sizing:border-box; font-size:12px}
.rp-seat.rp-active {box-shadow:0 0 0 3px #ffd54f}
.rp-slots {display:flex; gap:3px; margin-top:3px}
.rp-slot {flex:1 1 0; min-width:0; border:1px dashed #aaa; border-radius:5px; padding:2px; font-size:10px; overflow-wrap:anywhere;
  background:#fff}
.rp-slot.rp-filled {border-style:solid; background:#eef6ff}
.rp-slot.rp-next {border-color:#c62828}
.rp-track {font-family:monospace; font-size:11px; overflow-x:auto}
.rp-track td {width:16px; text-align:center; border:1px solid #ddd; padding:0}
.rp-track th, .rp-track td {white-space:nowrap; line-height:1.3}
.rp-track td.rp-sum {border:none; width:auto}
.rp-legend {font-size:11px; line-height:1.5}
.rp-legend span.rp-sw {display:inline-block; width:12px; height:12px; vertical-align:middle; border:1px solid #777; margin:0 3px}
.rp-status {min-height:1.2em}
.rp-side {min-width:0; max-width:460px; flex:1 1 300px}
.rp-main {flex-wrap:wrap; gap:8px}
.rp-main > * {min-width:0}
@media (max-width: 600px) { .rp-seat {max-width:100%; display:block}
  .rp-track td.rp-sum {display:none} .rp-track th {max-width:60px; overflow:hidden; text-overflow:ellipsis} }
</style>
"""


def pp_hp_track(state: State) -> str:
    """The PP/HP track: one row a Hero, the HP cube (H) and PP cube (P) on 0..18; they meet at Level-Up!"""
    top = state.options.max_hp
    rows = []
    for i, p in enumerate(state.players):
        cells = []
        for v in range(top + 1):
            mark = ("H" if p.hp == v else "") + ("P" if min(p.pp, top) == v else "")
            bg = SEAT_COLOURS[i] if mark else "#fff"
            cells.append(f'<td style="background:{bg};color:#fff" title="{v}">{mark}</td>')
        extra = f" (+{p.pp - top} past {top})" if p.pp > top else ""
        rows.append(f'<tr><th style="color:{SEAT_COLOURS[i]}" title="{escape(state.name(i))}: {p.hp} HP, {p.pp} PP">'
                    f'{escape(state.name(i).split()[0])}</th>{"".join(cells)}'
                    f'<td class="rp-sum">&nbsp;{p.hp} HP, {p.pp} PP{extra}</td></tr>')
    head = "".join(f"<td>{v}</td>" for v in range(top + 1))
    return (f'<div class="rp-track" title="H: the HP cube, P: the PP cube; when they meet the Heroic Object levels up">'
            f'<b>PP/HP track</b><table><tr><th></th>{head}</tr>{"".join(rows)}</table></div>')


def equipment_board(state: State, seat: int) -> str:
    """A Hero's board: Heroic Object, the 4 slots of the obsolescence track (slot 4 wears out next), supply."""
    p = state.player(seat)
    c = state.content
    hero = c.hero(p.hero)
    lvl = hero.levels[p.level - 1]
    slots = []
    for i, g in enumerate(p.track, 1):
        nxt = " rp-next" if i == SLOTS else ""
        if g is None:
            slots.append(f'<div class="rp-slot{nxt}" title="slot {i}: empty (+1 MP)">{i}: empty</div>')
            continue
        card = c.card(g.main)
        stat = f"{card.damage} dmg, range {card.range}" if card.kind == "weapon" else f"{card.defense} def, {'/'.join(card.protects)}"
        extra = (f" + {escape(c.card(g.secondary).name)} (crafted +2)" if g.secondary else "") + (f" +{g.boosts} boost" if g.boosts else "")
        tip = f"slot {i}: {card.name} ({card.kind}, {stat}){' - worn out at the next obsolescence' if i == SLOTS else ''}"
        slots.append(f'<div class="rp-slot rp-filled{nxt}" title="{escape(tip)}">{i}: {escape(card.name)}<br>{escape(stat)}{extra}</div>')
    where = f"{p.space} (alt {altitude(state, p.space)})" if p.space else "knocked out"
    hidden = sum(x == HIDDEN for x in p.hand)  # a seat's view shows another seat's hand face down
    hand = ", ".join([c.card(x).name for x in p.hand if x != HIDDEN]
                     + ([f"{hidden} face-down card(s)"] if hidden else [])) or "-"
    active = " rp-active" if seat == state.active and state.stage == "play" else ""
    return (f'<div class="rp-seat{active} rp-seat-{seat}" style="border-color:{SEAT_COLOURS[seat]}" data-hp="{p.hp}" '
            f'data-pp="{p.pp}" data-space="{p.space or ""}">'
            f'<b style="color:{SEAT_COLOURS[seat]}">{escape(hero.name)}</b> at {where}<br>'
            f'{p.hp} HP, {p.pp} PP, {p.credits} Credits, {p.boosts} Boost, {p.lootboxes} lootbox(es){", golden" if p.golden else ""}<br>'
            f'{mp_text(state, seat)}<br>'
            f'<span title="Heroic Object: never wears out">{escape(hero.heroic_name)} (Level {"I" if p.level == 1 else "II"}): '
            f'{lvl.damage} dmg, range {lvl.range}</span>'
            f'<div class="rp-slots" title="The obsolescence track: every turn each piece moves one slot right; '
            f'slot 4 wears out next">{"".join(slots)}</div>'
            f'<div class="rx-small">hand: {escape(hand)}</div></div>')


def mp_text(state: State, seat: int) -> str:
    """The active Hero's MP left this turn (what a click can still spend); the others' MP a turn."""
    full = movement_points(state, seat)
    if seat != state.active or state.stage != "play":
        return f'<span class="rp-mp" title="Movement Step: 3 MP, +1 for each empty slot">{full} MP a turn</span>'
    left = mp_left(state)
    return (f'<span class="rp-mp" title="MP left to spend in this turn\'s Movement Step, of {full} a turn">'
            f'<b>{left} of {full} MP left</b> this turn</span>')


def latest_html(events, n: int = 3) -> str:
    """The newest few events beside the board (newest first), so what the bots just did is in view."""
    rows = "".join(f"<li>{escape(e.text)}</li>" for e in list(events)[-n:][::-1])
    return (f'<div class="rx-small"><b>Latest</b> (newest first; the whole log is at the bottom of the page)'
            f'<ul style="margin:2px 0 2px 16px;padding:0">{rows}</ul></div>') if rows else ""


def boards_html(state: State) -> str:
    return "".join(equipment_board(state, i) for i in range(len(state.players)))


def swatch(colour: str) -> str:
    """A legend square painted as the overlay paints a space (same colour, same opacity)."""
    return f'<span class="rp-sw" style="background:{colour};opacity:{HEAT_OPACITY}"></span>'


def legend_html() -> str:
    """What every symbol on the drawn Green means."""
    alt = "".join(f'<span class="rp-sw" style="background:{c}"></span>altitude {i} ' for i, c in enumerate(ALTITUDE_FILL))
    tiles = " ".join(f'<b style="color:{col}">{m}</b> {k.replace("_", " ")}' for k, (m, col) in TILE_MARK.items())
    seats = " ".join(f'<span class="rp-sw" style="background:{c};border-radius:50%"></span>seat {i + 1}'
                     for i, c in enumerate(SEAT_COLOURS))
    return (f'<div class="rp-legend"><b>Legend.</b> {alt}<br>Tiles (outlined squares): {tiles}<br>'
            '<span class="rp-sw" style="background:#8d5524"></span>lootbox (a number: several) '
            '<span class="rp-sw" style="background:#ffd700;border-radius:50%"></span>golden Lootbox<br>'
            f'Heroes (circles, first letter of the name): {seats}<br>'
            'Thick lines: the four regions (northwest, northeast, southeast, southwest) that GPS cards name. '
            'A dark blue outline: the space you clicked last.<br>'
            f'Heat map (spaces the active Hero can reach this turn): {swatch(NO_ATTACK)} pale yellow: no attack from there; '
            f'{swatch(heat_colour(0.2))}{swatch(heat_colour(0.5))}{swatch(heat_colour(0.75))}{swatch(heat_colour(1))} yellow, orange, '
            'red: the redder, the better the attack from there (chance to knock out, else expected Injuries).<br>'
            'On a reachable space: the bold number is the MP to get there; "1!2" means 1 MP with 2 Injuries suffered on the way; '
            '"1!2/3": 1 MP with 2 Injuries or 3 MP with none (a click offers both). Below it, "KO 42%" (chance to knock out) '
            'or "~3.5" (expected Injuries) of the best attacks from there. A Teleporter (T) in reach: entering it relocates the Hero. Hover a space for details; click it to move there.</div>')
