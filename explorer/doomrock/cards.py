"""Doomrock content as data: the card types a deck file holds (read by ``deckfile.py``).

One deck holds every kind of card the rulebook describes: heroes, traits, ability cards, enemy AI
decks, encounters, items, events, areas and settings. The rulebook prints none of them, so the
shipped decks are original sample content.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .ai import AIAction
from .effects import TARGET_OF, EffectRef

GAME = "doomrock"
AREA_TYPES = ("wilderness", "mountain", "town", "doomrock")
SLOTS = ("armor", "artifact", "one_hand", "two_hand", "consumable")
COSTS = ("time", "secret", "coin", "heroism", "shield", "peril")


@dataclass(frozen=True)
class LootRow:
    low: int
    steps: tuple


@dataclass(frozen=True)
class Loot:
    """LOOT! with a modifier; ``table`` None uses the setting card's table."""
    modifier: int
    table: tuple[LootRow, ...] | None = None


@dataclass(frozen=True)
class Test:
    """TEST: one of ``checks`` (stat or "any", difficulty); ``passed``/``failed`` steps follow."""
    __test__ = False  # not a pytest test class
    checks: tuple[tuple[str, int], ...]
    passed: tuple = ()
    failed: tuple = ()


@dataclass(frozen=True)
class Choice:
    """A text event: the party picks one of the options."""
    options: tuple[tuple, ...]


@dataclass(frozen=True)
class Activation:
    faces: tuple[int, ...]
    dice: int  # dice in one set ("two 6 results" is 2)
    initiative: bool = False


@dataclass(frozen=True)
class Ability:
    id: str
    name: str
    stat: str | None
    keywords: tuple[str, ...]
    activation: Activation
    charges: int
    effects: tuple[EffectRef, ...]
    heroism: tuple[EffectRef, ...] = ()
    lock: bool = False
    passive: tuple[EffectRef, ...] = ()
    condition: str | None = None
    reaction: bool = False
    starting: str | None = None  # hero class or trait id it starts with; None: the ability deck

    @property
    def target(self) -> str:
        kinds = {TARGET_OF[e.name] for e in self.effects if e.name in TARGET_OF}
        return kinds.pop() if kinds else "self"

    @property
    def capacity(self) -> int:
        """Charges: the most dice the card may hold ("Assign dice")."""
        return self.charges * self.activation.dice


@dataclass(frozen=True)
class HeroCard:
    id: str
    name: str
    hero_class: str
    hp: int
    threat: int


@dataclass(frozen=True)
class Trait:
    id: str
    name: str
    ability: str


@dataclass(frozen=True)
class AICard:
    id: str
    removed_for: tuple[int, ...]  # player counts that remove it ("player balance")
    minion: tuple[AIAction, ...]
    boss: tuple[AIAction, ...]


@dataclass(frozen=True)
class AIDeck:
    id: str
    name: str
    cards: tuple[AICard, ...]


@dataclass(frozen=True)
class EnemySpec:
    name: str
    count: tuple[int, ...]  # by player count 2, 3, 4
    hp: int
    armour: int = 0
    shields: int = 0
    command: int = 0
    boss: bool = False
    objective: bool = False


@dataclass(frozen=True)
class Encounter:
    id: str
    name: str
    tier: int
    deck: str
    enemies: tuple[EnemySpec, ...]
    extra_tier1: bool = False
    enrage: tuple[int, ...] = ()  # enrage values from which every enemy attack deals more damage


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    rarity: str
    slot: str
    price: int
    requires: tuple[tuple[str, int], ...] = ()
    passive: tuple[EffectRef, ...] = ()
    use: tuple[EffectRef, ...] = ()

    @property
    def target(self) -> str:
        kinds = {TARGET_OF[e.name] for e in self.use if e.name in TARGET_OF}
        return kinds.pop() if kinds else "self"


@dataclass(frozen=True)
class Location:
    name: str
    cost: tuple[tuple[str, int], ...]
    steps: tuple
    requires_explored: bool = False


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    deck: str  # "wilderness" or "mountain"
    peril: tuple
    steps: tuple = ()
    permanent: Location | None = None


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    keywords: tuple[str, ...]  # the first is the area type
    secrets: int
    bonus: tuple
    locations: tuple[Location, ...]
    on_travel: tuple = ()  # global effect when the party arrives, while the area is not explored
    shop: tuple[int, int] | None = None  # common, epic items drawn when revealed

    @property
    def type(self) -> str:
        return self.keywords[0]

    @property
    def event_deck(self) -> str:
        return "mountain" if self.type in ("mountain", "doomrock") else "wilderness"


@dataclass(frozen=True)
class Setting:
    id: str
    name: str
    time: int
    loot: tuple[LootRow, ...]
    rewards: tuple
    on_travel: tuple = ()  # global effect, each time the party travels or ventures forth


@dataclass(frozen=True)
class Deck:
    label: str
    sample: bool
    source: str = field(compare=False)
    heroes: tuple[HeroCard, ...] = ()
    traits: tuple[Trait, ...] = ()
    abilities: tuple[Ability, ...] = ()
    ai_decks: tuple[AIDeck, ...] = ()
    encounters: tuple[Encounter, ...] = ()
    items: tuple[Item, ...] = ()
    events: tuple[Event, ...] = ()
    areas: tuple[Area, ...] = ()
    settings: tuple[Setting, ...] = ()
    raw: Any = field(default=None, compare=False, repr=False)
    _index: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self):
        for group in ("heroes", "traits", "abilities", "ai_decks", "encounters", "items", "events", "areas", "settings"):
            self._index.update({c.id: c for c in getattr(self, group)})
        for deck in self.ai_decks:
            self._index.update({c.id: c for c in deck.cards})

    def card(self, card_id: str) -> Any:
        return self._index[card_id]

    def has(self, card_id: str) -> bool:
        return card_id in self._index

    def to_json(self) -> dict:
        return self.raw

