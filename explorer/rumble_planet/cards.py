"""Heroes, Weapons, Armor, Loot, GPS and Feat cards as data, validated on load (``core.content``).

A deck file::

    {"format": "rules-explorer-deck", "version": 1, "game": "rumble-planet", "label": "...", "sample": true,
     "heroes": [{"id": "H1", "name": "...", "heroic": {"id": "HO1", "name": "...",
                 "levels": [{"damage": 2, "range": 2, "effect": null}, {...}]}}],
     "weapons": [{"id": "W01", "name": "...", "damage": 3, "range": 2, "cost": 8,
                  "effect1": {"effect": "power_shot", "amount": 1}, "effect2": null}],
     "armor": [{"id": "A01", "name": "...", "defense": 2, "protects": ["head"], "effect1": null, "effect2": null}],
     "loot": [{"id": "L01", "name": "Loot +2", "rewards": [{"effect": "credits", "amount": 2}]}],
     "gps": [{"id": "G01", "back": "SE", "face": {"NW": "B1", "NE": "B10", "SE": "I10", "SW": "I1"}}],
     "feats": [{"id": "F01", "name": "...", "level": 1, "condition": {"effect": "critical_hit"}}],
     "boards": [<board files, see board.py>]}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.content import Entry, check_header, read_cards, read_deck_file
from ..core.errors import ContentError
from .board import REGIONS, Board, board_from_json, is_space, region
from .effects import ARMOR_TRIGGERS, WEAPON_TRIGGERS, EffectRef, parse_effect
from .options import BODY_PARTS

GAME = "rumble-planet"


@dataclass(frozen=True)
class Weapon:
    """A Weapon card: Damage, Range, effect 1, Cost, effect 2 (Card Anatomy)."""

    id: str
    name: str
    damage: int
    range: int
    cost: int
    effect1: EffectRef | None
    effect2: EffectRef | None
    kind: str = "weapon"


@dataclass(frozen=True)
class Armor:
    """An Armor card: Defense, protected body parts, effect 1, effect 2 (Card Anatomy)."""

    id: str
    name: str
    defense: int
    protects: tuple[str, ...]
    cost: int
    effect1: EffectRef | None
    effect2: EffectRef | None
    kind: str = "armor"


@dataclass(frozen=True)
class HeroicLevel:
    damage: int
    range: int
    effect: EffectRef | None


@dataclass(frozen=True)
class Hero:
    """A Hero and the Heroic Weapon from their selection, with its Level I and Level II sides."""

    id: str
    name: str
    heroic_id: str
    heroic_name: str
    levels: tuple[HeroicLevel, HeroicLevel]


@dataclass(frozen=True)
class LootCard:
    id: str
    name: str
    rewards: tuple[EffectRef, ...]


@dataclass(frozen=True)
class GpsCard:
    """A GPS card: the region highlighted on its back and one space of each region on its face."""

    id: str
    back: str
    face: tuple[tuple[str, str], ...]  # (region, space) in REGIONS order

    def space(self, reg: str) -> str:
        return dict(self.face)[reg]


@dataclass(frozen=True)
class FeatCard:
    id: str
    name: str
    level: int
    condition: EffectRef


@dataclass(frozen=True)
class Content:
    label: str
    sample: bool
    source: str = field(compare=False)
    heroes: tuple[Hero, ...]
    weapons: tuple[Weapon, ...]
    armor: tuple[Armor, ...]
    loot: tuple[LootCard, ...]
    gps: tuple[GpsCard, ...]
    feats: tuple[FeatCard, ...]
    boards: tuple[Board, ...]
    _index: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self):
        self._index.update({c.id: c for c in self.heroes + self.weapons + self.armor + self.loot + self.gps + self.feats})

    def card(self, card_id: str):
        return self._index[card_id]

    def hero(self, hero_id: str) -> Hero:
        return self._index[hero_id]

    def board(self, side: str) -> Board:
        for b in self.boards:
            if b.side == side:
                return b
        raise ValueError(f"this content has no board side {side!r}")

    def to_json(self) -> dict:
        def eff(e):
            return None if e is None else e.to_json()
        return {
            "format": "rules-explorer-deck", "version": 1, "game": GAME, "label": self.label, "sample": self.sample,
            "heroes": [{"id": h.id, "name": h.name, "heroic": {"id": h.heroic_id, "name": h.heroic_name, "levels": [
                {"damage": lv.damage, "range": lv.range, "effect": eff(lv.effect)} for lv in h.levels]}} for h in self.heroes],
            "weapons": [{"id": c.id, "name": c.name, "damage": c.damage, "range": c.range, "cost": c.cost,
                         "effect1": eff(c.effect1), "effect2": eff(c.effect2)} for c in self.weapons],
            "armor": [{"id": c.id, "name": c.name, "defense": c.defense, "protects": list(c.protects), "cost": c.cost,
                       "effect1": eff(c.effect1), "effect2": eff(c.effect2)} for c in self.armor],
            "loot": [{"id": c.id, "name": c.name, "rewards": [r.to_json() for r in c.rewards]} for c in self.loot],
            "gps": [{"id": c.id, "back": c.back, "face": dict(c.face)} for c in self.gps],
            "feats": [{"id": c.id, "name": c.name, "level": c.level, "condition": c.condition.to_json()} for c in self.feats],
            "boards": [b.to_json() for b in self.boards],
        }


def _num(e: Entry, name: str, low: int, high: int, default: Any = ...) -> int:
    return e.get(name, int, default=default, check=lambda v: low <= v <= high, expect=f"a whole number {low}-{high}")


def _opt_effect(e: Entry, name: str, kinds: tuple[str, ...]) -> EffectRef | None:
    raw = e.get(name, (dict, type(None)), default=None)
    return None if raw is None else parse_effect(e, name, raw, kinds)


def _no_squirrel(e: Entry, card):
    for name in ("effect1", "effect2"):
        eff = getattr(card, name)
        if eff is not None and eff.name == "squirrel":
            raise e.fail(f"{name}.effect", "only Agent Dogniss's Heroic Object can place the Squirrel tile")
    return card


def _weapon(e: Entry) -> Weapon:
    e.unknown_fields({"id", "name", "damage", "range", "cost", "effect1", "effect2"})
    return _no_squirrel(e, Weapon(e.data["id"], e.get("name", str), _num(e, "damage", 0, 12), _num(e, "range", 1, 10), _num(e, "cost", 0, 100, 8),
                  _opt_effect(e, "effect1", WEAPON_TRIGGERS), _opt_effect(e, "effect2", WEAPON_TRIGGERS)))


def _armor(e: Entry) -> Armor:
    e.unknown_fields({"id", "name", "defense", "protects", "cost", "effect1", "effect2"})
    parts = e.get("protects", list, check=lambda v: 0 < len(v) and all(isinstance(p, str) and p in BODY_PARTS for p in v) and len(v) == len(set(v)),
                  expect=f"a non-empty list of different body parts ({', '.join(BODY_PARTS)})")
    return Armor(e.data["id"], e.get("name", str), _num(e, "defense", 0, 12), tuple(parts), _num(e, "cost", 0, 100, 6),
                 _opt_effect(e, "effect1", ARMOR_TRIGGERS), _opt_effect(e, "effect2", ARMOR_TRIGGERS))


def _hero(e: Entry) -> Hero:
    e.unknown_fields({"id", "name", "heroic"})
    h = Entry(e.source, f"{e.entry}.heroic", e.get("heroic", dict))
    h.unknown_fields({"id", "name", "levels"})
    raw = h.get("levels", list, check=lambda v: len(v) == 2, expect="two levels (I and II)")
    levels = []
    for i, lv in enumerate(raw):
        le = Entry(e.source, f"{e.entry}.heroic.levels[{i}]", lv)
        le.unknown_fields({"damage", "range", "effect"})
        level = HeroicLevel(_num(le, "damage", 0, 12), _num(le, "range", 1, 10), _opt_effect(le, "effect", WEAPON_TRIGGERS))
        if level.effect is not None and level.effect.name == "squirrel" and "Dogniss" not in e.get("name", str):
            raise le.fail("effect.effect", "only Agent Dogniss can place the Squirrel tile (Squirrel Tile)")
        levels.append(level)
    return Hero(e.data["id"], e.get("name", str), h.get("id", str), h.get("name", str), tuple(levels))


def _loot(e: Entry) -> LootCard:
    e.unknown_fields({"id", "name", "rewards"})
    raw = e.get("rewards", list, check=lambda v: 1 <= len(v) <= 4, expect="1-4 rewards")
    return LootCard(e.data["id"], e.get("name", str), tuple(parse_effect(e, f"rewards[{i}]", r, ("loot",)) for i, r in enumerate(raw)))


def _gps(e: Entry) -> GpsCard:
    e.unknown_fields({"id", "back", "face"})
    back = e.choice("back", REGIONS)
    face = e.get("face", dict)
    out = []
    for reg in REGIONS:
        s = face.get(reg)
        if not is_space(s) or region(s) != reg:
            raise e.fail(f"face.{reg}", f"must be a space of the {reg} region, got {s!r}")
        out.append((reg, s))
    if set(face) - set(REGIONS):
        raise e.fail(f"face.{sorted(set(face) - set(REGIONS))[0]}", f"is not a region ({', '.join(REGIONS)})")
    return GpsCard(e.data["id"], back, tuple(out))


def _feat(e: Entry) -> FeatCard:
    e.unknown_fields({"id", "name", "level", "condition"})
    return FeatCard(e.data["id"], e.get("name", str), e.choice("level", (1, 2)), parse_effect(e, "condition", e.get("condition", dict), ("feat",)))


def deck_from_json(data: Any, source: str, boards: tuple[Board, ...] | None = None) -> Content:
    """Validate a whole deck; boards come from the file's "boards" list, else from ``boards``."""
    check_header(data, source, GAME)
    top = Entry(source, "file", data)
    top.unknown_fields({"format", "version", "game", "label", "sample", "heroes", "weapons", "armor", "loot", "gps", "feats", "boards"})
    seen: set[str] = set()
    heroes = read_cards(top, "heroes", _hero, seen)
    for h in heroes:
        if h.heroic_id in seen:
            raise ContentError(source, f"heroes ({h.id})", "heroic.id", f"duplicate card id {h.heroic_id!r}")
        seen.add(h.heroic_id)
    weapons, armor = read_cards(top, "weapons", _weapon, seen), read_cards(top, "armor", _armor, seen)
    loot, gps, feats = read_cards(top, "loot", _loot, seen), read_cards(top, "gps", _gps, seen), read_cards(top, "feats", _feat, seen)
    for key, cards, low in (("heroes", heroes, 4), ("weapons", weapons, 1), ("armor", armor, 1), ("loot", loot, 1), ("gps", gps, 3)):
        if len(cards) < low:
            raise ContentError(source, "file", key, f"needs at least {low} cards, got {len(cards)}")
    for level in (1, 2):
        if sum(f.level == level for f in feats) < 5:
            raise ContentError(source, "file", "feats", f"needs at least 5 Level {level} Feat cards (Setup step 3)")
    if "boards" in data:
        raw = top.get("boards", list)
        boards = tuple(board_from_json(b, f"{source}: boards[{i}]") for i, b in enumerate(raw))
        if sorted(b.side for b in boards) != ["A", "B"]:
            raise ContentError(source, "file", "boards", "must hold side A and side B once each")
    elif boards is None:
        boards = sample_boards()
    return Content(top.get("label", str, default="unnamed deck"), top.get("sample", bool, default=False), source,
                   heroes, weapons, armor, loot, gps, feats, boards)


def _shipped(name: str) -> Path:
    return resources.files(__package__) / "content" / name


def sample_boards() -> tuple[Board, ...]:
    """Board sides A and B: original sample layouts (the rulebook does not print the plan)."""
    out = []
    for side in ("A", "B"):
        with resources.as_file(_shipped(f"board_{side.lower()}.json")) as p:
            data, source = read_deck_file(p, GAME)
            out.append(board_from_json(data, source))
    return tuple(out)


def load_deck(path: str | Path) -> Content:
    """Load and validate a deck file; raises ContentError naming the file, card and field."""
    data, source = read_deck_file(path, GAME)
    return deck_from_json(data, source)


def sample_content() -> Content:
    """The shipped deck and boards: original sample content written for this project, not the published cards."""
    with resources.as_file(_shipped("sample_deck.json")) as p:
        return load_deck(p)
