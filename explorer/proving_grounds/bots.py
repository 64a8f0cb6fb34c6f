"""Bots: a random legal player, a simple greedy player, a player by the exact reroll odds and a search bot
(for tests and simulations).

A bot sees the state and the legal actions and returns one of them; randomness is
injected as a ``numpy.random.Generator``. ``BOTS`` and ``make_bot`` are the protocol every game shares.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from ..core.bots import make_bot as core_make_bot
from ..core.search import SearchBot as CoreSearch

from . import tabletop
from .attacks import resolve_attack
from .state import (
    AssignDragonling,
    PlaceOnChariot,
    Reroll,
    State,
    Stop,
    colour,
)
from .search import rules as search_rules


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, state: State, actions: list):
        return actions[int(self.rng.integers(len(actions)))]


def face_value(state: State, face: int, dice: list[str] | None = None) -> int:
    """Net battle-track steps the dice showing ``face`` would make against enemy #face now."""
    slot = state.slot(face)
    if slot is None:
        return 0
    dice = [d for d, f in state.rolled if f == face] if dice is None else dice
    att = resolve_attack(state.enemy(face), slot.marker, slot.shield, [colour(d) for d in dice],
                         tabletop.enemy_mods(state, face), shields=state.options.shields)
    return att.moved


def needed_colours(state: State) -> Counter:
    """How often each colour appears in the next requirement of the enemies in play."""
    need = Counter()
    for n in range(1, 7):
        slot = state.slot(n)
        if slot and slot.marker < state.enemy(n).top:
            need.update(state.enemy(n).track[slot.marker].colours)
    return need


class GreedyPlayer:
    """Rerolls the largest set that scores nothing, stops when every set scores; plays safe elsewhere."""

    def __init__(self, rng: np.random.Generator | None = None):
        self.rng = rng  # unused: the greedy player is deterministic

    def choose(self, state: State, actions: list):
        phase = state.phase
        if phase == "rolling":
            return self._rolling(state, actions)
        if phase in ("wound", "exhaust"):
            return min(actions, key=lambda a: (colour(a.die) != "white", -face_value(state, dict(state.rolled).get(a.die, 0) or 1)))
        if phase == "replace":
            need = needed_colours(state)
            return max(actions, key=lambda a: need[a.colour] + 0.5 if a.colour else -1)
        if phase == "sun_die":
            need = needed_colours(state)
            return max(actions, key=lambda a: need[a.colour])
        if phase == "dial":
            return max(actions, key=lambda a: self._sun_score(state, a.slot))
        if phase == "dragonling" and isinstance(actions[0], AssignDragonling):
            return max(actions, key=lambda a: self._dragon_gain(state, a.slot))
        if phase == "climb":  # as far as the dice allow
            return max(actions, key=lambda a: a.spaces)
        if phase == "choose_enemy":
            return max(actions, key=lambda a: state.slot(a.slot).marker - 0)  # the safest enemy to hurt
        return actions[0]

    def _rolling(self, state: State, actions: list):
        placements = [a for a in actions if isinstance(a, PlaceOnChariot)]
        faces = Counter(f for _, f in state.rolled)
        for a in placements:  # a chariot stopped by dice that would score nothing is free
            f = dict(state.rolled)[a.dice[0]]
            if faces[f] == len(a.dice) or face_value(state, f) <= 0:
                return a
        rerolls = [a for a in actions if isinstance(a, Reroll) and not a.dragonling]
        useless = [a for a in rerolls if face_value(state, a.face) <= 0]
        if useless:
            return max(useless, key=lambda a: (faces[a.face], a.face))
        return Stop() if Stop() in actions else actions[0]

    def _sun_score(self, state: State, n: int) -> int:
        slot = state.slot(n)
        if slot is None:
            return -99
        enemy = state.enemy(n)
        return -enemy.track[min(slot.marker, enemy.top - 1)].need

    def _dragon_gain(self, state: State, n: int | None) -> int:
        if n is None:
            return 0
        if state.dragonling == "wing":
            return 1
        dice = [d for d, f in state.rolled if f == n]
        with_dragon = state.slot(n) and resolve_attack(
            state.enemy(n), state.slot(n).marker, state.slot(n).shield,
            [colour(d) for d in dice] + ["white"], tabletop.enemy_mods(state, n), shields=state.options.shields).moved
        return (with_dragon or 0) - face_value(state, n)


ASSUMED_REROLLS = 10  # a round in real time (no reroll budget) is played as if the timer allowed this many


class OddsPlayer(GreedyPlayer):
    """Takes each rolling decision (reroll a set, stop, place dice on a chariot) with the best exact value for
    this round's battle-track steps (``odds.advise``: the reroll solver over the engine's own rules, the
    rerolls the timer has left); every other decision as ``GreedyPlayer``.

    In real time (``timer_rerolls`` None) it plans as if ``ASSUMED_REROLLS`` were left at every decision."""

    def choose(self, state: State, actions: list):
        if state.phase != "rolling":
            return super().choose(state, actions)
        from .odds import advise  # the solver is loaded only by a bot that plays by it

        budget = tabletop.reroll_budget(state)
        left = ASSUMED_REROLLS if budget is None else max(0, budget - state.rerolls)
        ranked = [a for a, _ in advise(state, left, odds=False).choices if a in actions]
        return ranked[0] if ranked else super().choose(state, actions)


class SearchBot(CoreSearch):
    """Information-set MCTS (``explorer.core.search``) with the face-down decks' order unknown, rolling out
    with ``GreedyPlayer``."""

    def __init__(self, rng: np.random.Generator, iterations: int | None = None, seconds: float | None = 0.5,
                 depth: int = 30):
        super().__init__(rng, search_rules(GreedyPlayer), iterations=iterations, seconds=seconds, depth=depth)


RandomBot, GreedyBot = RandomPlayer, GreedyPlayer  # the names every game's bots go by
BOTS = {"random": RandomPlayer, "greedy": GreedyPlayer, "odds": OddsPlayer, "search": SearchBot}


def make_bot(kind, rng: np.random.Generator):
    """A bot from its name (one of ``BOTS``) or a factory ``rng -> bot``."""
    return core_make_bot(BOTS, kind, rng, "Proving Grounds")


def play_out(session, bot, max_steps: int = 20000) -> str | None:
    """Let ``bot`` play the session to the end; returns the result."""
    for _ in range(max_steps):
        if session.is_over():
            return session.result()
        session.play(bot.choose(session.state, session.legal_actions()))
    raise RuntimeError(f"game not finished after {max_steps} steps")
