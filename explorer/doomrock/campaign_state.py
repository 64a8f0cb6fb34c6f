"""The campaign state (adventure map, party, decks, pending effects) and the map actions.

``pending`` is a queue of map effects still to resolve, head first: simple effects resolve at
once; a LOOT!, a TEST, a text event's choice, a CAMP, a SHOP visit or an empty event deck waits
for the party's action (or chance).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.frozen import replace
from typing import Any

from .cards import Deck
from .options import Options
from .state import Battle, Hero


@dataclass(frozen=True)
class AreaInPlay:
    id: str
    secrets: int
    shop: tuple[str, ...] = ()  # items for sale attached to the area
    events: tuple[str, ...] = ()  # permanent events attached to the area


@dataclass(frozen=True)
class DrawEvent:
    """Draw an event of ``deck``: as a peril (apply its peril to the party) or as an event."""
    deck: str
    peril: bool


@dataclass(frozen=True)
class GlobalEffect:
    """A card's global effect is checked next: the log names ``card`` (an area or the setting card)."""
    card: str


@dataclass(frozen=True)
class CampTask:
    """CAMP: heroes may level up."""


@dataclass(frozen=True)
class ShopTask:
    """SHOP: buy and sell until the party leaves."""


@dataclass(frozen=True)
class KeepTask:
    """Level Up: the hero keeps one of the drawn ability cards."""
    hero: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PartyDamageTask:
    """Party damage on the map: ``left`` points still to divide among the heroes; ``room``: the points each hero
    may still accept (``adventure.map_share_room``)."""
    left: int
    room: tuple[int, ...]


@dataclass(frozen=True)
class FreeLevelUps:
    """Quick Play: ``left`` more different heroes level up without paying silver."""
    left: int
    done: tuple[int, ...] = ()


@dataclass(frozen=True)
class PickItems:
    """Quick Play: keep ``keep`` of the drawn common items; the rest are discarded."""
    cards: tuple[str, ...]
    keep: int


@dataclass(frozen=True)
class Campaign:
    options: Options
    deck: Deck
    phase: str = "setup"  # setup, map, battle, over
    heroes: tuple[Hero, ...] = ()
    inventory: tuple[str, ...] = ()
    silver: int = 0
    time: int = 0
    setting: str | None = None
    settings_deck: tuple[str, ...] = ()
    area_deck: tuple[str, ...] = ()
    board: tuple[AreaInPlay, ...] = ()
    position: int = 0
    doomrock_revealed: bool = False
    encounters: tuple[str, ...] = ()
    event_draw: tuple[tuple[str, tuple[str, ...]], ...] = ()
    event_discard: tuple[tuple[str, tuple[str, ...]], ...] = ()
    common: tuple[str, ...] = ()
    epic: tuple[str, ...] = ()
    ability_deck: tuple[str, ...] = ()
    expose_pool: tuple[str, ...] = ()
    pending: tuple[Any, ...] = ()
    battle: Battle | None = None
    battles_won: int = 0
    map_actions: int = 0
    result: str | None = None

    @property
    def area(self) -> AreaInPlay:
        return self.board[self.position]

    def with_hero(self, i: int, **changes) -> "Campaign":
        hs = list(self.heroes)
        hs[i] = replace(hs[i], **changes)
        return replace(self, heroes=tuple(hs))

    def with_area(self, **changes) -> "Campaign":
        board = list(self.board)
        board[self.position] = replace(board[self.position], **changes)
        return replace(self, board=tuple(board))


# ---- map actions ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SetUp:
    """Setup, Adventure Map Setup, Encounter Deck Setup (chance: every shuffle)."""


@dataclass(frozen=True)
class Travel:
    """Adventure map action 1: pay one time, move to face-up area ``area`` (0 = leftmost)."""
    area: int


@dataclass(frozen=True)
class Visit:
    """Adventure map action 2: pay the entry cost of location ``location`` of the current area."""
    location: int


@dataclass(frozen=True)
class Explore:
    """Adventure map action 3: pay one time, remove a secret, draw an event."""


@dataclass(frozen=True)
class VentureForth:
    """Adventure map action 4: reveal the next area card and move there."""


@dataclass(frozen=True)
class Equip:
    """Items: hero ``hero`` equips ``item`` from the party inventory (outside battle)."""
    hero: int
    item: str


@dataclass(frozen=True)
class Unequip:
    hero: int
    item: str


@dataclass(frozen=True)
class Buy:
    """SHOP: buy ``item`` from the current area's stock."""
    item: str


@dataclass(frozen=True)
class Sell:
    """SHOP: sell items: one epic item, or two common items, for 1 silver.

    The items are kept sorted, so a sale names the same action in either order."""
    items: tuple[str, ...]

    def __post_init__(self):
        if isinstance(self.items, (tuple, list)) and all(isinstance(it, str) for it in self.items):
            object.__setattr__(self, "items", tuple(sorted(self.items)))


@dataclass(frozen=True)
class LeaveShop:
    """SHOP: the visit is over."""


@dataclass(frozen=True)
class RollLoot:
    """LOOT!: one hero rolls a D6 (chance)."""


@dataclass(frozen=True)
class TestStat:
    """TEST: hero ``hero`` rolls a D6 and adds ``stat`` (chance)."""
    __test__ = False  # not a pytest test class
    hero: int
    stat: str


@dataclass(frozen=True)
class Choose:
    """Text event: the party picks option ``option`` (0 or 1)."""
    option: int


@dataclass(frozen=True)
class LevelUp:
    """Level Up (during CAMP): hero ``hero`` pays silver and draws 3 ability cards."""
    hero: int


@dataclass(frozen=True)
class KeepAbility:
    """Level Up: keep ``card``; the others are shuffled back (chance) and the hero gains a die."""
    card: str


@dataclass(frozen=True)
class KeepItem:
    """Quick Play: keep one of the drawn common items."""
    item: str


@dataclass(frozen=True)
class EndCamp:
    """CAMP: no more level ups."""


@dataclass(frozen=True)
class ShuffleEvents:
    """An event deck ran out: shuffle its discard pile into a new deck (chance)."""
    deck: str


@dataclass(frozen=True)
class StartBattle:
    """Time ran out: reveal the top encounter card and start the battle."""


MAP_ACTIONS = (SetUp, Travel, Visit, Explore, VentureForth, Equip, Unequip, Buy, Sell, LeaveShop, RollLoot, TestStat,
               Choose, LevelUp, KeepAbility, KeepItem, EndCamp, ShuffleEvents, StartBattle)
