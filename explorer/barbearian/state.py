"""The BarBEARian Battlegrounds state (an immutable value), its task queue and the actions.

Seats are numbered clockwise from 0; ``options.clans[seat]`` is the seat's clan. The
state carries a queue of pending tasks (head first): automatic tasks run at once, the
others wait for a player's decision or for chance.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core.actions import ActionCodec
from .cards import Deck
from .options import RESOURCES, Options

CHANCE = -2  # current_player while the table (dice, deck) must act
TERMINAL = -1

HIDDEN = "?"  # a card or space another seat may not see

# Village board spaces ("Plan Phase" 3A-E): one Battleground space per opposing clan.
BARRACKS = ("barracks_1", "barracks_2")
ECONOMY = ("farm", "forge", "temple")


def battleground(clan: str) -> str:
    return f"battleground:{clan}"


def is_battleground(space: str | None) -> bool:
    return bool(space) and space.startswith("battleground:")


@dataclass(frozen=True)
class Player:
    """One clan's village, pieces and this round's dice.

    ``faces`` lists this round's dice, clan dice first, then mercenaries (empty before the
    roll); ``placement`` is aligned with it (None: not placed yet).
    """

    clan: str
    active: int
    glory: tuple[tuple[str, bool], ...]  # (colour, locked), sorted
    reserve_glory: int
    resources: tuple[int, ...]  # value held, in RESOURCES order
    specialists: tuple[tuple[str, int], ...] = ()
    upgrades: tuple[str, ...] = ()
    trial: str | None = None
    offer: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    mercenaries: int = 0
    faces: tuple[int, ...] = ()
    placement: tuple[str | None, ...] = ()
    ready: bool = False
    raided: tuple[int, ...] = ()  # seats this player raided successfully this round
    repelled: int = 0  # raids this player's Barracks held against this round

    def resource(self, name: str) -> int:
        return self.resources[RESOURCES.index(name)]

    def specialists_on(self, space: str) -> int:
        return dict(self.specialists).get(space, 0)

    @property
    def glory_count(self) -> int:
        return len(self.glory)

    @property
    def unlocked_colours(self) -> list[str]:
        return list(dict.fromkeys(c for c, locked in self.glory if not locked))

    def on(self, space: str) -> list[int]:
        """Faces of the dice placed on ``space`` (the two Barracks spaces as "barracks")."""
        spaces = BARRACKS if space == "barracks" else (space,)
        return [f for f, s in zip(self.faces, self.placement) if s in spaces]


@dataclass(frozen=True)
class State:
    options: Options
    deck: Deck
    tasks: tuple[tuple, ...] = (("setup",),)
    round: int = 0
    first: int | None = None
    players: tuple[Player, ...] = ()
    mercenaries_left: int = 0
    specialist_supply: tuple[tuple[str, int], ...] = ()
    upgrade_supply: tuple[tuple[str, int], ...] = ()
    trial_deck: tuple[str, ...] = ()  # unordered (kept sorted): every draw is a fresh shuffle
    trial_discard: tuple[str, ...] = ()
    revealed: bool = False
    forces: tuple[tuple[int, int, int], ...] = ()  # (raider, target, strength) still on the Battleground
    barracks_boost: tuple[int, ...] = ()  # Empowers on each seat's Barracks this round
    clashed: tuple[tuple[int, int], ...] = ()  # clashes already resolved this round
    winner: int | None = None
    result: str | None = None
    viewer: int | None = None  # set on a view: whose eyes (None: the full state)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def phase(self) -> str:
        return self.tasks[0][0] if self.tasks else "over"

    @property
    def task(self) -> tuple:
        return self.tasks[0] if self.tasks else ("over",)

    def clan(self, seat: int) -> str:
        return self.options.clans[seat]

    def seat_of(self, clan: str) -> int:
        return self.options.clans.index(clan)

    def name(self, seat: int) -> str:
        return self.options.clans[seat].capitalize()

    def turn_order(self) -> list[int]:
        """"Turn order begins with the player with the First Player token and proceeds clockwise."""
        return list(_turn_order(self.first or 0, len(self.players)))

    def distance(self, seat: int) -> int:
        """Places after the first player in turn order (0 for the first player)."""
        return (seat - (self.first or 0)) % self.n

    def force(self, raider: int, target: int) -> int | None:
        """Strength of ``raider``'s force against ``target`` (None: no force stands there)."""
        for a, t, s in self.forces:
            if a == raider and t == target:
                return s
        return None

    def supply(self, space: str) -> int:
        return dict(self.specialist_supply).get(space, 0)

    def copies_left(self, card: str) -> int:
        return dict(self.upgrade_supply).get(card, 0)


# -- primitives on states ------------------------------------------------------------------------
# States are changed thousands of times per game; ``with_fields`` copies the fields directly instead of
# going through ``dataclasses.replace`` (these dataclasses validate nothing in ``__init__``).

@lru_cache(maxsize=None)
def _turn_order(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


def with_fields(obj, changes: dict):
    """A copy of a State or Player with ``changes`` (a fast ``dataclasses.replace``)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def evolve(state: State, **changes) -> State:
    return with_fields(state, changes)


def push(state: State, *tasks: tuple) -> State:
    """Put tasks at the head of the queue (they happen before anything already pending)."""
    return with_fields(state, {"tasks": tuple(tasks) + state.tasks})


def pop(state: State) -> State:
    return with_fields(state, {"tasks": state.tasks[1:]})


def set_player(state: State, seat: int, **changes) -> State:
    players = list(state.players)
    players[seat] = with_fields(players[seat], changes)
    return with_fields(state, {"players": tuple(players)})


def set_force(state: State, raider: int, target: int, strength: int | None) -> State:
    """Set a force's strength; None removes it from the Battleground (0 can still stand, ruling BB-12)."""
    kept = tuple(f for f in state.forces if (f[0], f[1]) != (raider, target))
    if strength is not None:
        kept = tuple(sorted(kept + ((raider, target, strength),)))
    return with_fields(state, {"forces": kept})


# -- actions ---------------------------------------------------------------------------------------
# Decisions carry the seat taking them (a seat acting out of turn is refused); chance actions
# (SetUp, RollDice, DrawTrials) get their outcome from the session.

@dataclass(frozen=True)
class SetUp:
    """Setup and "Gameplay": shuffle the Trial deck, deal two to each player, pick the first player."""


@dataclass(frozen=True)
class KeepTrial:
    """Keep ``card`` of the two Trial cards dealt; the other goes back into the deck."""
    seat: int
    card: str


@dataclass(frozen=True)
class HireMercenary:
    """Marketplace A: add one purple die to your pool for this round (before rolling)."""
    seat: int


@dataclass(frozen=True)
class Pass:
    """Done with this decision (no more mercenaries, fate changes, Empowers or purchases)."""
    seat: int


@dataclass(frozen=True)
class RollDice:
    """Plan Phase 1: every player rolls their active dice at the same time, in plain sight."""


@dataclass(frozen=True)
class ChangeFate:
    """Marketplace B: change die ``die`` (index into your dice) to ``face``."""
    seat: int
    die: int
    face: int


@dataclass(frozen=True)
class Place:
    """Plan Phase 2: secretly place die ``die`` on ``space``."""
    seat: int
    die: int
    space: str


@dataclass(frozen=True)
class TakeBack:
    """Take a placed die back behind the screen (before you declare ready)."""
    seat: int
    die: int


@dataclass(frozen=True)
class Ready:
    """Declare your placement final; when everyone is ready the screens come off."""
    seat: int


@dataclass(frozen=True)
class Empower:
    """Marketplace C: +1 to a die of yours on ``space`` ("barracks" or a Battleground space)."""
    seat: int
    space: str


@dataclass(frozen=True)
class StealGlory:
    """Stealing Loot: take one unlocked Glory token of ``colour`` from the defender."""
    seat: int
    colour: str


@dataclass(frozen=True)
class StealResources:
    """Stealing Loot: the defender gives you two Resource tokens (of their choice)."""
    seat: int


@dataclass(frozen=True)
class WalkAway:
    """Stealing Loot: leave empty-handed (only when the defender has no Resources)."""
    seat: int


@dataclass(frozen=True)
class GiveResources:
    """Stealing Loot: the defender chooses which Resources to give."""
    seat: int
    resources: tuple[str, ...]


@dataclass(frozen=True)
class TakeResources:
    """Pillaging: the raider chooses which Resources to take."""
    seat: int
    resources: tuple[str, ...]


@dataclass(frozen=True)
class TempleSix:
    """Temple: for a 6, lock a Glory token of ``lock`` colour, or (None) gain two Faith."""
    seat: int
    lock: str | None = None


@dataclass(frozen=True)
class HireSpecialist:
    """Marketplace D: hire a Specialist token for ``space``."""
    seat: int
    space: str


@dataclass(frozen=True)
class BuyUpgrade:
    """Build Phase: buy one copy of an Upgrade card."""
    seat: int
    card: str


@dataclass(frozen=True)
class Reinforce:
    """Marketplace E: one more active die of your colour (up to five)."""
    seat: int


@dataclass(frozen=True)
class GrandOffering:
    """Marketplace F: one Glory token of your colour from your clan's reserve."""
    seat: int


@dataclass(frozen=True)
class DrawTrials:
    """Trial Cards: draw two Trial cards (after completing one)."""
    seat: int


CODEC = ActionCodec(
    SetUp, KeepTrial, HireMercenary, Pass, RollDice, ChangeFate, Place, TakeBack, Ready, Empower,
    StealGlory, StealResources, WalkAway, GiveResources, TakeResources, TempleSix, HireSpecialist,
    BuyUpgrade, Reinforce, GrandOffering, DrawTrials)
ACTIONS = CODEC.classes
action_to_json = CODEC.to_json
action_from_json = CODEC.from_json

CHANCE_ACTIONS = (SetUp, RollDice, DrawTrials)


