"""A faster ``dataclasses.replace`` for the engines' frozen values, which change a few fields thousands of times a game.

``dataclasses.replace`` reads every field and runs ``__init__`` again; for a plain frozen dataclass (no
``__post_init__``, every field an ``__init__`` argument) copying the instance's ``__dict__`` and setting the changed
fields gives the same value (equal, same hash, same repr). Anything else goes to ``dataclasses.replace`` itself, as
does a change naming no field (so its error is the usual one).
"""
from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")
_PLAIN: dict[type, frozenset | None] = {}
_UNSEEN = object()


def _plain_fields(cls: type) -> frozenset | None:
    """The field names of a plain frozen dataclass, or None when ``replace`` must run ``__init__``."""
    if cls not in _PLAIN:
        params = getattr(cls, "__dataclass_params__", None)
        fields = dataclasses.fields(cls) if params is not None else ()
        plain = (params is not None and params.frozen and not hasattr(cls, "__post_init__")
                 and not hasattr(cls, "__slots__") and all(f.init for f in fields))
        _PLAIN[cls] = frozenset(f.name for f in fields) if plain else None
    return _PLAIN[cls]


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, without re-running ``__init__`` where that changes nothing."""
    cls = type(obj)
    names = _PLAIN.get(cls, _UNSEEN)
    if names is _UNSEEN:
        names = _plain_fields(cls)
    if names is None or not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)
    values = obj.__dict__.copy()
    values.update(changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", values)  # a frozen dataclass refuses plain attribute setting
    return new
