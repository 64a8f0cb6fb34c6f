"""Proving Grounds reroll odds (Step 1: Roll Dice) against independent answers.

The reference here is a plain recursive expectimax over *ordered* rolls, written
from the rulebook with no code shared with the solver, plus icepool for
questions without rerolls.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.proving_grounds.odds import (
    FaceAdditiveGoal,
    RerollSolver,
    SolverCache,
    best_odds,
    final_dice_distribution,
    policy_odds,
    solver_for,
)

EIGHT = ["white"] * 5 + ["blue", "green", "yellow"]


# ---------------------------------------------------------------- goals


def three_of_a_kind(dice):
    return max(Counter(face for _, face in dice).values()) >= 3


def green_six(dice):
    return ("green", 6) in dice


def face_sum(dice):
    return sum(face for _, face in dice)


def battle_table(seed):
    """A random per-face table, like net battle-track steps per enemy."""
    rng = np.random.default_rng(seed)
    values = {}

    def table(face, n_white, colours):
        key = (face, n_white, colours)
        if key not in values:
            values[key] = float(rng.integers(-2, 4)) / 2
        return values[key]

    return table


# ---------------------------------------------------------------- reference


def brute_force(pool, rerolls, goal, roll=None):
    """Expectimax over ordered rolls, straight from Step 1: Roll Dice."""

    @functools.lru_cache(maxsize=None)
    def value(faces, left):
        stop = float(goal(tuple(zip(pool, faces))))
        if left == 0:
            return stop
        best = stop
        for face in set(faces):
            rerolled = [i for i, shown in enumerate(faces) if shown == face]
            if len(rerolled) < 2:  # a single can never be rerolled
                continue
            total = 0.0
            for landed in itertools.product(range(1, 7), repeat=len(rerolled)):
                after = list(faces)
                for i, new in zip(rerolled, landed):
                    after[i] = new
                total += value(tuple(after), left - 1)
            best = max(best, total / 6 ** len(rerolled))
        return best

    if roll is not None:
        return value(tuple(face for _, face in roll), rerolls)
    rolls = list(itertools.product(range(1, 7), repeat=len(pool)))
    return sum(value(faces, rerolls) for faces in rolls) / len(rolls)


SMALL_CASES = [
    (["white"] * 3, three_of_a_kind),
    (["white", "white", "green"], green_six),
    (["white", "blue", "green", "yellow"], three_of_a_kind),
    (["white", "blue", "green", "yellow"], face_sum),
    (["green", "white", "green", "white"], green_six),
    (["white"] * 4, face_sum),
]


@pytest.mark.parametrize("pool, goal", SMALL_CASES)
def test_values_match_brute_force(pool, goal):
    solver = RerollSolver(pool, 3, goal)
    rng = np.random.default_rng(7)
    rolls = [[(colour, int(rng.integers(1, 7))) for colour in pool] for _ in range(4)]
    rolls.append([(colour, 2) for colour in pool])  # everything one set
    for rerolls in range(4):
        assert solver.value(None, rerolls) == pytest.approx(
            brute_force(pool, rerolls, goal), abs=1e-12
        )
        for roll in rolls:
            assert solver.value(roll, rerolls) == pytest.approx(
                brute_force(pool, rerolls, goal, roll), abs=1e-12
            )


def test_best_odds_matches_brute_force_with_face_additive_goal():
    pool = ["white", "white", "yellow", "blue"]
    goal = FaceAdditiveGoal(battle_table(3))
    for rerolls in (0, 2):
        assert best_odds(pool, rerolls, goal) == pytest.approx(
            brute_force(pool, rerolls, goal), abs=1e-12
        )
    roll = [("white", 5), ("white", 1), ("yellow", 5), ("blue", 1)]
    assert best_odds(pool, 2, goal, roll) == pytest.approx(
        brute_force(pool, 2, goal, roll), abs=1e-12
    )


@settings(max_examples=20, deadline=None)
@given(
    pool=st.lists(st.sampled_from(["white", "white", "blue", "green", "yellow"]), min_size=1, max_size=4),
    seed=st.integers(0, 2**16),
    rerolls=st.integers(0, 2),
    data=st.data(),
)
def test_random_pools_match_brute_force(pool, seed, rerolls, data):
    goal = FaceAdditiveGoal(battle_table(seed))
    roll = [(colour, data.draw(st.integers(1, 6))) for colour in pool]
    solver = RerollSolver(pool, rerolls, goal)
    expected = brute_force(pool, rerolls, goal, roll)
    assert solver.value(roll) == pytest.approx(expected, abs=1e-12)
    assert solver.value(roll) >= goal(roll) - 1e-12  # stopping is always allowed


# ---------------------------------------------------------------- icepool (no rerolls)


def test_three_of_a_kind_in_five_dice_matches_icepool():
    exact = (icepool.d6.pool(5).largest_count() >= 3).probability(True)
    assert exact == Fraction(23, 108)
    assert best_odds(["white"] * 5, 0, three_of_a_kind) == pytest.approx(float(exact), abs=1e-12)


def test_four_of_a_kind_in_eight_mixed_dice_matches_icepool():
    exact = (icepool.d6.pool(8).largest_count() >= 4).probability(True)
    ours = best_odds(EIGHT, 0, lambda dice: max(Counter(f for _, f in dice).values()) >= 4)
    assert ours == pytest.approx(float(exact), abs=1e-12)


def test_expected_sum_matches_icepool():
    exact = icepool.d6.pool(6).sum().mean()
    assert best_odds(["white"] * 4 + ["green", "blue"], 0, face_sum) == pytest.approx(
        float(exact), abs=1e-12
    )


# ---------------------------------------------------------------- invariants


def test_more_rerolls_never_hurt():
    goal = FaceAdditiveGoal(battle_table(11))
    solver = RerollSolver(EIGHT, 6, goal)
    roll = [("white", 2), ("white", 2), ("white", 5), ("white", 1), ("white", 6),
            ("blue", 5), ("green", 3), ("yellow", 4)]
    opening = [solver.value(None, k) for k in range(7)]
    current = [solver.value(roll, k) for k in range(7)]
    assert all(b >= a - 1e-12 for a, b in zip(opening, opening[1:]))
    assert all(b >= a - 1e-12 for a, b in zip(current, current[1:]))
    assert current[0] == pytest.approx(goal(roll))


def test_value_is_at_least_stopping_now():
    goal = FaceAdditiveGoal(battle_table(5))
    solver = RerollSolver(EIGHT, 3, goal)
    rng = np.random.default_rng(1)
    for _ in range(50):
        roll = [(colour, int(rng.integers(1, 7))) for colour in EIGHT]
        decision = solver.decision(roll, 3)
        assert decision.value >= goal(roll) - 1e-12
        assert decision.action_values[None] == pytest.approx(goal(roll))
        assert decision.value == pytest.approx(max(decision.action_values.values()), abs=1e-12)
        assert decision.action_values[decision.best_action] == pytest.approx(decision.value, abs=1e-9)


def test_long_budgets_follow_the_closed_form():
    # Two dice that must differ: a pair is a set, rerolled until it splits.
    solver = RerollSolver(["white"] * 2, 60, lambda dice: dice[0][1] != dice[1][1])
    for k in (0, 1, 2, 5, 30, 60):
        assert solver.value(None, k) == pytest.approx(1 - 6.0 ** -(k + 1), abs=1e-15)


# ---------------------------------------------------------------- rulebook example


def test_carters_roll_offers_only_his_sets():
    # Step 1: Roll Dice, example: 1,1,3,3,4,5,6,6 has sets of 1s, 3s and 6s; the 4 and 5 are singles.
    faces = [1, 1, 3, 3, 4, 5, 6, 6]
    all_white = [("white", f) for f in faces]
    decision = RerollSolver(["white"] * 8, 1, three_of_a_kind).decision(all_white)
    assert decision.sets == (1, 3, 6)
    mixed = [("white", 1), ("white", 1), ("white", 3), ("white", 3), ("white", 6),
             ("blue", 4), ("green", 5), ("yellow", 6)]
    decision = RerollSolver(EIGHT, 2, face_sum).decision(mixed)
    assert decision.sets == (1, 3, 6)  # the yellow 6 and white 6 form a set
    assert set(decision.action_values) == {None, 1, 3, 6}


def test_carters_reroll_of_his_ones():
    # He rerolls the 1s; 4 and 6 join the single 4 and the 6s: 3,3,4,4,5,6,6,6.
    roll = [("white", f) for f in (1, 1, 3, 3, 4, 5, 6, 6)]
    reroll_ones_once = lambda dice, left: 1 if left == 1 else None  # noqa: E731
    final = final_dice_distribution(["white"] * 8, 1, face_sum, roll, reroll_ones_once)
    after = tuple(("white", f) for f in (3, 3, 4, 4, 5, 6, 6, 6))
    assert final[after] == pytest.approx(2 / 36)
    assert sum(final.values()) == pytest.approx(1.0)
    assert len(final) == 21  # two rerolled dice: 21 multisets
    with pytest.raises(ValueError, match="policy: chose 4"):
        policy_odds(["white"] * 8, 1, face_sum, lambda dice, left: 4, roll)


# ---------------------------------------------------------------- fast path, policies, distributions


def test_face_additive_goal_equals_plain_callable():
    goal = FaceAdditiveGoal(battle_table(21))
    fast = RerollSolver(EIGHT, 4, goal)
    plain = RerollSolver(EIGHT, 4, lambda dice: goal(dice))
    rng = np.random.default_rng(2)
    for k in range(5):
        assert fast.value(None, k) == pytest.approx(plain.value(None, k), abs=1e-12)
    for _ in range(20):
        roll = [(colour, int(rng.integers(1, 7))) for colour in EIGHT]
        a, b = fast.decision(roll, 4), plain.decision(roll, 4)
        assert a.action_values == pytest.approx(b.action_values, abs=1e-12)
        assert a.best_action == b.best_action


def test_policy_evaluation_brackets_the_optimum():
    goal = FaceAdditiveGoal(battle_table(9))
    solver = RerollSolver(EIGHT, 5, goal)
    optimal = solver.evaluate_policy(solver.optimal_policy())
    greedy = solver.evaluate_policy(solver.greedy_policy())
    never = solver.evaluate_policy(solver.never_reroll_policy())
    assert optimal == pytest.approx(solver.value(), abs=1e-9)
    assert never == pytest.approx(solver.value(None, 0), abs=1e-12)
    assert never - 1e-12 <= greedy <= optimal + 1e-12


def test_a_policy_curve_is_the_policy_evaluated_at_each_budget():
    """One forward pass for a policy that plays every budget alike; the plain evaluation for any other."""
    solver = RerollSolver(EIGHT, 6, FaceAdditiveGoal(battle_table(7)))
    roll = [("white", 1), ("white", 1), ("white", 2), ("white", 5), ("white", 6), ("blue", 2), ("green", 2), ("yellow", 4)]
    lowest = lambda dice, left: min(  # noqa: E731
        (f for f, n in Counter(f for _, f in dice).items() if n >= 2), default=None
    )
    for policy in (solver.greedy_policy(), solver.never_reroll_policy(), solver.optimal_policy(), lowest):
        for start in (None, roll):
            curve = solver.policy_curve(policy, start)
            assert len(curve) == 7
            assert curve == pytest.approx([solver.evaluate_policy(policy, start, k) for k in range(7)], abs=1e-12)
    assert solver.policy_curve(solver.greedy_policy(), roll, 2) == pytest.approx(
        [solver.evaluate_policy(solver.greedy_policy(), roll, k) for k in range(3)], abs=1e-12)
    assert solver.policy_curve(solver.optimal_policy()) == pytest.approx([solver.value(None, k) for k in range(7)])


def test_callable_policy_is_evaluated_exactly():
    pool = ["white", "white", "green", "blue"]
    solver = RerollSolver(pool, 3, three_of_a_kind)
    table = solver.optimal_policy()
    as_callable = lambda dice, left: table(dice, left)  # noqa: E731
    assert solver.evaluate_policy(as_callable) == pytest.approx(solver.value(), abs=1e-12)
    lowest_set = lambda dice, left: min(  # noqa: E731
        (f for f, n in Counter(f for _, f in dice).items() if n >= 2), default=None
    )

    @functools.lru_cache(maxsize=None)
    def reference(faces, left):  # the same policy, by brute force over ordered rolls
        dice = tuple(zip(pool, faces))
        face = lowest_set(dice, left) if left else None
        if face is None:
            return float(three_of_a_kind(dice))
        rerolled = [i for i, f in enumerate(faces) if f == face]
        total = 0.0
        for landed in itertools.product(range(1, 7), repeat=len(rerolled)):
            after = list(faces)
            for i, new in zip(rerolled, landed):
                after[i] = new
            total += reference(tuple(after), left - 1)
        return total / 6 ** len(rerolled)

    expected = np.mean([reference(f, 3) for f in itertools.product(range(1, 7), repeat=4)])
    assert solver.evaluate_policy(lowest_set) == pytest.approx(expected, abs=1e-12)


def test_final_distribution_reproduces_the_value():
    goal = FaceAdditiveGoal(battle_table(4))
    solver = RerollSolver(EIGHT, 3, goal)
    final = solver.final_distribution()
    assert sum(final.values()) == pytest.approx(1.0, abs=1e-12)
    assert sum(p * goal(d) for d, p in final.items()) == pytest.approx(solver.value(), abs=1e-9)
    roll = [("white", 1)] * 5 + [("blue", 2), ("green", 3), ("yellow", 4)]
    kept = solver.final_distribution(roll, solver.never_reroll_policy())
    assert list(kept.values()) == [1.0]


# ---------------------------------------------------------------- cache


def test_cache_shares_equal_tables_and_smaller_budgets():
    cache = SolverCache(max_entries=2)
    first = cache.solver(EIGHT, 4, FaceAdditiveGoal(battle_table(1)))
    assert cache.solver(EIGHT[::-1], 2, FaceAdditiveGoal(battle_table(1))) is first
    assert cache.solver(EIGHT, 5, FaceAdditiveGoal(battle_table(1))) is not first
    cache.solver(["white"] * 3, 1, face_sum)
    cache.solver(["white"] * 2, 1, face_sum)
    assert len(cache) == 2

    class Unhashable:
        __hash__ = None

        def __call__(self, dice):
            return 1.0

    goal = Unhashable()
    assert cache.solver(["white"] * 2, 1, goal) is not cache.solver(["white"] * 2, 1, goal)
    assert solver_for(EIGHT, 1, face_sum) is solver_for(EIGHT, 1, face_sum)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "pool, error, message",
    [
        ([], ValueError, "pool: no dice"),
        (["white", "purple"], ValueError, "pool: unknown colour 'purple'"),
        ("white", TypeError, "pool:"),
        (["white"] * 4 + ["green"] * 4 + ["blue"] * 3 + ["yellow"] * 3, ValueError, "pool:"),
    ],
)
def test_bad_pools(pool, error, message):
    with pytest.raises(error, match=message):
        best_odds(pool, 1, three_of_a_kind)


@pytest.mark.parametrize(
    "roll, error, message",
    [
        ([("white", 1), ("white", 2), ("white", 7)], ValueError, "roll: die 3 has face 7; faces are 1-6"),
        ([("white", 0), ("white", 2), ("white", 3)], ValueError, "roll: die 1 has face 0"),
        ([("white", 1.5), ("white", 2), ("white", 3)], TypeError, "roll: die 1"),
        ([("white", 1), ("green", 2), ("white", 3)], ValueError, "roll: colours"),
        ([("white", 1), ("white", 2)], ValueError, "roll: 2 dice"),
        ([("white", 1), ("white", 2), ("purple", 3)], ValueError, "roll: die 3 has unknown colour"),
        ([("white", 1), ("white", 2), 3], TypeError, "roll: die 3"),
    ],
)
def test_bad_rolls(roll, error, message):
    with pytest.raises(error, match=message):
        best_odds(["white"] * 3, 1, three_of_a_kind, roll)


@pytest.mark.parametrize(
    "rerolls, error", [(-1, ValueError), (1.5, TypeError), (True, TypeError), ("2", TypeError)]
)
def test_bad_budgets(rerolls, error):
    with pytest.raises(error, match="rerolls"):
        best_odds(["white"] * 3, rerolls, three_of_a_kind)


def test_bad_goals():
    with pytest.raises(TypeError, match="goal"):
        best_odds(["white"] * 3, 1, "three of a kind")
    with pytest.raises(TypeError, match="goal returned 'yes'"):
        best_odds(["white"] * 3, 1, lambda dice: "yes")

    def broken(dice):
        raise KeyError("enemy")

    with pytest.raises(ValueError, match="goal raised KeyError") as raised:
        best_odds(["white"] * 3, 1, broken)
    assert isinstance(raised.value.__cause__, KeyError)
    with pytest.raises(ValueError, match="goal raised ZeroDivisionError") as raised:
        best_odds(["white"] * 3, 1, FaceAdditiveGoal(lambda face, n, colours: 1 / 0))
    assert isinstance(raised.value.__cause__, ZeroDivisionError)
    with pytest.raises(TypeError, match="table"):
        FaceAdditiveGoal(3)


def test_bad_solver_queries():
    solver = RerollSolver(["white"] * 3, 2, three_of_a_kind)
    with pytest.raises(ValueError, match="rerolls_left: 3 exceeds"):
        solver.value(None, 3)
    with pytest.raises(TypeError, match="policy"):
        solver.evaluate_policy("greedy")
    def broken(dice, rerolls_left):
        raise RuntimeError("timer app crashed")

    with pytest.raises(ValueError, match="policy raised RuntimeError"):
        solver.evaluate_policy(broken)
