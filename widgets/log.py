"""The event log: each event in the rulebook's words with the section it applies, newest first."""
from __future__ import annotations

from html import escape

import ipywidgets as w


class EventLog(w.HTML):
    """Newest events first (the same in every game), so the latest is always in view without scrolling;
    ``limit`` keeps the page light in long games."""

    def __init__(self, limit: int = 200):
        super().__init__()
        self.add_class("event-log")
        self.limit = limit

    def show(self, events) -> None:
        """``events`` oldest first, as a session holds them."""
        newest = list(events)[-self.limit:][::-1]
        rows = "".join(
            f'<tr><td class="rx-section">{escape(e.section)}</td><td>{escape(e.text)}</td></tr>'
            for e in newest
        )
        self.value = f'<div class="rx-log"><table>{rows}</table></div>'
