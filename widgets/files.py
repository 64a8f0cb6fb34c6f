"""The file picker: load a deck or a saved game; a bad file shows a readable message and changes nothing."""
from __future__ import annotations

import json
from html import escape
from typing import Callable

import ipywidgets as w


class FilePicker(w.VBox):
    """Calls ``on_file(name, data)`` with the parsed JSON; errors it raises are shown, never a traceback."""

    def __init__(self, on_file: Callable[[str, dict], str]):
        super().__init__()
        self.add_class("file-picker")
        self.on_file = on_file
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load deck or save")
        self.message = w.HTML()
        self.message.add_class("file-message")
        self.upload.observe(self._loaded, "value")
        self.children = (self.upload, self.message)

    def _loaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        self.load_bytes(f["name"], bytes(f["content"]))

    def load_bytes(self, name: str, content: bytes) -> None:
        try:
            data = json.loads(content.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            self.show_error(f"{name}: not a JSON file ({e})")
            return
        try:
            done = self.on_file(name, data)
        except ValueError as e:  # ContentError, SaveFileError and IllegalAction are ValueErrors
            self.show_error(str(e))
            return
        self.message.value = f'<span class="rx-ok">{escape(done)}</span>'

    def show_error(self, text: str) -> None:
        self.message.value = f'<span class="rx-error">Could not load: {escape(text)}</span> The game in progress is unchanged.'
