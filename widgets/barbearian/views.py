"""HTML views of the table: villages, supply, the public roll, the reveal and the Battleground.

Pure functions of a state as one seat sees it (``explorer.barbearian.view``): what a view
hides (``HIDDEN``) is never written into the page.
"""
from __future__ import annotations

from collections import defaultdict
from html import escape

from explorer.barbearian import HIDDEN, RESOURCES
from explorer.barbearian.brawl import barracks_strength
from explorer.barbearian.economy import describe as describe_cost, tokens

from ..theme import DIE_COLOURS, die_html
from .board_svg import legend_html as village_legend, village_svg
from .labels import clan_name, phase_label, space_label

MERCENARY = "purple"
BB_CSS = """
<style>
.bb-villages {display:flex; flex-wrap:wrap; gap:6px}
.bb-village {border:2px solid #999; border-radius:8px; padding:6px 8px; flex:1 1 300px; max-width:420px; min-width:0; box-sizing:border-box; background:#fffdf6; font-size:13px}
.bb-village h4 {margin:0 0 4px 0}
.bb-token {display:inline-block; width:16px; height:20px; margin:1px; border-radius:2px 8px 8px 2px; border:1px solid #444;
  font-size:10px; line-height:20px; text-align:center; color:#fff}
.bb-die {display:inline-block; text-align:center; margin:0 2px; vertical-align:top}
.bb-die .rx-small {display:block; max-width:70px; font-size:10px}
.bb-row {margin:2px 0}
.bb-panel {border:1px solid #ccc; border-radius:6px; padding:6px 8px; margin:4px 0; background:#fafafa}
.bb-screen {border:3px dashed #7b4bb7; border-radius:10px; padding:18px; background:#f3eefa; font-size:16px; text-align:center}
.bb-step {background:#fff3c4; border-left:4px solid #f2c230; padding:4px 8px; margin:2px 0}
.bb-illegal button, button.bb-illegal {opacity:0.55}
</style>
"""


def clan_colour(clan: str) -> str:
    return DIE_COLOURS.get(clan, ("#999", "#fff"))[0]


def header_html(state, note: str = "", step: str = "") -> str:
    """Round, the step being shown (``step``, while a resolution is narrated) or the phase, and the First Player."""
    if state.first is None or state.round == 0:
        where = "Setup"
    else:
        where = f"Round {state.round} &middot; First player: <b>{escape(state.name(state.first))}</b>"
    phase = "the game is over: " + escape(state.result) if state.result else escape(step or phase_label(state))
    return (f'<div class="bb-header"><b>{where}</b> &middot; <span class="bb-phase">{phase}</span>'
            f'{" &middot; " + note if note else ""}</div>')


def glory_html(p) -> str:
    out = []
    for colour, locked in p.glory:
        fg = "#222" if colour == "yellow" else "#fff"
        mark = "\U0001F512" if locked else ""
        title = f"{colour} Glory ({'locked' if locked else 'unlocked'})"
        out.append(f'<span class="bb-token" title="{title}" data-locked="{int(locked)}" '
                   f'style="background:{clan_colour(colour)};color:{fg}">{mark}</span>')
    return "".join(out)


def trial_html(state, seat: int) -> str:
    """A seat's Trial: named for the seat itself, "a secret Trial" for everyone else."""
    p = state.players[seat]
    done = ", ".join(state.deck.card(c).name for c in p.completed)
    done = f'<div class="rx-small">Completed: {escape(done)}</div>' if done else ""
    if p.trial is None:
        return '<div class="rx-small">No Trial card</div>' + done
    if p.trial == HIDDEN:
        return '<div class="rx-small">Trial: a secret card</div>' + done
    card = state.deck.card(p.trial)
    return (f'<div class="bb-own-trial">Trial: <b>{escape(card.name)}</b> ({card.glory} Glory) '
            f'<span class="rx-small">{escape(card.text)}</span></div>' + done)


def village_html(state, seat: int) -> str:
    """One clan's village: the drawn board (Glory, Resources, spaces, dice), then dice, Upgrades and Trial."""
    p = state.players[seat]
    upgrades = "".join(f'<div class="rx-small"><b>{escape(state.deck.card(u).name)}</b>: {escape(state.deck.card(u).text)}</div>'
                       for u in p.upgrades) or '<span class="rx-small">none</span>'
    mercs = f", {p.mercenaries} mercenary" if p.mercenaries else ""
    status = ""
    if state.phase == "place":
        status = (' <span class="bb-ready-flag" title="this clan has placed every die and declared ready">\u2714 ready</span>'
                  if p.ready else ' <span class="rx-small">(placing)</span>')
    first = ' <span title="First Player token: acts first this round">\u2691 first player</span>' if state.first == seat else ""
    locked = sum(1 for _, lk in p.glory if lk)
    return (f'<div class="bb-village bb-village-{p.clan}" data-clan="{p.clan}" data-glory="{p.glory_count}" '
            f'data-locked="{locked}" data-resources="{",".join(str(v) for v in p.resources)}" '
            f'style="border-color:{clan_colour(p.clan)}">'
            f'<h4>{escape(clan_name(p.clan))}{first}{status}</h4>'
            f'{village_svg(state, seat)}'
            f'<div class="bb-row rx-small">Glory <b class="bb-glory">{p.glory_count}</b> of 7 ({locked} locked, '
            f'{p.reserve_glory} in reserve) &middot; dice: {p.active} active{mercs} '
            f'({state.options.clan_dice - p.active} in reserve)</div>'
            f'<div class="bb-row"><span class="rx-small">Upgrades:</span> {upgrades}</div>'
            f'{trial_html(state, seat)}</div>')


def villages_html(state) -> str:
    return (f'<div class="bb-villages">{"".join(village_html(state, s) for s in range(state.n))}</div>'
            + village_legend())


def supply_html(state) -> str:
    """The shared supply: Specialists, Upgrade copies, mercenary dice, the common pool and the Trial deck."""
    specs = ", ".join(f"{n} for the {space_label(s)}" for s, n in state.specialist_supply)
    ups = "".join(f'<li><b>{escape(state.deck.card(c).name)}</b> ({n} {"copy" if n == 1 else "copies"} left, costs '
                  f'{escape(describe_cost(state.deck.card(c).cost))}): {escape(state.deck.card(c).text)}</li>'
                  for c, n in state.upgrade_supply)
    pool = []
    for r in RESOURCES:
        _, (ones, threes) = tokens(state, r)
        pool.append(f"{r.capitalize()} tokens: {ones} worth 1, {threes} worth 3")
    return (f'<div class="bb-supply bb-panel"><b>Supply</b> &middot; mercenary dice left: {state.mercenaries_left} '
            f'&middot; Trial deck: {len(state.trial_deck)} cards<br>'
            f'<span class="rx-small">Specialist tokens left: {specs}</span><br><details class="rx-small"{" open" if state.phase == "build" else ""}><summary>Upgrades for sale (what each does)</summary><ul>{ups}</ul></details>'
            f'<span class="rx-small">Common pool: {"; ".join(pool)}</span></div>')


def die_span(clan: str, face: int, mercenary: bool, space, placing: bool = True) -> str:
    """One die: its face, and "behind the screen" for another clan's die while ``placing`` (whether it is
    placed is secret). Where a die stands is drawn on the village boards only (``data-space`` keeps it for
    reading the page: a space, "?" hidden, or "" not placed)."""
    colour = MERCENARY if mercenary else clan
    kind = "mercenary" if mercenary else f"{clan} die"
    if space == HIDDEN and placing:  # whether it is placed yet is secret too
        where = "behind the screen"
    elif space == HIDDEN:
        where = "&nbsp;"
    else:  # placed or not: the village board draws each placed die on its space
        where = "&nbsp;"
    attr = "?" if space == HIDDEN else (space or "")
    return (f'<span class="bb-die" data-clan="{clan}" data-face="{face}" data-space="{escape(attr)}">'
            f'{die_html(colour, face, kind)}<span class="rx-small">{where}</span></span>')


def roll_html(state, title: str = "The roll") -> str:
    """Everyone's dice in plain sight; placements only where the view shows them."""
    rows = []
    for p in state.players:
        if not p.faces:
            continue
        dice = "".join(die_span(p.clan, f, i >= p.active, p.placement[i] if p.placement else None, state.phase == "place")
                       for i, f in enumerate(p.faces))
        rows.append(f'<div class="bb-dice bb-dice-{p.clan}"><b>{escape(clan_name(p.clan))}</b> {dice}</div>')
    if not rows:
        return '<div class="bb-table-dice bb-panel rx-small">No dice on the table: the next roll comes with the Plan phase.</div>'
    return f'<div class="bb-table-dice bb-panel"><b>{escape(title)}</b>{"".join(rows)}</div>'


def reveal_html(snapshot, sent: bool = True) -> str:
    """"All players remove their Clan screens": a banner (the village boards below draw every placement).

    With ``sent``, one line says what each clan sends to the Battleground (dice and their total),
    which no single village shows at a glance; the caller leaves it out while the Battleground
    panel (``forces_html``) is on the page.
    """
    line = ""
    if sent:
        parts = []
        for p in snapshot.players:
            by_target = defaultdict(list)
            for f, s in zip(p.faces, p.placement):
                if s and s.startswith("battleground:"):
                    by_target[s.split(":", 1)[1]].append(f)
            sends = "; ".join(f"{len(fs)} {'die' if len(fs) == 1 else 'dice'} ({sum(fs)} in all) against "
                              f"{escape(clan_name(t))}" for t, fs in by_target.items())
            parts.append(f'<span class="bb-sent-{p.clan}"><b>{escape(clan_name(p.clan))}</b> '
                         f'{"sends " + sends if sends else "sends nothing"}</span>')
        line = f'<div class="bb-reveal-sent rx-small">To the Battleground: {" &middot; ".join(parts)}</div>'
    return (f'<div class="bb-reveal bb-panel"><b>The screens come off (round {snapshot.round})</b>: each village '
            f'below now shows its dice on their spaces.{line}</div>')


def forces_html(state) -> str:
    """During the Brawl: forces still on the Battleground and every Barracks' strength."""
    if not state.revealed or state.phase not in ("brawl", "window", "clash", "raid", "break", "loot", "give", "pillage"):
        return ""
    forces = "; ".join(f"{state.name(a)} \u2192 {state.name(t)}: {s}" for a, t, s in state.forces) or "none left"
    walls = "; ".join(f"{state.name(s)} {barracks_strength(state, s)}" for s in range(state.n))
    return (f'<div class="bb-forces bb-panel"><b>Battleground</b>: {forces}<br>'
            f'<b>Barracks</b> (dice, Empowers, Sentries): {walls}</div>')


def setup_html(events) -> str:
    """The set-up steps done so far (public: who plays which clan, the deal, the First Player)."""
    rows = "".join(f"<li>{escape(e.text)}</li>" for e in events if e.section in ("Setup", "Gameplay"))
    return (f'<div class="bb-setup bb-panel"><b>Setting up the table</b><ol class="rx-small">{rows}'
            f'<li>Each player keeps one of their two Trial cards, in secret (next).</li></ol></div>')
