"""HTML views of the encounter board and every module's pieces (pure functions of the state)."""
from __future__ import annotations

from html import escape

from explorer.proving_grounds.modules import moon_slot
from explorer.proving_grounds.state import State, colour

from ..theme import die_html

DOT = " \u00b7 "
ICON_GLYPH = {"talon": "\u25c6 talon", "tail": "\u25c6 tail", "teeth": "\u25c6 teeth"}


def enemy_card_html(state: State, n: int, hit_odds: float | None = None) -> str:
    slot = state.slot(n)
    badges = []
    if state.sun == n:
        badges.append("\u2600 sun")
    if state.sun and moon_slot(state.sun) == n:
        badges.append("\u263e moon")
    if slot is None:
        return f'<div class="rx-card enemy-card" data-slot="{n}"><h4>#{n} (empty)</h4>{" ".join(badges)}</div>'
    e = state.enemy(n)
    cells = []
    for p in range(e.top + 1):
        text = "W" if p == 0 else ("T" if p == e.top else "") + str(e.track[p - 1])
        cls = "rx-marker" if p == slot.marker else ""
        start = "*" if p == e.start else ""
        cells.append(f'<span class="{cls}" title="space {p}{" (start)" if start else ""}">{escape(text)}{start}</span>')
    if slot.shield:
        badges.append("\u26e8 SHIELDED")
    if e.icon:
        badges.append(ICON_GLYPH[e.icon])
    abilities = "".join(f'<div class="rx-small">{escape(a.text)}</div>' for a in e.abilities)
    odds = f'<div class="rx-small hit-odds">P(hit) {hit_odds:.0%}</div>' if hit_odds is not None else ""
    return (f'<div class="rx-card enemy-card" data-slot="{n}" data-marker="{slot.marker}"><h4>#{n} {escape(e.name)}</h4>'
            f'<div class="rx-track">{" &rsaquo; ".join(cells)}</div>'
            f'<div class="rx-small">{DOT.join(badges)}</div>{abilities}{odds}</div>')


def encounter_board_html(state: State, hit_odds: dict[int, float] | None = None) -> str:
    hit_odds = hit_odds or {}
    cards = "".join(enemy_card_html(state, n, hit_odds.get(n)) for n in range(1, 7))
    return f'<div class="encounter-board" style="display:grid;grid-template-columns:repeat(3,1fr)">{cards}</div>'


def player_area_html(state: State) -> str:
    """Health track, exhaustion track, reserve and the module pieces."""
    o = state.options
    health = []
    for p in range(o.health_spaces):
        mark = "\u2665" if p == state.health else "\u00b7"
        stack = "".join(die_html(colour(d)) for d in state.stack) if state.stack and p == state.stack_space else ""
        last = " (last)" if p == o.health_spaces - 1 else ""
        health.append(f'<span title="health space {p + 1}{last}" style="margin-right:6px">{mark}{stack}</span>')
    exhaustion = " | ".join("".join(die_html(colour(d)) for d in space) or "-" for space in state.exhaustion)
    rows = [
        f'<div class="health-track"><b>Health</b> {"".join(health)} <span class="rx-small">space {state.health + 1} of {o.health_spaces}</span></div>',
        f'<div class="exhaustion-track"><b>Exhaustion</b> (top | middle | bottom): {exhaustion}</div>',
        f'<div><b>Defeated</b>: {len(state.defeated)} of {o.defeats_to_win} &nbsp; <b>Round</b> {state.round}</div>',
    ]
    if state.reserve:
        rows.append(f'<div><b>Reserve</b>: {"".join(die_html(colour(d)) for d in state.reserve)}</div>')
    if o.sun_and_moon:
        rows.append(f'<div class="sun-moon-dial"><b>Sun and moon dial</b>: {"".join(die_html(colour(d)) for d in state.dial) or "empty"}'
                    + (f"; Maia faces #{state.sun}, moon #{moon_slot(state.sun)}" if state.sun else "") + "</div>")
    if o.chariots:
        chariots = []
        for i, ch in enumerate(state.chariots, 1):
            card = state.deck.card(ch.card)
            placed = "".join(die_html(colour(d), f) for d, f in ch.placed)
            chariots.append(f'<div class="rx-card chariot-card"><h4>Chariot #{i}: {escape(card.name)}</h4>'
                            f'<div class="rx-small">Stopped by {card.requirement}. {escape(card.effect.text)}</div>{placed}</div>')
        rows.append(f'<div class="chariots" style="display:flex">{"".join(chariots) or "<i>No chariot in play</i>"}</div>')
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
    if o.dragonling and state.dragonling:
        rows.append(f'<div class="dragonling"><b>Dragonling</b> {die_html("dragonling", state.dragonling)}</div>')
    return "".join(rows)


def quality_report_html(report, state: State) -> str:
    """The move-quality report: each rolling decision's value against the best one."""
    from explorer.proving_grounds.board import describe_action

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
