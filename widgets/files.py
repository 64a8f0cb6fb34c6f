"""Files in and out of a dashboard: load a deck or a saved game, and one-click save.

A bad file shows a readable message and changes nothing: too big, not JSON, a file of another
game, or any loader error (``ContentError``, ``SaveFileError``, ``IllegalAction`` are ValueErrors).
"""
from __future__ import annotations

import base64
import json
import re
from html import escape
from typing import Callable

import ipywidgets as w

MAX_BYTES = 5 * 1024 * 1024  # the cap the engines' loaders also apply
GAME_TITLES = {"proving-grounds": "Proving Grounds", "barbearian": "BarBEARian", "doomrock": "Assault on Doomrock",
               "rumble-planet": "Rumble Planet"}


def game_title(name) -> str:
    return GAME_TITLES.get(name, repr(name)) if isinstance(name, str) else repr(name)


def check_game(data, expected: str) -> None:
    """Refuse a deck or save made for another game, naming the dashboard that opens it."""
    if not isinstance(data, dict):
        raise ValueError("the file holds no JSON object (a deck or a saved game is one)")
    if data.get("format") not in ("rules-explorer-deck", "rules-explorer-save"):
        raise ValueError("field 'format': the file is neither a deck ('rules-explorer-deck') nor a saved game "
                         "('rules-explorer-save')")
    found = data.get("game")
    if found != expected:
        kind = "deck" if data.get("format") == "rules-explorer-deck" else "save"
        if found in GAME_TITLES:
            raise ValueError(f"this is a {GAME_TITLES[found]} {kind}; open it in the {GAME_TITLES[found]} dashboard")
        raise ValueError(f"this file is not a {GAME_TITLES[expected]} deck or save (its field 'game' is {found!r})")


def not_json_reason(e: Exception) -> str:
    """Why a file is not JSON, in words (a player sees this, not the decoder's exception)."""
    if isinstance(e, json.JSONDecodeError):
        return f"the text stops being JSON at line {e.lineno}, column {e.colno}"
    if isinstance(e, UnicodeDecodeError):
        return "it is not UTF-8 text; a deck or a saved game is a .json text file"
    if isinstance(e, RecursionError):
        return "it is nested too deeply"
    return str(e)[:200]  # e.g. an integer of more digits than Python reads


def _css_string(text: str) -> str:
    """``text`` as a CSS string inside a <style> element."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ") + '"'


class FilePicker(w.VBox):
    """Calls ``on_file(name, data)`` with the parsed JSON; errors it raises are shown, never a traceback."""

    def __init__(self, on_file: Callable[[str, dict], str], description: str = "Load a deck or saved game",
                 max_bytes: int = MAX_BYTES, unchanged: str = "The game in progress is unchanged.",
                 tooltip: str = ""):
        super().__init__()
        self.unchanged = unchanged
        self.add_class("file-picker")
        self.on_file = on_file
        self.max_bytes = max_bytes
        self.upload = w.FileUpload(accept=".json", multiple=False, description=description,
                                   tooltip=tooltip or f"A .json deck or saved game, up to {max_bytes // 2**20} MB",
                                   layout=w.Layout(width="auto", max_width="100%"))
        # the upload button writes its file count after its words ("(0)"): the button shows its icon and the
        # words from the stylesheet instead, so no stray counter is seen
        cls = "rx-upload-" + re.sub(r"[^a-z0-9]+", "-", description.lower()).strip("-")
        self.upload.add_class("rx-upload")
        self.upload.add_class(cls)
        self.label = w.HTML(f"<style>.{cls} {{font-size:0 !important}} .{cls} > i {{font-size:13px; margin-right:5px}} "
                            f".{cls}::after {{content:{_css_string(description)}; font-size:13px}}</style>",
                            layout=w.Layout(display="none"))
        self.message = w.HTML()
        self.message.add_class("file-message")
        self.upload.observe(self._loaded, "value")
        self.children = (self.upload, self.label, self.message)

    def _loaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        try:
            self.load_bytes(f["name"], bytes(f["content"]))
        finally:
            with self.upload.hold_trait_notifications():
                self.upload.value = ()  # the same file may be chosen again

    def load_bytes(self, name: str, content: bytes) -> None:
        if len(content) > self.max_bytes:
            self.show_error(f"{name} is {len(content) / 2**20:.1f} MB; files over {self.max_bytes / 2**20:.0f} MB are refused")
            return
        try:
            data = json.loads(content.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as e:
            self.show_error(f"{name}: not a JSON file ({not_json_reason(e)})")
            return
        try:
            done = self.on_file(name, data)
        except (ValueError, RecursionError) as e:  # ContentError, SaveFileError and IllegalAction are ValueErrors
            self.show_error(f"{name}: {str(e)[:500]}")
            return
        except Exception as e:  # noqa: BLE001 - a hosted page shows a sentence, never a traceback
            self.show_error(f"{name}: {type(e).__name__}: {str(e)[:300]}")
            return
        self.message.value = f'<span class="rx-ok">{escape(done)}</span>'

    def show_error(self, text: str) -> None:
        text = text.rstrip()
        if not text.endswith((".", "!", "?")):  # the refusal and the next sentence are two sentences
            text += "."
        self.message.value = (f'<span class="rx-error">Could not load: {escape(text)}</span> '
                              f'<span class="rx-small">{escape(self.unchanged)}</span>')


def save_link_html(data: dict, filename: str, label: str = "Save game", note: str = "") -> str:
    """A download link styled as a button: one click saves ``data`` as a JSON file."""
    payload = base64.b64encode(json.dumps(data).encode()).decode()
    return (f'<a class="rx-save-link" download="{escape(filename)}" href="data:application/json;base64,{payload}" '
            f'title="Download this game as a file; load it later with the file button">\u2b07 {escape(label)}</a>'
            + (f' <span class="rx-small">{escape(note)}</span>' if note else ""))
