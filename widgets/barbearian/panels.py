"""Button panels: the seat's legal actions, the secret placement board and the Trial choice.

Buttons come from the engine's legal actions. The placement board also shows the
combinations the engine refuses (muted): clicking one asks the engine, which says why.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from explorer.barbearian import KeepTrial, Place, Ready, TakeBack
from explorer.barbearian.plan import spaces as board_spaces

from ..theme import die_html
from .labels import action_class, describe_action, space_label, space_slug
from .views import MERCENARY

Act = Callable[[object], None]


def button(text: str, on_click: Callable[[], None], *classes: str, style: str = "", tooltip: str = "") -> w.Button:
    b = w.Button(description=text, button_style=style, tooltip=tooltip or text, layout=w.Layout(width="auto"))
    for c in classes:
        b.add_class(c)
    b.on_click(lambda _: on_click())
    return b


def action_button(state, action, act: Act, style: str = "") -> w.Button:
    """One legal action as a button (classes "bb-action" and e.g. "bb-stealglory")."""
    return button(describe_action(state, action), lambda: act(action), "bb-action", action_class(action), style=style)


def action_buttons(state, actions: list, act: Act) -> w.Box:
    box = w.Box([action_button(state, a, act) for a in actions], layout=w.Layout(flex_flow="row wrap"))
    box.add_class("bb-buttons")
    return box


def placement_board(state, seat: int, actions: list, act: Act, place: Callable[[int, str], None]) -> w.VBox:
    """Behind the screen: one row per face still to place, one button per Village space.

    ``state`` is the seat's own view and ``actions`` its legal actions. A board button calls
    ``place(face, space)``, which picks the die when clicked (a quick second click on a stale
    button must not name a die that has just been placed).
    """
    p = state.players[seat]
    legal = {(p.faces[a.die], a.space): a for a in actions if isinstance(a, Place)}
    spaces = board_spaces(state, seat)
    rows = []
    unplaced = [d for d in range(len(p.faces)) if p.placement[d] is None]
    for face in sorted({p.faces[d] for d in unplaced}, reverse=True):
        dice = [d for d in unplaced if p.faces[d] == face]
        html = "".join(die_html(MERCENARY if d >= p.active else p.clan, face) for d in dice)
        cells = [w.HTML(html, layout=w.Layout(min_width="90px"))]
        for space in spaces:
            action = legal.get((face, space))
            def click(f=face, s=space):
                place(f, s)

            if action is not None:
                cells.append(button(describe_action(state, action), click, "bb-action", action_class(action),
                                    f"bb-place-{space_slug(space)}", style="info"))
            else:  # refused by the engine: shown muted, a click shows the engine's reason
                cells.append(button(f"{face} \u2192 {space_label(space)}", click, "bb-action", "bb-illegal",
                                    f"bb-place-{space_slug(space)}", tooltip="not allowed now: click to see why"))
        row = w.Box(cells, layout=w.Layout(flex_flow="row wrap", align_items="center"))
        row.add_class(f"bb-face-{face}")
        rows.append(row)
    back = [action_button(state, a, act) for a in actions if isinstance(a, TakeBack)]
    ready = [action_button(state, a, act, style="success") for a in actions if isinstance(a, Ready)]
    for b in ready:
        b.add_class("bb-ready")
    tail = w.Box(back + ready, layout=w.Layout(flex_flow="row wrap"))
    box = w.VBox(rows + [tail])
    box.add_class("bb-placement")
    return box


def trial_choice(state, actions: list, act: Act) -> w.VBox:
    """Keep one of two Trial cards (only the seat at the screen sees them)."""
    cards = []
    for a in actions:
        if isinstance(a, KeepTrial):
            card = state.deck.card(a.card)
            text = w.HTML(f'<div class="rx-card"><h4>{escape(card.name)} ({card.glory} Glory)</h4>'
                          f'<div class="rx-small">{escape(card.text)}</div></div>')
            b = action_button(state, a, act, style="info")
            b.add_class("bb-keep-trial")
            cards.append(w.VBox([text, b]))
    box = w.VBox([w.HTML("<b>Keep one Trial card</b> (the other is shuffled back into the deck)"),
                  w.HBox(cards)])
    box.add_class("bb-trial-choice")
    return box
