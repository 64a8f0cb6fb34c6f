"""The odds bot: every rolling decision the exact solver's best for this round, the rest as the greedy player."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.core import Session
from explorer.proving_grounds import Options, sample_deck
from explorer.proving_grounds.bots import BOTS, GreedyPlayer, OddsPlayer, make_bot
from explorer.proving_grounds.odds.advice import quality_report

DECK = sample_deck()


def _played(bot, rounds: int = 3, seed: int = 2) -> Session:
    """A session played by ``bot`` for a few rounds with a 3-reroll timer (small solves)."""
    s = Session("proving-grounds", Options(timer_rerolls=3), DECK, seed=seed)
    while s.state.round <= rounds and not s.is_over():
        acts = s.legal_actions()
        action = bot.choose(s.state, acts)
        assert action in acts
        s.play(action)
    return s


def test_odds_is_a_named_bot():
    assert BOTS["odds"] is OddsPlayer
    assert isinstance(make_bot("odds", np.random.default_rng(0)), OddsPlayer)


def test_odds_bot_loses_nothing_to_the_solver_where_greedy_does():
    """Rulebook, Step 1 (Roll Dice): the player rerolls sets while the timer runs; the odds bot's every reroll,
    stop and chariot placement is worth the most the exact solver finds for the rerolls left."""
    odds = quality_report(_played(OddsPlayer(np.random.default_rng(0))))
    greedy = quality_report(_played(GreedyPlayer(np.random.default_rng(0))))
    assert len(odds.judgements) > 3
    assert odds.total_loss == pytest.approx(0, abs=1e-9)
    assert greedy.total_loss > 0.01  # the greedy rule is not the solver's (else this test could not fail)
