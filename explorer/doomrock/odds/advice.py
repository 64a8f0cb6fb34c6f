"""Live advice from a battle state: the roll phase and an enemy attack, read off the engine's own state.

The exact solvers in this package take plain numbers; this module is the adapter. It reads the
rolling hero's real ability cards (activation values, charges, dice per set), the dice locked on
dice-lock cards, the faces in hand and the rerolls left, and maps every keep choice back to the
engine's actions (``Reroll`` of the dice not kept, or ``KeepDice``). For damage it reads the
target's expose markers, every face-down marker the players have not seen, shields, armour and
hit points (Battle Effects: Damage).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

from ..cards import Deck
from ..damage import marker_type
from ..enemies import attack_bonus
from ..options import Options
from ..positions import hero_armour
from ..state import Battle, KeepDice, Reroll
from .assignment import Assignment
from .damage import ExposeMarkers, damage_odds
from .objective import Objective
from .roll_phase import RollPhaseSolver

#: The roll phase allows one roll and two re-rolls ("Each player is allowed to re-roll twice").
ROLLS = 3


@dataclass(frozen=True)
class CardOdds:
    """One ability card in the roll phase.

    Attributes:
        card: the card id; name: its printed name.
        chance: the best chance of activating it at least once this roll phase (playing for it),
            from the dice in hand once rolled.
        locked_sets: sets already held by dice locked on it (they are not rolled).
    """

    card: str
    name: str
    chance: float
    locked_sets: int = 0


@dataclass(frozen=True)
class KeepAdvice:
    """One keep choice as an engine action, with its expected worth under best play afterwards."""

    action: Reroll | KeepDice
    kept: tuple[int, ...]  # faces kept (sorted)
    value: float
    loss: float  # worth given away against the best choice (0 for the best)


@dataclass(frozen=True)
class RollAdvice:
    """The odds of the rolling hero's roll phase, now.

    Attributes:
        hero: the rolling hero; cards: the card ids the solver sees, in order.
        hand: the faces rolled, in die-number order (empty before the first roll).
        rerolls_left: re-rolls still allowed (0 once the dice are kept).
        value: expected worth (sets placed, plus shields and heroism at their worth) under best play.
        keeps: every keep choice, best first (empty before the roll and once the dice are kept).
        card_odds: per card, the best chance of activating it this roll phase.
        assignment: the best assignment of the hand as it stands (sets per card, shields, heroism).
    """

    hero: int
    cards: tuple[str, ...]
    hand: tuple[int, ...]
    rerolls_left: int
    value: float
    keeps: tuple[KeepAdvice, ...]
    card_odds: tuple[CardOdds, ...]
    assignment: Assignment | None

    @property
    def best(self) -> KeepAdvice | None:
        return self.keeps[0] if self.keeps else None


def card_inputs(battle: Battle, deck: Deck, hero: int) -> tuple[tuple[str, ...], tuple, tuple[int, ...]]:
    """The hero's ability cards as the solver sees them: ids, ``(alternatives, charges)`` and locked sets.

    "Two results of 5 or 6" (two dice a set) is every pair of those faces (Battles: Activation value).
    """
    ids = tuple(dict.fromkeys(battle.hero(hero).abilities))
    cards, locked = [], []
    for cid in ids:
        act = deck.card(cid).activation
        alternatives = tuple(combinations_with_replacement(act.faces, act.dice))
        cards.append((alternatives, deck.card(cid).charges))
        held = sum(d.place == "locked" for d in battle.on_card(hero, cid))
        locked.append(min(held // act.dice, deck.card(cid).charges))
    return ids, tuple(cards), tuple(locked)


@lru_cache(maxsize=256)
def _solver(n: int, cards: tuple, locked: tuple, rerolls: int, card_values, shield: float, heroism: float) -> RollPhaseSolver:
    objective = Objective(card_values=card_values, shield_value=shield, heroism_value=heroism)
    return RollPhaseSolver(n, cards, rerolls, objective=objective, locked=locked)


def roll_solver(battle: Battle, deck: Deck, hero: int, *, rerolls: int = ROLLS - 1, shield_value: float = 0.0,
                heroism_value: float = 0.0) -> RollPhaseSolver:
    """The solver for a hero's roll phase (dice not locked or lost to a steal are rolled)."""
    _, cards, locked = card_inputs(battle, deck, hero)
    n = sum(d.place in ("pool", "rolled") for d in battle.hero_dice(hero))
    return _solver(n, cards, locked, rerolls, None, float(shield_value), float(heroism_value))


def roll_advice(battle: Battle, deck: Deck, *, shield_value: float = 0.0, heroism_value: float = 0.0) -> RollAdvice | None:
    """Advice for the rolling hero in the roll phase, or None outside it (Battle Sequence: Roll Phase).

    Before the roll: the worth of the roll phase to come. After a roll with re-rolls left: the
    worth of every keep choice. Once the dice are kept: the best assignment of the dice in hand.
    """
    if battle.phase != "roll" or battle.result is not None:
        return None
    i = battle.roller
    ids, cards, locked = card_inputs(battle, deck, i)
    rolled = [d for d in battle.hero_dice(i) if d.place == "rolled"]
    if battle.assigning:
        return _assigning(battle, deck, i, ids, cards, rolled, shield_value, heroism_value)
    solver = roll_solver(battle, deck, i, shield_value=shield_value, heroism_value=heroism_value)
    n = solver.n
    hand = tuple(d.face for d in rolled)
    left = ROLLS - battle.rolls

    def chance(k: int) -> float:
        """Best chance to activate card k from here: before the roll, or from the hand in play."""
        if locked[k]:
            return 1.0
        one = _solver(n, cards, locked, ROLLS - 1, _only(k, len(ids)), 0.0, 0.0)
        return one.value if battle.rolls == 0 else one.hand_value(hand, left)

    odds = tuple(CardOdds(cid, deck.card(cid).name, chance(k), locked[k]) for k, cid in enumerate(ids))
    if battle.rolls == 0:
        return RollAdvice(i, ids, (), ROLLS - 1, solver.value, (), odds, None)
    keeps = _keeps(solver, rolled, left)
    return RollAdvice(i, ids, hand, left, solver.hand_value(hand, left), keeps, odds, solver.assignment(hand))


def _only(k: int, n: int) -> tuple:
    """Card values for "card k holds at least one set"."""
    return tuple((1.0,) if j == k else 0.0 for j in range(n))


def _keeps(solver: RollPhaseSolver, rolled, left: int) -> tuple[KeepAdvice, ...]:
    """Every keep choice as an engine action: re-roll the dice not kept, or keep them all."""
    hand = tuple(d.face for d in rolled)
    out = []
    for choice in solver.keep_values(hand, left):
        if len(choice.kept) == len(hand):
            # Keeping every die ends the re-rolls: the hand is assigned as it is.
            out.append((KeepDice(), choice.kept, solver.hand_value(hand, 0)))
            continue
        keep = Counter(choice.kept)
        again = []
        for d in rolled:
            if keep[d.face]:
                keep[d.face] -= 1
            else:
                again.append(d.index)
        out.append((Reroll(tuple(sorted(again))), choice.kept, choice.value))
    out.sort(key=lambda t: (-round(t[2], 12), -len(t[1])))
    top = out[0][2]
    return tuple(KeepAdvice(a, kept, v, max(0.0, top - v)) for a, kept, v in out)


def _assigning(battle, deck, i, ids, cards, rolled, shield_value, heroism_value) -> RollAdvice:
    """The dice are kept: the best assignment of those still in hand, charges taken counted."""
    held = []
    for cid, (alternatives, charges) in zip(ids, cards):
        per_set = deck.card(cid).activation.dice
        held.append(min(charges, len(battle.on_card(i, cid)) // per_set))
    hand = tuple(d.face for d in rolled)
    solver = _solver(len(hand), cards, tuple(held), 0, None, float(shield_value), float(heroism_value))
    odds = tuple(CardOdds(cid, deck.card(cid).name, 1.0 if held[k] else
                          _solver(len(hand), cards, tuple(held), 0, _only(k, len(ids)), 0.0, 0.0).value, held[k])
                 for k, cid in enumerate(ids))
    return RollAdvice(i, ids, hand, 0, solver.hand_value(hand, 0), (), odds, solver.assignment(hand))


# ---- damage ------------------------------------------------------------------------------------

def unseen_markers(battle: Battle) -> ExposeMarkers:
    """Every face-down expose marker the players have not seen: the pool and those on characters."""
    face_down = battle.expose_pool + tuple(m for h in battle.heroes for m in h.expose) + tuple(
        m for e in battle.enemies for m in e.expose)
    kinds = Counter(marker_type(m) for m in face_down)
    return ExposeMarkers(kinds["blank"], kinds["plus1"], kinds["push"], kinds["cumulation"])


def shuffled_cumulation(options: Options) -> None:
    """The odds read battle cumulation as ruling DR-O5 does; refuse another reading."""
    refusal = options.odds_refusal()
    if refusal is not None:
        raise ValueError(refusal)


def attack_damage(battle: Battle, deck: Deck, options: Options, amount: int, uid: str | None = None) -> int:
    """Damage of an enemy attack printed ``amount``, with the enrage bonus of enemy ``uid``'s encounter card
    (Boss Activations: Enrage; without ``uid``, the battle's card)."""
    return amount + attack_bonus(battle, deck, options, uid)


def hero_damage_odds(battle: Battle, deck: Deck, hero: int, damages) -> dict[int, Fraction]:
    """Exact distribution of HP lost by ``hero`` to damage sources in order (Battle Effects: Damage).

    The hero's face-down markers are a draw from every unseen marker; shields absorb first, then
    the hero's armour per source; the loss stops at the hero's hit points (broken ones included).
    """
    h = battle.hero(hero)
    return damage_odds(list(damages), shields=h.shields, armour=hero_armour(battle, deck, hero), exposed=len(h.expose),
                       unseen=unseen_markers(battle), hp=h.life)


def defeat_chance(battle: Battle, deck: Deck, hero: int, damages) -> Fraction:
    """Chance that the damage sources defeat ``hero`` (every hit point lost)."""
    life = battle.hero(hero).life
    return sum((p for lost, p in hero_damage_odds(battle, deck, hero, damages).items() if lost >= life), Fraction(0))


@dataclass(frozen=True)
class IncomingAttack:
    """An enemy attack waiting for the party's reaction (Hero Action Phase: Reaction), with its odds.

    Attributes:
        enemy: the attacker's id; hero: the target; damage: the attack's damage (enrage included).
        odds: ``{HP lost: probability}``; defeat: the chance the attack defeats the hero.
    """

    enemy: str
    hero: int
    damage: int
    odds: dict
    defeat: Fraction


def incoming_attack(battle: Battle, deck: Deck, options: Options) -> IncomingAttack | None:
    """The attack the party may react to now, if any, and the exact HP it will cost if no one reacts."""
    shuffled_cumulation(options)
    p = battle.paused
    if p is None or p.kind != "reaction" or not p.script or p.script[0].do != "attack" or p.hero is None:
        return None
    damage = attack_damage(battle, deck, options, p.script[0].amount, p.uid)
    odds = hero_damage_odds(battle, deck, p.hero, [damage])
    life = battle.hero(p.hero).life
    return IncomingAttack(p.uid, p.hero, damage, odds, sum((q for k, q in odds.items() if k >= life), Fraction(0)))


@dataclass(frozen=True)
class KeepReview:
    """One keep decision taken in a roll phase and what it gave away against the best one."""

    hero: int
    hand: tuple[int, ...]
    rerolls_left: int
    action: Reroll | KeepDice
    value: float
    best: KeepAdvice
    loss: float


@dataclass(frozen=True)
class BattleReview:
    """Every keep decision of a battle so far (the move-quality report)."""

    decisions: tuple[KeepReview, ...]

    @property
    def total_loss(self) -> float:
        """Expected sets given away by all the keep decisions together."""
        return float(sum(d.loss for d in self.decisions))


def review_keeps(moves, deck: Deck) -> BattleReview:
    """Value lost by each keep decision (Battle Sequence: Roll Phase), best play being worth 0.

    Args:
        moves: ``(battle before, action)`` pairs in order, e.g. from a session's history; moves
            that are not a keep decision of a roll phase are skipped.
    """
    out = []
    for battle, action in moves:
        if battle is None or not isinstance(action, (Reroll, KeepDice)) or battle.phase != "roll" or battle.assigning:
            continue
        advice = roll_advice(battle, deck)
        if advice is None or not advice.keeps:
            continue
        rolled = [d for d in battle.hero_dice(battle.roller) if d.place == "rolled"]
        again = action.dice if isinstance(action, Reroll) else ()
        kept = tuple(sorted(d.face for d in rolled if d.index not in again))
        chosen = next(k for k in advice.keeps if k.kept == kept)
        out.append(KeepReview(advice.hero, advice.hand, advice.rerolls_left, action, chosen.value, advice.best,
                              chosen.loss))
    return BattleReview(tuple(out))
