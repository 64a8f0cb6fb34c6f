"""The odds chart: a plotly bar chart built once with data and updated in place.

Under Voila a FigureWidget created empty and filled before display shows an empty chart,
so the figure is constructed with its first data and only updated afterwards.
"""
from __future__ import annotations

import plotly.graph_objects as go


class OddsChart:
    """A bar chart of named values (e.g. the value of each legal choice)."""

    def __init__(self, title: str, labels: list[str], values: list[float], *, y_title: str = "", height: int = 340,
                 width: int = 430):
        self.figure = go.FigureWidget(
            data=[go.Bar(x=list(labels), y=list(values), marker_color=_colours(values), text=_texts(values), textposition="auto")],
            layout=go.Layout(title=title, height=height, width=width, margin=dict(l=40, r=10, t=40, b=110),
                             yaxis=dict(title=y_title), template="plotly_white"),
        )

    @property
    def widget(self):
        return self.figure

    def update(self, labels: list[str], values: list[float], title: str | None = None) -> None:
        with self.figure.batch_update():
            bar = self.figure.data[0]
            bar.x, bar.y = list(labels), list(values)
            bar.marker.color = _colours(values)
            bar.text = _texts(values)
            if title is not None:
                self.figure.layout.title.text = title


def _colours(values) -> list[str]:
    if not values:
        return []
    best = max(values)
    return ["#2e7d32" if v == best else "#90a4ae" for v in values]


def _texts(values) -> list[str]:
    return [f"{v:.2f}" for v in values]
