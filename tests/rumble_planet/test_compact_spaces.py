"""The compact game's sets of spaces as bits find what the board's own rules find (Distances, Impossible
Placement or Replacement), crowded Greens included."""
import numpy as np

from explorer.rumble_planet.board import SPACES, adjacent, distance, impossible_placement
from explorer.rumble_planet.sim.compact_spaces import BALLS, FARTHEST, bits_of, placement, spaces_of


def test_balls_hold_the_spaces_within_each_distance():
    assert FARTHEST == 18
    for here in SPACES[::7]:
        for d in range(FARTHEST + 1):
            assert spaces_of(BALLS[here][d]) == tuple(s for s in SPACES if distance(here, s) <= d)


def test_bits_and_spaces_are_the_same_set():
    rng = np.random.default_rng(1)
    for _ in range(200):
        spaces = {SPACES[int(i)] for i in rng.integers(len(SPACES), size=int(rng.integers(0, 30)))}
        assert spaces_of(bits_of(spaces)) == tuple(s for s in SPACES if s in spaces)


def test_placement_is_the_boards_impossible_placement():
    rng = np.random.default_rng(2)
    crowded = 0
    for k in range(3000):
        center = SPACES[int(rng.integers(len(SPACES)))]
        targets = (center,) if k % 2 else adjacent(center)
        near = set(targets) | {s for t in targets for s in adjacent(t)}
        # block the targets often, and the spaces about them, so the search goes farther than the targets
        blocked = {s for s in near if rng.random() < 0.85} | {SPACES[int(i)] for i in rng.integers(100, size=20)}
        if k % 500 == 0:
            blocked = set(SPACES) - {SPACES[int(rng.integers(len(SPACES)))]}  # one free space left on the Green
        expected = impossible_placement(targets, frozenset(blocked))
        assert placement(targets, blocked) == expected, (targets, sorted(blocked))
        crowded += not any(t not in blocked for t in targets)
    assert crowded > 500
    assert placement((), set()) == () and placement(("A1",), set(SPACES)) == ()
