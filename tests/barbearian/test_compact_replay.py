"""The compact game (``sim.quick``) replays the plain engine's games exactly: for the same seed, every
chance outcome, every decision, the winner and the length are equal, over player counts, bots and
option sets. Options are spelled as changes from the defaults, so a new default is replayed too."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.barbearian import Options
from explorer.barbearian.cards import sample_deck
from explorer.barbearian.sim import fast, games, quick, simulate

from .replay import engine_game

OPTION_SETS = {
    "defaults": {},
    "zero raids, no Barracks Specialists": {"clash_tie": "zero_raids", "sentry_specialists": False, "round_limit": 40},
    "loot by value": {"loot_resources": "value", "start_resources": 3, "round_limit": 30},
    "scarce tokens": {"token_ones": 8, "token_threes": 1, "start_resources": 2, "specialists": 1, "round_limit": 30},
    "cheap marketplace": {"price_change_fate": {"faith": 1}, "price_empower": {"honey": 1},
                          "price_mercenary": {"ore": 1}, "price_grand_offering": {"honey": 2, "faith": 2},
                          "mercenary_dice": 2, "round_limit": 40},
    "short race": {"glory_to_win": 5, "start_glory": 1, "glory_per_clan": 6, "clan_dice": 6, "start_dice": 2,
                   "round_limit": 8},
    "round limit of simulations": {"round_limit": 60, "start_resources": 1},
}
BOT_MIXES = {2: [["random", "random"], ["greedy", "random"]],
             3: [["greedy"] * 3, ["random", "greedy", "random"]],
             4: [["greedy"] * 4, ["random", "greedy", "greedy", "random"]]}
CASES = [(name, players, bots) for name in OPTION_SETS for players in (2, 3, 4) for bots in BOT_MIXES[players]]


def replay(options, bots, seed) -> None:
    deck = sample_deck()
    ref, steps = [], []
    rec = engine_game(options, deck, bots, seed, ref)
    got = quick.play_game(options, deck, bots, seed, log=steps)
    for k, (a, b) in enumerate(zip(ref, steps)):
        assert a == b, f"step {k}: the engine played {a}, the compact game {b}"
    assert len(ref) == len(steps) and got == rec


@pytest.mark.parametrize("name, players, bots", CASES)
def test_compact_game_replays_the_engine(name, players, bots):
    options = Options(players=players, **OPTION_SETS[name])
    assert quick.check_supported(options, sample_deck(), bots) is None
    n = 3 if "random" in bots else 2
    for seed in games.children_of(np.random.SeedSequence([2026, len(CASES), CASES.index((name, players, bots))]), n):
        replay(options, bots, seed)


def test_simulate_plays_the_compact_games_and_they_are_the_engines():
    r = simulate(3, ["greedy", "random", "greedy"], 4, seed=11, options=Options(players=3, clash_tie="zero_raids"))
    o = Options(players=3, clash_tie="zero_raids")
    seeds = games.children_of(np.random.SeedSequence(11), 4)
    assert r.records == tuple(quick.play_game(o, sample_deck(), ["greedy", "random", "greedy"], s) for s in seeds)
    assert r.records == tuple(games.play_game(o, sample_deck(), ["greedy", "random", "greedy"], s) for s in seeds)


def test_unsupported_games_are_named_and_go_to_the_engine_loop():
    deck, o = sample_deck(), Options(players=2)
    assert "odds" in quick.check_supported(o, deck, ["odds", "greedy"])
    assert quick.check_supported(o, deck, [lambda rng: None, "greedy"]) is not None
    r = simulate(2, ["odds", "greedy"], 2, seed=4)
    seeds = games.children_of(np.random.SeedSequence(4), 2)
    assert r.records == tuple(games.play_game(o, deck, ["odds", "greedy"], s) for s in seeds)


@pytest.mark.parametrize("players, bots, extra", [(2, ["greedy", "random"], {"round_limit": 5}),
                                                  (4, ["greedy", "random", "greedy", "greedy"], {})])
def test_the_glory_race_is_the_engines(players, bots, extra):
    options, deck = Options(players=players, **extra), sample_deck()
    for seed in games.children_of(np.random.SeedSequence(77), 3):
        assert fast.play_traced(options, deck, bots, seed) == fast.engine_traced(options, deck, bots, seed)


def test_the_compact_game_knows_every_option():
    """A new option is a new rule: until the compact game learns it, simulations use the engine loop."""
    assert set(Options.__dataclass_fields__) == quick.KNOWN_OPTIONS
    with_new = type("Options", (), {"__dataclass_fields__": {**Options.__dataclass_fields__, "new_rule": None}})()
    assert "new_rule" in quick.check_supported(with_new, sample_deck(), ["greedy", "greedy"])
