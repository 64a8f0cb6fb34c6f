"""BarBEARian's fast game loop plays exactly the plain engine loop's games (``sim.games.play_game``):
the same record for the same seed, for every bot, player count and rule option tried."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.barbearian import Options
from explorer.barbearian.cards import sample_deck
from explorer.barbearian.sim import games, simulate
from explorer.barbearian.sim.fast import play_game, play_traced

CASES = [
    (2, ["random", "random"], {}),
    (3, ["greedy", "random", "odds"], {"clash_tie": "zero_raids"}),
    (4, ["greedy"] * 4, {"sentry_specialists": True}),
    (4, ["random", "greedy", "random", "greedy"], {"round_limit": 6}),
]


@pytest.mark.parametrize("players, bots, extra", CASES)
def test_fast_loop_replays_the_engine_loop(players, bots, extra):
    options, deck = Options(players=players, **extra), sample_deck()
    for seed in games.children_of(np.random.SeedSequence(2026), 4):
        ref = games.play_game(options, deck, bots, seed)
        assert play_game(options, deck, bots, seed) == ref
        assert play_traced(options, deck, bots, seed).record == ref


def test_round_limit_games_are_marked():
    options, deck = Options(players=4, round_limit=3), sample_deck()
    traces = [play_traced(options, deck, ["random"] * 4, s) for s in games.children_of(np.random.SeedSequence(5), 4)]
    assert all(t.hit_limit == (max(t.glory[-1]) < options.glory_to_win or t.record.winner is None) for t in traces)
    assert any(t.hit_limit for t in traces)


def test_simulate_uses_the_fast_loop_and_still_matches_the_engine():
    r = simulate(2, "greedy", 6, seed=9)
    seeds = games.children_of(np.random.SeedSequence(9), 6)
    assert r.records == tuple(games.play_game(Options(players=2), sample_deck(), ["greedy", "greedy"], s) for s in seeds)
