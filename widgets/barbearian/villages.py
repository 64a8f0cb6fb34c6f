"""The villages on the page: one HTML widget per clan, each redrawn only when what it shows changed.

A click usually changes one village (the seat at the screen sees its own dice, a raid takes a
Glory token): only that village's drawing is built and sent to the page again.
"""
from __future__ import annotations

import ipywidgets as w

from ..closing import close_tree
from .board_svg import legend_html
from .views import village_html


def village_key(state, seat: int) -> tuple:
    """Everything ``village_html(state, seat)`` reads: equal keys draw the same village."""
    return (state.players[seat], state.phase == "place", state.first == seat, state.options, id(state.deck),
            tuple(state.clan(t) for t in range(state.n)), state.revealed,
            tuple(f for f in state.forces if f[0] == seat))  # the Battleground follows the forces standing


class Villages(w.VBox):
    """Every clan's village (``views.village_html``) and the legend of the drawings."""

    def __init__(self):
        super().__init__()
        self.add_class("bb-villages-box")
        self.row = w.HBox(layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        self.row.add_class("bb-villages")
        self.legend = w.HTML(legend_html())
        self.children = (self.row, self.legend)
        self._keys: list = []

    def show(self, state) -> None:
        """Show ``state`` (a view): a village whose key is unchanged is not drawn again."""
        boards = list(self.row.children)
        if len(boards) != state.n:
            for b in boards[state.n:]:
                close_tree(b)
            boards = boards[: state.n] + [self._board() for _ in range(state.n - len(boards))]
            self._keys = self._keys[: state.n] + [None] * (state.n - len(self._keys))
            self.row.children = boards
        for seat, board in enumerate(boards):
            key = village_key(state, seat)
            if key != self._keys[seat]:
                self._keys[seat] = key
                board.value = village_html(state, seat)

    @staticmethod
    def _board() -> w.HTML:
        return w.HTML(layout=w.Layout(flex="1 1 300px", max_width="420px", min_width="0"))

    @property
    def value(self) -> str:
        """The villages' markup as the page shows it (for reading the page as text)."""
        return ('<div class="bb-villages">' + "".join(b.value for b in self.row.children) + "</div>"
                + self.legend.value)
