"""Whole games to the end: random legal play at 2, 3 and 4 players, with every bot and option set."""
import numpy as np
import pytest

from explorer.barbearian import Options, TakeBack, rules, view
from explorer.barbearian.bots import GreedyBot, OddsBot, RandomBot
from explorer.core import Session

from .helpers import DECK

MAX_STEPS = 20_000


def play_out(s: Session, bots) -> str:
    for _ in range(MAX_STEPS):
        if s.is_over():
            return s.result()
        seat = rules.current_player(s.state)
        if seat == rules.CHANCE:
            s.play(s.legal_actions()[0])
            continue
        v = view(s.state, seat)
        s.play(bots[seat].choose(v, rules.legal_actions(v, seat)))
    raise AssertionError(f"no result after {MAX_STEPS} steps")


VARIANTS = [
    {},
    {"clash_tie": "zero_raids", "sentry_specialists": False, "loot_resources": "value"},
    {"start_resources": 3, "token_ones": 8, "token_threes": 2},
    {"round_limit": 4},
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_terminate_with_a_result(players, variant):
    opts = Options(players=players, **VARIANTS[variant])
    for seed in range(2):
        s = Session("barbearian", opts, DECK, seed=seed)
        bots = [RandomBot(np.random.default_rng(seed * 10 + k)) for k in range(players)]
        result = play_out(s, bots)
        assert s.legal_actions() == [] and rules.current_player(s.state) == rules.TERMINAL
        assert opts.round_limit is None or s.state.round <= opts.round_limit
        if s.state.winner is not None:
            assert result == f"{s.state.clan(s.state.winner)} wins"
            won = s.state.players[s.state.winner].glory_count >= opts.glory_to_win
            assert won or s.events[-1].text.startswith("The round limit")
        else:
            assert result.startswith("draw: ")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_and_odds_bots_play_whole_games(players):
    kinds = [OddsBot, GreedyBot, RandomBot, OddsBot][:players]
    s = Session("barbearian", Options(players=players), DECK, seed=players)
    bots = [k(np.random.default_rng(i)) for i, k in enumerate(kinds)]
    assert play_out(s, bots)
    assert not any(isinstance(st.action, TakeBack) for st in s.steps)  # their plans always fit


def test_the_odds_bot_beats_the_random_bot():
    wins = 0
    for seed in range(8):
        s = Session("barbearian", Options(players=2), DECK, seed=100 + seed)
        bots = [OddsBot(np.random.default_rng(seed)), RandomBot(np.random.default_rng(seed + 50))]
        if seed % 2:
            bots.reverse()
        play_out(s, bots)
        wins += s.state.winner == (seed % 2)
    assert wins >= 7
