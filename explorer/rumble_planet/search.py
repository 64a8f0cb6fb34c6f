"""What the search bot needs of Rumble Planet: the seat's view filled in, and a race to prestige scored.

A seat sees its own hand, the table and the discard piles; it does not see the other hands or the
face-down piles (``hidden.view``). A determinization deals every card the seat has not seen back
into those places at random: each face-down pile from the unseen cards of its own kind (the next GPS
card from those whose back shows the public region), the other hands from the equipment left over.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from ..core.frozen import replace
from ..core.search import Rules, margin_values, seen_strings, shuffled, unseen
from .game import GAME
from .hidden import HIDDEN, view
from . import rules as engine
from .rules import current_player
from .attack import WEAPONS, weapon_range
from .board import range_distance
from .health import movement_points
from .state import Attack, ClaimFeat
from .weighing import expected_injuries  # the greedy bot's measure, which the rollouts play by

PILES = (("weapon_shop", "weapons"), ("armor_shop", "armor"), ("loot_deck", "loot"))
IN_HANDS = ("weapon_shop", "armor_shop")  # a hand holds equipment bought from the shops, never Loot cards
"""Face-down piles kept as sorted sets (a draw from them is a chance outcome): only their contents are hidden."""
LEVEL_1_FEATS = 5  # Setup 3: 5 Level 2 Feats under 5 Level 1 Feats
PP_SCALE = 4.0  # a lead of 4 PP is worth about three quarters of a win
# What a seat's assets are worth in PP, for a position the rollout left unfinished (hand-set, then checked in games):
CREDIT = 1 / 18  # "Each Prestige Point (PP) costs 18 Credits"
HP = 1 / 36  # 18 Injuries knock a Hero out (+1 PP to the attacker, a round of obsolescence), then Health is full again
GEAR = 0.3  # a card on the track: more Damage or Defense every turn
IN_HAND = 0.2  # a card waiting to be equipped
BOOST = 0.1
LEVEL_2 = 0.5
ATTACKS = 2  # "During your attack step, you can attack up to 2 times" (each weapon once)
THREAT = 1.0  # the seat to act with an opponent in reach of its best attack: the +1 PP of injuring them


def determinize(seen_view, seat: int, rng: np.random.Generator):
    """One full state consistent with ``seen_view`` (Rumble Planet's hidden cards dealt at random)."""
    state, content = seen_view, seen_view.content
    on_table = cards_seen(state)
    changes, spare = {}, []
    for pile, kind in PILES:
        pool = shuffled(unseen((c.id for c in getattr(content, kind)), on_table), rng)
        k = len(getattr(state, pile))
        changes[pile] = tuple(sorted(pool[:k]))
        spare += pool[k:] if pile in IN_HANDS else []
    changes["feat_deck"] = _feats(state, content, on_table, rng)
    gps = shuffled(unseen((c.id for c in content.gps), on_table), rng)
    if state.gps_top == HIDDEN:
        fits = [c for c in gps if content.card(c).back == state.gps_back] or gps
        top = fits[0]
        gps.remove(top)
        changes["gps_top"] = top
    changes["gps_deck"] = tuple(sorted(gps[:len(state.gps_deck)]))
    spare = shuffled(spare, rng)
    players = []
    for q, p in enumerate(state.players):
        if q != seat and HIDDEN in p.hand:
            k = len(p.hand)
            p = replace(p, hand=tuple(spare[:k]))
            spare = spare[k:]
        players.append(p)
    changes["players"] = tuple(players)
    return replace(state, gps_back=None, **changes)


def cards_seen(state) -> Counter:
    """The cards in the places cards lie (hands, equipment tracks, discard piles, Feats, the GPS card, the
    piles themselves where visible); spaces are never counted, though some share a card's id ("G10")."""
    places = [p.hand for p in state.players] + [(g.main, g.secondary) for p in state.players for g in p.track if g]
    places += [state.weapon_discard, state.armor_discard, state.loot_discard, state.gps_discard,
               [f for f, _ in state.feats], [state.gps_top], state.weapon_shop, state.armor_shop, state.loot_deck,
               state.gps_deck, state.feat_deck]
    return seen_strings(places)


def _feats(state, content, on_table, rng) -> tuple[str, ...]:
    """The Feat deck: the unseen Level 1 Feats still on top (of the five dealt), then Level 2 ones."""
    k = len(state.feat_deck)
    level = {f.id: f.level for f in content.feats}
    ones = shuffled(unseen((f for f in level if level[f] == 1), on_table), rng)
    twos = shuffled(unseen((f for f in level if level[f] == 2), on_table), rng)
    shown_ones = sum(on_table[f] for f in level if level[f] == 1)
    n1 = min(k, max(0, LEVEL_1_FEATS - shown_ones), len(ones))
    return tuple(ones[:n1] + twos[:k - n1])


def worth(p) -> float:
    """A seat's standing in PP: its PP and what its Credits, Health, equipment and Boosts are worth."""
    gear = sum(len(g.cards) for g in p.track if g)
    return (p.pp + CREDIT * p.credits + HP * (0 if p.knocked_out else p.hp) + GEAR * gear + IN_HAND * len(p.hand)
            + BOOST * p.boosts + LEVEL_2 * (p.level - 1))


def threat(state) -> float:
    """The mean Injuries of the best attacks the seat to act could make this turn (two weapons, as an attack step
    allows): each weapon's best opponent within its Range after the seat's MP of movement (terrain ignored).
    A rollout judged at a turn's start would otherwise not credit the seat about to act, nor tell a Hero in
    reach from one out of it."""
    seat = state.active
    here = state.player(seat).space
    if state.stage != "play" or here is None:
        return 0.0
    reach = movement_points(state, seat)
    shape = state.options.range_shape
    foes = [p.space for q, p in enumerate(state.players) if q != seat and p.space is not None]
    best = []
    for w in WEAPONS:
        r = weapon_range(state, seat, w)
        near = [f for f in foes if r is not None and range_distance(here, f, shape) <= r + reach]
        if near:
            best.append(max(expected_injuries(state, Attack(w, f)) for f in near))
    return sum(sorted(best)[-ATTACKS:])


def evaluate(state) -> tuple[float, ...]:
    """Lead in worth per seat (PP first, assets after, the threat of the seat to act); the winner takes 1."""
    if state.stage == "over":
        return margin_values([p.pp for p in state.players], state.winner, PP_SCALE)
    values = [worth(p) for p in state.players]
    e = threat(state)
    values[state.active] += THREAT * min(1.0, e) + HP * e
    return margin_values(values, None, PP_SCALE)


def settled(seen_view, actions):
    """A Feat that can be claimed is claimed at once (its PP are the seat's for good), as the greedy bot does."""
    return next((a for a in actions if isinstance(a, ClaimFeat)), None)


def rules(greedy) -> Rules:
    """Search's view of Rumble Planet, rolling out with ``greedy`` (a bot class)."""
    return Rules(game=GAME, evaluate=evaluate, rollout=greedy, view=view, determinize=determinize,
                 seat_of=lambda state, actions: current_player(state), chance_of_legal=engine.chance_of_legal,
                 apply_legal=engine.apply_legal, turn=turn, settled=settled)


def turn(state):
    """Whose turn of which round it is (a new key when a turn starts)."""
    return state.round, state.active
