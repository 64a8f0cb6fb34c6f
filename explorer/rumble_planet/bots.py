"""Bots that choose from ``legal_actions``: a random one, and a greedy one that reads the attack odds."""
from __future__ import annotations

import numpy as np

from ..core.bots import make_bot as core_make_bot
from ..core.search import SearchBot as CoreSearch
from .board import distance
from .rules import current_player, legal_actions
from .state import (
    Attack,
    Boost,
    Buy,
    BuyPrestige,
    ClaimFeat,
    Craft,
    Decline,
    EndActions,
    EndPreparation,
    Equip,
    Move,
    PlaceAt,
    StartMovement,
    State,
    Taunt,
)
from .tile_table import BLOCKING
from .weighing import expected_injuries
from .search import rules as search_rules


class RandomBot:
    """Any legal action, uniformly (the injected generator makes games replayable)."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, state: State, actions: list | None = None):
        actions = legal_actions(state) if actions is None else actions
        return actions[int(self.rng.integers(len(actions)))]


def reachable_loot(state: State) -> list[str]:
    """Lootbox tokens a hero could pick up: not under a blocking tile (a drop may leave one there, and a
    hero who heads for it stands beside the wall for ever)."""
    walls = {sp for sp, t in state.tiles if t in BLOCKING}
    spaces = list(state.lootboxes) + ([state.golden] if state.golden else [])
    return [sp for sp in spaces if sp not in walls]


class GreedyBot:
    """Claims Feats, attacks for the best expected Injuries, moves toward lootboxes and targets, equips what it gets."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, state: State, actions: list | None = None):
        actions = legal_actions(state) if actions is None else actions
        if len(actions) == 1:
            return actions[0]
        by = {}
        for a in actions:
            by.setdefault(type(a), []).append(a)
        if ClaimFeat in by:
            return by[ClaimFeat][0]
        if Taunt in by:
            return max(by[Taunt], key=lambda a: state.player(a.seat).pp)
        if PlaceAt in by:
            return by[PlaceAt][0]
        if Decline in by and len(by) == 1 + (PlaceAt in by):
            return by[Decline][0]
        if state.pending or state.turn.phase == "loot" or state.stage != "play":
            return actions[int(self.rng.integers(len(actions)))] if Decline not in by else by[Decline][0]
        if state.turn.phase == "preparation":
            for kind in (BuyPrestige, Equip, Craft, Buy, Boost):
                if kind in by:
                    return by[kind][0]
            return by[EndPreparation][0]
        return self._action_phase(state, by)

    def _action_phase(self, state: State, by: dict):
        if Attack in by:
            attacks = by[Attack]
            value = [expected_injuries(state, a) for a in attacks]
            best = max(range(len(attacks)), key=value.__getitem__)  # the first of the best, as max gives it
            if value[best] > 0:
                return attacks[best]
        here = state.player(state.active).space
        if StartMovement in by and (here in state.lootboxes or here == state.golden):
            return by[StartMovement][0]  # a lootbox (or the golden one) in your space is picked up here
        if Move in by and (state.turn.mp > 0 or state.turn.movement == "ready"):
            goals = [p.space for i, p in enumerate(state.players) if i != state.active and p.space]
            goals += reachable_loot(state)
            if goals:
                moves = by[Move]
                value = [min([distance(a.to, g) for g in goals]) for a in moves]
                best = min(range(len(moves)), key=value.__getitem__)  # the first of the nearest, as min gives it
                if value[best] < min([distance(here, g) for g in goals]):
                    return moves[best]
        return by[EndActions][0]


class SearchBot(CoreSearch):
    """Information-set MCTS (``explorer.core.search``) from the seat's view, rolling out with ``GreedyBot``.

    A rollout plays the rest of this turn and the next one (``turns=2``: the reply is played out, by the greedy
    policy) and stops at a turn's start, where the evaluation credits the seat to act with the attacks in its
    reach; the greedy bot's own choice stands unless another earns ``trust`` (7.5%) more of the iterations."""

    def __init__(self, rng: np.random.Generator, iterations: int | None = None, seconds: float | None = 0.5,
                 depth: int = 60, turns: int | None = 2, trust: float = 0.075, **tuning):
        super().__init__(rng, search_rules(GreedyBot), iterations=iterations, seconds=seconds, depth=depth,
                         turns=turns, trust=trust, **tuning)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(kind, rng: np.random.Generator):
    """A bot from its name (one of ``BOTS``) or a factory ``rng -> bot``."""
    return core_make_bot(BOTS, kind, rng, "Rumble Planet")


def play_out(session, bots, max_steps: int = 20_000):
    """Play a session to the end with one bot a seat; returns the result."""
    for _ in range(max_steps):
        if session.is_over():
            return session.result()
        seat = current_player(session.state)
        session.play(bots[seat].choose(session.state, session.legal_actions()))
    raise RuntimeError(f"no result after {max_steps} steps")
