"""Closing the widgets a page no longer shows.

A widget lives in the kernel (and its model in the page) until it is closed: replacing a box's
children only drops the views. A panel rebuilt on every click must close what it replaces, or
each click leaves dead widgets behind in both.
"""
from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as w


def close_tree(widget: w.Widget, keep: Iterable[w.Widget] = ()) -> None:
    """Close ``widget``, its children (recursively), its layout and its style; a widget in ``keep``
    (one still in use elsewhere, e.g. a cached panel) is left open with everything inside it."""
    _close(widget, {id(k) for k in keep})


def replace_children(box: w.Box, children, keep: Iterable[w.Widget] = ()) -> None:
    """Show ``children`` in ``box`` and close the children it showed before that are neither shown
    now nor in ``keep``."""
    children = tuple(children)
    old = box.children
    box.children = children
    kept = {id(k) for k in keep} | {id(c) for c in children}
    for c in old:
        _close(c, kept)


def _close(widget, kept: set[int]) -> None:
    if id(widget) in kept or getattr(widget, "comm", None) is None:
        return
    for child in getattr(widget, "children", ()):
        if isinstance(child, w.Widget):
            _close(child, kept)
    widget.close()
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, w.Widget) and id(part) not in kept:
            part.close()
