"""Placement plans for bots: which dice go on which Village space, always completable.

A plan maps each space to the faces placed there. Placing greedily can paint a player into
a corner (three high values on the any-value spaces leave a low die with nowhere to go), so
the leftovers are assigned by a small backtracking search, one whole value at a time.
"""
from __future__ import annotations

from collections import Counter

from .state import BARRACKS, is_battleground

Plan = dict[str, list[int]]


def group_ok(space: str, faces: list[int], free: frozenset[int]) -> bool:
    """The placement rules of "Plan Phase" 3 for one space (``free``: Captain's Training faces)."""
    if space == "farm" and any(f > 3 for f in faces):
        return False
    if space == "forge" and any(f < 4 for f in faces):
        return False
    agents = free if (is_battleground(space) or space in BARRACKS) else frozenset()
    return len({f for f in faces if f not in agents}) <= 1


def fill(plan: Plan, leftovers: Counter, spaces: list[str], free: frozenset[int], prefer: list[str]) -> Plan | None:
    """Place every leftover die, each value whole on one space, trying ``prefer`` order first."""
    values = sorted(leftovers, key=lambda v: (-leftovers[v], v))
    order = prefer + [s for s in spaces if s not in prefer]

    def search(i: int, plan: Plan) -> Plan | None:
        if i == len(values):
            return plan
        v = values[i]
        for space in order:
            faces = plan.get(space, []) + [v] * leftovers[v]
            if group_ok(space, faces, free):
                found = search(i + 1, {**plan, space: faces})
                if found is not None:
                    return found
        return None

    return search(0, dict(plan))


def economy_plan(faces: list[int], spaces: list[str], free: frozenset[int], fixed: Plan | None = None) -> Plan | None:
    """Fill the Farm with the biggest low group, the Forge with the biggest high group, the Temple
    with the biggest remaining group (6s first), and the rest wherever they fit."""
    plan = {s: list(f) for s, f in (fixed or {}).items()}
    left = Counter(faces)
    for fs in plan.values():
        left.subtract(fs)
    left = +left
    for space, allowed in (("farm", (1, 2, 3)), ("forge", (4, 5, 6)), ("temple", (6, 5, 4, 3, 2, 1))):
        if space in plan or space not in spaces:
            continue
        cands = [v for v in allowed if left[v]]
        if cands:
            v = max(cands, key=lambda v: (left[v], v == 6, v))
            plan[space] = [v] * left[v]
            del left[v]
    return fill(plan, left, spaces, free, ["temple", "farm", "forge"] + list(BARRACKS))


def concrete_groups(counts: Counter, strength: int, free: frozenset[int], dice: int | None = None) -> list[list[int]]:
    """Every way to field exactly ``strength`` as one group from ``counts`` (with ``dice`` dice if given)."""
    out = []
    fixed = [v for v in range(1, 7) if v not in free]
    agents = [v for v in range(1, 7) if v in free]

    def free_parts(i: int, need: int) -> list[list[int]]:
        if i == len(agents):
            return [[]] if need == 0 else []
        v = agents[i]
        res = []
        for k in range(min(counts[v], need // v) + 1):
            res += [[v] * k + rest for rest in free_parts(i + 1, need - k * v)]
        return res

    for base in [None] + fixed:
        ks = [0] if base is None else range(1, counts[base] + 1)
        for k in ks:
            head = [] if base is None else [base] * k
            need = strength - sum(head)
            if need < 0:
                continue
            for tail in free_parts(0, need):
                group = head + tail
                if group and (dice is None or len(group) == dice):
                    out.append(group)
    return out


def realize(faces: list[int], attack: int, barracks: int, dice: int, free: frozenset[int]):
    """Concrete (attack group, Barracks group 1, Barracks group 2) achieving a stance from ``odds.stances``."""
    counts = Counter(faces)
    attacks = concrete_groups(counts, attack, free) if attack else [[]]
    for a in attacks:
        rest = counts - Counter(a)
        if barracks == 0:
            if len(a) == dice:
                yield a, [], []
            continue
        for b1_strength in range(1, barracks + 1):
            for b1 in concrete_groups(rest, b1_strength, free):
                rest2 = rest - Counter(b1)
                b2_strength = barracks - b1_strength
                b2s = concrete_groups(rest2, b2_strength, free) if b2_strength else [[]]
                for b2 in b2s:
                    if len(a) + len(b1) + len(b2) == dice:
                        yield a, b1, b2


def to_pairs(plan: Plan) -> Counter:
    """The plan as a multiset of (face, space) placements."""
    return Counter((f, s) for s, fs in plan.items() for f in fs)
