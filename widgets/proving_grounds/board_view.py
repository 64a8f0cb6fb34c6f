"""Drawn views of the encounter board and every module's pieces (pure functions of the state).

Enemy cards show the battle track as a ladder: the bottom (wound) space, the spaces with the dice
each needs to climb into them (drawn as blank dice in their colours), the top space (defeated), the
start space (dashed) and the battle marker (a black token). Every symbol has a hover text and the
legend under the board explains it.
"""
from __future__ import annotations

import math
from html import escape

from explorer.proving_grounds.board import describe_action
from explorer.proving_grounds.modules import moon_slot
from explorer.proving_grounds.state import State, colour

from .. import svg
from ..theme import die_html

ICON_WORDS = {"talon": "talon", "tail": "tail", "teeth": "teeth"}
# Symbols drawn in a 20x20 box
ICONS = {
    "talon": '<path d="M4 3 Q10 9 5 17 M10 2 Q16 9 10 17 M16 3 Q20 10 15 17" stroke="#7a2e1d" stroke-width="2" fill="none" stroke-linecap="round"/>',
    "tail": '<path d="M2 15 Q6 3 10 10 T17 5" stroke="#7a2e1d" stroke-width="2.2" fill="none" stroke-linecap="round"/><path d="M15 2 L19 5 L15 8 Z" fill="#7a2e1d"/>',
    "teeth": '<path d="M1 5 H19 M2 5 L5 14 L8 5 L11 14 L14 5 L17 14 L19 5" stroke="#7a2e1d" stroke-width="1.8" fill="#fff3e0" stroke-linejoin="round"/>',
    "shield": '<path d="M10 2 L17 5 V10 Q17 16 10 19 Q3 16 3 10 V5 Z" fill="#546e7a" stroke="#263238"/>',
    "sun": '<circle cx="10" cy="10" r="5" fill="#f9a825"/><path d="M10 1 V4 M10 16 V19 M1 10 H4 M16 10 H19 M3.5 3.5 L5.6 5.6 M14.4 14.4 L16.5 16.5 M3.5 16.5 L5.6 14.4 M14.4 5.6 L16.5 3.5" stroke="#f9a825" stroke-width="1.6"/>',
    "moon": '<path d="M13 2 A8 8 0 1 0 18 14 A6.5 6.5 0 1 1 13 2 Z" fill="#5c6bc0"/>',
    "marker": '<circle cx="10" cy="10" r="6" fill="#212121" stroke="#fff" stroke-width="1.5"/>',
    "health": '<path d="M10 17 L3 10 A4 4 0 0 1 10 5 A4 4 0 0 1 17 10 Z" fill="#c62828"/>',
    "wound": '<rect x="2" y="4" width="16" height="12" rx="3" fill="#ffcdd2" stroke="#c62828"/><path d="M6 7 L14 13 M14 7 L6 13" stroke="#c62828" stroke-width="2"/>',
    "top": '<rect x="2" y="4" width="16" height="12" rx="3" fill="#fff59d" stroke="#f9a825"/><path d="M5 10 L9 13 L15 6" stroke="#2e7d32" stroke-width="2" fill="none"/>',
    "start": '<rect x="2" y="4" width="16" height="12" rx="3" fill="#fff" stroke="#1565c0" stroke-width="1.6" stroke-dasharray="3 2"/>',
    "need": '<rect x="1" y="5" width="8" height="8" rx="1.5" fill="#fbfbf8" stroke="#444"/><rect x="11" y="5" width="8" height="8" rx="1.5" fill="#2f6fd6" stroke="#444"/>',
}


def icon(name: str, x: float, y: float, size: float = 16, tip: str = "", cls: str = "") -> str:
    """One of ``ICONS`` placed at (x, y), ``size`` pixels square."""
    c = f' class="{cls}"' if cls else ""
    return f'<g{c} transform="translate({x},{y}) scale({size / 20})">{svg.title(tip)}{ICONS[name]}</g>'


def _need_body(space, tip: str):
    """The dice a space needs: its colours first, then white dice (blank: any number of a set)."""
    dice = list(space.colours) + ["white"] * max(0, space.need - len(space.colours))

    def draw(x, y):
        return "".join(svg.die(x + 6 + i * 15, y + 4, 13, c, None, tip) for i, c in enumerate(dice))
    return draw


def _fit(name: str, room: float) -> tuple[list[str], float]:
    """``name`` wrapped into ``room`` pixels, shrunk from 12.5 px (down to 8) while one word is too long."""
    size = 12.5
    rows = svg.wrap(name, size, room, bold=True)
    while size > 8 and max(svg.text_width(r, size, bold=True) for r in rows) > room:
        size -= 0.5
        rows = svg.wrap(name, size, room, bold=True)
    return rows, size


def _card_head(name: str, marks: list[tuple[str, str]], width: float) -> tuple[str, float]:
    """A card's name and its marks (icons at the top right): the name wraps, or shrinks, to stay left of them;
    a name that cannot fit beside them takes the whole width and the marks go on a row below it.

    Returns the drawing and the height it takes."""
    rows, size = _fit(name, width - 8 - 20 * len(marks) - 6)  # to the first icon, with a gap
    below = bool(marks) and size < 10
    if below:
        rows, size = _fit(name, width - 14)
    line_h = size + 2.5
    text_h = 6 + len(rows) * line_h
    drawn = f'<g class="card-name">{svg.lines(8, 4 + size, rows, size, weight="bold", line_height=line_h)}</g>'
    y = text_h + 1 if below else 2
    drawn += "".join(icon(m, width - 22 - 20 * i, y, 18, tip, f"card-mark mark-{m}") for i, (m, tip) in enumerate(marks))
    return drawn, (y + 20 if below else max(22, text_h))


def enemy_card_svg(state: State, n: int, hit_odds: float | None = None) -> str:
    """One enemy card: name, symbols and the battle-track ladder with the marker."""
    slot = state.slot(n)
    marks = []
    if state.sun == n:
        marks.append(("sun", "Sun: Maia faces this enemy this round"))
    if state.sun and moon_slot(state.sun) == n:
        marks.append(("moon", "Moon: the enemy behind Maia this round"))
    W = 170
    if slot is None:
        body, head_h = _card_head(f"#{n} (empty)", marks, W)
        return svg.svg(W, head_h + 4, body, "enemy-svg", max_width=210, aria=f"enemy space {n}: empty")
    e = state.enemy(n)
    if slot.shield:
        marks.append(("shield", "Shielded: the next hit removes the shield instead of moving the marker"))
    if e.icon and state.options.dragonling:
        marks.append((e.icon, f"Dragonling icon: a {e.icon} result on the dragonling die may join an attack on this enemy"))
    cell_h = 22
    head, head_h = _card_head(f"#{n} {e.name}", marks, W)
    top_y = head_h + 4
    cells = []
    for p in range(e.top + 1):
        if p == 0:
            tip, fill, stroke = "Bottom space: if the marker moves here you suffer a wound", "#ffcdd2", "#c62828"
            body = lambda x, y: svg.label(x + 8, y + 15, "wound", 11, fill="#b71c1c")
        else:
            need = e.track[p - 1]
            what = f"{need.need} dice of the same number" + (f" including {', '.join(need.colours)}" if need.colours else "")
            top = p == e.top
            tip = f"Space {p}{' (top: the enemy is defeated)' if top else ''}: climb here with {what}"
            fill, stroke = ("#fff59d", "#f9a825") if top else ("#fff", "#999")
            draw = _need_body(need, tip)
            body = (lambda d, t: (lambda x, y: d(x, y) + (svg.label(x + 96, y + 15, "defeat", 11, fill="#6d4c00") if t else "")))(draw, top)
        cell = {"body": body, "tip": tip + (" - start space" if p == e.start else ""), "fill": fill, "stroke": stroke,
                "cls": f"track-space space-{p}"}
        if p == e.start:
            cell.update(stroke="#1565c0", stroke_width=1.8)
        cells.append(cell)
    ladder = svg.track(cells, 8, top_y, 150, cell_h)
    n_cells = e.top + 1
    # start arrow and the marker token beside their spaces
    y_of = lambda p: top_y + (n_cells - 1 - p) * (cell_h + 2)
    extras = (f'<g class="start-mark">{svg.title("Start space: the marker begins here")}'
              f'{svg.label(108, y_of(e.start) + 15, "start", 10, fill="#1565c0")}</g>')
    extras += svg.token(146, y_of(slot.marker) + cell_h / 2, 7.5, "#212121", "", f"Battle marker on space {slot.marker}",
                        cls="battle-marker")
    height = top_y + n_cells * (cell_h + 2) + 4
    return svg.svg(W, height, head + ladder + extras, "enemy-svg", max_width=210, aria=f"enemy {n}: {e.name}")


def enemy_card_html(state: State, n: int, hit_odds: float | None = None) -> str:
    slot = state.slot(n)
    drawing = enemy_card_svg(state, n, hit_odds)
    if slot is None:
        return f'<div class="rx-card enemy-card" data-slot="{n}">{drawing}</div>'
    e = state.enemy(n)
    abilities = "".join(f'<div class="rx-small">{escape(a.text)}</div>' for a in e.abilities)
    odds = f'<div class="rx-small hit-odds">Chance to hit this round: <b>{hit_odds:.0%}</b></div>' if hit_odds is not None else ""
    return (f'<div class="rx-card enemy-card" data-slot="{n}" data-marker="{slot.marker}">{drawing}'
            f'{abilities}{odds}</div>')


BOARD_LEGEND = [
    (ICONS["marker"], "battle marker"),
    (ICONS["start"], "start space"),
    (ICONS["need"], "dice needed to climb (colour = a die of that colour in the set)"),
    (ICONS["top"], "top space: defeated"),
    (ICONS["wound"], "bottom space: you are wounded"),
    (ICONS["shield"], "shield"),
    (ICONS["talon"], "talon"), (ICONS["tail"], "tail"), (ICONS["teeth"], "teeth (dragonling icons)"),
    (ICONS["sun"], "sun"), (ICONS["moon"], "moon"),
]


def encounter_board_html(state: State, hit_odds: dict[int, float] | None = None) -> str:
    hit_odds = hit_odds or {}
    cards = "".join(enemy_card_html(state, n, hit_odds.get(n)) for n in range(1, 7))
    items = [it for it in BOARD_LEGEND
             if state.options.shields or it[0] is not ICONS["shield"]]
    if not state.options.sun_and_moon:
        items = [it for it in items if it[0] not in (ICONS["sun"], ICONS["moon"])]
    if not state.options.dragonling:
        items = [it for it in items if it[0] not in (ICONS["talon"], ICONS["tail"], ICONS["teeth"])]
    return (f'<div class="encounter-board">{cards}</div>'
            + svg.legend(items, "board-legend") + '<div class="rx-small">Hover any mark for its meaning.</div>')


def _dice_row(dice, x, y, size=14, tip_prefix=""):
    return "".join(svg.die(x + i * (size + 2), y, size, colour(d), None, f"{tip_prefix}{colour(d)} die") for i, d in enumerate(dice))


def health_svg(state: State) -> str:
    """The health track: the health marker (a heart), the stack of coloured dice, the last space."""
    o = state.options
    cw, ch = 46, 40
    cells = []
    for p in range(o.health_spaces):
        last = p == o.health_spaces - 1
        tip = f"Health space {p + 1}" + (" (last: reaching it loses the game)" if last else "")
        stack = state.stack if state.stack and p == state.stack_space else ()
        if stack:
            tip += f"; the stack ({', '.join(colour(d) for d in stack)}): moving here replaces a white die with one of them"
        here = p == state.health

        def body(x, y, stack=stack, here=here, last=last, p=p):
            out = svg.label(x + 3, y + 11, str(p + 1), 9, fill="#777")
            if last:
                out += svg.label(x + cw - 3, y + 11, "lose", 9, "end", fill="#b71c1c")
            out += "".join(svg.die(x + 4 + i * 13, y + 22, 12, colour(d), None, f"{colour(d)} die in the stack")
                           for i, d in enumerate(stack))
            if here:
                out += icon("health", x + cw / 2 - 9, y + 3, 18, f"Health marker: space {p + 1} of {o.health_spaces}")
            return out
        cells.append({"body": body, "tip": tip, "fill": "#ffebee" if last else "#fff",
                      "cls": "health-space" + (" health-here" if here else "")})
    width = 8 + o.health_spaces * (cw + 2)
    return svg.svg(width, ch + 8, svg.track(cells, 4, 4, cw, ch, vertical=False), "health-svg",
                   aria=f"health track: space {state.health + 1} of {o.health_spaces}")


def exhaustion_svg(state: State) -> str:
    """The exhaustion track (top, middle, bottom) with the dice on it, and the reserve."""
    names = ("top", "middle", "bottom")
    cw, ch = 90, 36
    cells = []
    for i, space in enumerate(state.exhaustion):
        tip = (f"Exhaustion track, {names[i]} space: "
               + (", ".join(f"{colour(d)} die" for d in space) if space else "empty"))
        cells.append({"body": (lambda sp, nm: lambda x, y: svg.label(x + 4, y + 11, nm, 9, fill="#777")
                               + _dice_row(sp, x + 4, y + 15, 14, "exhausted "))(space, names[i]),
                      "tip": tip, "cls": f"exhaustion-{names[i]}"})
    body = svg.track(cells, 4, 4, cw, ch, vertical=False)
    width = 8 + 3 * (cw + 2)
    if state.reserve:
        body += svg.label(width + 4, 18, "reserve", 9, fill="#777")
        body += _dice_row(state.reserve, width + 4, 22, 14, "reserve: ")
        width += 12 + 16 * len(state.reserve) + 40
    return svg.svg(width, ch + 8, body, "exhaustion-svg", aria="exhaustion track")


def dial_svg(state: State) -> str:
    """The sun and moon dial: the six enemy positions, the sun and moon beside theirs, and the dice on the dial."""
    cx, cy, r = 78, 78, 44  # the sun and moon sit outside the ring, next to their number, never over it
    body = [f'<circle cx="{cx}" cy="{cy}" r="{r + 10}" fill="#fffde7" stroke="#bbb"/>']
    moon = moon_slot(state.sun) if state.sun else None
    for n in range(1, 7):
        a = math.radians(-90 + (n - 1) * 60)
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        mark = "sun" if n == state.sun else ("moon" if n == moon else None)
        tip = f"Enemy #{n}" + (": the sun (Maia faces it)" if mark == "sun" else ": the moon (behind Maia)" if mark == "moon" else "")
        ring = {"sun": ("#f9a825", 2.2), "moon": ("#5c6bc0", 2.2)}.get(mark, ("#999", 1))
        body.append(f'<g class="dial-number">{svg.title(tip)}<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="#fff" '
                    f'stroke="{ring[0]}" stroke-width="{ring[1]}"/>{svg.label(x, y + 4, str(n), 10, "middle")}</g>')
        if mark:
            ox, oy = cx + (r + 24) * math.cos(a), cy + (r + 24) * math.sin(a)
            body.append(icon(mark, ox - 8, oy - 8, 16, tip, f"dial-mark mark-{mark}"))
    dice = state.dial
    body.append("".join(svg.die(cx - len(dice) * 8 + i * 16, cy - 7, 14, colour(d), None, f"{colour(d)} die on the dial")
                        for i, d in enumerate(dice)))
    return svg.svg(2 * cx, 2 * cy, "".join(body), "dial-svg", max_width=2 * cx, aria="sun and moon dial")


def player_area_html(state: State) -> str:
    """Health track, exhaustion track, reserve and the module pieces."""
    o = state.options
    rows = [
        f'<div class="health-track"><b>Health</b> <span class="rx-small">space {state.health + 1} of {o.health_spaces}; '
        f'the last space loses</span>{health_svg(state)}</div>',
        f'<div class="exhaustion-track"><b>Exhaustion</b> <span class="rx-small">(dice used this round rest here; '
        f'they return from the bottom)</span>{exhaustion_svg(state)}</div>',
        f'<div><b>Defeated</b>: {len(state.defeated)} of {o.defeats_to_win} &nbsp; <b>Round</b> {state.round}</div>',
    ]
    if o.sun_and_moon:
        where = f"Maia faces #{state.sun}, the moon is #{moon_slot(state.sun)}" if state.sun else "not yet turned"
        rows.append(f'<div class="sun-moon-dial"><b>Sun and moon dial</b> <span class="rx-small">({where})</span>'
                    f'{dial_svg(state)}</div>')
    if o.chariots:
        chariots = []
        for i, ch in enumerate(state.chariots, 1):
            card = state.deck.card(ch.card)
            placed = "".join(die_html(colour(d), f) for d, f in ch.placed)
            chariots.append(f'<div class="rx-card chariot-card"><h4>Chariot #{i}: {escape(card.name)}</h4>'
                            f'<div class="rx-small">Stopped by {card.requirement}. {escape(card.effect.text)}</div>{placed}</div>')
        rows.append(f'<div class="chariots" style="display:flex;flex-wrap:wrap">{"".join(chariots) or "<i>No chariot in play</i>"}</div>')
    if o.inspiration and state.inspiration:
        card = state.deck.card(state.inspiration)
        rows.append(f'<div class="inspiration"><b>Inspiration: {escape(card.name)}</b> <span class="rx-small">{escape(card.effect.text)}</span></div>')
    if o.conspirators:
        cs = []
        for c in state.conspirators:
            card = state.deck.card(c)
            style = "font-weight:700;color:#b00020" if c == state.active else ""
            cs.append(f'<div style="{style}" class="rx-small">{card.number}: {escape(card.name)} - {escape(card.effect.text)}</div>')
        rows.append(f'<div class="conspirators"><b>Conspirators</b>{"".join(cs)}</div>')
    return "".join(rows)


DRAGONLING_USES = {
    "talon": "after the rolling it may join a set or single that attacks an enemy with the talon icon (as a white die)",
    "tail": "after the rolling it may join a set or single that attacks an enemy with the tail icon (as a white die)",
    "teeth": "after the rolling it may join a set or single that attacks an enemy with the teeth icon (as a white die)",
    "wing": "after the rolling it may keep one single's battle marker from moving down",
    "chaos": "after the rolling it must reroll every coloured die, before the attacks",
}


def _sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def dragonling_tray_html(state: State) -> str:
    """The dragonling die beside the other dice: its result (the die shows the word, once), its icon and what
    the result does."""
    face = state.dragonling
    if not (state.options.dragonling and face):
        return ""
    sym = svg.symbol_svg(ICONS[face], 22) if face in ICONS else ""
    return (f'<div class="dragonling-die" data-face="{escape(face)}"><b>Dragonling die</b> '
            f'{die_html("dragonling", face, f"Dragonling die: {face}")} {sym} '
            f'<span class="rx-small">{_sentence(DRAGONLING_USES.get(face, ""))} It is rerolled only along '
            f'with a set (the buttons "Reroll the ...s + dragonling"). <i>Module 1: The Dragonling</i></span></div>')


def quality_report_html(report, state: State) -> str:
    """The move-quality report: each rolling decision's value against the best one."""
    if not report.judgements:
        return "<b>Move quality</b>: no rolling decisions to judge."
    rows = "".join(
        f"<tr><td>{j.round}</td><td>{escape(describe_action(state, j.chosen))}</td><td>{j.chosen_value:.3f}</td>"
        f"<td>{escape(describe_action(state, j.best))}</td><td>{j.best_value:.3f}</td>"
        f'<td style="color:{"#b00020" if j.loss > 1e-9 else "#1b5e20"}">{j.loss:.3f}</td></tr>'
        for j in report.judgements)
    return (f"<b>Move quality</b>: {len(report.judgements)} decisions, {report.mistakes} below the best, "
            f"total loss {report.total_loss:.3f} expected steps, proficiency {report.proficiency:.1%}"
            f'<div class="rx-log"><table><tr><th>Round</th><th>Chosen</th><th>Value</th><th>Best</th><th>Value</th><th>Loss</th></tr>{rows}</table></div>')
