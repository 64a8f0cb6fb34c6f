"""The batch bots on the compact game: ``bots.RandomBot`` and ``bots.GreedyBot``, choosing the same action from
the same legal actions with the same generator calls (the replay tests compare their choices step by step)."""
from __future__ import annotations

import numpy as np

from .. import state as st
from .compact import Game
from .compact_attack import attack_values
from .compact_draws import Draws
from .compact_rules import arms
from .compact_spaces import BALLS, BIT
from .compact_turn import (
    BOOST,
    BUY,
    END_ACTIONS,
    END_PREP,
    MOVES,
    PRESTIGE,
    START,
    attack_actions,
    feat_actions,
    legal_actions,
    loot_actions,
    tinkering,
)


class RandomBot:
    """Any legal action, uniformly."""

    needs_list = True

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.integers = Draws(rng).integers  # every draw of the bot (compact_draws)

    def choose(self, g: Game, actions: list):
        """The same draw on the same generator as ``bots.RandomBot``."""
        return actions[self.integers(len(actions))]


def reachable_loot(g: Game) -> list:
    """Lootbox tokens a hero could pick up: not under a blocking tile (``bots.reachable_loot``)."""
    spaces = g.lootboxes + [g.golden] if g.golden else g.lootboxes
    walls = g.walls
    return [sp for sp in spaces if sp not in walls] if walls else spaces


def loot_goals(g: Game) -> int:
    """The reachable lootboxes as a set of spaces (bits of ``BIT``), kept while the lootbox list, the golden
    Lootbox and the wall set stay (the compact game replaces the list and the set when they change)."""
    seen = g.loot_seen
    if seen is None or seen[0] is not g.lootboxes or seen[1] != g.golden or seen[2] is not g.walls:
        mask = 0
        for x in reachable_loot(g):
            mask |= BIT[x]
        seen = g.loot_seen = (g.lootboxes, g.golden, g.walls, mask)
    return seen[3]


def nearest_goal(here: str, goals: int) -> int:
    """Spaces from ``here`` to the nearest of ``goals`` (a non-empty set of spaces as bits): the least radius whose
    ball about ``here`` holds one."""
    balls = BALLS[here]
    d = 0
    while not balls[d] & goals:
        d += 1
    return d




class GreedyBot:
    """Claims Feats, attacks for the best expected Injuries, moves toward lootboxes and targets, equips what it gets.

    In the Preparation and Action Phases it does not read the legal list (``needs_list``): it lists the Feats and
    the attacks (``compact_turn``'s ``feat_actions`` and ``attack_actions``, pieces of ``legal_actions``) and finds
    the one action it would pick of the rest by the rules that list them (tests/rumble_planet/test_compact_bots.py
    holds it to ``bots.GreedyBot`` at engine positions)."""

    needs_list = False

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.integers = Draws(rng).integers  # every draw of the bot (compact_draws)

    def choose(self, g: Game, actions: list | None = None):
        if g.pending or g.stage != "play":
            actions = legal_actions(g) if actions is None else actions
            return actions[0] if len(actions) == 1 else self._decision(g, actions)
        seat = g.active
        p = g.seats[seat]
        feats = feat_actions(g, p)
        if feats:  # the Feats come last in the list: the first of them
            return feats[0]
        phase = g.t_phase
        if phase == "action":
            return self._action_phase(g, seat, p)
        if phase == "loot":  # no Feat to claim: the one action of the Loot Phase, or any of them
            actions = loot_actions(g, p)
            return actions[0] if len(actions) == 1 else actions[self.integers(len(actions))]
        return self._preparation(g, p)

    def _preparation(self, g: Game, p):
        """I - Preparation Phase as ``bots.GreedyBot`` takes it: the first BuyPrestige, Equip, Craft, Buy or Boost of
        the legal list (``compact_turn._preparation``'s order: buying, then each card of the hand into each slot,
        then boosting), else the end of the phase; found without making the list."""
        o = g.o
        buying = g.t_step <= 2  # 3 - Buying, while it is not passed
        if buying and p.credits >= o.pp_price:
            return PRESTIGE
        hand, track = p.hand, p.track
        if hand:
            if None in track:  # Equipping: the hand's first card into the first empty slot
                return tinkering(hand[0])[0][track.index(None) + 1]
            kinds = g.tab.kind
            for c in hand:  # Crafting: the first card under the first non-crafted card of its type
                kind = kinds[c]
                for i, x in enumerate(track):
                    if x[1] is None and kinds[x[0]] == kind:
                        return tinkering(c)[1][i + 1]
        if buying:
            credits = p.credits
            if credits >= o.weapon_price and g.draw_pool("weapon"):
                return BUY["weapon"]
            if credits >= o.armor_price and g.draw_pool("armor"):
                return BUY["armor"]
        boosts = p.boosts
        if boosts:
            for i, x in enumerate(track):
                if x is not None and boosts >= x[2] + 1:
                    return BOOST[i + 1]
        return END_PREP

    def _decision(self, g: Game, actions: list):
        """A decision the rules wait for, the Loot Phase or setup: as ``bots.GreedyBot`` takes them."""
        by: dict = {}
        for a in actions:
            by.setdefault(type(a), []).append(a)
        if st.ClaimFeat in by:
            return by[st.ClaimFeat][0]
        if st.Taunt in by:
            return max(by[st.Taunt], key=lambda a: g.seats[a.seat].pp)
        if st.PlaceAt in by:
            return by[st.PlaceAt][0]
        if st.Decline in by:
            return by[st.Decline][0]
        return actions[self.integers(len(actions))]

    def _action_phase(self, g: Game, seat: int, p):
        """II - Action Phase: the best attack if it hurts, the lootbox here, the move nearest a goal, or the end.

        The moves are weighed as ``movement_actions`` lists them (each adjacent free space within the MP left, in
        ``adjacent``'s order) without making the list: the first of the nearest, if nearer than here."""
        attacks = attack_actions(g, seat, p)
        if attacks:
            profiles: list = []
            value = attack_values(g, attacks, profiles)
            best = max(range(len(attacks)), key=value.__getitem__)  # the first of the best, as max gives it
            if value[best] > 0:
                g.aimed = (attacks[best], profiles[best])  # for the attack's play (compact_play._attack)
                return attacks[best]
        here = p.space
        movement = g.t_movement
        if here is None or movement == "done":
            return END_ACTIONS
        if movement == "ready":
            if here in g.lootboxes or here == g.golden:
                return START  # a lootbox (or the golden one) in your space is picked up here
            mp = (p.arms or arms(g, seat))[2]
        else:
            mp = g.t_mp  # a move costs 1 MP or more: none is left to make at 0
        heroes = 0  # the opposing Heroes on the Green, as bits: goals, and Blocked Spaces for a move
        for q in g.seats:
            if q.space is not None and q is not p:
                heroes |= BIT[q.space]
        goals = heroes | loot_goals(g)  # the greedy bot's goals: those Heroes and the reachable lootboxes
        if not goals:
            return END_ACTIONS
        if goals != g.goal_mask:  # g.goal_near: the distance to the nearest goal of the spaces a move went to
            g.goal_mask, g.goal_near = goals, {}
        nearest = g.goal_near.get(here)
        if nearest is None:
            nearest = nearest_goal(here, goals)
        if nearest == 0:
            return END_ACTIONS
        # A move goes to an adjacent space, one space nearer to or farther from each goal (Distances): the first of
        # the nearest moves, if nearer than here, is the first move with a goal within ``nearest - 1`` of it
        nearer = nearest - 1
        walls = g.walls
        for s, cost in g.moves_from.get(here) or g.moves_out(here):  # Blocked Space: blocking tiles and Heroes
            if cost <= mp and s not in walls and not BIT[s] & heroes and BALLS[s][nearer] & goals:
                g.goal_near[s] = nearer
                return MOVES[s]
        return END_ACTIONS


MAKERS = {"random": RandomBot, "greedy": GreedyBot}
