"""The compact game's greedy plans (``sim.plans``) are the planner's (``planning``): the same
search in the same order for every roll of up to six dice, and a plan remembered by the faces as
counts is the plan of the faces in any order that has those counts and ties ("Plan Phase" 3)."""
from __future__ import annotations

import itertools

import numpy as np

from collections import Counter

from explorer.barbearian import planning
from explorer.barbearian.sim import plans

VILLAGE = ["barracks_1", "barracks_2", "farm", "forge", "temple"]
FREE = [frozenset(), frozenset({6}), frozenset({1, 2})]  # no Captain's Training, and two of its face sets
BOARDS = [["farm", "forge", "temple"]] + [plans.STAND_INS[:k] + VILLAGE for k in (1, 2, 3)]


def rolls(most: int):
    for size in range(most + 1):
        yield from itertools.combinations_with_replacement(range(1, 7), size)


def test_economy_plan_is_the_planners_for_every_roll():
    for faces in rolls(6):
        for spaces in BOARDS:
            for free in FREE:
                assert plans.economy_plan(list(faces), spaces, free) == planning.economy_plan(list(faces), spaces, free), \
                    (faces, spaces, free)


def test_fill_is_the_planners_from_any_start():
    spaces = plans.STAND_INS[:2] + VILLAGE
    starts = [{}, {"barracks_1": [6, 6]}, {"farm": [2], "temple": [6]}, {"forge": [1]}, {"barracks_1": [5], "farm": [3, 3]}]
    for faces in rolls(5):
        left: dict[int, int] = {}
        for f in faces:
            left[f] = left.get(f, 0) + 1
        for start in starts:
            for free in FREE:
                for prefer in (["barracks_2"], ["temple", "farm", "forge", "barracks_1", "barracks_2"]):
                    got = plans.fill(start, dict(left), spaces, free, prefer)
                    assert got == planning.fill(start, Counter(left), spaces, free, prefer), (faces, start, free)


def test_a_plan_depends_on_the_counts_and_their_ties_only():
    rng = np.random.default_rng(5)
    spaces = plans.STAND_INS[:2] + VILLAGE
    for _ in range(3000):
        faces = rng.integers(1, 7, size=int(rng.integers(1, 9))).tolist()
        counts: dict[int, int] = {}
        for f in faces:
            counts[f] = counts.get(f, 0) + 1
        listed = [v for v, k in sorted(counts.items(), key=plans.weight) for _ in range(k)]
        for at in (0, 1):
            free = FREE[int(rng.integers(len(FREE)))]
            plan = plans.make_plan(faces, spaces, free, plans.STAND_INS[at])
            assert plans.make_plan(listed, spaces, free, plans.STAND_INS[at]) == plan, faces
            # every group keeps to the placement rules, so each die can go to its planned space in turn
            assert all(planning.group_ok(s, fs, free) for s, fs in plan.items()), (faces, plan)
            assert plans.slots_of(plan, spaces, free) is not None
