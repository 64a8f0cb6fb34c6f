"""A lab result in words: its sentences (significant ones in bold) and its table."""
from __future__ import annotations

from html import escape


def sentences_html(result, metrics=None) -> str:
    """The result's summary as a list; the significant differences in bold."""
    lines = result.summary(metrics).splitlines()
    sig = {d.sentence for d in result.significant()}
    items = "".join(f'<li class="{"lab-sig" if s in sig else ""}">{escape(s)}</li>' for s in lines[1:])
    return f"<p>{escape(lines[0])}</p><ul>{items}</ul>" if len(lines) > 1 else f"<p>{escape(lines[0])}</p>"


def table_html(result) -> str:
    head = "<tr><th>variant</th><th>metric</th><th>games</th><th>estimate</th><th>interval</th></tr>"
    body = "".join(f"<tr><td>{escape(r.variant)}</td><td>{escape(r.label)}</td><td>{r.n}</td><td>{r.estimate:.4f}</td>"
                   f"<td>[{r.low:.4f}, {r.high:.4f}]</td></tr>" for r in result.rows)
    return f'<table class="lab-table">{head}{body}</table>'
