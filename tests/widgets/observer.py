"""What an observer of the page can read: the state of every widget the kernel holds open (the browser
keeps a model of each, shown or hidden), with model ids replaced by creation order so two runs compare."""
from __future__ import annotations

import json

from ipywidgets.widgets.widget import _instances


def live_ids() -> set[str]:
    return set(_instances)


def widget_states(before: set[str]) -> list[dict]:
    """The state of every widget opened since ``before`` and not closed, in the order they were made."""
    live = [(k, x) for k, x in _instances.items() if k not in before]
    index = {k: f"#{i}" for i, (k, _) in enumerate(live)}

    def plain(value):
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            return index.get(value[len("IPY_MODEL_"):], "an older widget")
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, dict):  # a plotly trace's "uid" is a fresh random name, like a model id
            return {k: "a uid" if k == "uid" else plain(v) for k, v in value.items()}
        if isinstance(value, (bytes, memoryview)):
            return bytes(value).hex()
        return value

    return [{"class": type(x).__name__, **plain(x.get_state())} for _, x in live]


def differences(a: list[dict], b: list[dict]) -> list[str]:
    """Where two observers' pages differ, in words (empty when they read the same)."""
    if len(a) != len(b):
        return [f"{len(a)} widgets against {len(b)}"]
    out = []
    for i, (x, y) in enumerate(zip(a, b)):
        for key in sorted(set(x) | set(y)):
            if x.get(key) != y.get(key):
                out.append(f"widget #{i} ({x['class']}) {key}: {json.dumps(x.get(key))[:120]} "
                           f"against {json.dumps(y.get(key))[:120]}")
    return out
