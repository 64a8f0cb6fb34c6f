"""Random legal games played to the end, for all 64 module combinations."""
import numpy as np
import pytest

from explorer.proving_grounds import MODULES, Options
from explorer.proving_grounds.bots import GreedyPlayer, RandomPlayer, play_out

from .helpers import session

COMBOS = [tuple(m for i, m in enumerate(MODULES) if bits >> i & 1) for bits in range(64)]


@pytest.mark.parametrize("modules", COMBOS, ids=lambda m: "+".join(m) or "training")
def test_random_and_greedy_games_finish(modules):
    for seed in range(3):
        for bot in (RandomPlayer(np.random.default_rng(seed)), GreedyPlayer()):
            timer = None if seed == 0 else 2 + seed
            s = session(Options.with_modules(*modules, timer_rerolls=timer), seed=seed)
            result = play_out(s, bot)
            assert result in ("won", "lost")
            assert s.legal_actions() == []
            last = s.events[-1]
            assert last.section in ("Winning the Game", "Losing the Game")
            if result == "won":
                assert len(s.state.defeated) >= 8 and s.state.health < s.options.health_spaces - 1
            else:
                assert s.state.health == s.options.health_spaces - 1


def test_greedy_beats_random_in_the_training_game():
    wins = {"random": 0, "greedy": 0}
    for seed in range(40):
        for name, bot in (("random", RandomPlayer(np.random.default_rng(seed))), ("greedy", GreedyPlayer())):
            wins[name] += play_out(session(Options(timer_rerolls=10), seed=seed), bot) == "won"
    assert wins["greedy"] > wins["random"] + 5, wins


@pytest.mark.parametrize("reading", [dict(climb="max"), dict(early_wounds="step_2b"), dict(sun_die_return="from_pool")],
                         ids=lambda r: next(iter(r.values())))
def test_the_other_readings_play_to_the_end(reading):
    """Rulings PG-4, PG-6 and PG-12: every reading is a complete game, with every module."""
    for seed in range(4):
        bot = RandomPlayer(np.random.default_rng(seed)) if seed % 2 else GreedyPlayer()
        s = session(Options.with_modules(*MODULES, timer_rerolls=3, **reading), seed=seed)
        assert play_out(s, bot) in ("won", "lost") and s.legal_actions() == []
