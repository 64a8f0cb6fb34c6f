"""The GPS System: relocation, controlled relocation, multiple relocations and placement next to a blocked space."""
from dataclasses import replace

from explorer.rumble_planet.gps import gps_pool, place_hero, relocate

from .helpers import CONTENT, started


def fresh():
    s = started()
    return replace(s, gps_top="G01", gps_deck=tuple(c.id for c in CONTENT.gps if c.id != "G01"), gps_discard=())


def test_relocation_reads_the_next_cards_back():
    s, spaces, ev = relocate(fresh(), "G04", 1)  # G04's back: northeast
    assert spaces == ("B10",) and s.gps_top == "G04" and s.gps_discard == ("G01",) and "G04" not in s.gps_deck


def test_controlled_multiple_relocation_goes_clockwise_from_the_chosen_region():
    s, spaces, ev = relocate(fresh(), "G04", 3, controlled="SW")
    assert spaces == ("I1", "B1", "B10") and "chose the southwest" in ev[-1].text


def test_four_coordinates_at_most_per_card():
    _, spaces, _ = relocate(fresh(), "G02", 4)
    assert spaces == ("I10", "I1", "B1", "B10")


def test_pool_is_the_deck_or_else_the_discards():
    s = replace(fresh(), gps_deck=(), gps_discard=("G05", "G06"))
    assert gps_pool(s) == ("G05", "G06")


def test_place_hero_next_to_a_blocked_space_waits_for_a_choice():
    s = started()
    s = s.with_player(0, space=None).with_player(1, space="I10")
    s2, ev = place_hero(s, 0, "I10")
    assert s2.pending[0].kind == "place" and set(s2.pending[0].data[1:]) == {"H10", "I9", "J10"}
    s3, _ = place_hero(s, 0, "E5")
    assert s3.player(0).space == "E5" and not s3.pending
