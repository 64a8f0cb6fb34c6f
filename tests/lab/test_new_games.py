"""Assault on Doomrock and Rumble Planet in the lab, through their own batch simulators."""
from concurrent.futures import ThreadPoolExecutor

import pytest

from explorer import lab
from explorer.doomrock.sim import simulate as doomrock_simulate


def test_every_registered_game_is_in_the_lab():
    assert set(lab.lab_games()) >= {"proving-grounds", "barbearian", "doomrock-battle", "doomrock", "rumble-planet"}


def test_doomrock_is_measured_as_a_party_not_as_seats():
    keys = [m.key for m in lab.lab_game("doomrock-battle").metrics(lab.lab_game("doomrock-battle").options())]
    assert "win_rate" in keys and not any(k.startswith("win_seat") for k in keys)


def test_doomrock_battles_in_the_lab_are_the_simulators_battles():
    """The lab's party win rate is the batch simulator's, game for game, for the same block seeds."""
    r = lab.compare("doomrock-battle", {"a": {}}, games=10, seed=4, executor="inline")
    row = next(x for x in r.rows if x.metric == "win_rate")
    seed = lab.block_seed(4, 0)
    from explorer.doomrock import Options, sample_deck
    from explorer.doomrock.sim import children_of, play_game
    won = [play_game("battle", Options(), sample_deck(), "greedy", s).won for s in children_of(seed, 10)]
    assert row.estimate == pytest.approx(sum(won) / 10)
    assert 0 <= doomrock_simulate("battle", 2, seed=1).win_rate[0] <= 1  # the same engine path


@pytest.mark.parametrize("game, variants", [
    ("doomrock-battle", {"a": {}, "heavy": {"heavy_planning": True}}),
    ("rumble-planet", {"a": {}, "side B": {"side": "B"}}),
])
def test_results_do_not_depend_on_the_executor(game, variants):
    inline = lab.compare(game, variants, games=8, seed=2, executor="inline")
    with ThreadPoolExecutor(2) as ex:
        threads = lab.compare(game, variants, games=8, seed=2, executor=ex)
    assert inline.to_records() == threads.to_records()


def test_rumble_planet_seat_win_rates_add_up():
    r = lab.compare("rumble-planet", {"a": {}}, games=8, seed=5, executor="inline")
    seats = [x.estimate for x in r.rows if x.metric.startswith("win_seat")]
    assert len(seats) == 2 and sum(seats) == pytest.approx(1.0)
