"""Games without a batch simulator join the lab through the engine protocol and their own bots."""
from __future__ import annotations

import numpy as np

from explorer import lab
from explorer.barbearian.sim import play_game as bb_play_game
from explorer.lab.engine import engine_lab_game, play_game


def test_an_engine_only_game_runs_in_the_lab_with_seat_win_rates():
    from explorer.lab import games

    g = engine_lab_game("barbearian", block_size=4)
    from explorer.barbearian.bots import BOTS

    assert g.bots == tuple(BOTS) and "search" in g.bots  # every bot the game's protocol names
    original = games.GAMES["barbearian"]
    lab.register(g)  # as a game without a batch simulator would join
    try:
        r = lab.compare("barbearian", {"two": {"players": 2}}, games=6, seed=3, bots="random", executor="inline")
        wins = sum(r.row("two", f"win_seat_{k}").estimate for k in range(2))
        assert wins == 1.0 and r.row("two", "rounds").n == 6 and r.row("two", "steps").estimate > 50
    finally:
        lab.register(original)


def test_a_solo_game_counts_its_wins():
    from explorer.proving_grounds import Options
    from explorer.proving_grounds.bots import BOTS

    g = engine_lab_game("proving-grounds")
    assert g.bots == tuple(BOTS) == ("random", "greedy", "odds", "search")
    out = g.play_block(Options(timer_rerolls=4), g.game.default_content(), "greedy", np.random.SeedSequence(1), 3)
    assert set(out["win_rate"]) <= {0.0, 1.0} and (out["steps"] > 10).all()


def test_the_engine_loop_ends_every_game():
    from explorer.barbearian import Options, sample_deck

    result, winner, steps, rounds = play_game("barbearian", Options(players=3), sample_deck(), "greedy",
                                              np.random.SeedSequence(4))
    assert result and winner in (0, 1, 2, None) and rounds >= 1
    assert callable(bb_play_game)
