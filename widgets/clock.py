"""The countdown clock: ticks in the browser (``ipywidgets.Play``), so it keeps time under Voila."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w


class Countdown(w.HBox):
    """A 60-second (by default) timer; ``on_time_up`` fires once when it reaches zero."""

    def __init__(self, seconds: int = 60, on_time_up: Callable[[], None] | None = None):
        super().__init__()
        self.add_class("countdown")
        self.seconds = seconds
        self.on_time_up = on_time_up
        self.ticker = w.Play(value=0, min=0, max=seconds, step=1, interval=1000, show_repeat=False,
                             layout=w.Layout(display="none"))
        self.label = w.HTML()
        self.ticker.observe(self._tick, "value")
        self.children = (self.label, self.ticker)
        self.running = False
        self._render()

    @property
    def remaining(self) -> int:
        return self.seconds - self.ticker.value

    def start(self) -> None:
        self.ticker.value = 0
        self.running = True
        self.ticker.playing = True
        self._render()

    def stop(self) -> None:
        self.running = False
        self.ticker.playing = False
        self._render()

    def _tick(self, change) -> None:
        self._render()
        if self.running and change["new"] >= self.seconds:
            self.stop()
            if self.on_time_up:
                self.on_time_up()

    def show(self, text: str, alert: bool = False) -> None:
        """Words of the caller's while the clock is not running (e.g. the state shown is not the clock's)."""
        if not self.running:
            self.label.value = self._html(text, "#b00020" if alert else "#333")

    @staticmethod
    def _html(text: str, colour: str) -> str:
        return f'<span class="clock-text" style="font-size:18px;color:{colour}">{text}</span>'

    def _render(self) -> None:
        if self.running:
            colour = "#b00020" if self.remaining <= 10 else "#333"
            text = f"Time left: {self.remaining:02d} s"
        elif self.ticker.value == 0:
            colour, text = "#333", f"Clock: {self.seconds} s, starts when you roll"
        elif self.remaining <= 0:
            colour, text = "#b00020", "Time is up"
        else:
            colour, text = "#333", f"Stopped with {self.remaining} s to spare"
        self.label.value = self._html(text, colour)
