"""The Rumble Planet state (an immutable value) and the actions, one decision each.

Seats are numbered in turn order from 0 (the first player). Card piles that are drawn at random
(shops, Loot deck, GPS deck) are kept as sorted tuples: a draw is a chance outcome naming the
card, uniform over the pile, which is what drawing from a shuffled pile gives (ruling RP-6).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.actions import ActionCodec
from ..core.frozen import replace
from .cards import Content
from .options import Options

SLOTS = 4  # "Your board has 4 equipment slots ... These 4 numbered slots form the obsolescence track."
HEROIC = "heroic"  # the Heroic Object's slot name in actions


@dataclass(frozen=True)
class Gear:
    """One piece of equipment on the obsolescence track: a main card, maybe a secondary card, Boost tokens."""

    main: str
    secondary: str | None = None
    boosts: int = 0

    @property
    def cards(self) -> tuple[str, ...]:
        return (self.main,) if self.secondary is None else (self.main, self.secondary)


@dataclass(frozen=True)
class Player:
    hero: str
    space: str | None = None
    hp: int = 18
    pp: int = 0
    credits: int = 0
    boosts: int = 0
    hand: tuple[str, ...] = ()
    track: tuple[Gear | None, ...] = (None,) * SLOTS
    level: int = 1
    feat_tokens: int = 5
    lootboxes: int = 0
    golden: bool = False
    knocked_out: bool = False


@dataclass(frozen=True)
class Turn:
    """The active player's progress through the turn and what they did (for Feats)."""

    phase: str = "preparation"  # preparation, action, loot
    step: int = 0  # Preparation: 0 obsolescence, 1 selling, 2 buying, 3 tinkering
    movement: str = "ready"  # ready, open, done
    attack: str = "ready"
    mp: int = 0
    fall_from: int = 0  # altitude where the movement step began (falling counted from it, ruling RP-27)
    fallen: int = 0  # levels of that descent already counted this movement step
    used: tuple[str, ...] = ()  # weapons used this attack step
    injured: tuple[int, ...] = ()  # opponents injured by an attack this turn (+1 PP each)
    knockouts: int = 0
    picked: int = 0
    best_hit: int = 0
    criticals: int = 0
    to_drop: int = 0  # lootboxes opened, waiting for the drop
    golden_drop: bool = False
    feats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Task:
    """A decision the rules wait for ("teleport", "place", "draw", "replacement", "gear_swap", "taunt", ...), or a
    step that follows one ("obsolescence" after a returning Hero is placed)."""

    kind: str
    seat: int
    data: tuple = ()


@dataclass(frozen=True)
class State:
    options: Options
    content: Content = field(compare=False, repr=False)
    stage: str = "setup"  # setup, deploy, play, over
    players: tuple[Player, ...] = ()
    tiles: tuple[tuple[str, str], ...] = ()  # (space, tile), sorted
    lootboxes: tuple[str, ...] = ()  # spaces, sorted (a space may hold several)
    golden: str | None = None
    weapon_shop: tuple[str, ...] = ()
    weapon_discard: tuple[str, ...] = ()
    armor_shop: tuple[str, ...] = ()
    armor_discard: tuple[str, ...] = ()
    loot_deck: tuple[str, ...] = ()
    loot_discard: tuple[str, ...] = ()
    gps_top: str | None = None
    gps_deck: tuple[str, ...] = ()
    gps_discard: tuple[str, ...] = ()  # last one is the visible card
    gps_back: str | None = None  # a seat's view only: the region on the hidden top card's back
    feat_deck: tuple[str, ...] = ()  # top first
    feats: tuple[tuple[str, tuple[int, ...]], ...] = ()  # revealed Feat cards and the seats' tokens on them
    bank_credits: int = 0
    bank_boosts: int = 0
    active: int = 0
    round: int = 1
    turn: Turn = Turn()
    pending: tuple[Task, ...] = ()
    first_to_goal: int | None = None
    winner: int | None = None
    result: str | None = None

    @property
    def board(self):
        return self.content.board(self.options.side)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def with_player(self, seat: int, **changes) -> State:
        ps = list(self.players)
        ps[seat] = replace(ps[seat], **changes)
        return replace(self, players=tuple(ps))

    def tile_at(self, space: str) -> str | None:
        for s, t in reversed(self.tiles):  # the last one, as dict(self.tiles) would keep it
            if s == space:
                return t
        return None

    def seat_at(self, space: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.space == space:
                return i
        return None

    def name(self, seat: int) -> str:
        return self.content.hero(self.players[seat].hero).name

    def __repr__(self) -> str:
        return f"State(stage={self.stage!r}, round={self.round}, active={self.active}, phase={self.turn.phase!r})"

# -- actions ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetUp:
    """Setup steps 2-3: shuffle the Feat cards and turn the first GPS card."""


@dataclass(frozen=True)
class Deploy:
    """Setup step 7: one multiple GPS relocation places every Hero."""


@dataclass(frozen=True)
class Return:
    """Back from a knock-out: full HP and a GPS relocation."""


@dataclass(frozen=True)
class WearOut:
    slot: int


@dataclass(frozen=True)
class Sell:
    card: str


@dataclass(frozen=True)
class Buy:
    shop: str  # "weapon" or "armor"


@dataclass(frozen=True)
class BuyPrestige:
    pass


@dataclass(frozen=True)
class Equip:
    card: str
    slot: int


@dataclass(frozen=True)
class Craft:
    card: str
    slot: int


@dataclass(frozen=True)
class Boost:
    slot: int


@dataclass(frozen=True)
class EndPreparation:
    pass


@dataclass(frozen=True)
class StartMovement:
    """Begin the movement step without moving yet (picks up a Lootbox in your space)."""


@dataclass(frozen=True)
class Move:
    to: str


@dataclass(frozen=True)
class Attack:
    weapon: str  # "heroic" or a slot number "1"-"4"
    target: str  # the space of the target: an opposing Hero or a blocking tile


@dataclass(frozen=True)
class EndActions:
    pass


@dataclass(frozen=True)
class OpenGolden:
    shop: str


@dataclass(frozen=True)
class OpenLootbox:
    pass


@dataclass(frozen=True)
class DropLootboxes:
    pass


@dataclass(frozen=True)
class ClaimFeat:
    feat: str


@dataclass(frozen=True)
class EndTurn:
    pass


@dataclass(frozen=True)
class ChooseRegion:
    region: str


@dataclass(frozen=True)
class PlaceAt:
    space: str


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class MoveTile:
    """Replace the tile at ``source`` in ``to`` (Teleporter Replacement; a tile type with none left in the supply)."""

    source: str
    to: str


@dataclass(frozen=True)
class SwapGear:
    slot: int  # swaps this slot with the next one


@dataclass(frozen=True)
class Taunt:
    seat: int


@dataclass(frozen=True)
class Decline:
    pass


ACTIONS = (SetUp, Deploy, Return, WearOut, Sell, Buy, BuyPrestige, Equip, Craft, Boost, EndPreparation, StartMovement, Move,
           Attack, EndActions, OpenGolden, OpenLootbox, DropLootboxes, ClaimFeat, EndTurn, ChooseRegion, PlaceAt, Draw,
           MoveTile, SwapGear, Taunt, Decline)
_CODEC = ActionCodec(*ACTIONS)
action_to_json = _CODEC.to_json
action_from_json = _CODEC.from_json
