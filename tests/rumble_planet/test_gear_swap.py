"""Gear Swap (Loot Cards): "Swap two adjacent pieces of equipment on your equipment track."

A swap needs two pieces: a lone piece next to an empty slot cannot be swapped (ruling RP-11).
"""
from dataclasses import replace

from explorer.rumble_planet import Decline, OpenLootbox, SwapGear, rules

from .helpers import gear, phase, play, started


def looting(*slots):
    s = phase(started(), "loot").with_player(0, lootboxes=1)
    for slot, card in slots:
        s = gear(s, 0, slot, card)
    s = replace(s, gps_top="G01")
    s, ev = play(s, OpenLootbox(), "L13")  # Gear Swap + Credits
    return s, ev


def test_gear_swap_offers_only_two_adjacent_pieces():
    s, _ = looting((1, "W09"), (2, "A05"), (4, "A06"))
    assert s.pending[0].kind == "gear_swap"
    assert rules.legal_actions(s) == [SwapGear(1), Decline()]  # slots 3-4 hold one piece: no swap
    s, _ = play(s, SwapGear(1))
    assert [g and g.main for g in s.player(0).track] == ["A05", "W09", None, "A06"]


def test_a_lone_piece_next_to_an_empty_slot_cannot_be_swapped():
    s, ev = looting((2, "W09"), (4, "A06"))
    assert not s.pending or s.pending[0].kind != "gear_swap"  # no two adjacent pieces: the reward is skipped
    assert [g and g.main for g in s.player(0).track] == [None, "W09", None, "A06"]
    assert any("swap" in e.text for e in ev)
