"""The Green: coordinates, regions, adjacency, rings, distances, alignment, altitude and board files."""
import json

import pytest

from explorer.core import ContentError
from explorer.rumble_planet import load_board
from explorer.rumble_planet.board import (
    SPACES,
    adjacent,
    aligned,
    clockwise,
    distance,
    impossible_placement,
    region,
    ring,
)

from .helpers import CONTENT


def test_hundred_spaces_in_four_regions_of_25():
    assert len(SPACES) == 100 and SPACES[0] == "A1" and SPACES[-1] == "J10"
    for r in ("NW", "NE", "SE", "SW"):
        assert sum(region(s) == r for s in SPACES) == 25


def test_gps_example_regions():
    # "the coordinates I-10 in this region" (southeast); then I-1, B-1, B-10 in SW, NW, NE.
    assert [region(s) for s in ("I10", "I1", "B1", "B10")] == ["SE", "SW", "NW", "NE"]
    assert clockwise("SE", 4) == ("SE", "SW", "NW", "NE")


def test_adjacency_shares_a_side():
    assert set(adjacent("A1")) == {"A2", "B1"}
    assert set(adjacent("E5")) == {"D5", "F5", "E4", "E6"}
    assert all(len(adjacent(s)) in (2, 3, 4) for s in SPACES)


def test_distances_as_printed():
    # "Two spaces separated by one space are ... 2 spaces away. ... separated by two spaces are 3 spaces apart"
    assert distance("C3", "C5") == 2 and distance("C3", "C6") == 3 and distance("C3", "D3") == 1


def test_ring_and_extended_ring():
    assert len(ring("E5", 1)) == 8 and len(ring("E5", 2)) == 24
    assert len(ring("E5", 1, "diamond")) == 4 and len(ring("E5", 2, "diamond")) == 12
    assert len(ring("A1", 1)) == 3 and "E5" not in ring("E5", 1)


def test_alignment():
    assert aligned("C3", "C9") and aligned("C3", "H3") and not aligned("C3", "D4") and not aligned("C3", "C3")


def test_altitudes_from_elevations_and_overlays():
    b = CONTENT.board("A")
    levels = {b.altitude(s) for s in SPACES}
    assert levels == {0, 1, 2}
    assert all(b.altitude(s) == 2 for s in b.overlays) and len(b.overlays) == 12
    assert len(b.teleporters) == 4 and len(b.lootboxes) == 10


def test_impossible_placement_goes_next_door_then_farther():
    assert impossible_placement(("E5",), frozenset()) == ("E5",)
    assert set(impossible_placement(("E5",), frozenset({"E5"}))) == {"D5", "F5", "E4", "E6"}
    blocked = frozenset({"E5", "D5", "F5", "E4", "E6"})
    found = impossible_placement(("E5",), blocked)
    assert found and all(distance(s, "E5") == 2 for s in found)


def _write(tmp_path, data):
    p = tmp_path / "board.json"
    p.write_text(json.dumps(data))
    return p


@pytest.mark.parametrize("change,field", [
    ({"overlays": ["A1"] * 12}, "overlays"),
    ({"teleporters": ["A1", "A2", "A3"]}, "teleporters"),
    ({"golden": "K11"}, "golden"),
    ({"lootboxes": ["Z9"] + ["A1"] * 9}, "lootboxes[0]"),
    ({"colour": "green"}, "colour"),
    ({"kind": "deck"}, "kind"),
])
def test_bad_board_files_are_refused_naming_the_field(tmp_path, change, field):
    data = {**CONTENT.board("A").to_json(), **change}
    with pytest.raises(ContentError) as e:
        load_board(_write(tmp_path, data))
    assert e.value.field == field and str(tmp_path) in str(e.value)


def test_overlay_needs_an_elevation(tmp_path):
    data = CONTENT.board("B").to_json()
    data["elevations"] = [s for s in data["elevations"] if s != data["overlays"][0]]
    with pytest.raises(ContentError, match="no Elevation"):
        load_board(_write(tmp_path, data))


def test_board_round_trip(tmp_path):
    for side in "AB":
        assert load_board(_write(tmp_path, CONTENT.board(side).to_json())) == CONTENT.board(side)
