"""Rulebook sentences checked one by one against the engine, each test quoting the sentence it checks."""
from dataclasses import replace

from explorer.core import Session
from explorer.rumble_planet import Attack, Deploy, EndPreparation, Options, PlaceAt, SetUp, StartMovement, legal_actions
from explorer.rumble_planet.cards import deck_from_json
from explorer.rumble_planet.health import movement_points

from .helpers import CONTENT, L1, L2, at, gear, phase, play, started


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


def test_a_passive_effect_on_the_heroic_object_counts():
    # Equipment Effects: "Passive: This effect is applied as long as its text is visible on your equipment board";
    # Equipment Board: "The board also has 1 slot for a Heroic Weapon". A Heroic Object's passive MP counts.
    data = CONTENT.to_json()
    data["heroes"][0]["heroic"]["levels"][0]["effect"] = {"effect": "light_frame", "amount": 2}
    content = deck_from_json(data, "heroic-passive.json", CONTENT.boards)
    s = Session("rumble-planet", Options(players=2), content, seed=0)
    s.play(SetUp(), outcome={"level1": L1, "level2": L2, "gps": "G01"})
    s.play(Deploy(), outcome="G02")
    s.play(EndPreparation())
    assert movement_points(s.state, 0) == 3 + 4 + 2
    s.play(StartMovement())
    assert s.state.turn.mp == 9
