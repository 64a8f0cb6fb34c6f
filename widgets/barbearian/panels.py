"""Button panels: the seat's legal actions, the secret placement board and the Trial choice.

Buttons come from the engine's legal actions. The placement board also shows the
combinations the engine refuses (muted): clicking one asks the engine, which says why.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from explorer.barbearian import ChangeFate, KeepTrial, Place, Ready, TakeBack
from explorer.barbearian.economy import describe as describe_cost
from explorer.barbearian.plan import spaces as board_spaces

from ..closing import close_tree
from ..theme import die_html
from .labels import action_class, action_tooltip, describe_action, space_label, space_slug
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
    return button(describe_action(state, action), lambda: act(action), "bb-action", action_class(action), style=style,
                  tooltip=action_tooltip(state, action))


def action_buttons(state, actions: list, act: Act) -> w.Box:
    """The actions as buttons; Change Fate is one row per face rolled ("Change a 2 to: 1 3 4 5 6")."""
    fates = [a for a in actions if isinstance(a, ChangeFate)]
    rest = [action_button(state, a, act) for a in actions if not isinstance(a, ChangeFate)]
    box = w.Box(rest, layout=w.Layout(flex_flow="row wrap"))
    box.add_class("bb-buttons")
    if not fates:
        return box
    return w.VBox([fate_rows(state, fates, act), box])


def fate_rows(state, fates: list, act: Act) -> w.VBox:
    """Change Fate: one row per face rolled, one button per face it may become (dice showing the same
    face are alike: the first one listed is changed)."""
    rows: dict[int, dict[int, object]] = {}
    for a in fates:
        rows.setdefault(state.players[a.seat].faces[a.die], {}).setdefault(a.face, a)
    cost = describe_cost(state.options.price_change_fate)
    out = [w.HTML(f'<b>Change Fate</b> <span class="rx-small">(turn one die to another face; {escape(cost)} each)</span>')]
    for face in sorted(rows, reverse=True):
        buttons = []
        for to, a in sorted(rows[face].items()):
            b = button(str(to), lambda a=a: act(a), "bb-action", action_class(a), tooltip=describe_action(state, a))
            b.layout.min_width = "36px"
            buttons.append(b)
        label = w.HTML(f"a {face} becomes", layout=w.Layout(min_width="90px"))
        row = w.Box([label, *buttons], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        row.add_class(f"bb-fate-{face}")
        out.append(row)
    box = w.VBox(out)
    box.add_class("bb-fate")
    return box


class PlacementBoard(w.VBox):
    """Behind the screen: one row per face still to place, one button per Village space.

    Made once per seat and updated in place on every refresh (a click then sends a few changed
    values, not dozens of new widgets). A board button calls ``place(face, space)``, which picks the
    die when clicked (a quick second click on a stale button must not name a die just placed).
    Combinations the engine refuses are shown muted: clicking one asks the engine, which says why.
    """

    def __init__(self, state, seat: int, place: Callable[[int, str], None]):
        super().__init__()
        self.add_class("bb-placement")
        self.spaces = board_spaces(state, seat)
        self.rows: dict[int, tuple[w.Box, w.HTML, dict[str, w.Button]]] = {}
        for face in range(6, 0, -1):
            html = w.HTML(layout=w.Layout(min_width="90px"))
            cells = {}
            for space in self.spaces:
                b = w.Button(layout=w.Layout(width="auto"))
                b.add_class("bb-action")
                b.add_class(f"bb-place-{space_slug(space)}")
                b.on_click(lambda _, f=face, sp=space: place(f, sp))
                cells[space] = b
            row = w.Box([html, *cells.values()], layout=w.Layout(flex_flow="row wrap", align_items="center"))
            row.add_class(f"bb-face-{face}")
            self.rows[face] = (row, html, cells)
        self.tail = w.Box(layout=w.Layout(flex_flow="row wrap"))

    def clear(self) -> None:
        """Forget what was shown (another seat is at the screen): no widget keeps this seat's dice or
        the Take back buttons that name where its dice went."""
        for b in self.tail.children:
            close_tree(b)
        self.tail.children = ()
        for _, html, cells in self.rows.values():
            html.value = ""
            for b in cells.values():
                _blank(b)
        self.children = ()

    def update(self, state, seat: int, actions: list, act: Act) -> "PlacementBoard":
        """Show ``state`` (the seat's own view) and its legal ``actions``."""
        p = state.players[seat]
        legal = {(p.faces[a.die], a.space): a for a in actions if isinstance(a, Place)}
        unplaced = [d for d in range(len(p.faces)) if p.placement[d] is None]
        shown = []
        for face in sorted({p.faces[d] for d in unplaced}, reverse=True):
            row, html, cells = self.rows[face]
            dice = [d for d in unplaced if p.faces[d] == face]
            html.value = "".join(die_html(MERCENARY if d >= p.active else p.clan, face) for d in dice)
            for space, b in cells.items():
                action = legal.get((face, space))
                if action is not None:
                    b.description = describe_action(state, action)
                    b.button_style, b.tooltip = "info", f"place a {face} on {space_label(space)}"
                    b.remove_class("bb-illegal")
                    b.add_class(action_class(action))
                else:
                    b.description = f"{face} \u2192 {space_label(space)}"
                    b.button_style, b.tooltip = "", "not allowed now: click to see why"
                    b.add_class("bb-illegal")
            shown.append(row)
        back = [action_button(state, a, act) for a in actions if isinstance(a, TakeBack)]
        ready = [action_button(state, a, act, style="success") for a in actions if isinstance(a, Ready)]
        for b in ready:
            b.add_class("bb-ready")
        for b in self.tail.children:
            close_tree(b)  # closed, not only dropped: a hidden button must not keep naming where a die went
        self.tail.children = back + ready
        self.children = shown + [self.tail]
        return self

    def close(self) -> None:
        """Close the board with every row (shown or not) and button (a new game makes new boards)."""
        for row, _, _ in self.rows.values():
            close_tree(row)
        close_tree(self.tail)
        super().close()


def _blank(b: w.Button) -> None:
    """A board button as every seat's board starts: nothing in it tells where a die went."""
    b.description, b.button_style, b.tooltip = "", "", ""
    b._dom_classes = tuple(c for c in b._dom_classes if c not in ("bb-illegal", "bb-place"))


class TrialChoice(w.VBox):
    """Keep one of two Trial cards (only the seat at the screen sees them).

    Made once per seat and updated in place, like the placement board; ``clear()`` blanks the
    cards when the seat leaves the screen, so no widget keeps naming them.
    """

    def __init__(self, act: Act):
        super().__init__()
        self.add_class("bb-trial-choice")
        self.act = act
        self.choices: list = []
        self.slots: list[tuple[w.VBox, w.HTML, w.Button]] = []
        self.cards = w.HBox()
        self.children = (w.HTML("<b>Keep one Trial card</b> (the other is shuffled back into the deck)"), self.cards)

    def _slot(self, k: int) -> tuple[w.VBox, w.HTML, w.Button]:
        while len(self.slots) <= k:
            i = len(self.slots)
            text = w.HTML()
            b = w.Button(button_style="info", layout=w.Layout(width="auto"))
            b.add_class("bb-action")
            b.add_class("bb-keep-trial")
            b.on_click(lambda _, i=i: i < len(self.choices) and self.act(self.choices[i]))
            self.slots.append((w.VBox([text, b]), text, b))
        return self.slots[k]

    def update(self, state, actions: list) -> "TrialChoice":
        """Show the seat's offer: one card and one "Keep" button per legal ``KeepTrial``."""
        self.choices = [a for a in actions if isinstance(a, KeepTrial)]
        shown = []
        for k, a in enumerate(self.choices):
            box, text, b = self._slot(k)
            card = state.deck.card(a.card)
            text.value = (f'<div class="rx-card"><h4>{escape(card.name)} ({card.glory} Glory)</h4>'
                          f'<div class="rx-small">{escape(card.text)}</div></div>')
            b.description = b.tooltip = describe_action(state, a)
            b.add_class(action_class(a))
            shown.append(box)
        self.cards.children = shown
        return self

    def clear(self) -> None:
        """Forget the cards (another seat is at the screen)."""
        self.choices = []
        for _, text, b in self.slots:
            text.value = b.description = b.tooltip = ""
        self.cards.children = ()

    def close(self) -> None:
        for box, _, _ in self.slots:
            close_tree(box)
        close_tree(self.cards)
        super().close()
