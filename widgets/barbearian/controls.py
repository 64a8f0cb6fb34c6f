"""New-game controls: 2-4 players, each seat a human or a bot, and a seed."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

from explorer.barbearian.bots import BOTS
from explorer.barbearian.options import DEFAULT_SEATING

from .table import HUMAN, check_seats

SEAT_LABELS = [("Human", HUMAN)] + [(f"{kind.capitalize()} bot", kind) for kind in BOTS]


class NewGameControls(w.VBox):
    """Calls ``on_start()`` when "New game" is clicked; ``values()`` reads the choices."""

    def __init__(self, players: int, seats, seed: int | None, on_start: Callable[[], None]):
        super().__init__()
        self.add_class("bb-controls")
        self.on_start = on_start
        self.players = w.Dropdown(options=[2, 3, 4], value=players, description="Players", layout=w.Layout(width="150px"))
        self.players.add_class("bb-players")
        self.seat_boxes = []
        for i in range(4):
            box = w.Dropdown(options=SEAT_LABELS, value=seats[i] if i < len(seats) else HUMAN, layout=w.Layout(width="200px"))
            box.add_class(f"bb-seat-{i}")
            self.seat_boxes.append(box)
        self.seed = w.IntText(value=seed or 0, description="Seed", layout=w.Layout(width="160px"),
                              tooltip="0 picks a fresh random seed")
        self.seed.add_class("bb-seed")
        self.button = w.Button(description="New game", button_style="primary", icon="refresh")
        self.button.add_class("bb-new-game")
        self.button.on_click(lambda _: self.on_start())
        self.players.observe(lambda _: self._relabel(), "value")
        self.seed_note = w.HTML()
        self.seed_note.add_class("bb-seed-note")
        wrap = w.Layout(flex_flow="row wrap", max_width="100%")
        self.children = (w.HBox([self.players, self.seed, self.seed_note, self.button], layout=wrap),
                         w.HBox(self.seat_boxes, layout=wrap))
        self._relabel()

    def _relabel(self) -> None:
        clans = DEFAULT_SEATING[self.players.value]
        for i, box in enumerate(self.seat_boxes):
            shown = i < len(clans)
            box.layout.display = None if shown else "none"
            box.description = clans[i].capitalize() if shown else ""

    def show_seed(self, seed: int) -> None:
        """Say which seed the game on the table uses (to replay it: type it in Seed)."""
        self.seed_note.value = (f'<span class="rx-small">this game: seed <b class="seed-used">{seed}</b> '
                                f'&middot; Seed 0 = a fresh random seed</span>')

    def values(self) -> tuple[int, tuple[str, ...], int | None]:
        """(players, seats, seed); seed 0 in the box means None: a fresh seed."""
        n = self.players.value
        seats = check_seats(n, [b.value for b in self.seat_boxes[:n]])
        return n, seats, self.seed.value or None
