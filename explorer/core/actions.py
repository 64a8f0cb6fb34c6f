"""Actions as JSON, for save files: ``{"type": "Reroll", "face": 3}``."""
from __future__ import annotations

from typing import Any


class ActionCodec:
    """Turns a game's action dataclasses into JSON objects and back."""

    def __init__(self, *classes: type):
        self.classes = {cls.__name__: cls for cls in classes}

    def to_json(self, action: Any) -> dict:
        return {"type": type(action).__name__, **{k: list(v) if isinstance(v, tuple) else v for k, v in action.__dict__.items()}}

    def from_json(self, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("type") not in self.classes:
            raise ValueError(f"unknown action {data!r}")
        kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "type"}
        try:
            return self.classes[data["type"]](**kwargs)
        except TypeError as e:
            raise ValueError(f"action {data!r}: {e}") from None
