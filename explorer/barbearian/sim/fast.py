"""Whole games for the playtesting lab: the plain engine's game loop, also recording the Glory race.

``play_traced`` plays exactly the game ``games.play_game`` plays for the same seed (same chance
draws, same bots, same engine), and also returns each seat's Glory at the start of every round
and at the end, from which the lab reads lead changes, margins and how late the winner was clear.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .. import rules
from ..bots import make_bot
from ..cards import Deck
from ..options import Options
from ..plan import initial_state
from ..state import CHANCE
from ..views import view
from .games import GameRecord, children_of


@dataclass(frozen=True)
class Trace:
    """The Glory race of one game: ``glory[r]`` is every seat's Glory count at the start of round
    ``r + 1``; the last row is the end of the game. ``hit_limit``: ended by the round limit."""

    record: GameRecord
    glory: tuple[tuple[int, ...], ...]
    hit_limit: bool


def play_traced(options: Options, deck: Deck, bots: Sequence, seed: np.random.SeedSequence,
                max_steps: int = 200_000) -> Trace:
    """One whole game, exactly as ``games.play_game`` plays it, with its Glory race."""
    children = children_of(seed, len(options.clans) + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    players = [make_bot(kind, np.random.Generator(np.random.PCG64(c))) for kind, c in zip(bots, children[1:])]
    state = initial_state(options, deck)
    first = None
    glory: list[tuple[int, ...]] = []
    seen_round = 0
    current_player, legal_actions, apply = rules.current_player, rules.legal_actions, rules.apply
    for step in range(max_steps):
        if state.result:
            glory.append(tuple(p.glory_count for p in state.players))
            top = max(glory[-1])
            hit = state.winner is None or top < options.glory_to_win
            return Trace(GameRecord(first, state.winner, state.round, step), tuple(glory), hit)
        if state.round != seen_round and state.players:
            seen_round = state.round
            glory.append(tuple(p.glory_count for p in state.players))
        seat = current_player(state)
        if seat == CHANCE:
            action = legal_actions(state)[0]
            outcome = rules.chance(state, action).sample(rng)
        else:
            v = view(state, seat)
            action, outcome = players[seat].choose(v, legal_actions(v, seat)), None
        state, _ = apply(state, action, outcome)
        if first is None and state.first is not None:
            first = state.first
    raise RuntimeError(f"game not finished after {max_steps} steps (seed {seed.entropy}, {seed.spawn_key})")
