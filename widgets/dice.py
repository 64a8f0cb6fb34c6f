"""The dice tray: dice drawn with colour and pips, grouped into sets and singles; a set is one click to reroll."""
from __future__ import annotations

from collections import defaultdict
from typing import Callable

import ipywidgets as w

from .theme import die_html


class DiceTray(w.VBox):
    """Shows rolled dice by number. ``on_reroll(face)`` is called when a set's button is clicked.

    ``show(dice, rerollable)`` takes ``[(colour, face), ...]`` and the faces whose set may be
    rerolled now; it holds no rules. The six groups (one per number) and their buttons are made
    at the first roll (a page opens sooner without 18 hidden widgets) and then only updated, so a
    click sends a few changed values, never new widgets.
    """

    def __init__(self, on_reroll: Callable[[int], None] | None = None):
        super().__init__()
        self.add_class("dice-tray")
        self.on_reroll = on_reroll
        self.slots: dict[int, tuple[w.VBox, w.HTML, w.Button]] = {}
        self.groups = w.HBox([], layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        self.extra = w.HTML()
        self.children = (self.groups, self.extra)
        self.dice: list[tuple[str, int]] = []

    def _make_slots(self) -> None:
        for face in range(1, 7):
            html = w.HTML()
            b = w.Button(description=f"Reroll {face}s", layout=w.Layout(width="96px"), button_style="info",
                         tooltip=f"Reroll every die showing {face} (one set)")
            b.add_class(f"reroll-{face}")
            b.on_click(lambda _, f=face: self.on_reroll and self.on_reroll(f))
            box = w.VBox([html, b], layout=w.Layout(margin="0 8px 0 0", align_items="center", display="none"))
            box.add_class(f"dice-group-{face}")
            self.slots[face] = (box, html, b)
        self.groups.children = [s[0] for s in self.slots.values()]

    @property
    def shown_groups(self) -> list[w.VBox]:
        return [box for box, _, _ in self.slots.values() if box.layout.display != "none"]

    def show(self, dice: list[tuple[str, int]], rerollable: set[int] = frozenset(), extra: str = "") -> None:
        self.dice = list(dice)
        if dice and not self.slots:
            self._make_slots()
        by_face = defaultdict(list)
        for colour, face in dice:
            by_face[face].append(colour)
        for face, (box, html, button) in self.slots.items():
            colours = by_face.get(face)
            if not colours:
                box.layout.display = "none"
                html.value = ""
                continue
            label = f"set of {face}s" if len(colours) >= 2 else f"single {face}"
            html.value = "".join(die_html(c, face) for c in colours) + f'<div class="rx-small">{label}</div>'
            button.layout.display = None if face in rerollable else "none"
            box.layout.display = None
        self.extra.value = extra
