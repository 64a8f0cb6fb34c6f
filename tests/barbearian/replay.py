"""The plain engine's game loop with a step log comparable to the compact game's (``sim.quick``)."""
from __future__ import annotations

import numpy as np

from explorer.barbearian import rules
from explorer.barbearian.bots import make_bot
from explorer.barbearian.plan import initial_state
from explorer.barbearian.sim.games import GameRecord, children_of
from explorer.barbearian.state import CHANCE
from explorer.barbearian.views import view

NAMES = {"KeepTrial": "keep", "HireMercenary": "hire", "Pass": "pass", "ChangeFate": "fate", "Place": "place",
         "TakeBack": "takeback", "Ready": "ready", "Empower": "empower", "StealGlory": "steal_glory",
         "StealResources": "steal_resources", "WalkAway": "walk", "GiveResources": "resources",
         "TakeResources": "resources", "TempleSix": "six", "HireSpecialist": "specialist", "BuyUpgrade": "upgrade",
         "Reinforce": "reinforce", "GrandOffering": "offering"}


def as_tuple(action) -> tuple:
    """An engine action in the compact game's spelling (its fields after the seat)."""
    fields = [getattr(action, f) for f in action.__dataclass_fields__ if f != "seat"]
    return (NAMES[type(action).__name__], *fields)


def drawn(state, task) -> tuple:
    if task[0] == "roll":
        return tuple(tuple(p.faces) for p in state.players)
    if task[0] == "setup":
        return state.first, tuple(tuple(p.offer) for p in state.players)
    return tuple(state.players[task[1]].offer)


def engine_game(options, deck, bots, seed, log: list, max_steps: int = 200_000) -> GameRecord:
    """``sim.games.play_game`` (``rules.apply`` with every check), logging each step."""
    children = children_of(seed, len(options.clans) + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    players = [make_bot(kind, np.random.Generator(np.random.PCG64(c))) for kind, c in zip(bots, children[1:])]
    state = initial_state(options, deck)
    first = None
    for step in range(max_steps):
        if state.result:
            at_limit = all(p.glory_count < options.glory_to_win for p in state.players)
            return GameRecord(first, state.winner, state.round, step, at_limit)
        seat, task = rules.current_player(state), state.task
        if seat == CHANCE:
            action = rules.legal_actions(state)[0]
            state, _ = rules.apply(state, action, rules.chance(state, action).sample(rng))
            log.append(("chance", task, drawn(state, task)))
        else:
            action = players[seat].choose(view(state, seat), rules.legal_actions(view(state, seat), seat))
            log.append((seat, task, as_tuple(action)))
            state, _ = rules.apply(state, action)
        if first is None and state.first is not None:
            first = state.first
    raise RuntimeError("game not finished")
