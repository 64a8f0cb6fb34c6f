"""The log says what happened: no claim the state contradicts, and plurals that agree with their numbers."""
from dataclasses import replace

import numpy as np
import pytest

from explorer.core import IllegalAction
from explorer.core.chance import Dice
from explorer.proving_grounds import Options, rules
from explorer.proving_grounds.bots import RandomPlayer

from .scenario import fillers, new_session


def test_no_white_die_to_replace_is_said_so():
    """Replacing Dice with no white die in the pool: nothing is kept, because nothing could be replaced."""
    s = new_session(Options(), fillers(8))
    state = s.state
    coloured = tuple(d for d in state.pool if not d.startswith("W"))
    state = replace(state, pool=coloured, faces=(0,) * len(coloured), tasks=(("replace",),) + state.tasks)
    state, events = rules.advance(state, [])
    texts = [e.text for e in events]
    assert "No white die is in the dice pool, so none can be replaced." in texts
    assert "You keep your white dice." not in texts


def test_one_enemy_defeated_is_one_enemy():
    for seed in range(40):
        s = new_session(Options(defeats_to_win=1, timer_rerolls=3), fillers(12, length=3, start=1))
        bot = RandomPlayer(np.random.default_rng(seed))
        while not s.is_over():
            s.play(bot.choose(s.state, s.legal_actions()))
        if s.result() == "won":
            assert s.events[-1].text.startswith("You defeated 1 enemy and are still alive")
            return
    pytest.fail("no game was won")


def test_a_wrong_number_of_table_dice_names_the_count_in_words_that_agree():
    with pytest.raises(IllegalAction, match="expected 1 face, got"):
        Dice(1, "the activation roll").validate([1, 2])
    with pytest.raises(IllegalAction, match="expected 2 faces, got"):
        Dice(2).validate([1])
