"""Batch simulation: seeded, executor-independent, and game for game the engine's own game."""
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from explorer.core import Session
from explorer.rumble_planet import Options, sample_content
from explorer.rumble_planet.sim import heroes_for, play_game, replay_seed, simulate

PLAYERS = ("greedy", "random", "greedy")


def digest(r):
    return [(g.heroes, g.winner, g.rounds, g.steps, g.pp_by_round) for g in r.records]


def test_same_seed_same_games_whatever_the_executor():
    here = simulate(PLAYERS, 6, seed=11)
    seen = []
    with ThreadPoolExecutor(2) as pool:
        threads = simulate(PLAYERS, 6, seed=11, executor=pool, progress=lambda d, n: seen.append((d, n)), chunk_size=4)
    with ProcessPoolExecutor(2) as pool:
        procs = simulate(PLAYERS, 6, seed=11, executor=pool, chunk_size=1)
    assert digest(here) == digest(threads) == digest(procs)
    assert seen[-1] == (6, 6) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert digest(simulate(PLAYERS, 6, seed=12)) != digest(here)


def test_a_dask_client_executor_gives_the_same_results():
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        via_dask = simulate(PLAYERS, 4, seed=3, executor=client.get_executor())
    assert digest(via_dask) == digest(simulate(PLAYERS, 4, seed=3))


def test_a_simulated_game_replays_in_the_session():
    content = sample_content()
    seed = replay_seed(7, 2, 5)
    opts = Options(players=3, heroes=heroes_for(2, 3, content), round_limit=40)
    rec = play_game(PLAYERS, opts, content, seed, keep_actions=True)
    sess = Session("rumble-planet", opts, content, seed=0)
    for action, outcome in rec.actions:
        sess.play(action, outcome=outcome)
    assert sess.is_over() and sess.state.winner == rec.winner and sess.state.round == rec.rounds
    assert tuple(p.pp for p in sess.state.players) == rec.pp_by_round[-1]
    assert digest(simulate(PLAYERS, 5, seed=7))[2] == (rec.heroes, rec.winner, rec.rounds, rec.steps, rec.pp_by_round)


def test_summary_rates_and_standard_errors():
    r = simulate(("greedy", "random"), 8, seed=5)
    rates = [m for m, _ in r.win_rate_by_seat]
    assert math.isclose(sum(rates), 1.0)
    for m, se in r.win_rate_by_seat:
        assert se == pytest.approx(math.sqrt(m * (1 - m) / (r.games - 1)))  # SE of a proportion, n - 1 variance
    assert sum(n for _, _, n in r.win_rate_by_hero.values()) == 2 * r.games  # each game seats two Heroes
    wins = [m * n for m, _, n in r.win_rate_by_hero.values()]
    assert sum(wins) == pytest.approx(r.games)
    assert r.rounds[0] == np.mean([g.rounds for g in r.records])
    longest = max(len(g.pp_by_round) for g in r.records)
    for seat, seat_curve in enumerate(r.pp_curve):  # the last point is every game's final PP (finished games carry on)
        assert len(seat_curve) == longest
        assert seat_curve[-1][0] == pytest.approx(np.mean([g.pp_by_round[-1][seat] for g in r.records]))


def test_heroes_rotate_through_the_seats():
    content = sample_content()
    assert [heroes_for(g, 2, content) for g in range(4)] == [("H1", "H2"), ("H2", "H3"), ("H3", "H4"), ("H4", "H1")]


@pytest.mark.parametrize("bad", [("greedy",), ("greedy", "nobody"), ("greedy",) * 5])
def test_bad_player_lists_are_refused(bad):
    with pytest.raises(ValueError, match="players"):
        simulate(bad, 2, seed=0)


@pytest.mark.parametrize("args,kw,words", [
    ((3, 10, 1), {}, "players must be a list of 2-4 bots"),
    (("greedy", 10, 1), {}, "players must be a list of 2-4 bots"),
    ((("greedy", "smart"), 10, 1), {}, "players must be a list of 2-4 bots"),
    ((("greedy", "random"), 0, 1), {}, "n_games must be a whole number"),
    ((("greedy", "random"), 2, -1), {}, "seed must be a whole number >= 0"),
    ((("greedy", "random"), 2, "x"), {}, "seed must be a whole number >= 0"),
    ((("greedy", "random"), 2, 1), {"executor": 4}, "executor must be a concurrent.futures.Executor"),
    ((("greedy", "random"), 2, 1), {"progress": "bar"}, "progress must be callable"),
    ((("greedy", "random"), 2, 1), {"options": {"players": 2}}, "options must be a Rumble Planet Options"),
    ((("greedy", "random"), 2, 1), {"content": "deck.json"}, "content must be a Rumble Planet Content"),
    ((("greedy", "random"), 2, 1), {"chunk_size": 0}, "chunk_size must be a whole number"),
])
def test_simulate_names_a_bad_argument(args, kw, words):
    # simulate(3, ...) raised "TypeError: 'int' object is not iterable"
    with pytest.raises(ValueError, match=words):
        simulate(*args, **kw)


def test_by_default_games_end_as_the_rulebook_ends_them():
    # "The game ends when one player reaches or exceeds 18 Prestige Points (PP)." (End of Game); a 40-round default
    # limit ended 97 of 100 random two-player games before anyone got there.
    r = simulate(("random", "random"), 3, seed=2)
    assert (r.round_limit_hits, r.step_cap_hits) == (0, 0)
    assert all(max(g.pp_by_round[-1]) >= 18 for g in r.records)
    limited = simulate(("random", "random"), 3, seed=2, options=Options(round_limit=10))
    assert limited.round_limit_hits == 3 and all(g.at_limit and g.rounds == 10 for g in limited.records)


def test_replay_seed_and_play_game_name_a_bad_argument():
    with pytest.raises(ValueError, match="game must be a whole number from 0 to 2"):
        replay_seed(1, 5, 3)
    with pytest.raises(ValueError, match="seed must be a whole number >= 0"):
        replay_seed("x", 0, 3)
    with pytest.raises(ValueError, match="seed must be a numpy SeedSequence"):
        play_game(("greedy", "random"), Options(), sample_content(), 7)
    with pytest.raises(ValueError, match="max_steps must be a whole number"):
        play_game(("greedy", "random"), Options(), sample_content(), replay_seed(1, 0, 1), max_steps=0)
