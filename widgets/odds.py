"""The odds chart: horizontal bars drawn as SVG in the page (no chart library, nothing to download).

Whole labels on the left, the value on each bar, the best bar in green; the drawing scales to
its box, so it never runs off a narrow screen.
"""
from __future__ import annotations

import ipywidgets as w

from .svg import bar_chart


class OddsChart:
    """A bar chart of named values (e.g. the value of each legal choice)."""

    def __init__(self, title: str, labels: list[str], values: list[float], *, value_max: float | None = None,
                 fmt: str = "{:.2f}", width: int = 420, highlight: str = "best"):
        self.html = w.HTML(layout=w.Layout(width="100%", max_width=f"{width}px"))
        self.html.add_class("rx-chart")
        self.value_max, self.fmt, self.width, self.highlight = value_max, fmt, width, highlight
        self.title, self.labels, self.values = title, list(labels), list(values)
        self._draw()

    @property
    def widget(self):
        return self.html

    def update(self, labels: list[str], values: list[float], title: str | None = None) -> None:
        self.labels, self.values = list(labels), list(values)
        if title is not None:
            self.title = title
        self._draw()

    def _draw(self) -> None:
        self.html.value = bar_chart(self.labels, self.values, self.title, value_max=self.value_max, fmt=self.fmt,
                                    width=self.width, highlight=self.highlight)
