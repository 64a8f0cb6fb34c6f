"""Reading user files and bounding user numbers: one place, so every loader refuses the same way.

A save or deck file comes from a user's disk or an upload; anything in it may be wrong. Every
step that can fail (reading, decoding, parsing, converting) happens inside one handler that turns
the failure into the loader's own error, naming the file.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

MAX_FILE_BYTES = 5 * 1024 * 1024
"""Save and deck files larger than this are refused before they are parsed (ours are a few KB)."""


def read_json(path: str | Path, what: str, fail: Callable[[str], Exception]) -> Any:
    """Read, decode and parse the JSON file ``path``.

    Args:
        path: the file.
        what: what the file should be ("save file", "deck file"), for messages.
        fail: builds the loader's error from a problem sentence (the caller adds the file name).

    Raises:
        The error ``fail`` builds: unreadable, too large, not UTF-8, not JSON, nested too deeply
        or holding a number too long to convert.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise fail(f"is not a file path: expected a path to a {what}, got {type(path).__name__}")
    path = Path(path)
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise fail(f"cannot be read ({e.strerror or e})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise fail(f"is over {MAX_FILE_BYTES:,} bytes; a {what} may be at most {MAX_FILE_BYTES:,} bytes")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise fail(f"not a readable {what}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except RecursionError:
        raise fail(f"not a readable {what}: the JSON is nested too deeply") from None
    except ValueError as e:  # JSONDecodeError, or an integer literal over Python's digit limit
        raise fail(f"not a readable {what}: not valid JSON ({e})") from None


def whole_number(name: str, value: Any, low: int, high: int) -> int:
    """``value`` if it is a whole number between ``low`` and ``high``; a bool is not a number.

    Raises:
        ValueError: naming ``name`` and the bounds.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number between {low} and {high}, got {shorten(value)}")
    return value


def shorten(value: Any) -> str:
    """``repr(value)`` cut to a readable length (a user's 10**30 or a 5,000-digit number)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} that cannot be shown"
    return text if len(text) <= 60 else text[:57] + "..."
