"""The history bar with a floor: undo never reaches back behind a secret.

Undoing a seat's ``Ready`` (or a kept Trial card) would hand the next seat a game in which
the previous seat's secret choices are still on the table to be changed, or let a seat that
has seen the reveal place again. So the bar never goes below the last such step (the
*floor*); undo and redo skip over bots' moves to the previous or next human decision.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from ..history import HistoryBar


class GuardedHistoryBar(HistoryBar):
    """``floor()`` is the lowest step allowed; ``stop()`` says whether the current state waits for a human;
    ``why()`` says in one line why undo stops at the floor (shown while undo is off)."""

    def __init__(self, session, on_change: Callable[[], None], floor: Callable[[], int], stop: Callable[[], bool],
                 why: Callable[[], str] = lambda: ""):
        self.floor, self.stop, self.why = floor, stop, why
        self._syncing = False
        self.note = w.HTML(layout=w.Layout(max_width="100%"))
        self.note.add_class("bb-history-note")
        super().__init__(session, on_change)
        self.undo_button = self._button("Undo", "undo", -1)
        self.redo_button = self._button("Redo", "repeat", +1)
        self.children = (self.undo_button, self.redo_button, self.slider, self.replay_label, self.replay, self.note)
        self.add_class("bb-history")
        self.refresh()

    def _button(self, text: str, icon: str, direction: int) -> w.Button:
        tip = "Take back the last step" if direction < 0 else "Play the step taken back again"
        b = w.Button(description=text, icon=icon, layout=w.Layout(width="80px"), tooltip=tip)
        b.add_class(text.lower())
        b.on_click(lambda _: self.step(direction))
        return b

    def step(self, direction: int) -> None:
        """Undo (-1) or redo (+1) to the previous or next point where a human decides."""
        s, low = self.session, self.floor()
        start = s.cursor
        target = start + direction
        while low <= target <= s.history_length:
            s.jump(target)
            if self.stop():
                break
            target += direction
        else:
            s.jump(start)
            return
        self.on_change()

    def _go(self, step: int) -> None:
        if self._syncing or step == self.session.cursor:
            return
        if self.floor() <= step <= self.session.history_length:
            self.session.jump(step)
            self.on_change()
        else:
            self.refresh()

    def refresh(self) -> None:
        s, low = self.session, min(self.floor(), self.session.cursor)
        self._syncing = True
        try:
            for bar in (self.slider, self.replay):  # only what changed is sent (in an order the bounds allow)
                if low > bar.max:
                    bar.max, bar.min = s.history_length, low
                else:
                    bar.min, bar.max = low, s.history_length
            self.slider.value = s.cursor
            if not self.replay.playing:
                self.replay.value = s.cursor
        finally:
            self._syncing = False
        self.undo_button.disabled = s.cursor <= low
        self.redo_button.disabled = not s.can_redo
        still = low >= s.history_length  # nothing to move through: no slider stuck at one end
        for part in (self.slider, self.replay_label):  # the Play stays hidden: its icons have no words
            part.layout.display = "none" if still else None
        why = self.why() if self.undo_button.disabled else ""
        self.note.value = f'<span class="rx-small">{escape(why)}</span>' if why else ""
        self.undo_button.tooltip = why or "Take back the last step"
