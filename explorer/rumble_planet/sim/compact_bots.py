"""The batch bots on the compact game: ``bots.RandomBot`` and ``bots.GreedyBot``, choosing the same action from
the same legal actions with the same generator calls (the replay tests compare their choices step by step)."""
from __future__ import annotations

import numpy as np

from .. import state as st
from .compact import Game
from .compact_attack import RANGE_ROWS, attack_values
from .compact_turn import (
    END_ACTIONS,
    END_PREP,
    PRESTIGE,
    START,
    attack_actions,
    boost_actions,
    buy_actions,
    feat_actions,
    legal_actions,
    movement_actions,
    tinker_actions,
)



class RandomBot:
    """Any legal action, uniformly."""

    needs_list = True

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.integers = rng.integers

    def choose(self, g: Game, actions: list):
        """The same call on the same generator as ``bots.RandomBot``."""
        return actions[int(self.integers(len(actions)))]


def reachable_loot(g: Game) -> list:
    """Lootbox tokens a hero could pick up: not under a blocking tile (``bots.reachable_loot``)."""
    spaces = g.lootboxes + [g.golden] if g.golden else g.lootboxes
    walls = g.walls
    return [sp for sp in spaces if sp not in walls] if walls else spaces


def goal_table(g: Game, seat: int) -> dict | None:
    """Each space's distance to the nearest goal of the greedy bot (an opposing Hero on the Green or a reachable
    lootbox), filled in as asked; None without goals. One table serves while the goals stay where they are (over a
    turn's moves; the engine's pieces are replaced, never changed in place, when they move)."""
    heroes = [q.space for i, q in enumerate(g.seats) if i != seat and q.space]
    seen = g.goals_seen
    if seen is None or seen[0] != heroes or seen[1] is not g.lootboxes or seen[2] != g.golden or seen[3] is not g.walls:
        g.goals_seen = (heroes, g.lootboxes, g.golden, g.walls)
        goals = heroes + reachable_loot(g)
        g.goals = {} if goals else None
        g.goal_list = goals
    return g.goals


def distance_to(g: Game, table: dict, space: str) -> int:
    """Spaces from ``space`` to the nearest goal."""
    d = table.get(space)
    if d is None:
        d = table[space] = min(map(DISTANCE_ROWS[space].__getitem__, g.goal_list))
    return d


DISTANCE_ROWS = RANGE_ROWS["distance"]  # space -> space -> spaces apart (Distances)


class GreedyBot:
    """Claims Feats, attacks for the best expected Injuries, moves toward lootboxes and targets, equips what it gets.

    In the Preparation and Action Phases it reads the parts of the legal list it weighs (``compact_turn``'s
    ``feat_actions``, ``buy_actions``, ... the pieces ``legal_actions`` is made of) rather than the whole list,
    which it does not need (``needs_list``)."""

    needs_list = False

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, g: Game, actions: list | None = None):
        if g.pending or g.t_phase == "loot" or g.stage != "play":
            actions = legal_actions(g) if actions is None else actions
            return actions[0] if len(actions) == 1 else self._decision(g, actions)
        seat = g.active
        p = g.seats[seat]
        feats = feat_actions(g, p)
        if feats:  # the Feats come last in the list: the first of them
            return feats[0]
        if g.t_phase == "action":
            return self._action_phase(g, seat, p)
        buys = buy_actions(g, p)  # Buy actions, then BuyPrestige
        if buys and buys[-1] is PRESTIGE:
            return PRESTIGE
        tinkers = tinker_actions(g, p)
        for kind in (st.Equip, st.Craft):
            for a in tinkers:
                if type(a) is kind:
                    return a
        if buys:
            return buys[0]
        boosts = boost_actions(p)
        return boosts[0] if boosts else END_PREP

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
        return actions[int(self.rng.integers(len(actions)))]

    def _action_phase(self, g: Game, seat: int, p):
        """II - Action Phase: the best attack if it hurts, the lootbox here, the move nearest a goal, or the end."""
        attacks = attack_actions(g, seat, p)
        if attacks:
            value = attack_values(g, attacks)
            best = max(range(len(attacks)), key=value.__getitem__)  # the first of the best, as max gives it
            if value[best] > 0:
                return attacks[best]
        moves = movement_actions(g, seat, p)
        here = p.space
        if moves and moves[0] is START:
            if here in g.lootboxes or here == g.golden:
                return START  # a lootbox (or the golden one) in your space is picked up here
            moves = moves[1:]
        if moves and (g.t_mp > 0 or g.t_movement == "ready"):
            table = goal_table(g, seat)
            if table is not None:
                best, nearest = None, distance_to(g, table, here)
                for a in moves:  # the first of the nearest, as min gives it, if nearer than here
                    d = table.get(a.to)
                    if d is None:
                        d = distance_to(g, table, a.to)
                    if d < nearest:
                        best, nearest = a, d
                if best is not None:
                    return best
        return END_ACTIONS


MAKERS = {"random": RandomBot, "greedy": GreedyBot}
