"""A goal declared colour-blind (it reads only the numbers shown) is asked once per multiset of numbers.

Checked against the same goal asked on every state, against brute-force expectimax, and for the
declaration itself: a goal that reads colours is caught and both dice are named.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.proving_grounds.odds import ColourBlindGoal, RerollSolver, SolverCache, best_odds
from explorer.proving_grounds.odds.space import layout_for

from .test_odds import EIGHT, brute_force, face_sum, green_six, three_of_a_kind


def largest_set(dice):
    return max(Counter(face for _, face in dice).values())


@pytest.mark.parametrize("goal", [three_of_a_kind, face_sum, largest_set])
def test_equals_the_goal_asked_on_every_state(goal):
    plain, blind = RerollSolver(EIGHT, 4, goal), RerollSolver(EIGHT, 4, ColourBlindGoal(goal))
    np.testing.assert_array_equal(blind._stop, plain._stop)
    rng = np.random.default_rng(5)
    for k in range(5):
        assert blind.value(None, k) == plain.value(None, k)
    for _ in range(10):
        roll = [(colour, int(rng.integers(1, 7))) for colour in EIGHT]
        assert blind.decision(roll, 4).action_values == plain.decision(roll, 4).action_values


@pytest.mark.parametrize("pool", [["white"] * 3, ["white", "blue", "green", "yellow"], ["green", "white", "green"]])
def test_matches_brute_force(pool):
    goal = ColourBlindGoal(three_of_a_kind)
    for rerolls in range(3):
        assert best_odds(pool, rerolls, goal) == pytest.approx(brute_force(pool, rerolls, three_of_a_kind), abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(pool=st.lists(st.sampled_from(["white", "blue", "green", "yellow"]), min_size=1, max_size=8))
def test_number_classes_group_states_by_the_numbers_shown(pool):
    layout = layout_for(tuple(pool))
    first, last, members = layout.number_classes
    totals = layout.face_totals
    np.testing.assert_array_equal(totals[:, first[members]], totals)
    np.testing.assert_array_equal(totals[:, last[members]], totals)
    assert len(set(map(tuple, totals[:, first].T))) == len(first)  # one class per multiset of numbers
    assert (first <= last).all()


def test_a_goal_that_reads_colours_is_caught_naming_both_dice():
    with pytest.raises(ValueError, match="'green_six' was declared colour-blind but is not") as raised:
        RerollSolver(EIGHT, 2, ColourBlindGoal(green_six))
    message = str(raised.value)
    assert message.count("on dice") == 2 and "('green', 6)" in message


def test_errors_are_worded_as_for_any_goal():
    def broken(dice):
        raise KeyError("enemy")

    with pytest.raises(ValueError, match="goal raised KeyError: 'enemy' on dice") as raised:
        best_odds(["white"] * 3, 1, ColourBlindGoal(broken))
    assert isinstance(raised.value.__cause__, KeyError)
    with pytest.raises(TypeError, match="goal returned 'yes'"):
        best_odds(["white"] * 3, 1, ColourBlindGoal(lambda dice: "yes"))
    with pytest.raises(TypeError, match="goal: expected a callable"):
        ColourBlindGoal("three of a kind")


def test_cached_by_the_function_it_wraps():
    cache = SolverCache(max_entries=4)
    first = cache.solver(EIGHT, 2, ColourBlindGoal(face_sum))
    assert cache.solver(EIGHT, 2, ColourBlindGoal(face_sum)) is first
    assert cache.solver(EIGHT, 2, face_sum) is not first
