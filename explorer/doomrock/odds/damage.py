"""Exact damage odds: expose markers, shields and armour (Battle Effects: Damage, Armor, Expose markers).

"Whenever damage is dealt to characters, they must consume their expose markers, then reduce the
total damage by their shields and then by their armor." Face-down expose markers cannot be told
apart, so a character's markers are, to the players, a draw without replacement from every
face-down marker they have not seen (on characters or in the pool): ``unseen``.

Pure functions over plain numbers: counts of markers, damage per source, shields, armour, HP.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, fields
from fractions import Fraction
from math import comb

from . import inputs

#: Most markers of one kind a question may hold (the box has 29 expose markers).
MAX_MARKERS = 100
#: Most damage sources, damage per source, shields, armour and HP a question may hold.
MAX_SOURCES = 20
MAX_AMOUNT = 100


@dataclass(frozen=True)
class ExposeMarkers:
    """How many expose markers of each type (Battle Effects: "There are 4 types of expose markers")."""

    blank: int = 0
    plus_one: int = 0
    push: int = 0
    cumulation: int = 0

    def __post_init__(self):
        for f in fields(self):
            inputs.whole(getattr(self, f.name), f"ExposeMarkers.{f.name}", 0, MAX_MARKERS)

    @property
    def total(self) -> int:
        """Number of markers."""
        return self.blank + self.plus_one + self.push + self.cumulation

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.blank, self.plus_one, self.push, self.cumulation)

    def __add__(self, other: ExposeMarkers) -> ExposeMarkers:
        return ExposeMarkers(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple())))

    def __sub__(self, other: ExposeMarkers) -> ExposeMarkers:
        diff = [a - b for a, b in zip(self.as_tuple(), other.as_tuple())]
        if min(diff) < 0:
            raise ValueError(f"cannot take {other} out of {self}")
        return ExposeMarkers(*diff)


def markers(value, name: str) -> ExposeMarkers:
    """Check an ``ExposeMarkers`` argument."""
    if not isinstance(value, ExposeMarkers):
        raise ValueError(f"{name}: expected ExposeMarkers, got {value!r}")
    return value


def source_damage(damage: int, shields: int, armour: int, *, save_shields: bool = False) -> tuple[int, int]:
    """HP lost to one damage source and shields left (Battle Effects: Armor).

    Shields absorb first, then armour. With ``save_shields`` the owner spends only the shields
    armour would not cover (a hero "may" discard shields; ruling DR-O3).

    Returns:
        ``(hp_lost, shields_left)`` before any HP cap.
    """
    if save_shields:
        spent = min(shields, max(0, damage - armour))
    else:
        spent = min(shields, damage)
    return max(0, damage - spent - armour), shields - spent


def _amount(value, name: str) -> int:
    return inputs.whole(value, name, 0, MAX_AMOUNT)


def _damages(damages) -> tuple[int, ...]:
    if isinstance(damages, (str, bytes)) or not hasattr(damages, "__iter__"):
        raise ValueError(f"damages: expected a list of damage per source, got {damages!r}")
    damages = list(damages)
    if not 1 <= len(damages) <= MAX_SOURCES:
        raise ValueError(f"damages: expected 1 to {MAX_SOURCES} sources, got {len(damages)}")
    return tuple(_amount(d, f"damages[{i}]") for i, d in enumerate(damages))


def hp_lost(damages, *, shields=0, armour=0, plus_ones=0, hp=None, save_shields=False) -> int:
    """HP lost to damage sources resolved in order (Battle Summary: Dealing damage).

    The character's expose markers are consumed by the first source, so ``plus_ones`` (+1
    damage markers revealed) add to it; shields carry from source to source; armour reduces
    each source separately; the loss stops at ``hp`` if given.
    """
    damages = _damages(damages)
    shields = _amount(shields, "shields")
    armour = _amount(armour, "armour")
    plus_ones = _amount(plus_ones, "plus_ones")
    if hp is not None:
        hp = _amount(hp, "hp")
    total = 0
    for i, damage in enumerate(damages):
        lost, shields = source_damage(damage + (plus_ones if i == 0 else 0), shields, armour, save_shields=bool(save_shields))
        total += lost
    return total if hp is None else min(total, hp)


def revealed_odds(exposed: int, unseen: ExposeMarkers) -> dict[ExposeMarkers, Fraction]:
    """Chance of each composition of a character's ``exposed`` face-down markers.

    The markers are a draw without replacement from ``unseen`` (multivariate hypergeometric).
    """
    unseen = markers(unseen, "unseen")
    exposed = inputs.whole(exposed, "exposed", 0, unseen.total)
    counts = unseen.as_tuple()
    total = comb(unseen.total, exposed)
    odds = {}
    for b in range(min(counts[0], exposed) + 1):
        for p in range(min(counts[1], exposed - b) + 1):
            for s in range(min(counts[2], exposed - b - p) + 1):
                c = exposed - b - p - s
                if c > counts[3]:
                    continue
                ways = comb(counts[0], b) * comb(counts[1], p) * comb(counts[2], s) * comb(counts[3], c)
                odds[ExposeMarkers(b, p, s, c)] = Fraction(ways, total)
    return odds


def damage_odds(damages, *, shields=0, armour=0, exposed=0, unseen=None, hp=None, save_shields=False) -> dict[int, Fraction]:
    """Exact distribution of HP lost to an attack, or several sources in order (ruling DR-O4).

    Args:
        damages: damage of each source, in order (Battle Effects: Damage source).
        shields: shield markers of the target.
        armour: armour of the target (after reductions; never below zero).
        exposed: face-down expose markers on the target.
        unseen: every face-down marker the players have not seen, the target's included.
        hp: the target's hit points (the loss stops there), or ``None``.
        save_shields: spend only the shields armour would not cover.

    Returns:
        ``{hp lost: probability}``, probabilities summing to 1.
    """
    if unseen is None:
        unseen = ExposeMarkers()
    unseen = markers(unseen, "unseen")
    exposed = inputs.whole(exposed, "exposed", 0, MAX_MARKERS)
    if exposed > unseen.total:
        raise ValueError(f"exposed: the target holds {exposed} markers but only {unseen.total} are unseen")
    odds: dict[int, Fraction] = defaultdict(Fraction)
    for drawn, chance in revealed_odds(exposed, unseen).items():
        lost = hp_lost(damages, shields=shields, armour=armour, plus_ones=drawn.plus_one, hp=hp, save_shields=save_shields)
        odds[lost] += chance
    return dict(sorted(odds.items()))


# ----------------------------------------------------------------------------
# The marker pool through a battle: battle cumulation and expose explosion.


@dataclass(frozen=True)
class ExposeStock:
    """Where the expose markers are, as the players know it.

    Attributes:
        unseen: face-down markers, in the pool or on characters (indistinguishable).
        on_characters: how many of the unseen markers lie on characters.
        face_up: revealed markers placed aside, to be flipped into a new pool when it runs out.
    """

    unseen: ExposeMarkers
    on_characters: int = 0
    face_up: ExposeMarkers = ExposeMarkers()

    def __post_init__(self):
        markers(self.unseen, "unseen")
        markers(self.face_up, "face_up")
        inputs.whole(self.on_characters, "on_characters", 0, self.unseen.total)

    @property
    def pool(self) -> int:
        """Face-down markers in the pool."""
        return self.unseen.total - self.on_characters


def consume(stock: ExposeStock, revealed: ExposeMarkers) -> ExposeStock:
    """Reveal a character's markers and apply battle cumulation (Battle Effects: Expose markers).

    Without a battle cumulation marker the revealed markers go face up. With one, it and every
    revealed blank (those revealed now included; ruling DR-O5) leave the battle, and every
    other revealed marker is flipped face down into the pool (ruling DR-O5).
    """
    revealed = markers(revealed, "revealed")
    if revealed.total > stock.on_characters:
        raise ValueError(f"revealed: {revealed.total} markers, but only {stock.on_characters} lie on characters")
    unseen = stock.unseen - revealed
    on_characters = stock.on_characters - revealed.total
    face_up = stock.face_up + revealed
    if revealed.cumulation:
        back = ExposeMarkers(0, face_up.plus_one, face_up.push, 0)
        return ExposeStock(unseen + back, on_characters, ExposeMarkers())
    return ExposeStock(unseen, on_characters, face_up)


@dataclass(frozen=True)
class Placement:
    """What placing expose markers did.

    Attributes:
        stock: the stock afterwards.
        placed: markers actually placed (fewer when markers ran out after an explosion).
        explosions: the markers every expose explosion revealed, in order.
    """

    stock: ExposeStock
    placed: int
    explosions: tuple[ExposeMarkers, ...] = ()


def place(stock: ExposeStock, count: int) -> Placement:
    """Place ``count`` face-down markers on a character, one at a time (Battle Effects: Expose explosion).

    When the pool is empty the face-up markers are flipped and shuffled into a new pool; when
    those are gone too, an expose explosion consumes every marker on characters. Their makeup
    is then known exactly: with the pool empty, every unseen marker lies on a character. If no
    marker can be had even then, no further markers are placed (Rules for the Rules: Component
    limitations). The damage an explosion deals is read with ``damage_odds`` per character.
    """
    count = inputs.whole(count, "count", 0, MAX_MARKERS)
    if not isinstance(stock, ExposeStock):
        raise ValueError(f"stock: expected an ExposeStock, got {stock!r}")
    placed = 0
    explosions = []
    while placed < count:
        if stock.pool == 0 and stock.face_up.total:
            stock = ExposeStock(stock.unseen + stock.face_up, stock.on_characters, ExposeMarkers())
        if stock.pool == 0:
            if stock.on_characters == 0:
                break
            blast = stock.unseen
            explosions.append(blast)
            stock = consume(stock, blast)
            continue
        stock = ExposeStock(stock.unseen, stock.on_characters + 1, stock.face_up)
        placed += 1
    return Placement(stock, placed, tuple(explosions))
