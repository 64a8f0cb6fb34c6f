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
        # the replay ticks in the browser (a hidden Play, one step every 0.6 s); two buttons of our own start and
        # stop it, each with its word and its hover text (the Play's own buttons have neither)
        self.replay = w.Play(min=0, max=0, interval=600, description="Replay", show_repeat=False,
                             layout=w.Layout(display="none"))
        self.replay_button = w.Button(description="Replay", icon="play", layout=w.Layout(width="auto"),
                                      tooltip="Replay the game step by step")
        self.stop_button = w.Button(description="Stop", icon="stop", layout=w.Layout(width="auto"),
                                    tooltip="Stop the replay", disabled=True)
        self.replay_button.add_class("replay-play")
        self.stop_button.add_class("replay-stop")
        self.replay_button.on_click(lambda _: self.start_replay())
        self.stop_button.on_click(lambda _: setattr(self.replay, "playing", False))
        self.replay.observe(self._playing, "playing")
        # the replay's buttons stay together on a narrow screen (the name is the one rows place)
        self.replay_label = w.HBox([self.replay_button, self.stop_button], layout=w.Layout(flex_flow="row nowrap"))
        self.replay_label.add_class("replay-controls")
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

    def start_replay(self) -> None:
        """Replay from here (from the first step when at the end), one step every 0.6 s."""
        r = self.replay
        if r.playing:
            return
        start = r.min if self.session.cursor >= r.max else self.session.cursor
        r.value = start
        self._go(start)  # also when the Play already held that value (no change to observe)
        r.playing = True

    def _playing(self, change) -> None:
        self.replay_button.disabled, self.stop_button.disabled = change["new"], not change["new"]

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
