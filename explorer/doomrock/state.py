"""The battle state (an immutable value) and the battle actions.

Heroes are numbered in party order (0...). Each hero's dice are numbered 0...; a die is in
exactly one place: ``pool`` (collected, to be rolled), ``rolled`` (rolled, not assigned yet),
``card`` (assigned to an ability card), ``locked`` (on a dice-lock card), ``spent``,
``stolen`` (on an enemy; on a defeated one while the players choose who gets it back) or
``waiting`` (an extra or returned die to be rolled at once). Enemies are ``E1``, ``E2``... in setup order.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.frozen import replace

CHANCE = -2
TERMINAL = -1
PARTY = 0  # a co-op game: the whole party decides; current_player is 0 while anyone may act


@dataclass(frozen=True)
class Die:
    owner: int
    index: int
    face: int | None = None
    place: str = "pool"
    card: str | None = None  # the ability card (card, locked) or enemy (stolen) it is on; RETURNED (waiting)


RETURNED = "returned"  # a waiting die's card: a stolen die given back ("Die steal"), not an extra die


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    hp: int
    max_hp: int
    threat: int
    abilities: tuple[str, ...]
    broken: int = 0
    shields: int = 0
    heroism: int = 0
    expose: tuple[str, ...] = ()
    group: int = 0
    hidden: bool = False
    items: tuple[str, ...] = ()  # equipped
    used_items: tuple[str, ...] = ()  # used this round
    trait: str | None = None
    extra: int = 0  # extra dice gained this round ("Extra dice")
    redirected: bool = False  # used this round's hidden redirect
    heroism_on: tuple[tuple[str, int], ...] = ()  # Heavy planning: heroism placed on ability cards

    def placed(self, card: str) -> int:
        return dict(self.heroism_on).get(card, 0)

    @property
    def unplaced(self) -> int:
        return self.heroism - sum(n for _, n in self.heroism_on)

    @property
    def life(self) -> int:
        return self.hp + self.broken

    @property
    def defeated(self) -> bool:
        return self.life <= 0


@dataclass(frozen=True)
class Enemy:
    uid: str
    name: str
    deck: str
    hp: int
    max_hp: int
    armour: int = 0
    armour_down: int = 0
    shields: int = 0
    command: int = 0
    boss: bool = False
    objective: bool = False
    group: int = 0
    activated: bool = False
    expose: tuple[str, ...] = ()

    @property
    def defeated(self) -> bool:
        return self.hp <= 0

    @property
    def tokens(self) -> int:
        """Enemy markers in its stack: each token is 2 HP, flipped for 1 ("Battle Basics")."""
        return (self.hp + 1) // 2


@dataclass(frozen=True)
class Pause:
    """An AI card waiting for the players ("players decide"): which die a hero gives up to a steal,
    or how party damage is divided. ``script`` holds the remaining lines, the first one waiting."""

    uid: str
    script: tuple
    active: int | None
    section: str
    kind: str  # "steal", "party_damage", "reaction", "target", "spawn" or "hiding" (stop hiding first, DR-45)
    hero: int | None = None  # steal: the victim
    left: int = 0  # party damage still to divide; spawn: enemies still to place
    shares: tuple[tuple[int, int], ...] = ()  # party damage divided so far: (hero, points)
    choices: tuple[int, ...] = ()  # target: the heroes tied in threat


@dataclass(frozen=True)
class Battle:
    encounter: str
    heroes: tuple[Hero, ...]
    enemies: tuple[Enemy, ...] = ()
    dice: tuple[Die, ...] = ()
    phase: str = "setup"  # setup, roll, initiative, minions, boss, actions, over
    round: int = 0
    roller: int = 0
    rolls: int = 0  # rolls made by the roller this roll phase (1 roll + up to 2 rerolls)
    assigning: bool = False
    active: int | None = None  # the active hero during minion activation
    activations: int = 0  # minions the active hero has activated
    minion_done: tuple[int, ...] = ()  # heroes who finished their minion activation
    ai_draw: tuple[tuple[str, tuple[str, ...]], ...] = ()
    ai_discard: tuple[tuple[str, tuple[str, ...]], ...] = ()
    expose_pool: tuple[str, ...] = ()  # face down, top first
    expose_up: tuple[str, ...] = ()  # revealed and set aside
    expose_out: tuple[str, ...] = ()  # out for this battle (battle cumulation)
    enrage: int = 0
    enrage_extra: int = 0  # time markers on the extra tier I card, with Options.enrage_cards="own" (DR-7)
    next_group: int = 1
    next_enemy: int = 1
    extra: str | None = None  # the extra tier I encounter
    paused: Pause | None = None  # an AI card waiting for the players
    inventory: tuple[str, ...] = ()  # the party's unequipped items (gear-up before the battle card)
    ranks: tuple[str, ...] = ()  # during one action only: the order for an expose reshuffle (DR-3)
    # During one action only: the orders for battle cumulation shuffles, one per cumulation still possible
    # (DR-3); None lays the flipped markers under the pool (``Options.cumulation_flip == "under"``).
    flips: tuple[tuple[str, ...], ...] | None = ()
    result: str | None = None  # "victory" or "defeat"

    def hero(self, i: int) -> Hero:
        return self.heroes[i]

    def enemy(self, uid: str) -> Enemy:
        for e in self.enemies:
            if e.uid == uid:
                return e
        raise KeyError(uid)

    def with_hero(self, i: int, **changes) -> "Battle":
        hs = list(self.heroes)
        hs[i] = replace(hs[i], **changes)
        return replace(self, heroes=tuple(hs))

    def with_enemy(self, uid: str, **changes) -> "Battle":
        return replace(self, enemies=tuple(replace(e, **changes) if e.uid == uid else e for e in self.enemies))

    def die(self, owner: int, index: int) -> Die:
        return next(d for d in self.dice if (d.owner, d.index) == (owner, index))

    def hero_dice(self, i: int) -> tuple[Die, ...]:
        return tuple(d for d in self.dice if d.owner == i)

    def on_card(self, i: int, card: str) -> tuple[Die, ...]:
        return tuple(d for d in self.dice if d.owner == i and d.place in ("card", "locked") and d.card == card)

    def with_die(self, die: Die, **changes) -> "Battle":
        return replace(self, dice=tuple(replace(d, **changes) if (d.owner, d.index) == (die.owner, die.index) else d
                                        for d in self.dice))

    @property
    def alive_enemies(self) -> tuple[Enemy, ...]:
        return tuple([e for e in self.enemies if not e.defeated])

    @property
    def alive_heroes(self) -> tuple[int, ...]:
        return tuple([i for i, h in enumerate(self.heroes) if h.hp + h.broken > 0])  # not h.defeated, read quicker

    def pile(self, piles: tuple, deck: str) -> tuple[str, ...]:
        return dict(piles).get(deck, ())


def set_pile(piles: tuple, deck: str, cards: tuple[str, ...]) -> tuple:
    d = dict(piles)
    d[deck] = tuple(cards)
    return tuple(sorted(d.items()))


# ---- battle actions -------------------------------------------------------------------------

@dataclass(frozen=True)
class Formation:
    """Battle Setup: party formation; ``groups[i]`` is hero i's group label (0, 1, ... in order of first use)."""
    groups: tuple[int, ...]


@dataclass(frozen=True)
class SetUpBattle:
    """Battle Setup: formation, enemies, AI decks shuffled, expose markers shuffled (chance)."""


@dataclass(frozen=True)
class Roll:
    """Roll Phase: the rolling hero rolls every collected die (chance)."""


@dataclass(frozen=True)
class Reroll:
    """Roll Phase: re-roll the dice numbered ``dice`` (at most twice a roll phase; chance)."""
    dice: tuple[int, ...]


@dataclass(frozen=True)
class RollExtra:
    """Battle Effects: extra or returned dice are rolled at once and assigned like the roll phase (chance)."""


@dataclass(frozen=True)
class KeepDice:
    """Roll Phase: keep this roll and start assigning."""


@dataclass(frozen=True)
class Assign:
    """Roll Phase: place die number ``die`` on the hero's ability ``card``."""
    die: int
    card: str


@dataclass(frozen=True)
class MakeShield:
    """Roll Phase: spend a 1 for a shield marker."""
    die: int


@dataclass(frozen=True)
class MakeHeroism:
    """Roll Phase: spend a 6 for a heroism marker."""
    die: int


@dataclass(frozen=True)
class DoneAssigning:
    """Roll Phase: unassigned dice are spent; the next hero rolls."""


@dataclass(frozen=True)
class Activate:
    """Hero Action Phase: hero ``hero`` activates ``card`` on ``target`` spending ``heroism``."""
    hero: int
    card: str
    target: str
    heroism: int = 0


@dataclass(frozen=True)
class UseItem:
    """Items: use an equipped item's Use: effect (once per round)."""
    hero: int
    item: str
    target: str


@dataclass(frozen=True)
class StopHiding:
    """Battle Effects: Hidden: a hidden hero may stop being hidden any time during a round."""
    hero: int


@dataclass(frozen=True)
class EndInitiative:
    """Initiative Phase: the party is done; enemies act."""


@dataclass(frozen=True)
class ActivateMinion:
    """Minion Activation: hero ``hero`` activates minion ``enemy`` (draws its AI card; chance on reshuffle).

    ``active`` names another hero as the active hero: a hidden hero may redirect once per round.
    """
    hero: int
    enemy: str
    active: int | None = None


@dataclass(frozen=True)
class PlaceHeroism:
    """Heavy planning: place a newly gained heroism marker of ``hero`` on ability ``card``."""
    hero: int
    card: str


@dataclass(frozen=True)
class ActivateBoss:
    """Boss Activations: draw an AI card for boss ``enemy`` (chance on reshuffle)."""
    enemy: str


@dataclass(frozen=True)
class GiveDie:
    """Die steal: the hero being robbed chooses which assigned die (number ``die``) the enemy takes."""
    die: int


@dataclass(frozen=True)
class ChooseTarget:
    """Rules for the Rules: heroes tied in threat for an AI card's target, or the heroes missing dice when a
    stolen die returns ("Die steal"); the players pick ``hero``."""
    hero: int


@dataclass(frozen=True)
class PlaceSpawn:
    """Rules for the Rules: Other player decision: the players place a spawned enemy in ``group`` (a group
    of characters on the battlefield) or, with None, in a new, distant group of its own."""
    group: int | None


@dataclass(frozen=True)
class PickUpLocked:
    """Battles: Dice lock: "Locked dice do not have to be rolled": the rolling hero picks die number ``die``
    up from its dice-lock card before rolling (the card's lasting effect ends)."""
    die: int


@dataclass(frozen=True)
class NoReaction:
    """Reaction: the attack goes ahead with no reaction ability or item used first; in a "hiding" pause
    (``Options.stop_hiding``, DR-45) the AI card goes on with the hidden heroes still hidden."""


@dataclass(frozen=True)
class TakeDamage:
    """Party damage: one point of it goes to hero ``hero`` (the party divides it as it sees fit)."""
    hero: int


@dataclass(frozen=True)
class ShuffleExpose:
    """Battle Effects: the face-down expose pool is empty; the revealed markers are shuffled (chance)."""


@dataclass(frozen=True)
class EndRound:
    """End of Round: discard shields and heroism, end effects; the next roll phase starts."""


BATTLE_ACTIONS = (Formation, SetUpBattle, Roll, RollExtra, Reroll, KeepDice, Assign, MakeShield, MakeHeroism, DoneAssigning, Activate,
                  UseItem, StopHiding, EndInitiative, ActivateMinion, PlaceHeroism, ActivateBoss, GiveDie, TakeDamage, NoReaction, ChooseTarget, ShuffleExpose, EndRound,
                  PlaceSpawn, PickUpLocked)
