"""The greedy bot's placement plans ("Plan Phase" 3) for the compact game, made fast and remembered.

``make_plan`` is ``GreedyBot.plan``; ``fill`` and ``economy_plan`` here return what ``planning.fill``
and ``planning.economy_plan`` return (the same search in the same order, with the placement rules of
``planning.group_ok`` checked on sets of values instead of lists of faces). Plans are made for
stand-in Battleground names and remembered by the faces as counts (``Greedy.planned``).
"""
from __future__ import annotations

from ..state import BARRACKS

ECONOMY = frozenset({"farm", "forge", "temple"})
VILLAGE_SPACES = ["farm", "forge", "temple"]
VILLAGE_PREFER = ["temple", "farm", "forge"] + list(BARRACKS)
STAND_INS = [f"battleground:#{k}" for k in range(3)]  # Battleground spaces by their place on a board
PLANS: dict[tuple, tuple] = {}  # a greedy seat's plan and its slots, by ``Greedy.planned``'s key
VILLAGE: dict[tuple, dict] = {}  # ``village_plan`` by its arguments
NO_AGENTS: frozenset[int] = frozenset()


def forget() -> None:
    PLANS.clear()
    VILLAGE.clear()


def make_plan(faces: list[int], spaces: list[str], free, target: str):
    """``GreedyBot.plan``: the highest group guards, the economy takes what it can, the rest raids
    ``target`` (a Battleground space)."""
    left: dict[int, int] = {}  # ``Counter(faces)``: the counts in order of first appearance
    for f in faces:
        left[f] = left.get(f, 0) + 1
    guard = max(left, key=lambda v: (v * left[v], v))
    fixed = {"barracks_1": [guard] * left.pop(guard)}
    for space, fs in village_plan(tuple(sorted(f for f in faces if f != guard)), free).items():
        if space in ECONOMY:
            fixed[space] = fs
            for f in fs:
                left[f] -= 1
    left = {v: k for v, k in left.items() if k > 0}
    for v, space in zip(sorted(left, key=lambda v: -v * left[v]), (target, "barracks_2")):
        fixed[space] = [v] * left.pop(v)
    return fill(fixed, left, spaces, free, ["barracks_2"]) or economy_plan(list(faces), spaces, free) or {}


def village_plan(faces: tuple[int, ...], free) -> dict:
    """``economy_plan(faces, ["farm", "forge", "temple"], free) or {}``, remembered (read it only).
    It depends on the faces only as a multiset (it counts them), so ``faces`` come sorted."""
    key = (faces, free)
    plan = VILLAGE.get(key)
    if plan is None:
        if len(VILLAGE) > 100_000:
            VILLAGE.clear()
        plan = VILLAGE[key] = economy_plan(list(faces), VILLAGE_SPACES, free) or {}
    return plan


def economy_plan(faces: list[int], spaces: list[str], free) -> dict | None:
    """``planning.economy_plan`` (without ``fixed``): the Farm takes the biggest low group, the
    Forge the biggest high group, the Temple the biggest remaining group (6s first), and the rest
    go wherever they fit."""
    plan: dict[str, list[int]] = {}
    left: dict[int, int] = {}
    for f in faces:
        left[f] = left.get(f, 0) + 1
    for space, allowed in (("farm", (1, 2, 3)), ("forge", (4, 5, 6)), ("temple", (6, 5, 4, 3, 2, 1))):
        if space not in spaces:
            continue
        cands = [v for v in allowed if left.get(v)]
        if cands:
            v = max(cands, key=lambda v: (left[v], v == 6, v))
            plan[space] = [v] * left.pop(v)
    return fill(plan, left, spaces, free, VILLAGE_PREFER)


def fill(plan: dict, leftovers: dict, spaces: list[str], free, prefer: list[str]) -> dict | None:
    """``planning.fill``: every leftover value whole on one space, spaces tried in ``prefer`` order
    first, the first complete plan of the depth-first search (None if there is none)."""
    plan = dict(plan)
    if not leftovers:
        return plan
    values = sorted(leftovers, key=lambda v: (-leftovers[v], v))
    order = prefer + [s for s in spaces if s not in prefer]
    # each space's values that are not free agents there, and whether its faces keep to its range
    agents = {s: agents_on(s, free) for s in order}
    held = {s: set(plan.get(s, ())) - agents[s] for s in order}
    fits = {s: _in_range(s, plan.get(s, ())) for s in order}

    def search(i: int) -> bool:
        if i == len(values):
            return True
        v = values[i]
        for space in order:
            if not fits[space] or space == "farm" and v > 3 or space == "forge" and v < 4:
                continue
            before = held[space]
            now = before if v in agents[space] else before | {v}
            if len(now) > 1:
                continue
            was = plan.get(space)
            plan[space] = (was or []) + [v] * leftovers[v]
            held[space] = now
            if search(i + 1):
                return True
            held[space] = before
            if was is None:
                del plan[space]
            else:
                plan[space] = was
        return False

    return plan if search(0) else None


def agents_on(space: str, free) -> frozenset[int]:
    """The faces that join any group on ``space`` (free agents count on the Battleground and in the Barracks)."""
    return free if space.startswith("battleground:") or space in BARRACKS else NO_AGENTS


def _in_range(space: str, faces) -> bool:
    """The Farm takes 1-3 and the Forge 4-6 (any space takes no dice)."""
    return not (faces and (space == "farm" and max(faces) > 3 or space == "forge" and min(faces) < 4))


def weight(item: tuple[int, int]) -> int:
    """A value's weight in ``make_plan``'s choice of raiders (the most pips first)."""
    return -item[0] * item[1]


def slots_of(plan: dict, board, free) -> dict | None:
    """Each face's wanted spaces, as places on the board in board order, one entry per die:
    ``placement_queue`` gives the k-th die of a face the k-th entry. None if a space's group breaks
    the placement rules (then a placement may be refused part way and ``placement_queue`` must look
    at each one); a whole group that keeps to them lets every part of it be placed (``space_allows``
    asks no more of a part)."""
    for s, fs in plan.items():  # ``planning.group_ok`` (a group of one die keeps to it if in range)
        if not _in_range(s, fs) or len(fs) > 1 and len(set(fs) - agents_on(s, free)) > 1:
            return None
    slots: dict[int, list[int]] = {}
    for k, s in enumerate(board):
        for f in plan.get(s, ()):
            slots.setdefault(f, []).append(k)
    return {f: tuple(ks) for f, ks in slots.items()}
