"""Exact odds against brute force over every ordered roll, and the clash matrix against the engine.

The brute force here is written from the placement rule ("one die per space unless several
dice show the same value"; Captain's Training frees 5s and 6s) by trying every subset or
assignment of the dice, not from the formulas in ``odds``.
"""
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from explorer.barbearian import odds
from explorer.barbearian.planning import economy_plan, realize

from .helpers import start


def legal(group, free) -> bool:
    return len({f for f in group if f not in free}) <= 1


def brute_strongest(roll, free) -> int:
    best = 0
    for mask in range(1, 2 ** len(roll)):
        group = [f for i, f in enumerate(roll) if mask >> i & 1]
        if legal(group, free):
            best = max(best, sum(group))
    return best


def brute_barracks(roll, free) -> int:
    best = 0
    for where in product((0, 1, 2), repeat=len(roll)):  # 0: elsewhere, 1 and 2: the two Barracks spaces
        g1 = [f for f, w in zip(roll, where) if w == 1]
        g2 = [f for f, w in zip(roll, where) if w == 2]
        if legal(g1, free) and legal(g2, free):
            best = max(best, sum(g1) + sum(g2))
    return best


def brute_distribution(n, fn) -> dict:
    memo, counts = {}, {}
    for roll in product(range(1, 7), repeat=n):  # every ordered roll
        key = tuple(sorted(roll))
        if key not in memo:
            memo[key] = fn(key)
        counts[memo[key]] = counts.get(memo[key], 0) + 1
    return {s: Fraction(c, 6 ** n) for s, c in counts.items()}


FREE = {False: set(), True: {5, 6}}


@pytest.mark.parametrize("ct", [False, True])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5])
def test_strongest_group_matches_brute_force(n, ct):
    assert odds.strongest_group(n, captains_training=ct) == brute_distribution(n, lambda r: brute_strongest(r, FREE[ct]))


@pytest.mark.parametrize("ct", [False, True])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5])
def test_barracks_strength_matches_brute_force(n, ct):
    brute = brute_distribution(n, lambda r: brute_barracks(r, FREE[ct]))
    assert odds.barracks_strength(n, captains_training=ct) == brute
    assert odds.barracks_strength(n, sentries=3, captains_training=ct) == {s + 3: p for s, p in brute.items()}


@pytest.mark.parametrize("ct", [False, True])
def test_raid_success_and_the_table_match_brute_force(ct):
    for n in range(0, 6):
        dist = brute_distribution(n, lambda r: brute_strongest(r, FREE[ct]))
        table = odds.raid_table(5, 31, captains_training=ct)
        for b in range(0, 32):
            want = float(sum(p for s, p in dist.items() if s >= b)) if n else 0.0
            assert odds.raid_success(n, b, captains_training=ct) == pytest.approx(want, abs=1e-12)
            assert table[n, b] == pytest.approx(want, abs=1e-12)


def test_ten_dice_distributions_sum_to_one_and_are_exact():
    for ct in (False, True):
        d = odds.strongest_group(10, captains_training=ct)
        assert sum(d.values()) == 1 and all(isinstance(p, Fraction) for p in d.values())
    assert odds.raid_success(1, 6) == pytest.approx(1 / 6)
    assert odds.raid_success(2, 12) == pytest.approx(1 / 36)  # only double 6
    assert odds.raid_success(3, 0) == 1.0 and odds.raid_success(0, 0) == 0.0


def test_empowers_needed_matches_brute_force():
    dist = brute_distribution(3, lambda r: brute_strongest(r, set()))
    for barracks in range(0, 20):
        for target in (0.25, 0.5, 0.9, 1.0):
            k = next(k for k in range(40) if float(sum(p for s, p in dist.items() if s + k >= barracks)) >= target)
            assert odds.empowers_needed(3, barracks, target) == k
    assert odds.empowers_needed(0, 5, 0.5) is None


def test_bad_input_is_refused():
    for bad in (-1, 2.5, True):
        with pytest.raises(ValueError, match="dice must be a whole number"):
            odds.strongest_group(bad)
    with pytest.raises(ValueError, match="sentries"):
        odds.barracks_strength(2, sentries=-1)


def test_the_odds_table_is_fast():
    odds.multisets.cache_clear()
    import time
    t = time.perf_counter()
    odds.raid_table(10, 30)
    assert time.perf_counter() - t < 2.0  # generous: the benchmark measures the real figure


# -- the clash matrix ---------------------------------------------------------------------------------

def brute_placements(roll, free):
    """(attack, barracks) -> fewest dice, over every assignment to attack / Barracks 1 / Barracks 2 / elsewhere."""
    best = {}
    for where in product((0, 1, 2, 3), repeat=len(roll)):
        groups = [[f for f, w in zip(roll, where) if w == k] for k in (1, 2, 3)]
        if all(legal(g, free) for g in groups):
            key = (sum(groups[0]), sum(groups[1]) + sum(groups[2]))
            used = sum(1 for w in where if w)
            best[key] = min(best.get(key, 99), used)
    return best


def brute_duel(x, y, u, w, tie="both_fall"):
    """A sends x and keeps y at home; B sends u and keeps w: does each raid break through?"""
    a, b = (x if x else None), (u if u else None)
    if a is not None and b is not None:
        if a > b:
            a, b = a - b, None
        elif b > a:
            a, b = None, b - a
        else:
            a, b = (None, None) if tie == "both_fall" else (0, 0)
    return a is not None and a >= w, b is not None and b >= y


ROLLS = [([1, 1, 6], [3, 4, 4], False), ([2, 5, 6, 6], [1, 1, 3], True), ([4, 4, 2], [5, 6, 1, 1], False)]


@pytest.mark.parametrize("roll_a, roll_b, ct", ROLLS)
@pytest.mark.parametrize("tie", ["both_fall", "zero_raids"])
def test_clash_matrix_matches_brute_force(roll_a, roll_b, ct, tie):
    m = odds.clash_matrix(roll_a, roll_b, sentries=(1, 0), captains_training=(ct, False), clash_tie=tie)
    pa, pb = brute_placements(roll_a, FREE[ct]), brute_placements(roll_b, set())
    assert {(s.attack, s.barracks): s.dice for s in m.rows} == pa
    assert {(s.attack, s.barracks): s.dice for s in m.cols} == pb
    for i, ra in enumerate(m.rows):
        for j, cb in enumerate(m.cols):
            x, y, u, w = ra.attack, ra.barracks + 1, cb.attack, cb.barracks
            assert (bool(m.a_breaks[i, j]), bool(m.b_breaks[i, j])) == brute_duel(x, y, u, w, tie)
            need = -1 if x == 0 else next(k for k in range(60) if brute_duel(x + k, y, u, w, tie)[0])
            assert m.a_needs[i, j] == need
            need_b = -1 if u == 0 else next(k for k in range(60) if brute_duel(x, y, u + k, w, tie)[1])
            assert m.b_needs[i, j] == need_b


def test_empowers_for_a_target_probability():
    m = odds.clash_matrix([1, 1, 6], [3, 4, 4])
    row = next(i for i, s in enumerate(m.rows) if (s.attack, s.barracks) == (6, 2))
    for target in (0.1, 0.5, 0.8, 1.0):
        want = next(k for k in range(40) if np.mean([0 <= n <= k for n in m.a_needs[row]]) >= target)
        assert m.empowers_for(row, target) == want
    assert m.a_success()[row] == pytest.approx(np.mean(m.a_breaks[row]))
    no_attack = next(i for i, s in enumerate(m.rows) if s.attack == 0)
    assert m.empowers_for(no_attack, 0.5) is None
    assert all(s in odds.stances([1, 1, 6]) for s in odds.stances([1, 1, 6], pareto=True))


def test_clash_matrix_agrees_with_the_engine():
    """Play real rounds for a sample of stance pairs; the engine is the reference."""
    roll_a, roll_b = [5, 2, 2], [3, 4, 4]
    m = odds.clash_matrix(roll_a, roll_b)
    rng = np.random.default_rng(0)
    pairs = [(i, j) for i in range(len(m.rows)) for j in range(len(m.cols))]
    checked = 0
    for k in rng.choice(len(pairs), size=25, replace=False):
        i, j = pairs[k]
        t = start(2, first="red")
        t.roll(red=roll_a, blue=roll_b)
        for seat, roll, stance, enemy in ((0, roll_a, m.rows[i], "blue"), (1, roll_b, m.cols[j], "red")):
            spaces = [f"battleground:{enemy}", "barracks_1", "barracks_2", "farm", "forge", "temple"]
            for a, b1, b2 in realize(roll, stance.attack, stance.barracks, stance.dice, frozenset()):
                fixed = {s: g for s, g in ((spaces[0], a), ("barracks_1", b1), ("barracks_2", b2)) if g}
                plan = economy_plan(roll, spaces, frozenset(), fixed)
                if plan:
                    break
            assert sum(plan.get(spaces[0], [])) == stance.attack
            t.place(seat, *[(f, s) for s, fs in plan.items() for f in fs])
        red_broke = any(x.startswith("Red's") and "meets Blue's Barracks" in x and "breaks through" in x for x in t.texts)
        blue_broke = any(x.startswith("Blue's") and "meets Red's Barracks" in x and "breaks through" in x for x in t.texts)
        # Placing the leftovers may add dice to the Barracks; compare the cells where it did not.
        walls = [sum(t.state.players[s].on("barracks")) for s in (0, 1)]
        if walls[1] == m.cols[j].barracks:
            assert red_broke == bool(m.a_breaks[i, j]), (m.rows[i], m.cols[j], t.texts)
            checked += 1
        if walls[0] == m.rows[i].barracks:
            assert blue_broke == bool(m.b_breaks[i, j]), (m.rows[i], m.cols[j], t.texts)
            checked += 1
    assert checked >= 30
