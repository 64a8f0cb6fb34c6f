"""A game that hits a limit is data, counted and shown; a block that fails is a message naming game and seed."""
import dataclasses
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from explorer import lab
from explorer.core.errors import SimulationError
from explorer.lab.games import GAMES


def test_rumble_planet_counts_the_games_a_round_limit_ended():
    r = lab.compare("rumble-planet", {"A": {}, "B": {"round_limit": 2}}, games=4, seed=1, executor="inline")
    assert r.row("A", "round_limit").estimate == 0.0 and r.row("B", "round_limit").estimate == 1.0
    assert r.row("A", "step_cap").estimate == 0.0
    assert "Games stopped by the round limit: A 0 of 4, B 4 of 4." in r.limits()
    assert r.limits() in r.summary()


def test_every_simulators_step_cap_is_a_record_not_an_exception():
    from explorer.barbearian import Options as BBOptions
    from explorer.barbearian.cards import sample_deck as bb_deck
    from explorer.barbearian.sim import play_game as bb_game
    from explorer.barbearian.sim.fast import engine_traced
    from explorer.barbearian.sim.quick import play_game as bb_quick
    from explorer.doomrock import Options as DROptions, sample_deck as dr_deck
    from explorer.doomrock.sim import play_game as dr_game
    from explorer.lab.engine import play_game as engine_game
    from explorer.rumble_planet import Options as RPOptions, sample_content
    from explorer.rumble_planet.sim import play_game as rp_game

    seed = np.random.SeedSequence(3)
    rp = rp_game(["random", "random"], RPOptions(), sample_content(), seed, max_steps=30)
    assert rp.capped and rp.winner is None and rp.steps == 30
    dr = dr_game("battle", DROptions(), dr_deck(), "greedy", seed, max_steps=5)
    assert dr.capped and not dr.won
    bb_opts = BBOptions(players=2)
    for record in (bb_game(bb_opts, bb_deck(), ["random", "random"], seed, max_steps=10),
                   bb_quick(bb_opts, bb_deck(), ["random", "random"], seed, max_steps=10),
                   engine_traced(bb_opts, bb_deck(), ["random", "random"], seed, max_steps=10).record):
        assert record.capped and record.winner is None
    import explorer.lab.engine as engine

    old, engine.MAX_STEPS = engine.MAX_STEPS, 5
    try:
        result, winner, steps, _ = engine_game("rumble-planet", RPOptions(), sample_content(), "random", seed)
    finally:
        engine.MAX_STEPS = old
    assert result is None and winner is None and steps == 5


def _boom(options, deck, bots, seed, n):
    raise RuntimeError("game not finished after 50000 steps")


@pytest.mark.parametrize("executor", ["inline", "threads"])
def test_a_failing_block_is_a_simulation_error_naming_game_variant_and_seed(monkeypatch, executor):
    monkeypatch.setitem(GAMES, "rumble-planet", dataclasses.replace(GAMES["rumble-planet"], play_block=_boom))
    with ThreadPoolExecutor(2) as pool, pytest.raises(SimulationError) as e:
        lab.compare("rumble-planet", {"A": {}, "B": {"max_hp": 12}}, games=8, seed=1,
                    executor=pool if executor == "threads" else "inline")
    text = str(e.value)
    assert "Rumble Planet" in text and "seed 1" in text and "block " in text and "50000 steps" in text


def test_a_summary_counts_capped_games_as_won_by_nobody():
    from explorer.rumble_planet import Options, sample_content
    from explorer.rumble_planet.sim import play_game, summarize

    seeds = np.random.SeedSequence(5).spawn(2)
    capped = play_game(["random", "random"], Options(), sample_content(), seeds[0], max_steps=30)
    ended = play_game(["greedy", "greedy"], Options(), sample_content(), seeds[1])
    r = summarize(("random", "random"), [capped, ended])
    assert (r.step_cap_hits, r.round_limit_hits) == (1, 0)
    assert sum(rate for rate, _ in r.win_rate_by_seat) == pytest.approx(0.5)
