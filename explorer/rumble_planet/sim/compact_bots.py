"""The batch bots on the compact game: ``bots.RandomBot`` and ``bots.GreedyBot``, choosing the same action from
the same legal actions with the same generator calls (the replay tests compare their choices step by step)."""
from __future__ import annotations

import numpy as np

from .. import state as st
from .compact import Game
from .compact_attack import RANGE_ROWS, attack_values

PREPARATION = (st.BuyPrestige, st.Equip, st.Craft, st.Buy, st.Boost)
ATTACK, MOVE = st.Attack, st.Move


class RandomBot:
    """Any legal action, uniformly."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, g: Game, actions: list):
        return actions[int(self.rng.integers(len(actions)))]


def reachable_loot(g: Game) -> list:
    """Lootbox tokens a hero could pick up: not under a blocking tile (``bots.reachable_loot``)."""
    spaces = g.lootboxes + [g.golden] if g.golden else g.lootboxes
    walls = g.walls
    return [sp for sp in spaces if sp not in walls] if walls else spaces


def loot_goals(g: Game) -> tuple:
    """The reachable lootboxes and a table of each space's distance to the nearest of them, filled in as asked;
    both are kept while the lootboxes, the golden one and the blocking tiles stay as they are (the engine's
    pieces are replaced, never changed in place, when they move)."""
    seen = g.loot_seen
    if seen is None or seen[0] is not g.lootboxes or seen[1] != g.golden or seen[2] is not g.walls:
        g.loot_seen = (g.lootboxes, g.golden, g.walls)
        g.loot_goals = (reachable_loot(g), {})
    return g.loot_goals


def distance_to(heroes: list, loot: list, table: dict, space: str) -> int:
    """Spaces from ``space`` to the nearest goal: an opposing Hero or a lootbox."""
    row = DISTANCE_ROWS[space]
    best = min(map(row.__getitem__, heroes)) if heroes else 99
    if loot:
        d = table.get(space)
        if d is None:
            d = table[space] = min(map(row.__getitem__, loot))
        if d < best:
            best = d
    return best


DISTANCE_ROWS = RANGE_ROWS["distance"]  # space -> space -> spaces apart (Distances)


class GreedyBot:
    """Claims Feats, attacks for the best expected Injuries, moves toward lootboxes and targets, equips what it gets."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, g: Game, actions: list):
        if len(actions) == 1:
            return actions[0]
        if g.pending or g.t_phase == "loot" or g.stage != "play":
            return self._decision(g, actions)
        # a Preparation or Action Phase list: no Taunt, PlaceAt or Decline there, and the Feats come last
        if type(actions[-1]) is st.ClaimFeat:
            return next(a for a in actions if type(a) is st.ClaimFeat)
        if g.t_phase == "preparation":
            kinds = [type(a) for a in actions]
            for kind in PREPARATION:
                if kind in kinds:
                    return actions[kinds.index(kind)]
            return actions[kinds.index(st.EndPreparation)]
        return self._action_phase(g, actions)

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

    def _action_phase(self, g: Game, actions: list):
        attacks = [a for a in actions if type(a) is ATTACK]
        if attacks:
            value = attack_values(g, attacks)
            best = max(range(len(attacks)), key=value.__getitem__)  # the first of the best, as max gives it
            if value[best] > 0:
                return attacks[best]
        here = g.seats[g.active].space
        if type(actions[0]) is st.StartMovement and (here in g.lootboxes or here == g.golden):
            return actions[0]  # a lootbox (or the golden one) in your space is picked up here
        moves = [a for a in actions if type(a) is MOVE]
        if moves and (g.t_mp > 0 or g.t_movement == "ready"):
            heroes = [p.space for i, p in enumerate(g.seats) if i != g.active and p.space]
            loot, table = loot_goals(g)
            if heroes or loot:
                best, nearest = None, distance_to(heroes, loot, table, here)
                for a in moves:  # the first of the nearest, as min gives it, if nearer than here
                    d = distance_to(heroes, loot, table, a.to)
                    if d < nearest:
                        best, nearest = a, d
                if best is not None:
                    return best
        return actions[-1]  # EndActions


MAKERS = {"random": RandomBot, "greedy": GreedyBot}
