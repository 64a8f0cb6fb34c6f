"""Actions as JSON, for save files: ``{"type": "Reroll", "face": 3}``."""
from __future__ import annotations

from typing import Any


class ActionCodec:
    """Turns a game's action dataclasses into JSON objects and back.

    Tuples are written as lists and read back as tuples at every depth (an action is a frozen,
    hashable value, so it never holds a list), and only the registered classes are written: an
    action the codec could not read back is refused when it is written, not when the save is loaded.
    """

    def __init__(self, *classes: type):
        self.classes = {cls.__name__: cls for cls in classes}
        if len(self.classes) != len(set(classes)):
            raise ValueError(f"two action classes share a name among {', '.join(sorted(c.__name__ for c in classes))}")

    def to_json(self, action: Any) -> dict:
        """The JSON object of ``action``.

        Raises:
            ValueError: ``action`` is not of a registered class.
        """
        cls = type(action)
        if self.classes.get(cls.__name__) is not cls:
            raise ValueError(f"{cls.__name__} is not one of this game's action types; it cannot be saved")
        return {"type": cls.__name__, **{k: _to_json(v) for k, v in action.__dict__.items()}}

    def from_json(self, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("type") not in self.classes:
            raise ValueError(f"unknown action {data!r}")
        kwargs = {k: _from_json(v) for k, v in data.items() if k != "type"}
        try:
            return self.classes[data["type"]](**kwargs)
        except TypeError as e:
            raise ValueError(f"action {data!r}: {e}") from None


def _to_json(value: Any) -> Any:
    return [_to_json(v) for v in value] if isinstance(value, tuple) else value


def _from_json(value: Any) -> Any:
    return tuple(_from_json(v) for v in value) if isinstance(value, list) else value
