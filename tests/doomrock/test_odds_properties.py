"""Properties of the Doomrock odds: more rerolls or dice never hurt, reads agree, junk is a ValueError."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from explorer.doomrock.odds import (
    ExposeMarkers,
    Objective,
    RollPhaseSolver,
    best_activations,
    damage_odds,
    loot_odds,
    pass_chance,
)

face_sets = st.lists(st.integers(1, 6), min_size=1, max_size=3).map(tuple)
cards = st.lists(st.tuples(st.lists(face_sets, min_size=1, max_size=3), st.integers(0, 3)), min_size=1, max_size=4)


@given(cards=cards, n_dice=st.integers(0, 6), rerolls=st.integers(0, 2))
def test_more_rerolls_or_dice_never_hurt(cards, n_dice, rerolls):
    value = best_activations(n_dice, cards, rerolls)
    assert 0 <= value <= sum(c for _, c in cards) + 1e-12
    assert best_activations(n_dice, cards, rerolls + 1) >= value - 1e-12
    assert best_activations(n_dice + 1, cards, rerolls) >= value - 1e-12


@given(cards=cards, hand=st.lists(st.integers(1, 6), min_size=5, max_size=5), rerolls_left=st.integers(1, 2),
       shield=st.integers(0, 2), heroism=st.integers(0, 2))
def test_reads_agree(cards, hand, rerolls_left, shield, heroism):
    solver = RollPhaseSolver(5, cards, 2, objective=Objective(shield_value=shield, heroism_value=heroism))
    choices = solver.keep_values(hand, rerolls_left)
    best = solver.best_keep(hand, rerolls_left)
    assert best.value == pytest.approx(solver.hand_value(hand, rerolls_left))
    assert best.value == pytest.approx(choices[0].value)
    assert all(a.value >= b.value - 1e-12 for a, b in pairwise(choices))
    # Keeping everything and rerolling nothing is worth the hand with one reroll fewer.
    everything = next(c for c in choices if c.kept == tuple(sorted(hand)))
    assert everything.value == pytest.approx(solver.hand_value(hand, rerolls_left - 1))
    assert solver.assignment(hand).value == pytest.approx(solver.hand_value(hand, 0))
    if rerolls_left == 2:  # a first decision, so move_quality can grade it
        report = solver.move_quality([(hand, choices[-1].kept)])
        assert report.total_loss == pytest.approx(best.value - choices[-1].value)


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=True) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=2), inner, max_size=2),
    max_leaves=12,
)


def only_value_errors(call):
    try:
        call()
    except ValueError:
        pass


@given(n_dice=junk, cards=junk, rerolls=junk)
def test_junk_roll_phase_inputs_raise_value_errors(n_dice, cards, rerolls):
    only_value_errors(lambda: best_activations(n_dice, cards, rerolls))


@given(hand=junk, rerolls_left=junk, decisions=junk, values=junk)
def test_junk_decision_inputs_raise_value_errors(hand, rerolls_left, decisions, values):
    solver = RollPhaseSolver(3, [([(5,), (6,)], 2)], 2)
    only_value_errors(lambda: solver.keep_values(hand, rerolls_left))
    only_value_errors(lambda: solver.hand_value(hand, rerolls_left))
    only_value_errors(lambda: solver.move_quality(decisions))
    only_value_errors(lambda: RollPhaseSolver(3, [([(5,), (6,)], 2)], objective=Objective(card_values=values)))
    only_value_errors(lambda: RollPhaseSolver(3, [([(5,), (6,)], 2)], locked=values))


@given(damages=junk, shields=junk, exposed=junk, hp=junk, modifier=junk, table=junk)
def test_junk_damage_and_check_inputs_raise_value_errors(damages, shields, exposed, hp, modifier, table):
    only_value_errors(lambda: damage_odds(damages, shields=shields, exposed=exposed, hp=hp,
                                          unseen=ExposeMarkers(blank=2, plus_one=2)))
    only_value_errors(lambda: loot_odds(modifier, table))
    only_value_errors(lambda: pass_chance(shields, modifier))


def test_values_are_finite():
    assert math.isfinite(best_activations(0, [([(6,)], 1)], 2))
    assert best_activations(0, [([(6,)], 1)], 2) == 0
