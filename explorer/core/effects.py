"""Card effects as data, shared by every game: a registered name plus validated parameters.

Each game keeps one ``EffectRegistry``; an effect is one small registered function of a
given kind (Proving Grounds: modifiers and immediate effects; BarBEARian: perks and trial
requirements). Deck files name effects; unknown names and bad parameters are rejected
when the deck loads, with the file, the card and the field.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar


@dataclass(frozen=True)
class Param:
    """One parameter of an effect: its JSON type, a check and what the check expects."""

    kind: type | tuple[type, ...]
    check: Callable[[Any], bool] = lambda v: True
    expect: str = ""
    default: Any = ...
    show: Callable[[Any], str] | None = None  # the value in a card's sentence ("an oil slick" for "oil_slick")


@dataclass(frozen=True)
class EffectType:
    name: str
    kind: str
    text: str  # a sentence with {param} placeholders
    params: dict[str, Param]
    fn: Callable


def article(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


class EffectRegistry:
    """The effects of one game, by name."""

    def __init__(self, none_text: str = "any"):
        self.effects: dict[str, EffectType] = {}
        self.none_text = none_text

    def register(self, kind: str, name: str, text: str, **params: Param):
        """Decorator: register ``fn`` as the effect ``name`` of ``kind``."""
        def deco(fn):
            self.effects[name] = EffectType(name, kind, text, params, fn)
            return fn
        return deco

    def text(self, name: str, params: tuple[tuple[str, Any], ...]) -> str:
        types = self.effects[name].params
        shown = {k: self.none_text if v is None else types[k].show(v) if k in types and types[k].show
                 else ", ".join(map(str, v)) if isinstance(v, tuple) else v for k, v in params}
        return self.effects[name].text.format(**shown)

    def parse(self, entry, field_name: str, data: Any, kinds: tuple[str, ...]) -> tuple[str, tuple]:
        """Validate ``{"effect": name, **params}`` from a deck file (``entry`` is a ``content.Entry``).

        Returns:
            (name, params) with params as a tuple of (name, value) pairs, lists made tuples.
        """
        if not isinstance(data, dict):
            raise entry.fail(field_name, f"must be an object like {{\"effect\": \"name\", ...}}, got {data!r}")
        name = data.get("effect")
        known = ", ".join(sorted(n for n, e in self.effects.items() if e.kind in kinds))
        wanted = " or ".join(kinds)
        if not isinstance(name, str) or name not in self.effects:
            raise entry.fail(f"{field_name}.effect", f"unknown effect {name!r}; known {wanted} effects: {known}")
        etype = self.effects[name]
        if etype.kind not in kinds:
            raise entry.fail(f"{field_name}.effect", f"{name!r} is {article(etype.kind)} effect; this card needs "
                                                     f"{' or '.join(map(article, kinds))} effect ({known})")
        params = []
        for pname, spec in etype.params.items():
            where = f"{field_name}.{pname}"
            if pname not in data:
                if spec.default is ...:
                    raise entry.fail(where, "is missing")
                value = spec.default
            else:
                value = data[pname]
                types = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
                if isinstance(value, bool) or not isinstance(value, types) or not spec.check(value):
                    raise entry.fail(where, f"must be {spec.expect}, got {value!r}")
            params.append((pname, tuple(value) if isinstance(value, list) else value))
        extra = sorted(set(data) - set(etype.params) - {"effect"})
        if extra:
            raise entry.fail(f"{field_name}.{extra[0]}", f"is not a parameter of {name!r} (parameters: {', '.join(etype.params) or 'none'})")
        return name, tuple(params)


@dataclass(frozen=True)
class EffectRef:
    """A card's effect: a registered name and its parameters. Each game subclasses it
    with its ``registry`` and names for calling it (``modify``, ``fire``, ``met``...)."""

    name: str
    params: tuple[tuple[str, Any], ...] = field(default=())
    registry: ClassVar[EffectRegistry]

    @property
    def type(self) -> EffectType:
        return self.registry.effects[self.name]

    @property
    def kind(self) -> str:
        return self.type.kind

    @property
    def text(self) -> str:
        return self.registry.text(self.name, self.params)

    def to_json(self) -> dict:
        return {"effect": self.name, **{k: list(v) if isinstance(v, tuple) else v for k, v in self.params}}

    def __call__(self, *args):
        return self.type.fn(*args, **dict(self.params))

    @classmethod
    def parse(cls, entry, field_name: str, data: Any, kinds: tuple[str, ...]):
        return cls(*cls.registry.parse(entry, field_name, data, kinds))
