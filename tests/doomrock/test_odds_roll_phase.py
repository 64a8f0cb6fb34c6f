"""The roll-phase solver against brute-force expectimax (exact fractions) and icepool."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from explorer.doomrock.odds import Objective, RollPhaseSolver, best_activations
from explorer.doomrock.odds.assignment import assignment_table, best_assignment
from explorer.doomrock.odds.inputs import cards as check_cards
from explorer.doomrock.odds.multisets import faces_of, layout_for

FIVE_OR_SIX = ([(5,), (6,)], 2)
TWO_SIXES = ([(6, 6)], 1)
ONE_OR_TWO = ([(1,), (2,)], 1)
THREE_FOUR = ([(3, 4)], 1)


# ----------------------------------------------------------------------------
# Brute force: ordered dice, every die sent to a slot, every subset of positions rerolled.


def brute_force(n_dice, cards, rerolls, *, card_values=None, shield=0, heroism=0, locked=None, worth=None):
    """Expected worth by plain expectimax over ordered rolls, in exact fractions.

    Returns ``(start value, value of a hand with r rerolls left, value of keeping positions)``.
    """
    locked = locked or [0] * len(cards)
    tables = []
    for i, (_, charges) in enumerate(cards):
        per_set = [Fraction(1)] * charges if card_values is None else list(card_values[i])
        per_set = (per_set + [Fraction(0)] * charges)[:charges]
        tables.append([sum(per_set[:k], Fraction(0)) for k in range(charges + 1)])
    slots = [(i, j) for i, (_, charges) in enumerate(cards) for j in range(charges - locked[i])]
    alternatives = [{tuple(sorted(a)) for a in alts} for alts, _ in cards]

    @cache
    def final(hand):
        best = Fraction(-1)
        for target in product([None, *range(len(slots))], repeat=len(hand)):
            groups = {}
            for die, slot in zip(hand, target):
                if slot is not None:
                    groups.setdefault(slot, []).append(die)
            if any(tuple(sorted(g)) not in alternatives[slots[s][0]] for s, g in groups.items()):
                continue
            sets = [locked[i] for i in range(len(cards))]
            for s in groups:
                sets[slots[s][0]] += 1
            loose = [d for d, slot in zip(hand, target) if slot is None]
            if worth is not None:
                value = worth(tuple(sets), loose.count(1), loose.count(6))
            else:
                value = sum(tables[i][k] for i, k in enumerate(sets))
                value += shield * loose.count(1) + heroism * loose.count(6)
            best = max(best, value)
        return best

    @cache
    def hand_value(hand, r):
        if r == 0:
            return final(hand)
        return max(keep_value(hand, mask, r) for mask in product([False, True], repeat=len(hand)))

    def keep_value(hand, mask, r):
        kept = tuple(d for d, k in zip(hand, mask) if k)
        rolls = list(product(range(1, 7), repeat=len(hand) - len(kept)))
        return sum(hand_value(tuple(sorted(kept + new)), r - 1) for new in rolls) / Fraction(len(rolls))

    start = sum(hand_value(tuple(sorted(h)), rerolls) for h in product(range(1, 7), repeat=n_dice))
    return start / Fraction(6**n_dice), hand_value, keep_value


face_sets = st.lists(st.integers(1, 6), min_size=1, max_size=2).map(tuple)
small_cards = st.lists(
    st.tuples(st.lists(face_sets, min_size=1, max_size=2), st.integers(0, 2)), min_size=1, max_size=3
)


CASES = [
    (3, [FIVE_OR_SIX], 2, {}),
    (3, [TWO_SIXES, ONE_OR_TWO], 2, {}),
    (3, [THREE_FOUR, FIVE_OR_SIX], 2, {}),
    (2, [TWO_SIXES, ([(1,)], 1)], 2, {"shield": Fraction(1, 2), "heroism": Fraction(1, 3)}),
    (3, [FIVE_OR_SIX, TWO_SIXES], 1, {"card_values": [(Fraction(3), Fraction(1)), (Fraction(5),)]}),
    (3, [FIVE_OR_SIX, THREE_FOUR], 2, {"locked": [1, 0]}),
    (2, [([(1, 2), (6,)], 2), ([(2,), (3,)], 1)], 2, {"shield": Fraction(1)}),
    (4, [FIVE_OR_SIX, TWO_SIXES, THREE_FOUR], 1, {}),
    (4, [FIVE_OR_SIX, TWO_SIXES], 2, {}),
]


@pytest.mark.parametrize("n_dice, cards, rerolls, extra", CASES)
def test_solver_equals_brute_force_expectimax(n_dice, cards, rerolls, extra):
    expected, _, _ = brute_force(n_dice, cards, rerolls, **extra)
    objective = Objective(
        card_values=None if "card_values" not in extra else tuple(tuple(float(v) for v in vs) for vs in extra["card_values"]),
        shield_value=float(extra.get("shield", 0)),
        heroism_value=float(extra.get("heroism", 0)),
    )
    solver = RollPhaseSolver(n_dice, cards, rerolls, objective=objective, locked=extra.get("locked"))
    assert solver.value == pytest.approx(float(expected), abs=1e-12)


def test_keep_values_equal_brute_force_for_every_hand():
    cards = [TWO_SIXES, ONE_OR_TWO, THREE_FOUR]
    _, hand_value, keep_value = brute_force(3, cards, 2)
    solver = RollPhaseSolver(3, cards, 2)
    for hand in product(range(1, 7), repeat=3):
        hand = tuple(sorted(hand))
        for r in (1, 2):
            assert solver.hand_value(hand, r) == pytest.approx(float(hand_value(hand, r)), abs=1e-12)
            by_kept = {c.kept: c.value for c in solver.keep_values(hand, r)}
            for mask in product([False, True], repeat=3):
                kept = tuple(d for d, k in zip(hand, mask) if k)
                assert by_kept[kept] == pytest.approx(float(keep_value(hand, mask, r)), abs=1e-12)
        assert solver.hand_value(hand, 0) == pytest.approx(float(hand_value(hand, 0)), abs=1e-12)


def test_activation_chance_equals_brute_force():
    cards = [TWO_SIXES, FIVE_OR_SIX]
    expected, _, _ = brute_force(3, cards, 2, card_values=[(Fraction(1),), (Fraction(0), Fraction(0))])
    solver = RollPhaseSolver(3, cards, 2, objective=Objective.activate(0, 2))
    assert solver.value == pytest.approx(float(expected), abs=1e-12)


def test_both_cards_activated_equals_brute_force():
    cards = [FIVE_OR_SIX, TWO_SIXES, ONE_OR_TWO]
    worth = lambda sets, ones, sixes: Fraction(int(sets[0] > 0 and sets[1] > 0))
    expected, _, _ = brute_force(3, cards, 2, worth=worth)
    solver = RollPhaseSolver(3, cards, 2, objective=Objective.activate_all([0, 1]))
    assert solver.value == pytest.approx(float(expected), abs=1e-12)
    plan = solver.assignment((6, 6, 5))
    assert plan.value == 1 and plan.sets[1] == ((6, 6),)


def test_custom_worth_that_falls_with_sets_equals_brute_force():
    # Exactly one set on the first card, heroism counted, a second set costs: worth may fall.
    cards = [([(6,), (6, 6)], 2), THREE_FOUR]
    worth = lambda sets, ones, sixes: (2 if sets[0] == 1 else 0) + sets[1] + Fraction(sixes, 2)
    expected, hand_value, _ = brute_force(3, cards, 1, worth=worth)
    solver = RollPhaseSolver(3, cards, 1, objective=Objective(worth=lambda s, o, x: float(worth(s, o, x))))
    assert solver.value == pytest.approx(float(expected), abs=1e-12)
    for hand in [(3, 4, 6), (6, 6, 6), (1, 6, 6)]:
        assert solver.assignment(hand).value == pytest.approx(float(hand_value(hand, 0)))


@given(cards=small_cards, n_dice=st.integers(0, 4), rerolls=st.integers(0, 2))
def test_custom_sum_of_sets_equals_card_by_card(cards, n_dice, rerolls):
    custom = RollPhaseSolver(n_dice, cards, rerolls, objective=Objective(worth=lambda s, o, x: sum(s)))
    assert custom.value == pytest.approx(best_activations(n_dice, cards, rerolls), abs=1e-12)


def test_extra_dice_roll_with_the_others():
    cards = [FIVE_OR_SIX, TWO_SIXES]
    expected, _, _ = brute_force(3, cards, 1)
    assert RollPhaseSolver(1, cards, 1, extra_dice=2).value == pytest.approx(float(expected), abs=1e-12)


@given(cards=small_cards, n_dice=st.integers(0, 2), rerolls=st.integers(0, 2))
def test_random_small_cases_equal_brute_force(cards, n_dice, rerolls):
    expected, _, _ = brute_force(n_dice, cards, rerolls)
    assert best_activations(n_dice, cards, rerolls) == pytest.approx(float(expected), abs=1e-12)


@given(cards=small_cards, shield=st.integers(0, 3), heroism=st.integers(0, 3))
def test_assignment_table_equals_the_plain_search(cards, shield, heroism):
    checked = check_cards(cards)
    tables = Objective().tables(checked)
    layout = layout_for(5)
    table = assignment_table(layout, checked, tables, shield, heroism)
    for row in range(0, len(layout), 7):
        hand = faces_of(layout.counts[row])
        plan = best_assignment(hand, checked, tables, shield, heroism)
        assert table[row] == pytest.approx(plan.value)
        placed = [f for combo in plan.sets for alt in combo for f in alt]
        assert sorted(placed + [1] * plan.shields + [6] * plan.heroism + list(plan.spent)) == list(hand)


# ----------------------------------------------------------------------------
# Plain pool questions answered by icepool.


def mean(die) -> float:
    return float(Fraction(die.mean()))


@pytest.mark.parametrize("n_dice, charges", [(4, 2), (8, 3), (6, 6)])
def test_one_face_card_equals_icepool_rerolled_dice(n_dice, charges):
    # Keeping every 6 and rerolling the rest dominates, so each die hits with three tries.
    die = icepool.d6.reroll([1, 2, 3, 4, 5], depth=2)
    hits = (n_dice @ (die == 6)).map(lambda x: min(x, charges))
    assert best_activations(n_dice, [([(6,)], charges)], 2) == pytest.approx(mean(hits), abs=1e-12)


@pytest.mark.parametrize("n_dice, charges", [(5, 3), (8, 2)])
def test_no_reroll_five_or_six_equals_icepool(n_dice, charges):
    hits = icepool.d6.pool(n_dice).keep_outcomes([5, 6]).size().map(lambda x: min(x, charges))
    assert best_activations(n_dice, [FIVE_OR_SIX[:1] + (charges,)], 0) == pytest.approx(mean(hits), abs=1e-12)


@pytest.mark.parametrize("n_dice, charges", [(6, 1), (7, 3)])
def test_no_reroll_pairs_of_sixes_equal_icepool(n_dice, charges):
    pairs = icepool.d6.pool(n_dice).count_subset([6, 6]).map(lambda x: min(x, charges))
    assert best_activations(n_dice, [([(6, 6)], charges)], 0) == pytest.approx(mean(pairs), abs=1e-12)


def test_shields_only_equal_icepool():
    die = icepool.d6.reroll([2, 3, 4, 5, 6], depth=2)
    ones = 8 @ (die == 1)
    solver = RollPhaseSolver(8, [], 2, objective=Objective(card_values=(), shield_value=1.0))
    assert solver.value == pytest.approx(mean(ones), abs=1e-12)


# ----------------------------------------------------------------------------
# Decisions and reports.


def test_best_keep_and_move_quality():
    cards = [FIVE_OR_SIX, TWO_SIXES, ([(1,), (2,)], 2), THREE_FOUR]
    solver = RollPhaseSolver(8, cards, 2)
    hand = (1, 1, 1, 2, 3, 3, 3, 3)
    best = solver.best_keep(hand, 2)
    assert best.value == pytest.approx(solver.hand_value(hand, 2))
    assert best.value == max(c.value for c in solver.keep_values(hand, 2))
    bad = (1, 1, 1, 2, 3, 3, 3, 3)  # keeping everything wastes both rerolls
    report = solver.move_quality([(hand, bad), (hand, bad)])
    assert report.decisions[0].loss == pytest.approx(best.value - solver.hand_value(hand, 1))
    assert report.total_loss > 0
    good = solver.move_quality([(hand, best.kept)])
    assert good.total_loss == 0


def test_complete_hand_keeps_everything():
    solver = RollPhaseSolver(8, [FIVE_OR_SIX, TWO_SIXES, ([(1,), (2,)], 2), THREE_FOUR], 2)
    hand = (1, 2, 3, 4, 5, 6, 6, 6)
    assert solver.best_keep(hand, 2).kept == hand
    assert solver.assignment(hand).value == 6


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: best_activations(13, [FIVE_OR_SIX]), "n_dice"),
        (lambda: best_activations(True, [FIVE_OR_SIX]), "n_dice"),
        (lambda: best_activations(2.0, [FIVE_OR_SIX]), "n_dice"),
        (lambda: best_activations(3, [FIVE_OR_SIX], rerolls=-1), "rerolls"),
        (lambda: best_activations(3, [FIVE_OR_SIX], rerolls=99), "rerolls"),
        (lambda: best_activations(3, [([(7,)], 1)]), r"cards\[0\] alternatives\[0\]\[0\]"),
        (lambda: best_activations(3, [([(0,)], 1)]), r"alternatives\[0\]\[0\]"),
        (lambda: best_activations(3, [([(6,)], -1)]), "charges"),
        (lambda: best_activations(3, [([(6,)], None)]), "charges"),
        (lambda: best_activations(3, [([], 1)]), "alternatives"),
        (lambda: best_activations(3, [([()], 1)]), "at least one face"),
        (lambda: best_activations(3, [([("6",)], 1)]), "alternatives"),
        (lambda: best_activations(3, [([6], 1)]), "alternatives"),
        (lambda: best_activations(3, "cards"), "cards"),
        (lambda: best_activations(3, None), "cards"),
        (lambda: best_activations(3, [(1, 2, 3)]), r"cards\[0\]"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], locked=[3]), "locked"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], objective=Objective(shield_value=-1)), "shield_value"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], objective=Objective(card_values=(float("nan"),))), "card_values"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], objective=Objective(card_values=(1, 2))), "card_values"),
        (lambda: RollPhaseSolver(10, [FIVE_OR_SIX], extra_dice=3), "extra_dice"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], objective=Objective(worth=5)), "worth"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], objective=Objective(worth=lambda s, o, x: "a")), "worth"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], objective=Objective(worth=lambda s, o, x: float("inf"))), "worth"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], objective=Objective(worth=lambda s: 1)), "worth"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX], objective=Objective(worth=len, shield_value=1)), "not both"),
        (lambda: Objective.activate_all(3), "cards"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX]).keep_values((1, 2), 1), "hand"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX]).keep_values((1, 2, 3), 0), "rerolls_left"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX]).keep_values((1, 2, 9), 1), "hand"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX]).move_quality([((1, 2, 3), (4,))]), "not part"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX]).move_quality([((1, 2, 3), (1,)), ((2, 2, 3), ())]), "lacks"),
        (lambda: RollPhaseSolver(3, [FIVE_OR_SIX]).move_quality(5), "decisions"),
    ],
)
def test_bad_inputs_are_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_largest_inputs_are_refused_or_solved():
    alternatives = [(f,) for f in range(1, 7)] + [(1, 2), (3, 4), (5, 6), (1, 6), (2, 5), (3, 6)]
    with pytest.raises(ValueError, match="too large"):
        RollPhaseSolver(12, [(alternatives, 12)] * 12, 6)
    assert 0 < best_activations(12, [([(6,)], 12)], 6) <= 12
