"""Batch simulation: seeded, chunking- and executor-independent, and in agreement with the engine."""
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from explorer.core import Session
from explorer.doomrock import BATTLE_GAME, CHANCE, GAME, GreedyBot, Options
from explorer.doomrock.sim import GameRecord, mean_se, play_game, simulate, summarize, sweep

from .helpers import DECK


def test_same_seed_same_games_and_chunking_does_not_matter():
    a = simulate("battle", 6, seed=3)
    b = simulate("battle", 6, seed=3, chunk_size=4, executor=ThreadPoolExecutor(2))
    c = simulate("battle", 6, seed=4)
    assert a.records == b.records
    assert a.records != c.records
    assert a.games == 6 and a.heroes == ("paladin", "rogue") and a.encounter == "goblin_raid"


def test_threads_processes_and_dask_give_the_same_results_and_report_progress():
    local = simulate("battle", 8, seed=7, bot="random")
    seen = []
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate("battle", 8, seed=7, bot="random", executor=pool, chunk_size=3,
                            progress=lambda done, total: seen.append((done, total)))
    assert threaded.records == local.records
    assert max(seen) == (8, 8) and len(seen) == 3
    with ProcessPoolExecutor(2) as pool:
        assert simulate("battle", 8, seed=7, bot="random", executor=pool).records == local.records
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        assert simulate("battle", 8, seed=7, bot="random", executor=client.get_executor()).records == local.records


def test_a_simulated_battle_is_the_engine_game_replayed_through_a_session():
    """The chance draws of game i come from the first child of its seed, the bot from the second."""
    seed = np.random.SeedSequence(99)
    options = Options(players=3, encounter="orc_warband")
    record = play_game("battle", options, DECK, "greedy", seed)
    assert play_game("battle", options, DECK, "greedy", seed) == record  # the seed is not used up
    chance_seed, bot_seed = np.random.SeedSequence(99).spawn(2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    bot = GreedyBot(np.random.Generator(np.random.PCG64(bot_seed)))
    s = Session("doomrock-battle", options, seed=0)
    while not s.is_over():
        acts = s.legal_actions()
        action = acts[0] if BATTLE_GAME.current_player(s.state) == CHANCE else bot.choose(s.state, acts)
        spec = BATTLE_GAME.chance(s.state, action)
        s.play(action, spec.sample(rng) if spec is not None else None)  # table dice: the same draws
    b = s.state.battle
    assert (record.won, record.rounds, record.steps) == (s.result() == "victory", b.round, len(s.steps))
    assert record.battles == (("orc_warband", record.won),)
    assert record.hp_left == sum(h.life for h in b.heroes) and record.hp_max == sum(h.max_hp for h in b.heroes)


def test_campaigns_report_score_battles_won_and_rounds():
    result = simulate("campaign", 3, seed=1)
    assert result.kind == "campaign" and result.encounter is None and result.heroes == ()
    for r in result.records:
        assert r.rounds > 0 and 0 <= r.hp_left <= r.hp_max and r.score >= 0 and len(r.heroes) == 2
        assert r.won == (r.battles_won == 3) or not r.won
    assert result.score[0] == pytest.approx(np.mean([r.score for r in result.records]))
    for r in result.records:  # every battle fought is recorded; a lost one ends the campaign
        assert r.battles and sum(won for _, won in r.battles) == r.battles_won
        assert all(won for _, won in r.battles[:-1]) and r.won == (r.battles[-1][1] and r.battles_won == 3)
    fought = result.by_encounter()
    assert sum(n for n, _ in fought.values()) == sum(len(r.battles) for r in result.records)
    parts = result.by_party()
    assert sum(p.games for p in parts.values()) == 3 and all(p.heroes == k for k, p in parts.items())


def test_summary_means_and_standard_errors():
    records = [GameRecord(True, 5, 10, 20, 0, 1, 100), GameRecord(False, 8, 0, 20, 0, 0, 150),
               GameRecord(True, 6, 4, 20, 0, 1, 120), GameRecord(False, 9, 0, 20, 0, 0, 170)]
    r = summarize("battle", ("paladin", "rogue"), "goblin_raid", records)
    assert r.win_rate[0] == pytest.approx(0.5) and r.win_rate[1] == pytest.approx(np.std([1, 0, 1, 0], ddof=1) / 2)
    assert r.rounds == pytest.approx((7.0, np.std([5, 8, 6, 9], ddof=1) / 2))
    assert r.hp_left[0] == pytest.approx(3.5)
    assert np.isnan(mean_se([1.0])[1]) and np.isnan(mean_se([])[0])


def test_sweep_gives_win_rate_by_party_and_encounter():
    out = sweep([("paladin", "rogue"), ("wizard", "cleric", "warrior")], ["goblin_raid", "zombie_horde"], 2, seed=5)
    assert set(out) == {(p, e) for p in [("paladin", "rogue"), ("wizard", "cleric", "warrior")]
                        for e in ["goblin_raid", "zombie_horde"]}
    for (party, encounter), r in out.items():
        assert r.heroes == party and r.encounter == encounter and r.games == 2


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(ValueError, match="kind"):
        simulate("skirmish", 1, 0)
    with pytest.raises(ValueError, match="n_games"):
        simulate("battle", True, 0)
    with pytest.raises(ValueError, match="bot"):
        simulate("battle", 1, 0, bot="clever")
    with pytest.raises(ValueError, match="encounter"):
        simulate("battle", 1, 0, options=Options(encounter="nope"))
    assert GAME.name == "doomrock"
