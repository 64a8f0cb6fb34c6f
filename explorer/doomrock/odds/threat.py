"""Threat this round: the chance each hero is defeated by the enemy activations still to come.

Every enemy activation draws an AI card ("Battle Sequence: Minion Activation", "Boss Activations").
To the players a draw pile is a shuffled deck: any card left in it may come up, without replacement,
and an empty pile is reshuffled from its discards as the engine does. Face-down expose markers are,
as for the damage odds (ruling DR-O4), a draw from every marker not seen. This module enumerates those
draws and resolves each AI card with the rules engine's own ``apply`` on the battle state (targets,
alternative-target arrows, moves, pushes, attacks, party damage, skipped actions, damage pipeline).

Expose markers are drawn lazily: every face-down marker is replaced by a stand-in, an action is
played, and only if it revealed stand-ins is the action played again once per composition of the
revealed markers (``revealed_odds``, the damage odds' hypergeometric). The decisions the players take
inside an AI card follow ``party_choice`` (rulings DR-O11 to DR-O13). When the exact tree would be
too large (``max_steps`` engine actions, or more than ``max_activations`` activations) the figures
are a seeded Monte Carlo estimate over the same beliefs, with standard errors.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from math import sqrt

import numpy as np

from ...core.chance import Joint
from ..battle import apply, chance, legal_actions, settle
from ..bots import GreedyBot
from ..cards import Deck
from ..damage import marker_type
from ..options import Options
from ..skirmish import BattleState
from ..state import (
    Activate, ActivateBoss, ActivateMinion, Battle, NoReaction, RollExtra, ShuffleExpose, StopHiding, UseItem,
)
from . import inputs
from .advice import shuffled_cumulation, unseen_markers
from .damage import ExposeMarkers, revealed_odds

KINDS = ("blank", "plus1", "push", "cumulation")
#: A face-down marker whose type is not drawn yet (its id names a blank so the engine can read it).
STAND_IN = "blank#u"
#: Bounds on the work asked for (engine actions for the exact tree; play-outs for the estimate).
MAX_STEPS = 200_000
MAX_SAMPLES = 100_000
ENEMY_PHASES = ("minions", "boss")


class _NotExact(Exception):
    """The exact tree cannot be built here (too large, or a shuffle of expose markers is needed)."""


def party_choice(battle: Battle, deck: Deck, options: Options, actions: list):
    """The party's choices while the enemies act (rulings DR-O11, DR-O12).

    No reaction, item or "stop hiding" is used; every other choice (which minion a hero activates,
    a tie in threat, which die a steal takes, how party damage is divided) is the engine's
    ``GreedyBot``'s.
    """
    if NoReaction() in actions:
        return NoReaction()
    forced = [a for a in actions if not isinstance(a, (Activate, UseItem, StopHiding))]
    return GreedyBot().choose(BattleState(options, deck, battle), forced or actions)


def enemy_phase_over(b: Battle) -> bool:
    """The enemies are done this round (the Hero Action Phase begins) or the battle is over."""
    return b.result is not None or (b.paused is None and b.phase not in ENEMY_PHASES)


@dataclass(frozen=True)
class HeroThreat:
    """One hero's HP lost to this round's enemy activations.

    Attributes:
        hero: party index; name: the hero's name; life: HP now (broken HP included).
        hp_lost: ``{HP lost: probability}``.
        defeated: the chance the hero is defeated this round.
        stderr: standard error of ``defeated`` (0 when exact).
    """

    hero: int
    name: str
    life: int
    hp_lost: dict
    defeated: Fraction | float
    stderr: float = 0.0

    @property
    def expected_loss(self) -> float:
        return float(sum(k * p for k, p in self.hp_lost.items()))


@dataclass(frozen=True)
class RoundThreat:
    """The threat of the enemy activations left this round.

    Attributes:
        heroes: per hero (alive or not), in party order.
        party_loses: the chance at least one hero still standing is defeated this round.
        party_stderr: its standard error (0 when exact).
        exact: True when every draw was enumerated (probabilities are Fractions), False for an estimate.
        samples: play-outs of the estimate (0 when exact).
        activations: enemy activations still to come (at most; a rampage counts as one).
        outcomes: distinct end states enumerated (exact) or play-outs (estimate).
        note: why the figures are an estimate, or what they assume.
    """

    heroes: tuple[HeroThreat, ...]
    party_loses: Fraction | float
    party_stderr: float
    exact: bool
    samples: int
    activations: int
    outcomes: int
    note: str = ""

    def hero(self, i: int) -> HeroThreat:
        return self.heroes[i]


def activations_left(b: Battle) -> int:
    """Enemy activations still to come this round: two minions per hero, then every boss once."""
    if b.phase not in ENEMY_PHASES and b.paused is None:
        return 0
    minions = [e for e in b.alive_enemies if not e.boss]
    n = 0
    if b.phase == "minions" and minions:
        waiting = [i for i in b.alive_heroes if i not in b.minion_done and i != b.active]
        n += 2 * len(waiting) + (2 - b.activations if b.active is not None else 0)
    return n + sum(1 for e in b.alive_enemies if e.boss and not e.activated)


def enemy_phase_start(b: Battle, deck: Deck) -> Battle:
    """The board as it stands, with the enemies about to act (ruling DR-O13).

    In the roll and initiative phases the rest of the party's turn is not foreseen: dice not yet
    placed stay off the cards, no more shields or heroism are made and no initiative is used.
    """
    if b.phase not in ("roll", "initiative") or b.result is not None:
        return b
    dice = tuple(replace(d, place="pool", face=None, card=None) if d.place == "rolled" else d for d in b.dice)
    b = replace(b, phase="minions", rolls=0, assigning=False, dice=dice, active=None, activations=0, minion_done=())
    return settle(b, deck)[0]


def round_threat(battle: Battle, deck: Deck, options: Options, *, max_steps: int = 20_000, max_activations: int = 12,
                 samples: int = 2_000, seed: int = 0) -> RoundThreat:
    """P(defeated this round) per hero and P(the party loses a hero), from the enemies' AI decks.

    Args:
        battle, deck, options: the battle as it stands.
        max_steps: most engine actions the exact enumeration may take before it gives up.
        max_activations: with more enemy activations to come, go straight to the estimate.
        samples: play-outs of the Monte Carlo estimate (when the exact tree is too large).
        seed: the estimate's seed (same seed, same figures).
    """
    shuffled_cumulation(options)
    max_steps = inputs.whole(max_steps, "max_steps", 0, MAX_STEPS)
    max_activations = inputs.whole(max_activations, "max_activations", 0, 40)
    samples = inputs.whole(samples, "samples", 1, MAX_SAMPLES)
    seed = inputs.whole(seed, "seed", 0, 2**63 - 1)
    start = enemy_phase_start(battle, deck)
    lives = tuple(h.life for h in start.heroes)
    n = activations_left(start)
    if (n == 0 and start.paused is None) or enemy_phase_over(start):  # a paused AI card still goes on
        return _summary(battle, lives, {lives: Fraction(1)}, True, 0, 0, "The enemies have no activation left this round.")
    stand_in, unseen = _stand_ins(start)
    note = ""
    if n <= max_activations:
        tree = _Tree(deck, options, max_steps)
        try:
            dist = tree.ends(stand_in, frozenset(), unseen)
            return _summary(battle, lives, dist, True, 0, n, "")
        except _NotExact as e:
            note = str(e)
    else:
        note = f"{n} enemy activations to come (more than {max_activations})"
    rng = np.random.Generator(np.random.PCG64(seed))
    counts: Counter = Counter(_play_out(stand_in, unseen, deck, options, rng) for _ in range(samples))
    dist = {end: k / samples for end, k in counts.items()}
    return _summary(battle, lives, dist, False, samples, n, f"Monte Carlo estimate, {samples} play-outs (seed {seed}): {note}.")


def _summary(battle: Battle, lives: tuple, dist: dict, exact: bool, samples: int, n: int, note: str) -> RoundThreat:
    """Per-hero marginals of the joint distribution of the heroes' life at the end of the enemies' turn."""
    heroes = []
    for i, h in enumerate(battle.heroes):
        lost: dict = defaultdict(Fraction if exact else float)
        for end, p in dist.items():
            lost[lives[i] - end[i]] += p
        dead = sum((p for end, p in dist.items() if end[i] <= 0 < lives[i]), Fraction(0) if exact else 0.0)
        se = 0.0 if exact else sqrt(dead * (1 - dead) / samples)
        heroes.append(HeroThreat(i, h.name, lives[i], dict(sorted(lost.items())), dead, se))
    loses = sum((p for end, p in dist.items() if any(e <= 0 < s for e, s in zip(end, lives))), Fraction(0) if exact else 0.0)
    se = 0.0 if exact else sqrt(loses * (1 - loses) / samples)
    return RoundThreat(tuple(heroes), loses, se, exact, samples, n, len(dist), note)


# ---- expose markers not seen ------------------------------------------------------------------

def _stand_ins(b: Battle) -> tuple[Battle, ExposeMarkers]:
    """Every face-down marker replaced by a stand-in; the types they hide, as the players know them."""
    unseen = unseen_markers(b)
    count = iter(range(10**6))
    name = lambda _m: f"{STAND_IN}{next(count)}"
    b = replace(b, expose_pool=tuple(map(name, b.expose_pool)),
                heroes=tuple(replace(h, expose=tuple(map(name, h.expose))) for h in b.heroes),
                enemies=tuple(replace(e, expose=tuple(map(name, e.expose))) for e in b.enemies))
    return b, unseen


def _rename(b: Battle, names: dict[str, str]) -> Battle:
    """The same board with some stand-ins given their drawn type."""
    sub = lambda ms: tuple(names.get(m, m) for m in ms)
    return replace(b, expose_pool=sub(b.expose_pool), heroes=tuple(replace(h, expose=sub(h.expose)) for h in b.heroes),
                   enemies=tuple(replace(e, expose=sub(e.expose)) for e in b.enemies))


def _open(m: str, fixed: frozenset) -> bool:
    return m.startswith(STAND_IN) and m not in fixed


def _revealed(pre: Battle, post: Battle, fixed: frozenset) -> list[str]:
    """Stand-ins of undrawn type the action revealed (they went face up or out of the battle)."""
    before = {m for m in pre.expose_pool if _open(m, fixed)}
    if any(_open(m, fixed) and m not in before for m in post.expose_pool):
        raise _NotExact("the expose markers were reshuffled during an enemy activation")
    return [m for m in post.expose_up + post.expose_out if _open(m, fixed)]


def _groups(pre: Battle, ids: list[str]) -> list[tuple[str, ...]]:
    """Revealed stand-ins that share their fate: each character's markers, and pool markers one by one."""
    ids = set(ids)
    out = [tuple(sorted(m for m in h.expose if m in ids)) for h in pre.heroes]
    out += [tuple(sorted(m for m in e.expose if m in ids)) for e in pre.enemies]
    out += [(m,) for m in sorted(m for m in pre.expose_pool if m in ids)]
    return [g for g in out if g]


def _compositions(groups: list[tuple[str, ...]], unseen: ExposeMarkers):
    """Every way the groups' types may fall: (stand-in -> marker id, probability, types left unseen)."""
    if not groups:
        yield {}, Fraction(1), unseen
        return
    first, rest = groups[0], groups[1:]
    for drawn, p in revealed_odds(len(first), unseen).items():
        kinds = [k for k, c in zip(KINDS, drawn.as_tuple()) for _ in range(c)]
        names = {m: f"{k}#u{m[len(STAND_IN):]}" for m, k in zip(first, kinds)}
        for more, q, left in _compositions(rest, unseen - drawn):
            yield {**names, **more}, p * q, left


# ---- the exact tree ---------------------------------------------------------------------------

def _canonical(b: Battle) -> Battle:
    """A draw pile's order is unknown and a discard pile's is never read: both sorted."""
    return replace(b, ai_draw=tuple((k, tuple(sorted(v))) for k, v in b.ai_draw),
                   ai_discard=tuple((k, tuple(sorted(v))) for k, v in b.ai_discard))


def _draws(b: Battle, deck: Deck, options: Options, action):
    """Each AI card the activation may draw: (battle with it on top, outcome, probability)."""
    if not isinstance(action, (ActivateMinion, ActivateBoss)):
        yield b, _orders(chance(b, deck, options, action)), Fraction(1)
        return
    deck_id = b.enemy(action.enemy).deck
    pile, discard = b.pile(b.ai_draw, deck_id), b.pile(b.ai_discard, deck_id)
    reshuffle = not pile
    cards = discard if reshuffle else pile
    for card, k in sorted(Counter(cards).items()):
        rest = list(cards)
        rest.remove(card)
        order = (card,) + tuple(rest)
        top = b if reshuffle else replace(b, ai_draw=tuple((d, order if d == deck_id else v) for d, v in b.ai_draw))
        spec = chance(top, deck, options, action)
        outcome = list(order) if reshuffle else None
        if isinstance(spec, Joint):
            outcome = _orders(spec) | ({"ai": list(order)} if "ai" in dict(spec.parts) else {})
        yield top, outcome, Fraction(k, len(cards))


def _orders(spec):
    """Any outcome of an action's expose orders: a reshuffle leaves the exact tree, and after a battle
    cumulation the flipped markers become stand-ins again (``_flipped``), so the order is never read."""
    if not isinstance(spec, Joint):
        return None
    return {name: list(part.cards) for name, part in spec.parts if name != "ai"}


def _flipped(post: Battle, events, fixed: frozenset, unseen: ExposeMarkers):
    """After a battle cumulation the flipped markers are shuffled into the pool (DR-O5): each becomes a
    stand-in again, its type back among the unseen ones. Yields ``(board, fixed, unseen, probability)``.

    A face-down marker on a character then cannot be a flipped one, so the types of those not drawn yet
    are drawn first (every composition, as for a reveal); the pool's stand-ins and the flipped markers are
    then alike. The tree does not follow the shuffle's order, so a marker drawn from the pool later in the
    same action leaves the exact tree (the estimate plays the engine's own shuffle).
    """
    texts = [e.text for e in events]
    at = next((k for k, t in enumerate(texts) if t.startswith("Battle cumulation")), None)
    if at is None:
        yield post, fixed, unseen, Fraction(1)
        return
    if any(" is exposed (" in t or "expose explosion" in t for t in texts[at:]):
        raise _NotExact("expose markers were drawn after a battle cumulation in the same enemy action")
    back = [m for m in post.expose_pool if not _open(m, fixed)]
    kinds = Counter(marker_type(m) for m in back)
    flipped = ExposeMarkers(kinds["blank"], kinds["plus1"], kinds["push"], kinds["cumulation"])
    fresh = {m: f"{STAND_IN}f{k}.{m}" for k, m in enumerate(back)}
    groups = [g for g in (tuple(sorted(m for m in x.expose if _open(m, fixed))) for x in post.heroes + post.enemies) if g]
    for names, p, left in _compositions(groups, unseen):
        b = _rename(post, names)
        b = replace(b, expose_pool=tuple(fresh.get(m, m) for m in b.expose_pool))
        yield b, frozenset(names.get(m, m) for m in fixed | set(names)), left + flipped, p


class _Tree:
    """Depth-first enumeration of the enemies' turn, memoised on the board (draw piles sorted)."""

    def __init__(self, deck: Deck, options: Options, max_steps: int):
        self.deck, self.options, self.left = deck, options, max_steps
        self.memo: dict = {}

    def ends(self, b: Battle, fixed: frozenset, unseen: ExposeMarkers) -> dict:
        """``{life per hero at the end of the enemies' turn: probability}`` from board ``b``."""
        b = _canonical(b)
        key = (b, fixed, unseen)
        if key in self.memo:
            return self.memo[key]
        if enemy_phase_over(b):
            out = {tuple(h.life for h in b.heroes): Fraction(1)}
        else:
            acts = legal_actions(b, self.deck, self.options)
            if any(isinstance(a, (ShuffleExpose, RollExtra)) for a in acts):
                raise _NotExact("a shuffle of expose markers or a die roll comes up during the enemies' turn")
            action = party_choice(b, self.deck, self.options, acts)
            out = defaultdict(Fraction)
            for top, outcome, p in _draws(b, self.deck, self.options, action):
                for end, q in self._play(top, action, outcome, fixed, unseen).items():
                    out[end] += p * q
            out = dict(out)
        self.memo[key] = out
        return out

    def _play(self, b: Battle, action, outcome, fixed: frozenset, unseen: ExposeMarkers) -> dict:
        """Play one action; where it reveals stand-ins, once per composition of the markers revealed."""
        self.left -= 1
        if self.left < 0:
            raise _NotExact("the exact enumeration would take too many engine actions")
        spec = chance(b, self.deck, self.options, action)
        if isinstance(spec, Joint):  # a board with types drawn may ask for battle cumulation orders too
            outcome = _orders(spec) | (outcome if isinstance(outcome, dict) else {} if outcome is None else {"ai": outcome})
        post, events = apply(b, self.deck, self.options, action, outcome)
        if any("shuffled into a new pool" in e.text for e in events):
            raise _NotExact("the expose markers were reshuffled during an enemy activation")
        revealed = _revealed(b, post, fixed)
        if not revealed:
            branches = list(_flipped(post, events, fixed, unseen))
            if len(branches) == 1 and branches[0][3] == 1:
                return self.ends(*branches[0][:3])
            out: dict = defaultdict(Fraction)
            for after, now, left, p in branches:
                for end, q in self.ends(after, now, left).items():
                    out[end] += p * q
            return dict(out)
        out: dict = defaultdict(Fraction)
        groups = _groups(b, revealed)
        now = fixed | {m for g in groups for m in g}
        for names, p, left in _compositions(groups, unseen):
            renamed = frozenset(names.get(m, m) for m in now)
            for end, q in self._play(_rename(b, names), action, outcome, renamed, left).items():
                out[end] += p * q
        return dict(out)


# ---- the estimate -----------------------------------------------------------------------------

def _play_out(b: Battle, unseen: ExposeMarkers, deck: Deck, options: Options, rng: np.random.Generator) -> tuple:
    """One enemies' turn with the hidden cards and markers dealt at random, played by the engine."""
    face_down = [m for m in b.expose_pool] + [m for h in b.heroes for m in h.expose] + [m for e in b.enemies for m in e.expose]
    kinds = [k for k, c in zip(KINDS, unseen.as_tuple()) for _ in range(c)]
    order = rng.permutation(len(kinds))
    names = {m: f"{kinds[j]}#u{m[len(STAND_IN):]}" for m, j in zip(face_down, order)}
    b = _rename(b, names)
    b = replace(b, ai_draw=tuple((d, tuple(v[j] for j in rng.permutation(len(v)))) for d, v in b.ai_draw))
    for _ in range(10_000):
        if enemy_phase_over(b):
            return tuple(h.life for h in b.heroes)
        acts = legal_actions(b, deck, options)
        chance_only = [a for a in acts if isinstance(a, (ShuffleExpose, RollExtra))]
        action = chance_only[0] if chance_only else party_choice(b, deck, options, acts)
        spec = chance(b, deck, options, action)
        b, _ = apply(b, deck, options, action, None if spec is None else spec.sample(rng))
    raise RuntimeError("the enemies' turn did not end")  # pragma: no cover
