"""Readings where players differ are options (docs/rulings/rumble-planet.md): each value, and what it changes."""
from dataclasses import replace

import pytest

from explorer.core import Session
from explorer.rumble_planet import Move, Options, rules

from .helpers import at, phase, started


def walk(state, *spaces):
    for sp in spaces:
        state, _ = rules.apply(state, Move(sp))
    return state


# -- RP-27 falling ---------------------------------------------------------------------------------------------
def test_falling_counted_move_by_move_or_from_the_step_start():
    """"If you move or are moved into a space that is at least 2 levels lower than your starting space, suffer 1
    Injury for each level of altitude difference. You do not suffer Injuries when descending only 1 level."
    Side A: B3 is at altitude 2, B2 at 1, A2 and A3 at 0."""
    def after(reading, *path):
        s = phase(at(started(2, falling=reading), p0="B3", p1="J10"), "action")
        s = replace(s, lootboxes=())
        return 18 - walk(s, *path).player(0).hp

    assert after("move", "B2", "A2", "A3") == 0  # one level at a time
    assert after("step", "B2", "A2") == 2  # two levels below where the step began
    assert after("step", "B2", "A2", "A3", "A4") == 2  # each level counted once a step
    assert after("move", "A3") == after("step", "A3") == 2  # a two-level drop in one move, either way


@pytest.mark.parametrize("options", [Options(falling="step"), Options()])
def test_every_reading_round_trips_through_options_json_and_a_save(options):
    assert Options.from_json(options.to_json()) == options
    s = Session("rumble-planet", options, seed=4)
    loaded = Session.from_json(s.to_json())
    assert loaded.options == options


def test_a_reading_must_be_one_of_its_values():
    for bad in ({"falling": "turn"}, {"falling": 1}):
        with pytest.raises(ValueError, match="options.falling must be 'move' or 'step'"):
            Options(**bad)
