"""Values made once for the very objects they are made from (a deck, an options object), kept for a few.

A batch plays one deck with one set of options for thousands of games, so the simulators' tables are made
once and found again by the objects' identity; the objects are kept with the value, so an id reused after
one was freed never finds another's value.
"""
from __future__ import annotations

from typing import Any, Callable

KEEP = 8  # values kept in one store before it starts again


def kept(store: dict, make: Callable[..., Any], *objects: Any) -> Any:
    """``make(*objects)``, made once for these objects (compared by identity) and kept in ``store``."""
    key = tuple(map(id, objects))
    hit = store.get(key)
    if hit is None or any(a is not b for a, b in zip(hit[0], objects)):
        if len(store) >= KEEP:
            store.clear()
        hit = store[key] = (objects, make(*objects))
    return hit[1]
