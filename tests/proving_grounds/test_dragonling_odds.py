"""Reroll odds with the dragonling die (Step 1: Roll Dice; Module 1: The Dragonling).

The reference is a plain recursive expectimax over *ordered* rolls and the
die's six faces (not its distinct results), written from the rulebook and
rulings PG-11, PG-18, PG-22 and PG-24 with no code shared with the solver.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

from explorer.proving_grounds.odds import (
    DragonlingGoal,
    DragonlingSolver,
    FaceAdditiveGoal,
    RerollSolver,
    SolverCache,
    best_odds,
    final_dice_distribution,
    policy_odds,
)
from explorer.proving_grounds.odds.space import layout_for

EIGHT = ["white"] * 5 + ["blue", "green", "yellow"]
DEFAULT = ("talon", "tail", "teeth", "wing", "chaos", "chaos")
ICONS = {"talon": {1, 5}, "tail": {3}, "teeth": {2, 4, 6}}


# ---------------------------------------------------------------- a small board


def steps(face, n_white, colours):
    """Net battle-track steps: a single is hit back, a pair climbs, enemy #2 wants blue."""
    dice = n_white + len(colours)
    if dice == 0:
        return 0.0
    if dice == 1:
        return -1.0
    if face == 2 and "blue" not in colours:
        return 0.0
    return float(min(dice // 2, 2)) + (0.25 if face == 5 and "green" in colours else 0.0)


def saved_single(face, n_white, colours):
    """A saved single stays put; enemy #6's shield makes the wing worth less there."""
    assert n_white + len(colours) == 1
    return -0.5 if face == 6 else 0.0


def goal_for(faces=DEFAULT, wing_singles=1, saved=saved_single, targets=ICONS):
    return DragonlingGoal(steps, faces, targets=targets, saved=saved, wing_singles=wing_singles)


# ---------------------------------------------------------------- reference


class Reference:
    """Expectimax over ordered rolls: the dice in pool order and the die's face index."""

    def __init__(self, pool, faces, wing_singles=1, saved=saved_single, targets=ICONS):
        self.pool, self.faces, self.wing_singles = list(pool), faces, wing_singles
        self.saved, self.targets = saved, targets
        for name in ("board", "final", "actions", "value", "mixed"):  # memoised per reference
            setattr(self, name, functools.cache(getattr(self, name)))

    def shown(self, faces, f):
        colours = tuple(sorted(c for c, x in zip(self.pool, faces) if x == f and c != "white"))
        return sum(1 for c, x in zip(self.pool, faces) if x == f and c == "white"), colours

    def board(self, faces):
        return sum(steps(f, *self.shown(faces, f)) for f in range(1, 7))

    def final(self, faces, d):
        """Module 1, after the timer: use the result as well as possible; chaos is forced."""
        result = self.faces[d]
        if result == "chaos":
            coloured = [i for i, c in enumerate(self.pool) if c != "white"]
            total = 0.0
            for landed in itertools.product(range(1, 7), repeat=len(coloured)):
                after = list(faces)
                for i, x in zip(coloured, landed):
                    after[i] = x
                total += self.board(tuple(after))
            return total / 6 ** len(coloured)
        base = self.board(faces)
        if result in ("talon", "tail", "teeth"):
            best = base
            for f in self.targets.get(result, ()):
                n, colours = self.shown(faces, f)
                if n + len(colours) >= 1:  # PG-11: it joins dice already attacking
                    best = max(best, base - steps(f, n, colours) + steps(f, n + 1, colours))
            return best
        if result == "wing" and self.saved is not None:
            gains = []
            for f in range(1, 7):
                n, colours = self.shown(faces, f)
                if n + len(colours) == 1:
                    gains.append(self.saved(f, n, colours) - steps(f, n, colours))
            gains.sort(reverse=True)
            return base + sum(g for g in gains[: self.wing_singles] if g > 0)
        return base

    def actions(self, faces, d, left):
        """Value of stopping and of every reroll, with and without the dragonling die (PG-18)."""
        out = {None: self.final(faces, d)}
        if left == 0:
            return out
        for f in sorted(set(faces)):
            rerolled = [i for i, x in enumerate(faces) if x == f]
            if len(rerolled) < 2:
                continue
            keep = both = 0.0
            for landed in itertools.product(range(1, 7), repeat=len(rerolled)):
                after = list(faces)
                for i, x in zip(rerolled, landed):
                    after[i] = x
                keep += self.value(tuple(after), d, left - 1)
                both += self.mixed(tuple(after), left - 1)
            out[(f, False)] = keep / 6 ** len(rerolled)
            out[(f, True)] = both / 6 ** len(rerolled)
        return out

    def value(self, faces, d, left):
        return max(self.actions(faces, d, left).values())

    def mixed(self, faces, left):
        """Value once the dragonling die lands on any of its six faces."""
        return sum(self.value(faces, d, left) for d in range(6)) / 6

    def opening(self, left):
        rolls = list(itertools.product(range(1, 7), repeat=len(self.pool)))
        return sum(self.mixed(r, left) for r in rolls) / len(rolls)

    def roll(self, faces, d):
        return [*zip(self.pool, faces), ("dragonling", self.faces[d])]


CASES = [
    (["white", "white", "white", "blue"], DEFAULT, 1),
    (["blue", "white", "green", "white"], ("wing", "wing", "chaos", "tail", "tail", "teeth"), 2),
]


@pytest.mark.parametrize("pool, faces, wing_singles", CASES)
def test_values_and_actions_match_brute_force(pool, faces, wing_singles):
    reference = Reference(pool, faces, wing_singles)
    solver = DragonlingSolver(pool, 2, goal_for(faces, wing_singles))
    rng = np.random.default_rng(5)
    rolls = [tuple(int(x) for x in rng.integers(1, 7, size=len(pool))) for _ in range(6)]
    rolls += [(3, 3, 3, 3), (1, 1, 2, 2), (3, 5, 3, 6)]
    for left in range(3):
        assert solver.value(None, left) == pytest.approx(reference.opening(left), abs=1e-12)
        for faces_shown, d in itertools.product(rolls, range(6)):
            roll = reference.roll(faces_shown, d)
            decision = solver.decision(roll, left)
            expected = reference.actions(faces_shown, d, left)
            assert decision.action_values == pytest.approx(expected, abs=1e-12)
            assert decision.value == pytest.approx(max(expected.values()), abs=1e-12)
            assert solver.value(roll, left) == pytest.approx(decision.value, abs=1e-12)
            assert decision.action_values[decision.best_action] == pytest.approx(decision.value, abs=1e-12)


def test_rerolling_the_dragonling_die_is_its_own_choice():
    # Three 3s and a blue 3: the tail joins enemy #3 (icon), chaos must reroll the blue die.
    pool = ["white", "white", "white", "blue"]
    solver = DragonlingSolver(pool, 1, goal_for())
    chaos = solver.decision([("white", 1), ("white", 1), ("white", 4), ("blue", 4), ("dragonling", "chaos")])
    assert set(chaos.action_values) == {None, (1, False), (1, True), (4, False), (4, True)}
    assert chaos.sets == (1, 4)
    assert chaos.dragonling == "chaos"
    # Chaos breaks the set of 4s half the time; a fresh dragonling result beats it.
    assert chaos.action_values[(1, True)] > chaos.action_values[(1, False)]
    tail = solver.decision([("white", 3), ("white", 6), ("white", 4), ("blue", 4), ("dragonling", "tail")])
    assert tail.action_values[None] == pytest.approx(1 + 1 - 1)  # tail turns the single 3 into a pair
    assert tail.best_action is None or tail.best_action[1] is False


def test_goal_scores_one_roll_like_the_reference():
    pool = ["white", "white", "blue", "green"]
    reference = Reference(pool, DEFAULT)
    goal = goal_for()
    rng = np.random.default_rng(11)
    for _ in range(60):
        faces_shown = tuple(int(x) for x in rng.integers(1, 7, size=4))
        for d in range(6):
            roll = reference.roll(faces_shown, d)
            assert goal(roll) == pytest.approx(reference.final(faces_shown, d), abs=1e-12)
    pool = ["white", "white", "white", "yellow"]
    layout = layout_for(tuple(pool))
    outcomes = goal.outcomes(layout)
    for state, dice in enumerate(layout.all_dice()):
        for r, result in enumerate(outcomes.names):
            assert outcomes.values[r, state] == pytest.approx(goal.final_value(dice, result), abs=1e-12)


def test_a_useless_dragonling_die_changes_nothing():
    goal = DragonlingGoal(steps, ("wing",) * 6)  # no saved table: the wing saves nothing
    plain = RerollSolver(EIGHT, 4, FaceAdditiveGoal(steps))
    dragon = DragonlingSolver(EIGHT, 4, goal)
    rng = np.random.default_rng(3)
    for left in range(5):
        assert dragon.value(None, left) == pytest.approx(plain.value(None, left), abs=1e-12)
    for _ in range(20):
        roll = [(c, int(x)) for c, x in zip(EIGHT, rng.integers(1, 7, size=8))]
        a, b = dragon.decision(roll + [("dragonling", "wing")], 4), plain.decision(roll, 4)
        assert a.value == pytest.approx(b.value, abs=1e-12)
        for face, value in b.action_values.items():
            keys = [None] if face is None else [(face, False), (face, True)]
            for key in keys:
                assert a.action_values[key] == pytest.approx(value, abs=1e-12)
        assert a.best_action == (None if b.best_action is None else (b.best_action, False))


def test_more_rerolls_never_hurt():
    solver = DragonlingSolver(EIGHT, 5, goal_for())
    roll = [("white", 2), ("white", 2), ("white", 5), ("white", 1), ("white", 6),
            ("blue", 5), ("green", 3), ("yellow", 4), ("dragonling", "chaos")]
    opening = [solver.value(None, k) for k in range(6)]
    current = [solver.value(roll, k) for k in range(6)]
    assert all(b >= a - 1e-12 for a, b in itertools.pairwise(opening))
    assert all(b >= a - 1e-12 for a, b in itertools.pairwise(current))
    assert current[0] == pytest.approx(goal_for()(roll), abs=1e-12)


# ---------------------------------------------------------------- policies and distributions


def test_policies_and_distributions_reproduce_the_value():
    solver = DragonlingSolver(EIGHT, 3, goal_for())
    optimal = solver.optimal_policy()
    assert solver.evaluate_policy(optimal) == pytest.approx(solver.value(), abs=1e-9)
    never = solver.evaluate_policy(solver.never_reroll_policy())
    assert never == pytest.approx(solver.value(None, 0), abs=1e-12)
    assert never - 1e-12 <= solver.evaluate_policy(solver.greedy_policy()) <= solver.value() + 1e-12
    roll = [("white", 1)] * 5 + [("blue", 1), ("green", 2), ("yellow", 3), ("dragonling", "chaos")]
    action = optimal(roll, 3)
    assert action == solver.best_action(roll, 3)
    assert isinstance(action, tuple) and isinstance(action[1], bool)
    small = DragonlingSolver(["white", "white", "white", "blue"], 3, goal_for())
    final = small.final_distribution()
    assert sum(final.values()) == pytest.approx(1.0, abs=1e-12)
    goal = goal_for()
    assert sum(p * goal(roll) for roll, p in final.items()) == pytest.approx(small.value(), abs=1e-9)


def test_a_fixed_policy_matches_brute_force():
    # Reroll the lowest set; take the dragonling die along only when it shows chaos.
    pool = ["white", "white", "white", "blue"]
    reference = Reference(pool, DEFAULT)
    solver = DragonlingSolver(pool, 2, goal_for())

    def policy(roll, left):
        faces = [f for c, f in roll if c != "dragonling"]
        sets = [f for f in sorted(set(faces)) if faces.count(f) >= 2]
        return (sets[0], dict(roll)["dragonling"] == "chaos") if sets else None

    @functools.cache
    def follow(faces, d, left, score):
        action = policy(reference.roll(faces, d), left) if left else None
        if action is None:
            return score(faces, d)
        face, both = action
        rerolled = [i for i, x in enumerate(faces) if x == face]
        total = 0.0
        for landed in itertools.product(range(1, 7), repeat=len(rerolled)):
            after = list(faces)
            for i, x in zip(rerolled, landed):
                after[i] = x
            after = tuple(after)
            total += landed_anew(after, left - 1, score) if both else follow(after, d, left - 1, score)
        return total / 6 ** len(rerolled)

    @functools.cache
    def landed_anew(faces, left, score):  # the dragonling die rerolled too
        return sum(follow(faces, e, left, score) for e in range(6)) / 6

    def opening(score):
        rolls = list(itertools.product(range(1, 7), repeat=4))
        return sum(landed_anew(r, 2, score) for r in rolls) / len(rolls)

    assert solver.evaluate_policy(policy) == pytest.approx(opening(reference.final), abs=1e-12)

    def blue_six(faces, d):  # a plain goal sees the dice after chaos rerolls the blue die
        return 1 / 6 if DEFAULT[d] == "chaos" else float(faces[3] == 6)

    expected = opening(blue_six)
    got = solver.expectations([lambda dice: ("blue", 6) in dice], policy=policy)
    assert got == pytest.approx([expected], abs=1e-12)


def test_expectations_follow_the_solvers_use_of_the_die():
    # Per-enemy goals sum to the board only if each scores the use this goal made of the die.
    per_enemy = [
        DragonlingGoal(functools.partial(lambda n, f, w, c: steps(f, w, c) if f == n else 0.0, n),
                       DEFAULT, targets=ICONS, saved=lambda f, w, c, n=n: saved_single(f, w, c) if f == n else 0.0)
        for n in range(1, 7)
    ]
    solver = DragonlingSolver(EIGHT, 3, goal_for())
    roll = [("white", 3), ("white", 3), ("white", 5), ("white", 1), ("white", 6),
            ("blue", 2), ("green", 3), ("yellow", 4), ("dragonling", "teeth")]
    for start in (None, roll):
        chances = solver.expectations(per_enemy, start)
        assert sum(chances) == pytest.approx(solver.value(start), abs=1e-9)
        assert solver.expectations([goal_for()], start) == pytest.approx([solver.value(start)], abs=1e-9)


# ---------------------------------------------------------------- the shared cache and odds helpers


def test_odds_helpers_accept_a_dragonling_goal():
    pool = ["white", "white", "white", "blue"]
    reference = Reference(pool, DEFAULT)
    roll = reference.roll((2, 2, 5, 5), 5)
    assert best_odds(pool, 2, goal_for(), roll) == pytest.approx(reference.value((2, 2, 5, 5), 5, 2), abs=1e-12)
    assert best_odds(pool, 1, goal_for()) == pytest.approx(reference.opening(1), abs=1e-12)
    cache = SolverCache()
    first = cache.solver(pool, 2, goal_for())
    assert isinstance(first, DragonlingSolver)
    assert cache.solver(pool[::-1], 1, goal_for()) is first  # equal tables share a solve
    assert cache.solver(pool, 2, goal_for(wing_singles=2)) is not first
    never = lambda roll, left: None
    assert policy_odds(pool, 2, goal_for(), never, roll) == pytest.approx(goal_for()(roll))
    final = final_dice_distribution(pool, 2, goal_for(), roll, never)
    assert final == {tuple(sorted(roll[:3])) + (roll[3], roll[4]): 1.0}


@pytest.mark.parametrize(
    "roll, error, message",
    [
        ([("white", 1), ("white", 2), ("white", 3), ("blue", 4)], ValueError, "one \\('dragonling', result\\) pair"),
        ([("white", 1), ("white", 2), ("white", 3), ("blue", 4), ("dragonling", "wing"), ("dragonling", "wing")],
         ValueError, "got 2"),
        ([("white", 1), ("white", 2), ("white", 3), ("blue", 4), ("dragonling", "fire")], ValueError, "result 'fire'"),
        ([("white", 1), ("white", 2), ("white", 3), ("green", 4), ("dragonling", "wing")], ValueError, "colours"),
        ([("white", 1), ("white", 2), ("white", 9), ("blue", 4), ("dragonling", "wing")], ValueError, "face 9"),
    ],
)
def test_bad_rolls(roll, error, message):
    solver = DragonlingSolver(["white", "white", "white", "blue"], 1, goal_for())
    with pytest.raises(error, match=message):
        solver.value(roll)


def test_bad_goals_and_policies():
    with pytest.raises(ValueError, match="faces"):
        DragonlingGoal(steps, ("wing",) * 5)
    with pytest.raises(ValueError, match="faces"):
        DragonlingGoal(steps, ("wing",) * 5 + ("fire",))
    with pytest.raises(ValueError, match="targets: 'wing'"):
        DragonlingGoal(steps, targets={"wing": {1}})
    with pytest.raises(ValueError, match="targets: tail"):
        DragonlingGoal(steps, targets={"tail": {7}})
    with pytest.raises(TypeError, match="goal: expected a DragonlingGoal"):
        DragonlingSolver(["white"] * 2, 1, FaceAdditiveGoal(steps))
    with pytest.raises(ValueError, match="saved raised ZeroDivisionError"):
        DragonlingSolver(["white"] * 2, 1, DragonlingGoal(steps, saved=lambda f, n, c: 1 / 0))
    solver = DragonlingSolver(["white"] * 3, 1, goal_for())
    with pytest.raises(ValueError, match="policy: chose"):
        solver.evaluate_policy(lambda roll, left: (7, True))
    with pytest.raises(ValueError, match="rerolls_left: 2 exceeds"):
        solver.value(None, 2)
