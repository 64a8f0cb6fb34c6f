"""Plain values: what an action field or a chance outcome holds once it has crossed the boundary.

A notebook hands the engine numpy scalars as readily as Python ones (``np.int64(1)`` from an
array, ``np.True_`` from a comparison). They compare equal to Python values but are not JSON and
not always the same dict key, so the boundary turns them into Python values before anything is
applied: every accepted action and outcome can then be saved and replayed.
"""
from __future__ import annotations

import numbers
from typing import Any

import numpy as np

MAX_DEPTH = 16
"""Deeper than any action or outcome the games take (a joint of lists is three levels); past it a
value is left as it is, and the check that follows refuses it by its type."""


def plain(value: Any, depth: int = 0) -> Any:
    """``value`` with numpy scalars (at any depth of lists, tuples, dicts and arrays) as Python ones.

    numpy integer -> int, numpy bool -> bool, numpy float -> float, numpy str -> str, an ``int``
    subclass (not bool) -> int, a numpy array -> a list. Anything else is returned unchanged (the
    same object when nothing inside it changed), for the type check to accept or refuse.
    """
    if type(value) in (bool, int, str, float, type(None)):
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, np.str_):
        return str(value)
    if depth >= MAX_DEPTH:
        return value
    if isinstance(value, np.ndarray):
        return [plain(v, depth + 1) for v in value.tolist()] if value.ndim else plain(value.item(), depth + 1)
    if type(value) in (tuple, list):
        items = [plain(v, depth + 1) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)(items)
    if type(value) is dict:
        pairs = [(plain(k, depth + 1), plain(v, depth + 1)) for k, v in value.items()]
        if all(k is k0 and v is v0 for (k, v), (k0, v0) in zip(pairs, value.items())):
            return value
        return dict(pairs)
    return value
