"""Referee checks: rulebook sentences the engine must follow, each a scenario on the sample deck."""
from dataclasses import replace

import numpy as np

from explorer.core import Session
from explorer.doomrock import EndRound, Options, SetUpBattle
from explorer.doomrock import battle as rules

from .helpers import DECK


def started(players=2, **opts) -> Session:
    s = Session("doomrock-battle", Options(players=players, **opts), DECK, seed=3)
    s.play(SetUpBattle())
    return s


def test_armour_reduction_ends_with_the_round():
    """End of Round: "With the exception of abilities with locked dice, no ability and item effects carry over
    to the next round." An ability's armour reduction lasts for the round only."""
    s = started()
    b = replace(s.state.battle, phase="actions").with_enemy("E1", armour=2, armour_down=1)
    b, _ = rules.apply(b, DECK, s.options, EndRound())
    assert b.enemy("E1").armour_down == 0
