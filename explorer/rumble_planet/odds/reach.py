"""Where the active Hero can get to this turn, at what MP cost and Injuries, and what an attack is worth there.

Movement follows the engine's rules ("Movement Step", "Climbing", "Altitudes: Falling", "Tile Effects"):
``move_cost`` per step, blocked spaces from ``blocked``, falling (``fall``), Turret and Squirrel Injuries on
entering, and a Teleporter ends the plan (the relocation that follows is random). One search (``routes``) gives
the map's labels, the paths and what a click does, so they cannot disagree.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from ...core.frozen import replace
from ..arguments import flag_of, seat_of, space_of, state_of, table_of, whole_of
from ..board import adjacent, ring
from ..health import altitude, blocked, movement_points
from ..state import State
from ..turn import fall, move_cost
from .fast import Value, attack_value


@dataclass(frozen=True)
class Route:
    """One way to a space: its MP, the Injuries on the way and the spaces stepped into (the goal last)."""

    mp: int
    injuries: int
    path: tuple[str, ...]


@dataclass(frozen=True)
class Spot:
    """One reachable space: the cheapest route (fewest MP, then fewest Injuries) and the safest (fewest Injuries,
    then fewest MP); they are the same route when no dearer route is safer."""

    space: str
    cheapest: Route
    safest: Route
    teleporter: bool = False  # entering it sends the Hero on a controlled GPS relocation
    attack: Value | None = None  # best attack from here after the safest route (None: no attack after moving)

    @property
    def mp(self) -> int:
        return self.cheapest.mp

    @property
    def injuries(self) -> int:
        return self.cheapest.injuries

    @property
    def routes(self) -> tuple[Route, ...]:
        """One route, or the cheapest and the safest when they differ."""
        return (self.cheapest,) if self.cheapest == self.safest else (self.cheapest, self.safest)


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
    """Injuries for one move from ``frm`` into ``to`` now: falling (RP-27), Turret (2) and Squirrel (3) rings."""
    state = state_of(state)
    seat = seat_of(state, seat, on_green=False)
    frm, to = space_of(frm, "frm"), space_of(to, "to")
    if to not in adjacent(frm):
        raise ValueError(f"a move goes into an adjacent space; {to} is not next to {frm}")
    zones = table_of(zones, "zones")
    zones = tile_zones(state, seat) if zones is None else zones
    t = state.turn
    start = t.fall_from if t.movement == "open" else altitude(state, state.player(seat).space)
    return fall(state.options.falling, start, altitude(state, frm), altitude(state, to), t.fallen)[0] + zones.get(to, 0)


def mp_left(state: State) -> int:
    """MP the active Hero can still spend this turn (during Preparation: with the equipment as it is now)."""
    t = state.turn
    if t.phase not in ("preparation", "action") or t.movement == "done" or state.pending:
        return 0
    return movement_points(state, state.active) if t.movement == "ready" else t.mp


def routes(state: State) -> dict[str, tuple[Route, Route]]:
    """Every space the active Hero can stand on after this turn's movement, with its cheapest and safest routes.

    One label-setting search over (MP spent, Injuries, falling levels counted) keeps every label that is not
    worse in all three, each with the label it came from, so a route's path, MP and Injuries are one walk.
    A Teleporter ends a route (the relocation that follows is random); a route that knocks the Hero out is none.
    """
    seat = state_of(state).active
    p = state.player(seat)
    here = p.space
    if here is None or p.knocked_out or state.stage != "play":
        return {}
    budget = mp_left(state)
    block = blocked(state) - {here}
    tiles = dict(state.tiles)
    zones = tile_zones(state, seat)
    t = state.turn
    start = t.fall_from if t.movement == "open" else altitude(state, here)
    reading = state.options.falling
    first = (0, 0, t.fallen if t.movement == "open" else 0)
    labels: dict[str, list[tuple[int, int, int]]] = {here: [first]}
    parent: dict[tuple, tuple | None] = {(here,) + first: None}
    heap = [first + (here,)]
    while heap:
        mp, inj, fallen, s = heapq.heappop(heap)
        if (mp, inj, fallen) not in labels[s] or (s != here and tiles.get(s) == "teleporter"):
            continue
        for nb in adjacent(s):
            if nb in block:
                continue
            m2 = mp + move_cost(state, s, nb)
            if m2 > budget:
                continue
            hurt, f2 = fall(reading, start, altitude(state, s), altitude(state, nb), fallen)
            i2 = inj + hurt + zones.get(nb, 0)
            if i2 >= p.hp:
                continue  # knocked out on the way: the Hero leaves the Green
            old = labels.setdefault(nb, [])
            if any(a <= m2 and b <= i2 and c >= f2 for a, b, c in old):
                continue
            old[:] = [x for x in old if not (m2 <= x[0] and i2 <= x[1] and f2 >= x[2])] + [(m2, i2, f2)]
            parent[(nb, m2, i2, f2)] = (s, mp, inj, fallen)
            heapq.heappush(heap, (m2, i2, f2, nb))

    def walk(space: str, label: tuple[int, int, int]) -> Route:
        path, key = [], (space,) + label
        while parent[key] is not None:
            path.append(key[0])
            key = parent[key]
        return Route(label[0], label[1], tuple(reversed(path)))

    out = {}
    for s, ls in labels.items():
        cheap = min(ls, key=lambda x: (x[0], x[1]))
        safe = min(ls, key=lambda x: (x[1], x[0]))
        out[s] = (walk(s, cheap), walk(s, safe))
    return out


def reachable(state: State, with_attacks: bool = True) -> dict[str, Spot]:
    """Every space the active Hero can stand on after this turn's movement (its own space included), from ``routes``."""
    state, with_attacks = state_of(state), flag_of(with_attacks, "with_attacks")
    here = state.player(state.active).space
    tiles = dict(state.tiles)
    attack_after_move = state.turn.attack == "ready"
    cache: dict = {}
    out = {}
    for s, (cheap, safe) in routes(state).items():
        value = None
        if with_attacks and (s == here and state.turn.attack != "done" or attack_after_move):
            value = value_at(state, s, safe.injuries, cache)
        out[s] = Spot(s, cheap, safe, s != here and tiles.get(s) == "teleporter", value)
    return out


def value_at(state: State, space: str, injuries: int = 0, cache: dict | None = None) -> Value:
    """The best attack value if the active Hero stood at ``space`` with ``injuries`` fewer HP."""
    seat = state_of(state).active
    p = state.player(seat)
    space_of(space)
    whole_of(injuries, "injuries", 0, max(0, p.hp))
    moved = state.with_player(seat, space=space, hp=p.hp - injuries)
    if space != p.space:
        moved = replace(moved, turn=replace(moved.turn, movement="done"))
    return attack_value(moved, seat, cache)


def path_to(state: State, goal: str, safest: bool = False) -> tuple[str, ...]:
    """The spaces to step through (goal last) on the cheapest route to ``goal`` (or the safest), from ``routes``.

    Empty if ``goal`` is where the Hero stands or cannot be reached; every step is one engine ``Move``.
    """
    safest = flag_of(safest, "safest")
    found = routes(state).get(space_of(goal, "goal"))
    return () if found is None else found[1 if safest else 0].path
