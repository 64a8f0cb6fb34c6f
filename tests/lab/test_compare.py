"""compare and sweep over the real games: same seed, same result on every executor; sequential
stopping; sweeps; the BarBEARian lab loop plays exactly the simulator's games."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from explorer import lab
from explorer.barbearian import Options as BBOptions
from explorer.barbearian.cards import sample_deck as bb_deck
from explorer.barbearian.sim import play_game
from explorer.barbearian.sim.fast import play_traced
from explorer.barbearian.sim.games import children_of

from .coin import COIN  # noqa: F401  (registers the synthetic game)

PG = {"training": {}, "shields": {"shields": True}}
BB = {"two": {"players": 2}, "three": {"players": 3}}


@pytest.fixture(scope="module")
def pg_inline():
    return lab.compare("proving-grounds", PG, games=2500, seed=7, executor="inline")


@pytest.fixture(scope="module")
def bb_inline():
    return lab.compare("barbearian", BB, games=24, seed=3, executor="inline")


def test_the_lab_plays_every_landed_game():
    assert {"proving-grounds", "barbearian"} <= set(lab.lab_games())


def test_threads_and_processes_give_the_same_result(pg_inline, bb_inline):
    with ThreadPoolExecutor(2) as pool:
        assert lab.compare("proving-grounds", PG, games=2500, seed=7, executor=pool) == pg_inline
    with ProcessPoolExecutor(2) as pool:
        assert lab.compare("barbearian", BB, games=24, seed=3, executor=pool) == bb_inline
    calls = []
    default = lab.compare("proving-grounds", PG, games=2500, seed=7, progress=lambda d, t: calls.append((d, t)))
    assert default == pg_inline
    assert calls[-1] == (5000, 5000) and [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_a_dask_local_cluster_gives_the_same_result(pg_inline):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = lab.compare("proving-grounds", PG, games=2500, seed=7, executor=client.get_executor())
    assert remote == pg_inline


def test_a_dask_cluster_of_worker_processes_gives_the_same_result(bb_inline):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = lab.compare("barbearian", BB, games=24, seed=3, executor=client.get_executor())
    assert remote == bb_inline


def test_another_seed_gives_other_games(pg_inline):
    other = lab.compare("proving-grounds", PG, games=2500, seed=8, executor="inline")
    assert other.row("training", "win_rate").estimate != pg_inline.row("training", "win_rate").estimate


def test_result_table_shape(pg_inline, bb_inline):
    assert pg_inline.games == (2500, 2500)
    assert {r.metric for r in pg_inline.rows} >= {"win_rate", "rounds", "wounds", "close_win"}
    for r in pg_inline.rows + bb_inline.rows:
        assert r.low <= r.estimate <= r.high or r.n == 0
    fpa = bb_inline.row("three", "first_player_advantage")
    seat0 = bb_inline.row("three", "win_seat_0")
    assert fpa.estimate == pytest.approx(seat0.estimate - 1 / 3)
    assert sum(bb_inline.row("two", f"win_seat_{k}").estimate for k in range(2)) + \
        bb_inline.row("two", "round_limit").estimate == pytest.approx(1.0)
    assert {d.variant for d in bb_inline.differences} == {"three"}
    # seats the two-player variant does not have are not compared
    assert "win_seat_2" not in {d.metric for d in bb_inline.differences}


def test_variants_share_random_numbers_so_differences_are_paired(pg_inline):
    d = next(d for d in pg_inline.differences if d.metric == "win_rate")
    assert d.paired
    a, b = pg_inline.row("training", "win_rate"), pg_inline.row("shields", "win_rate")
    assert d.se < (a.se ** 2 + b.se ** 2) ** 0.5


def test_sequential_stopping_ends_at_the_target_width():
    r = lab.compare("coin", {"A": {"p": 0.5}, "B": {"p": 0.4}}, games=100_000, seed=2, executor="inline", target_width=0.1)
    assert r.stopped == "target width reached"
    assert max(g for g in r.games) < 1000
    assert all(row.width < 0.1 for row in r.rows if row.kind == "proportion")
    budget = lab.compare("coin", {"A": {"p": 0.5}}, games=300, seed=2, executor="inline", target_width={"rounds": 0.001})
    assert budget.stopped == "game budget spent" and budget.games == (300,)


def test_sequential_stopping_is_deterministic_across_executors():
    kw = dict(games=6000, seed=4, target_width=0.05)
    here = lab.compare("proving-grounds", {"A": {}, "B": {"health_spaces": 7}}, executor="inline", **kw)
    with ThreadPoolExecutor(2) as pool:
        there = lab.compare("proving-grounds", {"A": {}, "B": {"health_spaces": 7}}, executor=pool, **kw)
    assert here == there and here.stopped == "target width reached" and here.games[0] < 6000


def test_sweep_over_a_numeric_option():
    r = lab.sweep("proving-grounds", "health_spaces", [4, 6, 8], games=1500, seed=5, executor="inline")
    rates = [row.estimate for row in r.metric("win_rate")]
    assert [row.value for row in r.metric("win_rate")] == [4, 6, 8]
    assert rates[0] < rates[1] < rates[2]
    assert r.option == "health_spaces" and all(d.baseline == "health_spaces=4" for d in r.differences)
    with pytest.raises(ValueError, match="not an option"):
        lab.sweep("proving-grounds", "health", [1, 2], games=10)


def test_bad_requests_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="cannot play"):
        lab.compare("chess", [{}])
    with pytest.raises(ValueError, match="games must be"):
        lab.compare("proving-grounds", [{}], games=0)
    with pytest.raises(ValueError, match="seed"):
        lab.compare("proving-grounds", [{}], seed=-1)
    with pytest.raises(ValueError, match="timer_rerolls"):
        lab.compare("proving-grounds", [{"timer_rerolls": None}], games=10)
    with pytest.raises(ValueError, match="bots"):
        lab.compare("barbearian", [{"players": 2}], games=1, bots="clever")
    with pytest.raises(ValueError, match="unknown|colour"):
        lab.compare("proving-grounds", [{"colour": 1}], games=10)
    with pytest.raises(ValueError, match="names must differ"):
        lab.compare("coin", [lab.Variant("A"), lab.Variant("A")])
    with pytest.raises(ValueError, match="target_width"):
        lab.compare("coin", [{}], target_width={"glory": 0.1})


@pytest.mark.parametrize("players", [2, 4])
def test_the_lab_loop_plays_exactly_the_simulator_games(players):
    options, deck = BBOptions(players=players), bb_deck()
    for seed in children_of(np.random.SeedSequence(11), 3):
        trace = play_traced(options, deck, ["greedy", "random"] * (players // 2), seed)
        assert trace.record == play_game(options, deck, ["greedy", "random"] * (players // 2), seed)
        assert max(trace.glory[-1]) >= options.glory_to_win or trace.hit_limit
        assert trace.glory[0] == (options.start_glory,) * players


def test_a_ladder_compares_each_step_with_the_one_before():
    vs = [lab.Variant(n, {"p": p}) for n, p in (("A", 0.2), ("B", 0.5), ("C", 0.5))]
    r = lab.compare("coin", vs, games=500, seed=1, executor="inline", against="previous")
    steps = [(d.baseline, d.variant) for d in r.differences if d.metric == "win_rate"]
    assert steps == [("A", "B"), ("B", "C")]
    assert [d.significant for d in r.differences if d.metric == "win_rate"] == [True, False]
    with pytest.raises(ValueError, match="against"):
        lab.compare("coin", vs, games=10, against="last")


def test_sweeping_the_player_count_seats_the_default_clans():
    r = lab.sweep("barbearian", "players", [2, 4], games=3, seed=1, executor="inline")
    assert r.games == (3, 3) and {row.metric for row in r.rows} >= {"win_seat_3"}


def test_a_variant_deck_can_be_a_file(tmp_path):
    import json

    from explorer.barbearian.cards import sample_deck

    data = sample_deck().to_json()
    data["upgrades"] = [u for u in data["upgrades"] if u["name"] != "Captain's Training"]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    g = lab.lab_game("barbearian")
    assert "Captain's Training" not in {u.name for u in g.deck(path).upgrades}
    path.write_text("{")
    with pytest.raises(ValueError, match="deck.json"):
        g.deck(path)
