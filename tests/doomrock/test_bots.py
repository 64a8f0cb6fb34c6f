"""Bots: they only choose legal actions, finish both games, and the greedy party beats random play."""
import numpy as np
import pytest

from explorer.core import Session
from explorer.doomrock import Options
from explorer.doomrock.bots import GreedyBot, RandomBot
from explorer.doomrock.sim import SIM_LIMITS

from .helpers import DECK


def play(s, bot, limit=20_000):
    for _ in range(limit):
        if s.is_over():
            return s.result()
        acts = s.legal_actions()
        a = bot.choose(s.state, acts)
        assert a in acts
        s.play(a)
    raise AssertionError("no result")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_party_finishes_campaigns(players):
    # A bot party can stall a battle for ever (a healer against spawns placed away); play has no limit, a
    # simulation plays with the safety nets (DR-10).
    for seed in range(2):
        s = Session("doomrock", Options(players=players, **SIM_LIMITS), DECK, seed=seed)
        assert play(s, GreedyBot()) in ("victory", "defeat")


def test_greedy_party_wins_more_battles_than_random_play():
    def wins(make):
        n = 0
        for seed in range(6):
            s = Session("doomrock-battle", Options(players=3, encounter="goblin_raid"), DECK, seed=seed)
            n += play(s, make(seed)) == "victory"
        return n
    greedy, random = wins(lambda seed: GreedyBot()), wins(lambda seed: RandomBot(np.random.default_rng(seed)))
    assert greedy > random
