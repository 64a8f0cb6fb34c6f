"""The batch bots on the compact game: ``bots.RandomBot`` and ``bots.GreedyBot``, choosing the same action from
the same legal actions with the same generator calls (the replay tests compare their choices step by step)."""
from __future__ import annotations

import numpy as np

from ..board import _DISTANCE
from .. import state as st
from ..tile_table import BLOCKING
from .compact import Game
from .compact_attack import expected_injuries

PREPARATION = (st.BuyPrestige, st.Equip, st.Craft, st.Buy, st.Boost)


class RandomBot:
    """Any legal action, uniformly."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, g: Game, actions: list):
        return actions[int(self.rng.integers(len(actions)))]


def reachable_loot(g: Game) -> list:
    """Lootbox tokens a hero could pick up: not under a blocking tile (``bots.reachable_loot``)."""
    walls = {sp for sp, t in g.tiles.items() if t in BLOCKING}
    spaces = g.lootboxes + ([g.golden] if g.golden else [])
    return [sp for sp in spaces if sp not in walls]


class GreedyBot:
    """Claims Feats, attacks for the best expected Injuries, moves toward lootboxes and targets, equips what it gets."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, g: Game, actions: list):
        if len(actions) == 1:
            return actions[0]
        by: dict = {}
        for a in actions:
            k = type(a)
            if k in by:
                by[k].append(a)
            else:
                by[k] = [a]
        if st.ClaimFeat in by:
            return by[st.ClaimFeat][0]
        if st.Taunt in by:
            return max(by[st.Taunt], key=lambda a: g.seats[a.seat].pp)
        if st.PlaceAt in by:
            return by[st.PlaceAt][0]
        if st.Decline in by and len(by) == 1:
            return by[st.Decline][0]
        if g.pending or g.t_phase == "loot" or g.stage != "play":
            return actions[int(self.rng.integers(len(actions)))] if st.Decline not in by else by[st.Decline][0]
        if g.t_phase == "preparation":
            for kind in PREPARATION:
                if kind in by:
                    return by[kind][0]
            return by[st.EndPreparation][0]
        return self._action_phase(g, by)

    def _action_phase(self, g: Game, by: dict):
        if st.Attack in by:
            attacks = by[st.Attack]
            value = [expected_injuries(g, a.weapon, a.target) for a in attacks]
            best = max(range(len(attacks)), key=value.__getitem__)  # the first of the best, as max gives it
            if value[best] > 0:
                return attacks[best]
        here = g.seats[g.active].space
        if st.StartMovement in by and (here in g.lootboxes or here == g.golden):
            return by[st.StartMovement][0]  # a lootbox (or the golden one) in your space is picked up here
        if st.Move in by and (g.t_mp > 0 or g.t_movement == "ready"):
            goals = [p.space for i, p in enumerate(g.seats) if i != g.active and p.space]
            goals += reachable_loot(g)
            if goals:
                moves = by[st.Move]
                value = [min([_DISTANCE[a.to, s] for s in goals]) for a in moves]
                best = min(range(len(moves)), key=value.__getitem__)  # the first of the nearest, as min gives it
                if value[best] < min([_DISTANCE[here, s] for s in goals]):
                    return moves[best]
        return by[st.EndActions][0]


MAKERS = {"random": RandomBot, "greedy": GreedyBot}
