"""Reachability against a plain breadth-first search over the engine's own Move actions."""
from collections import deque
from dataclasses import replace

import pytest

from explorer.rumble_planet import Move, rules
from explorer.rumble_planet.odds import reachable
from explorer.rumble_planet.odds.reach import value_at

from .helpers import at, gear, phase, started


def engine_bfs(state):
    """Every space with every (MP spent, Injuries) the engine's legal Move actions reach it with, breadth first.

    A Teleporter or a knock-out ends a path; the oracle knows nothing of the search it checks.
    """
    seat = state.active
    start_hp = state.player(seat).hp
    budget = rules_mp(state)
    found = {state.player(seat).space: {(0, 0)}}
    seen = set()
    queue = deque([state])
    while queue:
        s = queue.popleft()
        for a in [a for a in rules.legal_actions(s) if isinstance(a, Move)]:
            nxt, _ = rules.apply(s, a)
            p = nxt.player(seat)
            if p.knocked_out:
                continue
            key = (p.space, nxt.turn.mp, p.hp, nxt.turn.fallen, bool(nxt.pending))
            if key in seen:
                continue
            seen.add(key)
            found.setdefault(p.space, set()).add((budget - nxt.turn.mp, start_hp - p.hp))
            if not nxt.pending:
                queue.append(nxt)
    return found


def walked(state, path):
    """(space, MP spent, Injuries) after playing ``path`` as engine Moves (each refused if not legal)."""
    x = state
    for step in path:
        x, _ = rules.apply(x, Move(step))
    seat = state.active
    return x.player(seat).space, rules_mp(state) - x.turn.mp if path else 0, state.player(seat).hp - x.player(seat).hp


def assert_matches_engine(s):
    """The map's routes are the engine's cheapest and safest outcomes, and walking a route does what its label says."""
    spots = reachable(s, with_attacks=False)
    brute = engine_bfs(s)
    assert set(spots) == set(brute)
    for sp, spot in spots.items():
        outcomes = brute[sp]
        assert (spot.cheapest.mp, spot.cheapest.injuries) == min(outcomes), sp
        assert (spot.safest.injuries, spot.safest.mp) == min((i, m) for m, i in outcomes), sp
        for route in spot.routes:
            assert walked(s, route.path) == (sp, route.mp, route.injuries), (sp, route)
    return spots


def rules_mp(state):
    from explorer.rumble_planet.health import movement_points
    return movement_points(state, state.active) if state.turn.movement == "ready" else state.turn.mp


BOARDS = [
    {"side": "A", "spaces": {"p0": "E5", "p1": "E7", "p2": "C4"}, "tiles": ()},
    {"side": "B", "spaces": {"p0": "B2", "p1": "D4", "p2": "H8"}, "tiles": (("C3", "turret"), ("B4", "oil_slick"), ("C2", "drone"))},
    {"side": "A", "spaces": {"p0": "D9", "p1": "F6", "p2": "A1"}, "tiles": (("E8", "energy_wall"), ("D7", "squirrel"), ("C9", "defensive_field"))},
]


READINGS = [{}, {"ring_shape": "square"}, {"falling": "step", "ring_shape": "square"}]


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("case", BOARDS)
def test_reachability_matches_engine_bfs(case, reading):
    s = started(3, side=case["side"], **reading)
    s = phase(at(s, **case["spaces"]), "action")
    tiles = dict(s.tiles)
    tiles.update(dict(case["tiles"]))
    s = replace(s, tiles=tuple(sorted(tiles.items())))
    spots = assert_matches_engine(s)
    assert len(spots) > 10
    for sp, spot in spots.items():
        assert spot.teleporter == (sp != s.player(0).space and tiles.get(sp) == "teleporter")


def test_fewer_mp_when_equipment_fills_slots_and_a_knock_out_is_not_a_destination():
    s = phase(at(started(2, ring_shape="square"), p0="E5", p1="A1"), "action")  # the Turret's Ring: 8 spaces
    full = s
    for slot in range(1, 5):
        full = gear(full, 0, slot, "A07")
    assert len(reachable(full)) < len(reachable(s))
    fragile = s.with_player(0, hp=1)
    fragile = replace(fragile, tiles=tuple(sorted(fragile.tiles + (("E7", "turret"),))))
    assert not {"E6", "D6", "F6", "D7", "F7", "D8", "E8", "F8"} & set(reachable(fragile))


def test_attack_value_per_space_is_the_value_after_moving_there():
    s = phase(at(started(2), p0="E5", p1="E8"), "action")
    s = gear(s, 0, 1, "W09")
    spots = reachable(s)
    assert spots["E7"].attack.expected_injuries > 0  # the Flag Spear reaches E8 from next to it
    assert spots["E5"].attack.expected_injuries == 0 or s.player(0).space == "E5"
    assert spots["E7"].attack == value_at(s, "E7", spots["E7"].safest.injuries)


@pytest.mark.parametrize("case", BOARDS)
def test_a_path_to_every_reachable_space_is_legal_and_costs_the_fewest_mp(case):
    from explorer.rumble_planet.odds import path_to

    s = started(3, side=case["side"])
    s = phase(at(s, **case["spaces"]), "action")
    tiles = dict(s.tiles)
    tiles.update(dict(case["tiles"]))
    s = replace(s, tiles=tuple(sorted(tiles.items())))
    spots = reachable(s, with_attacks=False)
    budget = rules_mp(s)
    for goal, spot in spots.items():
        x = s
        for step in path_to(s, goal):
            x, _ = rules.apply(x, Move(step))  # refused if not a legal step
        assert x.player(0).space == goal
        if goal != s.player(0).space:
            assert budget - x.turn.mp == spot.mp


def test_the_map_reads_attacks_as_the_engine_lists_them_from_every_space():
    from explorer.rumble_planet import Attack
    from explorer.rumble_planet.odds import attack_value
    from explorer.rumble_planet.odds.fast import options_at

    s = phase(at(started(4), p0="E5", p1="E8", p2="C6", p3="H5"), "action")
    s = gear(gear(s, 0, 1, "W03"), 0, 2, "W12")  # a Ring weapon and a sniper with Range 4
    s = gear(s, 1, 1, "A06")
    s = replace(s, tiles=tuple(sorted(s.tiles + (("F6", "energy_wall"), ("D4", "drone")))))
    cache: dict = {}
    spots = reachable(s)
    for sp, spot in spots.items():
        moved = s.with_player(0, space=sp, hp=s.player(0).hp - spot.injuries)
        if sp != s.player(0).space:
            moved = replace(moved, turn=replace(moved.turn, movement="done"))
        engine = [a for a in rules.legal_actions(moved) if isinstance(a, Attack)]
        assert list(options_at(moved, 0, sp, cache)) == engine, sp
        assert spot.attack == attack_value(moved), sp  # the shared cache changes nothing
    assert sum(1 for spot in spots.values() if spot.attack.expected_injuries > 0) > 5


# -- the two routes of the scenario (Movement Step, Falling) --------------------------------------
def b3_with_a_turret(**opts):
    """Side A: a Hero on B3 (altitude 2) with 3 HP, a Turret on C5 whose Ring (8 spaces around) holds B4."""
    s = phase(at(started(2, ring_shape="square", **opts), p0="B3", p1="J10"), "action").with_player(0, hp=3)
    return replace(s, tiles=tuple(sorted(s.tiles + (("C5", "turret"),))), lootboxes=())


def test_a_space_reached_only_by_a_dearer_safer_route_has_a_path():
    """"If you move or are moved into a space that is at least 2 levels lower than your starting space, suffer 1
    Injury for each level of altitude difference." B3 to B4 directly is a 2-level drop into the Turret's Ring
    (4 Injuries: knocked out); down by B2, A2, A3, A4 it costs 5 MP and the Turret's 2 Injuries."""
    s = b3_with_a_turret()
    from explorer.rumble_planet.odds import path_to

    assert walked(s, path_to(s, "B4")) == ("B4", 5, 2)
    assert_matches_engine(s)


def test_a_label_never_mixes_two_routes():
    """A3: 1 MP by the direct two-level drop (2 Injuries) or 3 MP down one level at a time (none); both are given,
    each with its own MP, Injuries and path."""
    from explorer.rumble_planet.odds import Route, path_to

    spot = reachable(b3_with_a_turret())["A3"]
    assert spot.routes == (Route(1, 2, ("A3",)), Route(3, 0, ("B2", "A2", "A3")))
    assert (spot.mp, spot.injuries) == (1, 2)
    s = b3_with_a_turret()
    assert walked(s, path_to(s, "A3")) == ("A3", 1, 2) and walked(s, path_to(s, "A3", safest=True)) == ("A3", 3, 0)


@pytest.mark.parametrize("reading", READINGS)
def test_reachability_matches_engine_bfs_in_positions_of_played_games(reading):
    """Positions from seeded games (tiles placed by effects, Heroes hurt, movement steps half spent)."""
    import numpy as np

    from explorer.core import Session
    from explorer.rumble_planet import GreedyBot, Options

    checked = 0
    for seed in range(3):
        game = Session("rumble-planet", Options(players=3, **reading), seed=seed)
        bot = GreedyBot(np.random.default_rng(seed))
        for _ in range(900):
            s = game.state
            if rules.is_terminal(s) or checked >= 4 * (seed + 1):
                break
            if s.stage == "play" and not s.pending and s.turn.phase == "action" and s.turn.movement != "done" \
                    and s.player(s.active).space is not None and game.cursor % 7 == 0:
                assert_matches_engine(s)
                checked += 1
            game.play(bot.choose(s, game.legal_actions()))
    assert checked >= 6
