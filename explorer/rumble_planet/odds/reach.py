"""Where the active Hero can get to this turn, at what MP cost and Injuries, and what an attack is worth there.

Movement follows the engine's rules ("Movement Step", "Climbing", "Altitudes: Falling", "Tile Effects"):
``move_cost`` per step, blocked spaces from ``blocked``, falling, Turret and Squirrel Injuries on entering,
and a Teleporter ends the plan (the relocation that follows is random).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, replace

from ..board import adjacent, ring
from ..health import altitude, blocked, movement_points
from ..state import State
from ..turn import move_cost
from .fast import Value, attack_value


@dataclass(frozen=True)
class Spot:
    """One reachable space: the cheapest way there and the safest one within this turn's MP."""

    space: str
    mp: int  # fewest MP to get there
    injuries: int  # fewest Injuries on the way (falling, Turrets, Squirrel) within the MP left
    mp_safest: int  # MP spent on that safest path
    teleporter: bool = False  # entering it sends the Hero on a controlled GPS relocation
    attack: Value | None = None  # best attack from here (None: no attack possible after moving)


def tile_zones(state: State, seat: int) -> dict[str, int]:
    """Injuries for entering each space in a Turret's (2) or the Squirrel's (3, not for Agent Dogniss) Ring."""
    zones: dict[str, int] = {}
    shape = state.options.ring_shape
    dogniss = "Dogniss" in state.name(seat)
    for sp, tile in state.tiles:
        hurt = 2 if tile == "turret" else 3 if tile == "squirrel" and not dogniss else 0
        if hurt:
            for s in ring(sp, 1, shape):
                zones[s] = zones.get(s, 0) + hurt
    return zones


def entry_injuries(state: State, seat: int, frm: str, to: str, zones: dict[str, int] | None = None) -> int:
    """Injuries for stepping from ``frm`` into ``to``: a fall of 2+ levels, Turret (2) and Squirrel (3) rings."""
    drop = altitude(state, frm) - altitude(state, to)
    zones = tile_zones(state, seat) if zones is None else zones
    return (drop if drop >= 2 else 0) + zones.get(to, 0)


def mp_left(state: State) -> int:
    """MP the active Hero can still spend this turn (during Preparation: with the equipment as it is now)."""
    t = state.turn
    if t.phase not in ("preparation", "action") or t.movement == "done" or state.pending:
        return 0
    return movement_points(state, state.active) if t.movement == "ready" else t.mp


def reachable(state: State, with_attacks: bool = True) -> dict[str, Spot]:
    """Every space the active Hero can stand on after this turn's movement (its own space included).

    A label-setting search over (MP spent, Injuries) keeps every path that is not worse in both.
    """
    seat = state.active
    p = state.player(seat)
    here = p.space
    if here is None or p.knocked_out or state.stage != "play":
        return {}
    budget = mp_left(state)
    block = blocked(state) - {here}
    tiles = dict(state.tiles)
    zones = tile_zones(state, seat)
    labels: dict[str, list[tuple[int, int]]] = {here: [(0, 0)]}
    heap = [(0, 0, here)]
    while heap:
        mp, inj, s = heapq.heappop(heap)
        if (mp, inj) not in labels.get(s, ()) or (s != here and tiles.get(s) == "teleporter"):
            continue
        for nb in adjacent(s):
            if nb in block:
                continue
            m2 = mp + move_cost(state, s, nb)
            if m2 > budget:
                continue
            i2 = inj + entry_injuries(state, seat, s, nb, zones)
            if i2 >= p.hp:
                continue  # knocked out on the way: the Hero leaves the Green
            old = labels.setdefault(nb, [])
            if any(a <= m2 and b <= i2 for a, b in old):
                continue
            old[:] = [(a, b) for a, b in old if not (m2 <= a and i2 <= b)] + [(m2, i2)]
            heapq.heappush(heap, (m2, i2, nb))
    attack_after_move = state.turn.attack == "ready"
    cache: dict = {}
    out = {}
    for s, ls in labels.items():
        mp = min(a for a, _ in ls)
        safe = min(ls, key=lambda x: (x[1], x[0]))
        value = None
        if with_attacks and (s == here and state.turn.attack != "done" or attack_after_move):
            value = value_at(state, s, safe[1], cache)
        out[s] = Spot(s, mp, safe[1], safe[0], s != here and tiles.get(s) == "teleporter", value)
    return out


def value_at(state: State, space: str, injuries: int = 0, cache: dict | None = None) -> Value:
    """The best attack value if the active Hero stood at ``space`` with ``injuries`` fewer HP."""
    seat = state.active
    p = state.player(seat)
    moved = state.with_player(seat, space=space, hp=p.hp - injuries)
    if space != p.space:
        moved = replace(moved, turn=replace(moved.turn, movement="done"))
    return attack_value(moved, seat, cache)


def path_to(state: State, goal: str) -> tuple[str, ...]:
    """The spaces to step through (goal last) on a cheapest way to ``goal`` this turn, fewest Injuries among those.

    Empty if ``goal`` is where the Hero stands or cannot be reached; every step is one engine ``Move``.
    """
    seat = state.active
    p = state.player(seat)
    here = p.space
    if here is None or goal == here:
        return ()
    budget = mp_left(state)
    block = blocked(state) - {here}
    tiles = dict(state.tiles)
    zones = tile_zones(state, seat)
    best = {here: (0, 0)}
    prev: dict[str, str] = {}
    heap = [(0, 0, here)]
    while heap:
        mp, inj, s = heapq.heappop(heap)
        if best.get(s) != (mp, inj) or (s != here and tiles.get(s) == "teleporter"):
            continue
        for nb in adjacent(s):
            if nb in block:
                continue
            m2 = mp + move_cost(state, s, nb)
            i2 = inj + entry_injuries(state, seat, s, nb, zones)
            if m2 > budget or i2 >= p.hp or best.get(nb, (99, 99)) <= (m2, i2):
                continue
            best[nb], prev[nb] = (m2, i2), s
            heapq.heappush(heap, (m2, i2, nb))
    if goal not in prev:
        return ()
    out = [goal]
    while prev[out[-1]] != here:
        out.append(prev[out[-1]])
    return tuple(reversed(out))
