"""Whole games for the playtesting lab: the plain engine's game loop, also recording the Glory race.

``play_traced`` plays exactly the game ``games.play_game`` plays for the same seed (same chance
draws, same bots, same engine), and also returns each seat's Glory at the start of every round
and at the end, from which the lab reads lead changes, margins and how late the winner was clear.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .. import rules
from ..bots import make_bot
from ..cards import Deck
from ..options import Options
from ..plan import initial_state
from ..state import CHANCE
from ..views import view
from ...core.seeds import children_of
from . import quick
from .record import GameRecord


@dataclass(frozen=True)
class Trace:
    """The Glory race of one game: ``glory[r]`` is every seat's Glory count at the start of round
    ``r + 1``; the last row is the end of the game. ``hit_limit``: ended by the round limit."""

    record: GameRecord
    glory: tuple[tuple[int, ...], ...]
    hit_limit: bool


def play_traced(options: Options, deck: Deck, bots: Sequence, seed: np.random.SeedSequence,
                max_steps: int = 200_000) -> Trace:
    """One whole game, exactly as ``games.play_game`` plays it, with its Glory race (on the compact
    game of ``quick.py`` when it supports the game, tests/barbearian/test_compact_replay.py)."""
    if quick.check_supported(options, deck, bots) is None:
        glory: list[tuple[int, ...]] = []
        record = quick.play_game(options, deck, bots, seed, max_steps, glory=glory)
        return Trace(record, tuple(glory), record.at_limit)
    return engine_traced(options, deck, bots, seed, max_steps)


def engine_traced(options: Options, deck: Deck, bots: Sequence, seed: np.random.SeedSequence,
                  max_steps: int = 200_000) -> Trace:
    """``play_traced`` on the engine itself, whatever the bots."""
    return _play(options, deck, bots, seed, max_steps, True)


def play_game(options: Options, deck: Deck, bots: Sequence, seed: np.random.SeedSequence,
              max_steps: int = 200_000) -> GameRecord:
    """``games.play_game``'s game (the same record for the same seed), faster: an action a bot took
    from ``legal_actions`` goes straight to its rule function, not through ``rules.apply``'s checks
    of who may act and whether the action is listed (it is, by construction)."""
    return _play(options, deck, bots, seed, max_steps, False).record


def _play(options, deck, bots, seed, max_steps, trace: bool) -> Trace:
    children = children_of(seed, len(options.clans) + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    players = [make_bot(kind, np.random.Generator(np.random.PCG64(c))) for kind, c in zip(bots, children[1:])]
    state = initial_state(options, deck)
    first = None
    glory: list[tuple[int, ...]] = []
    seen_round = 0
    current_player, legal_actions, advance, chance = rules.current_player, rules.legal_actions, rules.advance, rules.chance
    handlers = rules.HANDLERS
    for step in range(max_steps):
        if state.result:
            hit = all(p.glory_count < options.glory_to_win for p in state.players)  # as games.play_game
            record = GameRecord(first, state.winner, state.round, step, hit)
            if not trace:
                return Trace(record, (), hit)
            glory.append(tuple(p.glory_count for p in state.players))
            return Trace(record, tuple(glory), hit)
        if trace and state.round != seen_round and state.players:
            seen_round = state.round
            glory.append(tuple(p.glory_count for p in state.players))
        seat = current_player(state)
        if seat == CHANCE:
            action = legal_actions(state)[0]
            spec = chance(state, action)
            outcome = spec.validate(spec.sample(rng))
        else:
            v = view(state, seat)
            action, outcome = players[seat].choose(v, legal_actions(v, seat)), None
        state, events = handlers[state.phase, type(action)](state, action, outcome)
        state, _ = advance(state, events)
        if first is None and state.first is not None:
            first = state.first
    record = GameRecord(first, None, state.round, max_steps, capped=True)
    return Trace(record, tuple(glory) + (tuple(p.glory_count for p in state.players),) if trace else (), False)
