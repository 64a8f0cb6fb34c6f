"""A run off the click's thread, with a progress bar, a Cancel button and a message: the page keeps
answering while thousands of games play, and a worker's failure is a sentence naming game and seed."""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from explorer.core.errors import SimulationError

from ..background import Background

ANSWERED = (ValueError, NotImplementedError, SimulationError)  # the lab's own refusals, worded for people


class Cancelled(Exception):
    """The person pressed Cancel."""


class Runner(w.HBox):
    """``start(work, done)``: ``work(progress)`` plays and returns a result; ``done(result)`` shows it.

    ``threaded=False`` runs at once in the caller (headless tests, notebooks executed in batch)."""

    def __init__(self, threaded: bool = True, label: str = "games"):
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="center", max_width="100%"))
        self.add_class("lab-runner")
        self.background = Background(threaded)
        self.progress = w.IntProgress(value=0, min=0, max=1, description=label,
                                      layout=w.Layout(width="260px", max_width="100%"))
        self.progress.add_class("lab-progress")
        self.cancel_button = w.Button(description="Cancel", icon="stop", disabled=True,
                                      tooltip="Stop the run (the games already played are dropped)")
        self.cancel_button.add_class("lab-cancel")
        self.cancel_button.on_click(lambda _: self.cancel())
        self.message = w.HTML()
        self.message.add_class("lab-message")
        self._cancelled = False
        self.children = (self.progress, self.cancel_button, self.message)

    @property
    def running(self) -> bool:
        return not self.cancel_button.disabled

    def start(self, work: Callable, done: Callable, start_buttons=()) -> None:
        self._cancelled = False
        self._buttons = tuple(start_buttons)
        for b in self._buttons:
            b.disabled = True
        self.cancel_button.disabled = False
        self.progress.value, self.progress.max = 0, 1
        self.message.value = '<span class="rx-small">running... (Cancel stops it)</span>'
        self.background.submit([(lambda: work(self._progress), lambda result: self._finish(result, done))])

    def cancel(self) -> None:
        self._cancelled = True
        self.message.value = '<span class="rx-small">cancelling...</span>'

    def _progress(self, done: int, total: int) -> None:
        if self._cancelled:
            raise Cancelled
        self.progress.max, self.progress.value = total, done

    def _finish(self, result, done: Callable) -> None:
        self.cancel_button.disabled = True
        for b in self._buttons:
            b.disabled = False
        if isinstance(result, Cancelled):
            self.message.value = (f'<span class="rx-small">Cancelled after {self.progress.value:,} of '
                                  f'{self.progress.max:,} games; nothing was changed.</span>')
        elif isinstance(result, ANSWERED):
            self.message.value = f'<span class="rx-error">{escape(str(result))}</span>'
        elif isinstance(result, Exception):
            self.message.value = (f'<span class="rx-error">The run failed: {escape(type(result).__name__)}: '
                                  f'{escape(str(result))}</span>')
        else:
            self.message.value = ""
            done(result)
