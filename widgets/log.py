"""The event log: each event in the rulebook's words with the section it applies."""
from __future__ import annotations

from html import escape

import ipywidgets as w


class EventLog(w.HTML):
    """Newest events last; ``limit`` keeps the page light in long games."""

    def __init__(self, limit: int = 200):
        super().__init__()
        self.add_class("event-log")
        self.limit = limit

    def show(self, events) -> None:
        rows = "".join(
            f'<tr><td class="rx-section">{escape(e.section)}</td><td>{escape(e.text)}</td></tr>'
            for e in list(events)[-self.limit:]
        )
        self.value = f'<div class="rx-log"><table>{rows}</table></div>'
