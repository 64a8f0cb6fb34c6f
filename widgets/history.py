"""The history bar: undo, redo, a slider over every step, and replay."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w


class HistoryBar(w.HBox):
    """Drives a ``Session``'s history; ``on_change()`` is called after every move through it."""

    def __init__(self, session, on_change: Callable[[], None]):
        super().__init__()
        self.add_class("history-bar")
        self.session, self.on_change = session, on_change
        self.undo_button = w.Button(description="Undo", icon="undo", layout=w.Layout(width="80px"),
                                    tooltip="Take back the last step")
        self.redo_button = w.Button(description="Redo", icon="repeat", layout=w.Layout(width="80px"),
                                    tooltip="Play the step taken back again")
        self.slider = w.IntSlider(min=0, max=0, description="Step", continuous_update=False,
                                  tooltip="Jump to any step of the game", layout=w.Layout(max_width="100%"))
        self.replay = w.Play(min=0, max=0, interval=600, description="Replay", show_repeat=False,
                             tooltip="Replay: play the game again from the start, one step every 0.6 s (stop: pause)")
        self.replay_label = w.HTML('<span class="rx-small" title="Replay the game from the start">Replay</span>')
        self.undo_button.add_class("undo")
        self.redo_button.add_class("redo")
        self.undo_button.on_click(lambda _: self._go(self.session.cursor - 1))
        self.redo_button.on_click(lambda _: self._go(self.session.cursor + 1))
        self.slider.observe(lambda c: self._go(c["new"]), "value")
        self.replay.observe(lambda c: self._go(c["new"]), "value")
        self.layout.flex_flow = "row wrap"
        self.layout.max_width = "100%"
        self.add_class("rx-wrap")
        self.children = (self.undo_button, self.redo_button, self.slider, self.replay_label, self.replay)
        self.refresh()

    def attach(self, session) -> None:
        self.session = session
        self.refresh()

    def _go(self, step: int) -> None:
        if step != self.session.cursor and 0 <= step <= self.session.history_length:
            self.session.jump(step)
            self.on_change()

    def refresh(self) -> None:
        s = self.session
        with self.slider.hold_trait_notifications(), self.replay.hold_trait_notifications():
            self.slider.max = self.replay.max = s.history_length
            self.slider.value = s.cursor
        self.undo_button.disabled = not s.can_undo
        self.redo_button.disabled = not s.can_redo
