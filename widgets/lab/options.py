"""One option of a game as an editor a person can read: a label in words, the option's documentation
as its hover text, a drop-down for a word option, tags for a list, a number per key for a price."""
from __future__ import annotations

from html import escape

import ipywidgets as w


class OptionField(w.VBox):
    """``value`` reads back the option's JSON value; ``value = ...`` shows one."""

    def __init__(self, field: dict):
        super().__init__(layout=w.Layout(min_width="0", max_width="100%", margin="2px 6px 2px 0"))
        self.field = f = field
        self.add_class("lab-option")
        self.add_class(f"lab-option-{f['name']}")
        kind, default, doc = str(f["type"]), f["default"], f["doc"]
        self.optional = "None" in kind
        full = w.Layout(width="100%", max_width="100%")
        label = w.HTML(f'<span class="lab-option-label" title="{escape(doc)}">{escape(f["label"])}</span>')
        if isinstance(default, bool) or kind == "bool":
            self.box = w.Checkbox(value=bool(default), description=f["label"], indent=False, tooltip=doc, layout=full)
            self.children = (self.box,)
            return
        if f["choices"]:
            self.box = w.Dropdown(options=[(str(c).replace("_", " "), c) for c in f["choices"]], value=default, tooltip=doc, layout=full)
        elif isinstance(default, dict):
            keys = list(f["items"]) or list(default)
            self.amounts = {k: w.BoundedIntText(value=int(default.get(k, 0)), min=0, max=1000, description=k.replace("_", " "),
                                             tooltip=doc, style={"description_width": "initial"},
                                             layout=w.Layout(width="150px")) for k in keys}
            self.box = w.HBox(list(self.amounts.values()), layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        elif isinstance(default, list) or kind.startswith("tuple"):
            self.box = w.TagsInput(value=list(default or ()), allowed_tags=list(f["items"]),
                                   allow_duplicates=bool(f["items"]), tooltip=doc, layout=full)
        elif kind.startswith("int") and not self.optional:
            self.box = w.IntText(value=default, tooltip=doc, layout=full)
        else:  # a whole number or a word that may be left empty (none)
            self.box = w.Text(value="" if default is None else str(default), tooltip=doc, layout=full,
                              placeholder="none (leave empty)" if self.optional else "")
        self.children = (label, self.box)

    @property
    def value(self):
        f, box = self.field, self.box
        if isinstance(box, (w.Checkbox, w.Dropdown, w.IntText)):
            return box.value
        if isinstance(box, w.HBox):
            return {k: b.value for k, b in self.amounts.items() if b.value or k in (f["default"] or {})}
        if isinstance(box, w.TagsInput):
            return list(box.value) if box.value or not self.optional else None
        text = box.value.strip()
        if text in ("", "none", "None") and self.optional:
            return None
        if str(f["type"]).startswith("int"):
            try:
                return int(text)
            except ValueError:
                raise ValueError(f"{f['label']}: a whole number{' or empty (none)' if self.optional else ''}, "
                                 f"got {text!r}") from None
        return text

    @value.setter
    def value(self, value) -> None:
        box = self.box
        if isinstance(box, w.HBox):
            for k, b in self.amounts.items():
                b.value = int((value or {}).get(k, 0))
        elif isinstance(box, w.TagsInput):
            box.value = list(value or ())
        elif isinstance(box, w.Text):
            box.value = "" if value is None else str(value)
        else:
            box.value = value
