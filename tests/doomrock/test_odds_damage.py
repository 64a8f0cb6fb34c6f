"""Damage, LOOT! and TEST odds against brute-force enumeration and the rulebook's examples."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from explorer.doomrock.odds import (
    ExposeMarkers,
    ExposeStock,
    consume,
    damage_odds,
    hp_lost,
    loot_odds,
    loot_reward,
    pass_chance,
    pass_chance_any,
    place,
    revealed_odds,
)

KINDS = ("blank", "plus_one", "push", "cumulation")


def brute_damage(damages, shields, armour, exposed, unseen, hp, save_shields):
    """Every equally likely set of labelled markers on the target, damage point by point."""
    labelled = [kind for kind, n in zip(KINDS, unseen.as_tuple()) for _ in range(n)]
    odds = Counter()
    draws = list(combinations(range(len(labelled)), exposed))
    for draw in draws:
        plus = sum(labelled[i] == "plus_one" for i in draw)
        left, lost = shields, 0
        for n, damage in enumerate(damages):
            points = damage + (plus if n == 0 else 0)
            while points and left and (not save_shields or points > armour):
                left -= 1
                points -= 1
            lost += max(0, points - armour)
        odds[lost if hp is None else min(lost, hp)] += 1
    return {k: Fraction(v, len(draws)) for k, v in sorted(odds.items())}


small = st.integers(0, 3)


@given(
    damages=st.lists(st.integers(0, 5), min_size=1, max_size=3),
    shields=small, armour=small, hp=st.one_of(st.none(), st.integers(0, 8)),
    unseen=st.builds(ExposeMarkers, small, small, small, small),
    exposed=st.integers(0, 4), save=st.booleans(),
)
def test_damage_odds_equal_brute_force(damages, shields, armour, hp, unseen, exposed, save):
    exposed = min(exposed, unseen.total)
    expected = brute_damage(damages, shields, armour, exposed, unseen, hp, save)
    got = damage_odds(damages, shields=shields, armour=armour, exposed=exposed, unseen=unseen, hp=hp, save_shields=save)
    assert got == expected
    assert sum(got.values()) == 1


def test_revealed_odds_sum_to_one_and_match_counts():
    unseen = ExposeMarkers(blank=10, plus_one=9, push=5, cumulation=5)  # the box's 29
    odds = revealed_odds(3, unseen)
    assert sum(odds.values()) == 1
    assert odds[ExposeMarkers(plus_one=3)] == Fraction(9 * 8 * 7, 29 * 28 * 27)


def test_battle_example_poisonous_stab():
    # Battle Example: 2 damage, the goblin's shield absorbs 1 and its armour the other.
    assert hp_lost([2], shields=1, armour=1) == 0
    # 3 damage, armour absorbs 1, the revealed +1 marker adds 1: the 3 HP goblin is defeated.
    assert hp_lost([3], armour=1, plus_ones=1, hp=3) == 3
    odds = damage_odds([3], armour=1, exposed=1, unseen=ExposeMarkers(blank=2, plus_one=1, push=1), hp=3)
    assert odds == {2: Fraction(3, 4), 3: Fraction(1, 4)}


def test_armour_reduces_each_source_and_shields_first():
    assert hp_lost([2, 2], armour=1) == 2
    assert hp_lost([4], shields=1, armour=1) == 2
    assert hp_lost([1], shields=1, armour=1) == 0
    assert hp_lost([1, 3], shields=1, armour=1, save_shields=True) == 1
    assert hp_lost([1, 3], shields=1, armour=1) == 2


def test_cumulation_sets_aside_blanks_and_flips_the_rest():
    stock = ExposeStock(ExposeMarkers(3, 3, 2, 2), on_characters=3, face_up=ExposeMarkers(blank=2, push=1))
    after = consume(stock, ExposeMarkers(blank=1, plus_one=1, cumulation=1))
    assert after.face_up == ExposeMarkers()
    assert after.unseen == ExposeMarkers(2, 3, 3, 1)  # +1 and the face-up push back face down
    assert after.on_characters == 0
    plain = consume(stock, ExposeMarkers(blank=1, plus_one=1, push=1))
    assert plain.face_up == ExposeMarkers(blank=3, plus_one=1, push=2)


def test_empty_pool_flips_face_up_markers():
    stock = ExposeStock(ExposeMarkers(plus_one=2), on_characters=2, face_up=ExposeMarkers(blank=1))
    result = place(stock, 1)
    assert result.placed == 1 and not result.explosions
    assert result.stock.unseen == ExposeMarkers(blank=1, plus_one=2)


def test_expose_explosion_consumes_every_marker_on_characters():
    stock = ExposeStock(ExposeMarkers(blank=1, plus_one=2), on_characters=3)
    result = place(stock, 2)
    assert result.explosions == (ExposeMarkers(blank=1, plus_one=2),)
    assert result.placed == 2
    assert result.stock.on_characters == 2 and result.stock.unseen.total == 3


def test_explosion_with_nothing_left_places_no_more():
    stock = ExposeStock(ExposeMarkers(blank=1, cumulation=1), on_characters=2)
    result = place(stock, 1)
    assert result.placed == 0
    assert result.stock.unseen == ExposeMarkers()


# ----------------------------------------------------------------------------
# LOOT! and TEST.

TABLE = [(1, "nothing"), (3, "silver"), (4, "common item"), (6, "epic item")]


def test_loot_example():
    # Location Effects: LOOT! example: LOOT! -2, a 6 gives 4 (common item), a 1 gives -1 (lowest).
    assert loot_reward(6, -2, TABLE) == "common item"
    assert loot_reward(1, -2, TABLE) == "nothing"


@pytest.mark.parametrize("modifier", [-7, -2, 0, 1, 3, 9])
def test_loot_odds_equal_icepool(modifier):
    rewards = {1: "nothing", 2: "nothing", 3: "silver", 4: "common item", 5: "common item", 6: "epic item"}
    die = (icepool.d6 + modifier).map(lambda r: rewards[min(max(r, 1), 6)])
    expected = {r: Fraction(q, die.denominator()) for r, q in die.items()}
    assert loot_odds(modifier, TABLE) == expected


def test_test_example_and_odds():
    # Items: TEST example: agility 2, TEST AGI 4, a roll of 3 passes; so does any roll of 2+.
    assert pass_chance(2, 4) == Fraction(5, 6)
    for stat in range(5):
        for difficulty in range(-1, 12):
            die = icepool.d6 + stat >= difficulty
            assert pass_chance(stat, difficulty) == Fraction(die.quantity(True), 6)
    assert pass_chance_any([(2, 4), (1, 2)]) == 1
    assert pass_chance_any([(0, 6), (1, 6)]) == Fraction(2, 6)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: damage_odds([-1]), r"damages\[0\]"),
        (lambda: damage_odds("3"), "damages"),
        (lambda: damage_odds([]), "damages"),
        (lambda: damage_odds([2], shields=1.5), "shields"),
        (lambda: damage_odds([2], exposed=2, unseen=ExposeMarkers(blank=1)), "exposed"),
        (lambda: damage_odds([2], unseen=(1, 2, 3, 4)), "unseen"),
        (lambda: ExposeMarkers(blank=-1), "blank"),
        (lambda: ExposeMarkers(plus_one=10**9), "plus_one"),
        (lambda: ExposeStock(ExposeMarkers(blank=1), on_characters=2), "on_characters"),
        (lambda: consume(ExposeStock(ExposeMarkers(blank=1)), ExposeMarkers(blank=1)), "revealed"),
        (lambda: place(ExposeStock(ExposeMarkers()), -1), "count"),
        (lambda: loot_reward(7, 0, TABLE), "roll"),
        (lambda: loot_reward(3, 0, []), "table"),
        (lambda: loot_reward(3, 0, [(3, "a"), (1, "b")]), "rise"),
        (lambda: loot_reward(3, True, TABLE), "modifier"),
        (lambda: pass_chance("2", 4), "stat"),
        (lambda: pass_chance_any([]), "options"),
        (lambda: pass_chance_any([(1,)]), r"options\[0\]"),
    ],
)
def test_bad_inputs_are_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()
