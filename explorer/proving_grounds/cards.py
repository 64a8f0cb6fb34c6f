"""Proving Grounds cards as data ("Enemy Card Anatomy" and the module cards), validated on load."""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.content import Entry, check_header, read_cards, read_deck_file
from ..core.errors import ContentError
from .effects import EffectRef, parse_effect
from .options import COLOURS, ICONS, MODULES

GAME = "proving-grounds"


@dataclass(frozen=True)
class Space:
    """A battle-track space: the dice (and colours) needed to move the marker into it."""

    need: int
    colours: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.need}" + "".join(f"+{c}" for c in self.colours)


@dataclass(frozen=True)
class EnemyCard:
    """An enemy. Marker positions run 0 (bottom space: wound) to ``top`` (defeat);
    ``track[p]`` is the requirement to move from position p to p + 1."""

    id: str
    name: str
    track: tuple[Space, ...]
    start: int
    icon: str | None = None
    abilities: tuple[EffectRef, ...] = ()

    @property
    def top(self) -> int:
        return len(self.track)


@dataclass(frozen=True)
class ChariotCard:
    """A chariot: stopped by one die showing ``face``, or by two dice of equal number (face None)."""

    id: str
    name: str
    face: int | None
    effect: EffectRef

    @property
    def requirement(self) -> str:
        return f"a single {self.face}" if self.face else "two dice of equal number"


@dataclass(frozen=True)
class InspirationCard:
    id: str
    name: str
    module: str | None
    effect: EffectRef


@dataclass(frozen=True)
class ConspiratorCard:
    id: str
    name: str
    number: int
    effect: EffectRef

    @property
    def timing(self) -> str:
        return "immediate" if self.effect.kind == "immediate" else "at resolution"


@dataclass(frozen=True)
class Deck:
    """All the cards of one deck file (sample content or a user's own)."""

    label: str
    sample: bool
    source: str = field(compare=False)
    enemies: tuple[EnemyCard, ...]
    chariots: tuple[ChariotCard, ...] = ()
    inspirations: tuple[InspirationCard, ...] = ()
    conspirators: tuple[ConspiratorCard, ...] = ()

    def __post_init__(self):
        cards = {c.id: c for group in (self.enemies, self.chariots, self.inspirations, self.conspirators) for c in group}
        object.__setattr__(self, "_cards", cards)

    def card(self, card_id: str):
        return self._cards[card_id]

    def to_json(self) -> dict:
        def eff(e):
            return e.to_json()
        return {
            "format": "rules-explorer-deck", "version": 1, "game": GAME,
            "label": self.label, "sample": self.sample,
            "enemies": [
                {"id": e.id, "name": e.name, "start": e.start, "icon": e.icon,
                 "track": [{"need": s.need, "colours": list(s.colours)} for s in e.track],
                 "abilities": [eff(a) for a in e.abilities]}
                for e in self.enemies],
            "chariots": [{"id": c.id, "name": c.name, "face": c.face, "effect": eff(c.effect)} for c in self.chariots],
            "inspirations": [{"id": c.id, "name": c.name, "module": c.module, "effect": eff(c.effect)} for c in self.inspirations],
            "conspirators": [{"id": c.id, "name": c.name, "number": c.number, "effect": eff(c.effect)} for c in self.conspirators],
        }


def load_deck(path: str | Path) -> Deck:
    """Load and validate a deck file; a bad file raises ContentError naming file, card and field."""
    data, source = read_deck_file(path, GAME)
    return deck_from_json(data, source)


def sample_deck(name: str = "sample_deck") -> Deck:
    """A deck shipped with the project: ``sample_deck`` (30 enemies and every module's cards) or
    ``rulebook_examples`` (enemies built to replay the rulebook's examples). Original content,
    not the published cards."""
    with resources.as_file(resources.files(__package__) / "content" / f"{name}.json") as p:
        return load_deck(p)


def deck_from_json(data: Any, source: str) -> Deck:
    check_header(data, source, GAME)
    top = Entry(source, "file", data)
    top.unknown_fields({"format", "version", "game", "label", "sample", "enemies", "chariots", "inspirations", "conspirators"})
    seen: set[str] = set()
    deck = Deck(
        label=top.get("label", str, default="unnamed deck"),
        sample=top.get("sample", bool, default=False),
        source=source,
        enemies=read_cards(top, "enemies", _enemy, seen),
        chariots=read_cards(top, "chariots", _chariot, seen, required=False),
        inspirations=read_cards(top, "inspirations", _inspiration, seen, required=False),
        conspirators=read_cards(top, "conspirators", _conspirator, seen, required=False),
    )
    if len(deck.enemies) < 6:
        raise ContentError(source, "file", "enemies", f"needs at least 6 enemies to fill the encounter board, has {len(deck.enemies)}")
    numbers = [c.number for c in deck.conspirators]
    if len(set(numbers)) != len(numbers):
        raise ContentError(source, "file", "conspirators", f"numbers must differ, got {numbers}")
    return deck


def _enemy(e: Entry) -> EnemyCard:
    e.unknown_fields({"id", "name", "track", "start", "icon", "abilities"})
    raw_track = e.get("track", list, check=lambda v: len(v) >= 2, expect="a list of at least 2 spaces above the bottom space")
    track = []
    for i, s in enumerate(raw_track):
        se = Entry(e.source, e.entry, s) if isinstance(s, dict) else None
        if se is None:
            raise e.fail(f"track[{i}]", f"must be an object like {{\"need\": 2}}, got {s!r}")
        need = se.get("need", int, check=lambda v: 1 <= v <= 14, expect="1-14 dice")
        colours = se.get("colours", list, default=[])
        for c in colours:
            if c not in COLOURS[1:]:
                raise e.fail(f"track[{i}].colours", f"{c!r} is not a die colour (blue, green, yellow)")
        if len(colours) > need:
            raise e.fail(f"track[{i}].colours", f"needs {len(colours)} coloured dice but only {need} dice in all")
        extra = sorted(set(s) - {"need", "colours"})
        if extra:
            raise e.fail(f"track[{i}].{extra[0]}", "is not a known field (known: need, colours)")
        track.append(Space(need, tuple(colours)))
    start = e.get("start", int, check=lambda v: 1 <= v < len(track), expect=f"a space between 1 and {len(track) - 1}")
    icon = e.get("icon", (str, type(None)), default=None, check=lambda v: v is None or v in ICONS, expect=f"null or one of {', '.join(ICONS)}")
    abilities = tuple(parse_effect(e, f"abilities[{i}]", a, ("modifier",)) for i, a in enumerate(e.get("abilities", list, default=[])))
    return EnemyCard(e.data["id"], e.get("name", str), tuple(track), start, icon, abilities)


def _chariot(e: Entry) -> ChariotCard:
    e.unknown_fields({"id", "name", "face", "effect"})
    face = e.get("face", (int, type(None)), check=lambda v: v is None or 1 <= v <= 6, expect="a face 1-6, or null for two dice of equal number")
    return ChariotCard(e.data["id"], e.get("name", str), face, parse_effect(e, "effect", e.get("effect", dict), ("modifier", "immediate")))


def _inspiration(e: Entry) -> InspirationCard:
    e.unknown_fields({"id", "name", "module", "effect"})
    module = e.choice("module", (None,) + MODULES, default=None)
    return InspirationCard(e.data["id"], e.get("name", str), module, parse_effect(e, "effect", e.get("effect", dict), ("modifier",)))


def _conspirator(e: Entry) -> ConspiratorCard:
    e.unknown_fields({"id", "name", "number", "effect"})
    number = e.get("number", int, check=lambda v: 1 <= v <= 6, expect="a number 1-6")
    return ConspiratorCard(e.data["id"], e.get("name", str), number, parse_effect(e, "effect", e.get("effect", dict), ("modifier", "immediate")))
