"""Small SVG drawing pieces shared by every game's board: dice with pips, tokens, tracks, legends, bar charts.

Pure functions returning SVG (or HTML) text; no rules and no widgets. Every drawing scales to its
box (``viewBox`` with ``width:100%``) so a board fits a phone as well as a laptop, and every symbol
carries a ``<title>`` (the browser shows it on hover).
"""
from __future__ import annotations

from html import escape

from .theme import DIE_COLOURS

PIP_SPOTS = {  # pip centres on a unit die (0..1)
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def title(text: str) -> str:
    """A hover text for the enclosing SVG element."""
    return f"<title>{escape(text)}</title>" if text else ""


def die(x: float, y: float, size: float, colour: str, face: int | str | None = None, tip: str = "",
        cls: str = "") -> str:
    """A die at (x, y): coloured square with its pips (a word for a non-number face; blank for None)."""
    bg, fg = DIE_COLOURS.get(colour, (colour, "#000"))
    parts = [f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(size)}" height="{_f(size)}" rx="{_f(size * 0.18)}" '
             f'fill="{bg}" stroke="#444" stroke-width="{_f(max(0.6, size / 28))}"/>']
    if isinstance(face, int) and face in PIP_SPOTS:
        r = size * 0.095
        parts += [f'<circle cx="{_f(x + px * size)}" cy="{_f(y + py * size)}" r="{_f(r)}" fill="{fg}"/>'
                  for px, py in PIP_SPOTS[face]]
    elif face:
        parts.append(f'<text x="{_f(x + size / 2)}" y="{_f(y + size * 0.62)}" font-size="{_f(size * 0.34)}" '
                     f'text-anchor="middle" fill="{fg}">{escape(str(face))}</text>')
    data = f' data-face="{escape(str(face))}"' if face is not None else ""
    return f'<g class="svg-die {cls}"{data}>{title(tip or colour)}{"".join(parts)}</g>'


def token(x: float, y: float, r: float, fill: str, label: str = "", tip: str = "", fg: str = "#fff",
          stroke: str = "#222", cls: str = "") -> str:
    """A round token centred on (x, y) with an optional letter or symbol."""
    text = (f'<text x="{_f(x)}" y="{_f(y + r * 0.38)}" font-size="{_f(r * 1.1)}" text-anchor="middle" '
            f'fill="{fg}">{escape(label)}</text>') if label else ""
    return (f'<g class="svg-token {cls}">{title(tip)}<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1.2"/>{text}</g>')


def label(x: float, y: float, text: str, size: float = 11, anchor: str = "start", fill: str = "#222",
          weight: str = "normal") -> str:
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" text-anchor="{anchor}" fill="{fill}" '
            f'font-weight="{weight}">{escape(text)}</text>')


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the drawn width of ``text`` (the browser's sans-serif, never narrower in practice)."""
    return len(text) * size * (0.64 if bold else 0.58)


def wrap(text: str, size: float, width: float, bold: bool = False, max_lines: int = 3) -> list[str]:
    """``text`` broken at spaces into lines that fit ``width``; past ``max_lines`` the last line ends in "…"."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > max_lines:
        last = " ".join(lines[max_lines - 1:])
        while len(last) > 1 and text_width(last + "…", size, bold) > width:
            last = last[:-1]
        lines = lines[:max_lines - 1] + [last.rstrip() + "…"]
    return lines or [""]


def lines(x: float, y: float, rows: list[str], size: float = 11, anchor: str = "start", fill: str = "#222",
          weight: str = "normal", line_height: float | None = None) -> str:
    """Several lines of text, the first with its baseline at ``y``; one ``<text>`` whose text is the whole
    (a space joins the lines where it cannot be seen: before a right-aligned line, else after a line)."""
    if len(rows) == 1:
        return label(x, y, rows[0], size, anchor, fill, weight)
    dy = line_height or size * 1.15
    last = len(rows) - 1
    text = ([(" " if i else "") + r for i, r in enumerate(rows)] if anchor == "end"
            else [r + (" " if i < last else "") for i, r in enumerate(rows)])
    spans = "".join(f'<tspan x="{_f(x)}" dy="{_f(0 if i == 0 else dy)}">{escape(t)}</tspan>' for i, t in enumerate(text))
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" text-anchor="{anchor}" fill="{fill}" '
            f'font-weight="{weight}">{spans}</text>')


def box(x: float, y: float, w: float, h: float, fill: str = "#fff", stroke: str = "#999", tip: str = "",
        rx: float = 3, cls: str = "", dash: bool = False) -> str:
    d = ' stroke-dasharray="3 2"' if dash else ""
    rect = (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(rx)}" fill="{fill}" '
            f'stroke="{stroke}"{d}/>')
    return f'<g class="{cls}">{title(tip)}{rect}</g>' if tip or cls else rect


def svg(width: float, height: float, body: str, cls: str = "", max_width: float | None = None, aria: str = "") -> str:
    """An SVG that scales to its container's width, never wider than ``max_width`` (default: its own width)."""
    mw = max_width or width
    return (f'<svg class="rx-svg {cls}" viewBox="0 0 {_f(width)} {_f(height)}" role="img" aria-label="{escape(aria)}" '
            f'preserveAspectRatio="xMinYMin meet" style="width:100%;max-width:{_f(mw)}px;height:auto" '
            f'xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def symbol_svg(body: str, size: int = 20) -> str:
    """A tiny inline SVG (for a legend entry) holding ``body`` drawn in a 20x20 box."""
    return (f'<svg viewBox="0 0 20 20" width="{size}" height="{size}" style="vertical-align:middle" '
            f'xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def legend(items: list[tuple[str, str]], cls: str = "") -> str:
    """A legend: (symbol SVG body in a 20x20 box, explanation) pairs, wrapping on narrow screens."""
    entries = "".join(f'<span class="rx-legend-item">{symbol_svg(sym)} {escape(text)}</span>' for sym, text in items)
    return f'<div class="rx-legend {cls}">{entries}</div>'


def track(cells: list[dict], x: float, y: float, cell_w: float, cell_h: float, vertical: bool = True,
          gap: float = 2) -> str:
    """A ladder of spaces. ``cells`` run from the first (bottom, or left) space to the last; each is a dict
    with ``body`` (SVG drawn inside, given the cell's x and y as a function or a string), ``tip``,
    ``fill``, ``stroke`` and ``cls``. Vertical ladders put the first cell at the bottom."""
    out = []
    n = len(cells)
    for i, c in enumerate(cells):
        cx = x if vertical else x + i * (cell_w + gap)
        cy = y + (n - 1 - i) * (cell_h + gap) if vertical else y
        body = c.get("body", "")
        if callable(body):
            body = body(cx, cy)
        out.append(f'<g class="svg-space {c.get("cls", "")}">{title(c.get("tip", ""))}'
                   f'<rect x="{_f(cx)}" y="{_f(cy)}" width="{_f(cell_w)}" height="{_f(cell_h)}" rx="3" '
                   f'fill="{c.get("fill", "#fff")}" stroke="{c.get("stroke", "#999")}" '
                   f'stroke-width="{c.get("stroke_width", 1)}"/>{body}</g>')
    return "".join(out)


def bar_chart(labels: list[str], values: list[float], chart_title: str = "", *, value_max: float | None = None,
              fmt: str = "{:.2f}", width: float = 420, highlight: str = "best", unit: str = "",
              intervals: list[tuple[float, float]] | None = None, interval_words: str = "interval") -> str:
    """Horizontal bars with their whole labels on the left and the value on the bar; best bar green.

    A long label wraps onto two or three lines and its row grows to hold them; a long title wraps too.
    ``intervals`` (low, high) per bar are drawn as whiskers across the bar's end (a NaN end: none), and
    each bar's hover text names its interval."""
    size, line_h = 11.5, 13
    base = 24 if len(labels) <= 8 else 18  # long charts stay short enough to sit beside the play area
    lab_w = min(210, max(90, 10 + max((text_width(s, size) for s in labels), default=0)))
    bar_w = width - lab_w - 56
    heading = wrap(chart_title, 13, width - 8, bold=True) if chart_title else []
    top = 10 + 16 * len(heading) if heading else 6
    wrapped = [wrap(name, size, lab_w - 10) for name in labels]
    heights = [max(base, len(rows) * line_h + 6) for rows in wrapped]
    ends = [v for pair in intervals or () for v in pair if v == v]  # NaN != NaN: no interval end
    vmax = value_max if value_max is not None else max(list(values) + ends + [1e-9])
    vmin = min(list(values) + ends + [0.0])  # negative values get bars to the left of a zero line
    span = (max(vmax, 0.0) - vmin) or 1.0
    zero = lab_w + bar_w * (-vmin / span)
    best = max(values) if values else None
    body = [lines(4, 16, heading, 13, weight="bold", line_height=16)] if heading else []
    yy = top
    for i, (name, v, rows, h) in enumerate(zip(labels, values, wrapped, heights)):
        mid = yy + h / 2  # the bar, its value and the label's lines are centred on the row
        colour = "#2e7d32" if highlight == "best" and v == best else ("#e57373" if v < 0 else "#90a4ae")
        length = bar_w * abs(v) / span
        x = zero if v >= 0 else zero - length
        first = mid - (len(rows) - 1) * line_h / 2 + 4
        tip, whisker, text_x = f"{name}: {fmt.format(v)}{unit}", "", zero + length + 4 if v >= 0 else zero + 4
        if intervals is not None and all(e == e for e in intervals[i]):
            low, high = intervals[i]
            x0, x1 = zero + bar_w * low / span, zero + bar_w * high / span
            tip += f" ({interval_words} {fmt.format(low)} to {fmt.format(high)}{unit})"
            whisker = (f'<path class="svg-interval" d="M{_f(x0)} {_f(mid)}H{_f(x1)}M{_f(x0)} {_f(mid - 5)}V{_f(mid + 5)}'
                       f'M{_f(x1)} {_f(mid - 5)}V{_f(mid + 5)}" stroke="#333" stroke-width="1.2" fill="none"/>')
            text_x = max(text_x, x1 + 4)
        body.append(f'<g class="svg-bar" data-label="{escape(name)}" data-value="{v:.6g}">{title(tip)}'
                    f'{lines(lab_w - 6, first, rows, size, "end", line_height=line_h)}'
                    f'<rect x="{_f(x)}" y="{_f(mid - (base - 6) / 2)}" width="{_f(length)}" height="{base - 6}" fill="{colour}" rx="2"/>'
                    f'{whisker}{label(text_x, mid + 4, fmt.format(v) + unit, size)}</g>')
        yy += h
    if vmin < 0:
        body.append(f'<line x1="{_f(zero)}" x2="{_f(zero)}" y1="{top}" y2="{_f(yy)}" stroke="#555"/>')
    height = yy + 4 if labels else top + base + 4
    return svg(width, height, "".join(body), "rx-bar-chart", aria=chart_title)
