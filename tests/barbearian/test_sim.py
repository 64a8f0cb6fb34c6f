"""Batch simulation: seeded, chunking- and executor-independent, and in agreement with the engine."""
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from explorer.barbearian import Options
from explorer.barbearian.sim import GameRecord, play_game, simulate, summarize, sweep

from .helpers import DECK


def test_same_seed_same_games_and_chunking_does_not_matter():
    a = simulate(2, "greedy", 5, seed=3)
    b = simulate(2, "greedy", 5, seed=3, chunk_size=4)
    c = simulate(2, "greedy", 5, seed=4)
    assert a.records == b.records
    assert a.records != c.records


def test_an_executor_gives_the_same_results_and_progress_is_reported():
    seen = []
    local = simulate(3, ["greedy", "random", "odds"], 6, seed=7)
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate(3, ["greedy", "random", "odds"], 6, seed=7, executor=pool, chunk_size=2,
                            progress=lambda done, total: seen.append((done, total)))
    assert threaded.records == local.records
    assert sorted(seen)[-1] == (6, 6) and len(seen) == 3


def test_processes_give_the_same_results():
    with ProcessPoolExecutor(2) as pool:
        remote = simulate(2, "random", 4, seed=11, executor=pool)
    assert remote.records == simulate(2, "random", 4, seed=11).records


def test_the_simulator_plays_the_engine_game_for_game():
    """The same seed through ``play_game`` and through a plain engine loop gives the same game."""
    from explorer.barbearian import rules, view
    from explorer.barbearian.bots import make_bot
    from explorer.barbearian.plan import initial_state

    seed = np.random.SeedSequence(99)
    record = play_game(Options(players=2), DECK, ["odds", "greedy"], seed)
    assert play_game(Options(players=2), DECK, ["odds", "greedy"], seed) == record  # the seed is not used up
    children = np.random.SeedSequence(99).spawn(3)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    bots = [make_bot(k, np.random.Generator(np.random.PCG64(c))) for k, c in zip(["odds", "greedy"], children[1:])]
    state, steps = initial_state(Options(players=2), DECK), 0
    while not state.result:
        seat = rules.current_player(state)
        if seat == rules.CHANCE:
            action = rules.legal_actions(state)[0]
            state, _ = rules.apply(state, action, rules.chance(state, action).sample(rng))
        else:
            v = view(state, seat)
            state, _ = rules.apply(state, bots[seat].choose(v, rules.legal_actions(v, seat)))
        steps += 1
    assert (record.winner, record.rounds, record.steps) == (state.winner, state.round, steps)


def test_summary_rates_are_relative_to_the_first_player_with_standard_errors():
    records = [GameRecord(first=1, winner=1, rounds=10, steps=100), GameRecord(first=1, winner=0, rounds=12, steps=120),
               GameRecord(first=0, winner=0, rounds=8, steps=80), GameRecord(first=0, winner=None, rounds=60, steps=900)]
    r = summarize(2, records)
    assert r.win_rate_by_offset[0][0] == pytest.approx(0.5) and r.win_rate_by_offset[1][0] == pytest.approx(0.25)
    assert r.win_rate_by_offset[0][1] == pytest.approx(np.std([1, 0, 1, 0], ddof=1) / 2)
    assert r.draw_rate[0] == pytest.approx(0.25)
    assert r.rounds[0] == pytest.approx(22.5) and r.rounds[1] == pytest.approx(np.std([10, 12, 8, 60], ddof=1) / 2)
    assert r.first_player_advantage[0] == pytest.approx(0.0)


def test_sweep_reports_game_length_by_player_count():
    result = sweep((2, 4), "greedy", 3, seed=1)
    assert set(result) == {2, 4}
    for n, r in result.items():
        assert r.players == n and r.games == 3 and len(r.win_rate_by_offset) == n
        assert r.rounds[0] > 0 and r.rounds[1] >= 0


def test_bad_bot_lists_are_refused():
    with pytest.raises(ValueError, match="need 3 bots"):
        simulate(3, ["random", "random"], 1, seed=0)
    with pytest.raises(ValueError, match="unknown BarBEARian bot 'clever'; bots are random, greedy, odds, search"):
        simulate(2, "clever", 1, seed=0)


def test_game_seeds_are_the_spawned_children():
    from explorer.barbearian.sim import children_of
    root = np.random.SeedSequence(5)
    mine = children_of(root, 4)
    theirs = np.random.SeedSequence(5).spawn(4)
    assert [m.generate_state(2).tolist() for m in mine] == [t.generate_state(2).tolist() for t in theirs]


def test_the_round_limit_is_a_simulation_setting_and_its_hits_are_reported():
    assert Options().round_limit is None  # the rulebook's only ending is seven Glory
    short = simulate(2, "random", 6, seed=5, options=Options(players=2, round_limit=2))
    ended_by_limit = [r for r in short.records if r.rounds == 2 and r.at_limit]
    assert short.round_limit_hits == len(ended_by_limit) > 0
    assert all(r.rounds <= 2 for r in short.records)
    default = simulate(2, "greedy", 3, seed=5)
    assert default.round_limit_hits == sum(r.at_limit for r in default.records)
