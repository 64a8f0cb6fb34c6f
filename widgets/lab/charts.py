"""Charts of a lab result: one panel per metric, a bar per variant with its interval as error bars.

Two drawings of the same answer: a plotly figure (zoom and hover) for the runs a person makes, and plain SVG
panels for the worked studies, which a page shows the moment it opens (no chart library to load and lay out
in the browser first: three plotly studies kept the lab's controls from showing for about 4 s)."""
from __future__ import annotations

import json
import math

import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

from explorer.lab import lab_game

from ..svg import bar_chart

COLOURS = ("#2f6fd6", "#c8372d", "#2e9b4f", "#f2a900", "#7b4bb7", "#555555", "#0097a7", "#8d6e63")


def metric_keys(result, metrics=None) -> list[str]:
    keys = list(dict.fromkeys(r.metric for r in result.rows))
    return [k for k in keys if metrics is None or k in metrics]


def figure(result, metrics=None, columns: int = 3, height_per_row: int = 260) -> go.Figure:
    """Side-by-side bars with error bars (the confidence interval) for each metric of each variant;
    in a sweep, lines over the swept value instead."""
    keys = metric_keys(result, metrics)
    labels = {r.metric: r.label for r in result.rows}
    cols = max(1, min(columns, len(keys)))
    nrows = max(1, math.ceil(len(keys) / cols))
    fig = make_subplots(rows=nrows, cols=cols, subplot_titles=[labels[k] for k in keys],
                        horizontal_spacing=0.08, vertical_spacing=0.5 / nrows)
    for i, key in enumerate(keys):
        rows = result.metric(key)
        row, col = i // cols + 1, i % cols + 1
        plus = [0.0 if math.isnan(r.high) else r.high - r.estimate for r in rows]
        minus = [0.0 if math.isnan(r.low) else r.estimate - r.low for r in rows]
        err = dict(type="data", array=plus, arrayminus=minus, visible=True, color="#333", thickness=1.2)
        if result.option is not None:
            xs = [r.value if isinstance(r.value, (int, float)) else json.dumps(r.value) for r in rows]
            fig.add_trace(go.Scatter(x=xs, y=[r.estimate for r in rows], error_y=err,
                                     mode="lines+markers", marker_color=COLOURS[0], name=labels[key],
                                     showlegend=False), row=row, col=col)
            fig.update_xaxes(title_text=result.option, row=row, col=col)
        else:
            fig.add_trace(go.Bar(x=[r.variant for r in rows], y=[r.estimate for r in rows], error_y=err,
                                 marker_color=[COLOURS[j % len(COLOURS)] for j in range(len(rows))],
                                 name=labels[key], showlegend=False,
                                 hovertemplate="%{x}: %{y:.3f}<extra></extra>"), row=row, col=col)
    level = round(result.level * 100)
    fig.update_layout(template="plotly_white", height=90 + height_per_row * nrows,
                      title=f"{_title(result)}: {level}% confidence intervals ({', '.join(map(str, result.games))} games)",
                      margin=dict(t=90, l=50, r=20, b=40))
    fig.update_annotations(font_size=12)
    return fig


def panels_html(result, metrics=None) -> str:
    """The result as SVG panels side by side (wrapping on a phone): the bars are the estimates, the whiskers
    their confidence intervals, and each bar's hover text gives both."""
    level = round(result.level * 100)
    charts = []
    for key in metric_keys(result, metrics):
        rows = result.metric(key)
        fmt = "{:.1%}" if rows[0].kind == "proportion" else "{:.2f}"
        chart = bar_chart([r.variant for r in rows], [r.estimate for r in rows], f"{rows[0].label.capitalize()}",
                          fmt=fmt, width=360, highlight="", intervals=[(r.low, r.high) for r in rows],
                          interval_words=f"{level}% interval")
        charts.append(f'<div class="lab-panel" style="flex:1 1 280px;max-width:380px">{chart}</div>')
    caption = (f'<p class="rx-small">Bars: the estimate; whiskers: its {level}% confidence interval '
               f'({games_words(result.games)}). Hover a bar for its numbers.</p>')
    return (f'<div class="lab-panels" style="display:flex;flex-wrap:wrap;gap:6px 18px">'
            f'{"".join(charts)}</div>{caption}')


def games_words(games) -> str:
    """"1,500 games per variant", or each variant's count when they differ (a run stopped at its width)."""
    counts = games[:1] if len(set(games)) == 1 else games
    return f"{', '.join(f'{g:,}' for g in counts)} games per variant"


def show_figure(box, fig: go.Figure | None) -> None:
    """Show ``fig`` in the ``Output`` widget ``box`` in place of what it showed. The output is set directly (no
    ``with box:`` capture, which a worker thread cannot do) as the chart's display data, which the page's plotly
    renderer draws: no figure widget to start (its first one costs about 2 s in a kernel)."""
    bundle = pio.renderers["plotly_mimetype"].to_mimebundle(fig.to_dict()) if fig is not None else None
    box.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},) if bundle else ()


def _title(result) -> str:
    return lab_game(result.game).title
