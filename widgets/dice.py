"""The dice tray: dice drawn with colour and pips, grouped into sets and singles; a set is one click to reroll."""
from __future__ import annotations

from collections import defaultdict
from typing import Callable

import ipywidgets as w

from .theme import die_html


class DiceTray(w.VBox):
    """Shows rolled dice by number. ``on_reroll(face)`` is called when a set's button is clicked.

    ``show(dice, rerollable)`` takes ``[(colour, face), ...]`` and the faces whose set may be
    rerolled now; it holds no rules.
    """

    def __init__(self, on_reroll: Callable[[int], None] | None = None):
        super().__init__()
        self.add_class("dice-tray")
        self.on_reroll = on_reroll
        self.groups = w.HBox()
        self.extra = w.HTML()
        self.children = (self.groups, self.extra)
        self.dice: list[tuple[str, int]] = []

    def show(self, dice: list[tuple[str, int]], rerollable: set[int] = frozenset(), extra: str = "") -> None:
        self.dice = list(dice)
        by_face = defaultdict(list)
        for colour, face in dice:
            by_face[face].append(colour)
        boxes = []
        for face in sorted(by_face):
            colours = by_face[face]
            label = f"set of {face}s" if len(colours) >= 2 else f"single {face}"
            html = w.HTML("".join(die_html(c, face) for c in colours) + f'<div class="rx-small">{label}</div>')
            items = [html]
            if face in rerollable:
                b = w.Button(description=f"Reroll {face}s", layout=w.Layout(width="96px"), button_style="info")
                b.add_class(f"reroll-{face}")
                b.on_click(lambda _, f=face: self.on_reroll and self.on_reroll(f))
                items.append(b)
            box = w.VBox(items, layout=w.Layout(margin="0 8px 0 0", align_items="center"))
            box.add_class(f"dice-group-{face}")
            boxes.append(box)
        self.groups.children = boxes
        self.extra.value = extra
