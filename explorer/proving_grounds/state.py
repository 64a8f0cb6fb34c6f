"""The Proving Grounds state (an immutable value) and the actions a player takes."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.actions import ActionCodec
from .cards import Deck
from .effects import EffectRef
from .options import Options

COLOUR_OF = {"W": "white", "B": "blue", "G": "green", "Y": "yellow"}
_ORDER = {"W": 0, "B": 1, "G": 2, "Y": 3}


def colour(die: str) -> str:
    """Die ids are W1-W8, B1-B2, G1-G2, Y1-Y2 (the 14 attack dice of "Components")."""
    return COLOUR_OF[die[0]]


def die_order(die: str) -> tuple[int, int]:
    return _ORDER[die[0]], int(die[1:])


@dataclass(frozen=True)
class Slot:
    """An enemy card on the encounter board (slots are numbered 1-6)."""

    card: str
    marker: int
    shield: bool = False


@dataclass(frozen=True)
class Chariot:
    """A chariot card in play and the dice placed on it while the timer ran."""

    card: str
    placed: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class State:
    options: Options
    deck: Deck
    tasks: tuple[tuple, ...] = (("setup",),)  # pending work, the head first
    round: int = 0
    slots: tuple[Slot | None, ...] = (None,) * 6
    enemy_deck: tuple[str, ...] = ()
    defeated: tuple[str, ...] = ()
    pool: tuple[str, ...] = ()  # attack dice in the dice pool, in canonical order
    faces: tuple[int, ...] = ()  # aligned with pool; 0 = not rolled this round
    exhaustion: tuple[tuple[str, ...], ...] = ((), (), ())  # top, middle, bottom space
    health: int = 0
    stack: tuple[str, ...] = ()
    stack_space: int = 0
    reserve: tuple[str, ...] = ()
    box: tuple[str, ...] = ()
    dial: tuple[str, ...] = ()
    sun: int | None = None  # slot Maia faces this round (1-6)
    last_sun: int | None = None
    lent: str | None = None  # the sun die gained last round, returned after this round's attacks
    dragonling: str | None = None  # the dragonling die's face this round
    dragon_slot: int | None = None  # where the dragonling die joined an attack
    wing_saved: tuple[int, ...] = ()  # slots whose single a wing result saves
    chariot_deck: tuple[str, ...] = ()
    chariots: tuple[Chariot, ...] = ()
    chariot_discard: tuple[str, ...] = ()
    inspiration: str | None = None
    conspirator_deck: tuple[str, ...] = ()
    conspirators: tuple[str, ...] = ()
    reveal_due: int = 0
    active: str | None = None  # the conspirator activated this round
    rerolls: int = 0
    timer_cut: int = 0
    round_effects: tuple[EffectRef, ...] = ()  # activated chariot and conspirator modifiers
    climbs: tuple[tuple[int, int], ...] = ()  # (slot, spaces) chosen this round (ruling PG-4)
    hits: tuple[int, ...] = ()
    attacked: tuple[int, ...] = ()
    sets: tuple[int, ...] = ()
    result: str | None = None  # "won" or "lost"

    @property
    def rolled(self) -> list[tuple[str, int]]:
        """(die, face) of the rolled dice in the pool."""
        return [(d, f) for d, f in zip(self.pool, self.faces) if f]

    def dice_showing(self, face: int) -> list[str]:
        return [d for d, f in zip(self.pool, self.faces) if f == face]

    def slot(self, n: int) -> Slot | None:
        return self.slots[n - 1]

    def enemy(self, n: int):
        s = self.slots[n - 1]
        return self.deck.card(s.card) if s else None

    @property
    def phase(self) -> str:
        return self.tasks[0][0] if self.tasks else "over"

    def all_dice(self) -> list[str]:
        """Every attack die wherever it is (the 14 are always somewhere)."""
        out = list(self.pool) + [d for space in self.exhaustion for d in space] + list(self.stack)
        out += list(self.reserve) + list(self.box) + list(self.dial)
        out += [d for c in self.chariots for d, _ in c.placed]
        return out


# -- actions ---------------------------------------------------------------------------------
# Each action is a small frozen value; the ones that involve chance get their outcome from
# the session (seeded generator or table dice).

@dataclass(frozen=True)
class SetUp:
    """Game Setup: shuffle the decks and lay out the board."""


@dataclass(frozen=True)
class RotateDial:
    """Module 6: face Maia towards the enemy in ``slot``."""
    slot: int


@dataclass(frozen=True)
class RollActivation:
    """Module 5: roll one attack die to see which conspirator is active."""


@dataclass(frozen=True)
class Roll:
    """Step 1: roll every die in the dice pool once."""


@dataclass(frozen=True)
class Reroll:
    """Step 1: reroll the whole set showing ``face`` (and the dragonling die if asked)."""
    face: int
    dragonling: bool = False


@dataclass(frozen=True)
class PlaceOnChariot:
    """Module 2: put dice on the chariot card at position ``chariot`` (1 = first drawn)."""
    chariot: int
    dice: tuple[str, ...]


@dataclass(frozen=True)
class Stop:
    """Step 1: stop rolling early ("Battle End")."""


@dataclass(frozen=True)
class TimeUp:
    """Step 1: the 60-second timer went off."""


@dataclass(frozen=True)
class ChooseEnemy:
    """Choose the enemy an effect applies to."""
    slot: int


@dataclass(frozen=True)
class ExhaustDie:
    """Add this die to the top space of the exhaustion track."""
    die: str


@dataclass(frozen=True)
class Replace:
    """Replacing Dice: take a die of ``colour`` from the stack for a white die (None declines).

    ``white`` names the white die to discard; it matters only before the attacks resolve
    (a wound from a card effect), when that die's face is still about to attack.
    """
    colour: str | None
    white: str | None = None


@dataclass(frozen=True)
class AssignDragonling:
    """Module 1: use the dragonling result on the enemy in ``slot`` (None: do not use it)."""
    slot: int | None


@dataclass(frozen=True)
class ChaosReroll:
    """Module 1: the chaos result forces a reroll of all coloured dice."""


@dataclass(frozen=True)
class Climb:
    """Step 2A, Multiple Spaces: move enemy #``slot``'s marker up ``spaces`` spaces ("you may")."""
    slot: int
    spaces: int


@dataclass(frozen=True)
class TakeSunDie:
    """Module 6: take the die of ``colour`` from the dial for next round."""
    colour: str


CODEC = ActionCodec(
    SetUp, RotateDial, RollActivation, Roll, Reroll, PlaceOnChariot, Stop, TimeUp,
    ChooseEnemy, ExhaustDie, Replace, AssignDragonling, ChaosReroll, TakeSunDie, Climb)
action_to_json = CODEC.to_json
action_from_json = CODEC.from_json


def evolve(state: State, **changes) -> State:
    return replace(state, **changes)
