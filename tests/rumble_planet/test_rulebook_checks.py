"""Rulebook sentences checked one by one against the engine, each test quoting the sentence it checks."""
from dataclasses import replace

from explorer.rumble_planet import Attack, PlaceAt, legal_actions

from .helpers import at, gear, phase, play, started


def test_knock_out_applies_obsolescence_before_the_mini_leaves_the_green():
    # Knocked Out! (KO): "If you are KO'd, immediately apply obsolescence to your equipment and remove your
    # Mini from the Green." The Sand Blaster's "upon obsolescence" Turret is placed next to where she stood.
    s = at(phase(started(), "action"), p0="E1", p1="E3").with_player(1, hp=2)
    s = replace(gear(s, 1, 4, "W10"), lootboxes=(), golden=None)
    s, ev = play(s, Attack("heroic", "E3"), "legs")
    texts = [e.text for e in ev]
    assert s.player(1).knocked_out and s.player(1).space is None
    assert s.pending and s.pending[0].kind == "place_tile" and s.pending[0].data[:2] == ("turret", "E3")
    assert {a.space for a in legal_actions(s)} == {"D3", "F3", "E2", "E4"}
    gone = next(i for i, t in enumerate(texts) if "leaves the Green" in t)
    worn = next(i for i, t in enumerate(texts) if "goes to the shop pile" in t)
    assert worn < gone
    s, _ = play(s, PlaceAt("E4"))
    assert s.tile_at("E4") == "turret"
