"""Tiles: the Summary Table, placing tiles from effects, the Squirrel, running out of tiles, Teleporter Replacement."""
import json
from dataclasses import replace

import pytest

from explorer.core import ContentError
from explorer.rumble_planet import (
    Attack,
    ChooseRegion,
    Decline,
    MoveTile,
    OpenLootbox,
    Options,
    PlaceAt,
    WearOut,
    legal_actions,
    load_deck,
)
from explorer.rumble_planet.tiles import BLOCKING, TILE_TABLE

from .helpers import CONTENT, at, gear, phase, play, started


def test_summary_table():
    assert BLOCKING == {"turret": 3, "squirrel": 3, "energy_wall": 6}
    assert {k for k, t in TILE_TABLE.items() if t.zone == 1} == {"defensive_field", "turret", "squirrel"}


def test_upon_obsolescence_turret_goes_next_to_you_by_choice():
    s = at(phase(gear(started(), 0, 1, "W10"), "preparation"), p0="E5", p1="J9")  # Sand Blaster: turret upon obsolescence
    s, ev = play(s, WearOut(1))
    assert s.pending[0].kind == "place_tile"
    assert {a.space for a in legal_actions(s)} == {"D5", "F5", "E4", "E6"}  # blocking: not in her own space
    s, ev = play(s, PlaceAt("E6"))
    assert s.tile_at("E6") == "turret" and not s.pending


def test_non_blocking_tile_may_go_in_your_space():
    s = at(phase(gear(started(), 0, 1, "W07"), "preparation"), p0="E5", p1="J9")  # Ball Gatling: oil slick
    s, _ = play(s, WearOut(1))
    assert PlaceAt("E5") in legal_actions(s)


def test_out_of_tiles_an_existing_one_may_be_replaced():
    opts = Options(players=2, tile_supply={"turret": 1})
    s = at(phase(gear(started(), 0, 1, "W10"), "preparation"), p0="E5", p1="J9")
    s = replace(s, options=opts, tiles=s.tiles + (("A1", "turret"),))
    s, ev = play(s, WearOut(1))
    assert s.pending[0].kind == "move_tile" and any(e.section == "Shortages" for e in ev)
    assert MoveTile("A1", "E6") in legal_actions(s) and Decline() in legal_actions(s)
    s, _ = play(s, MoveTile("A1", "E6"))
    assert s.tile_at("E6") == "turret" and s.tile_at("A1") is None


def test_agent_dogniss_places_the_squirrel_at_level_two():
    s = at(phase(started(), "action"), p0="A1", p1="A3").with_player(0, level=2)
    assert "Dogniss" in s.name(0)
    s, ev = play(s, Attack("heroic", s.player(1).space), "head")
    assert s.pending[0].kind == "place_tile" and s.pending[0].data[0] == "squirrel"
    assert {a.space for a in legal_actions(s)} == {"A2", "A4", "B3"}
    s, _ = play(s, PlaceAt("A4"))
    assert s.tile_at("A4") == "squirrel"
    # destroyed by 3 Injuries at once, and back in her supply: she may place it again
    s = replace(s, turn=replace(phase(s, "action").turn), pending=())
    s, ev = play(s, Attack("heroic", "A4"), "critical")
    assert s.tile_at("A4") is None and any("retrieves" in e.text for e in ev)


def test_squirrel_only_on_dogniss_content(tmp_path):
    data = CONTENT.to_json()
    data["heroes"][1]["heroic"]["levels"][1]["effect"] = {"effect": "squirrel"}
    p = tmp_path / "d.json"
    p.write_text(json.dumps(data))
    with pytest.raises(ContentError, match="Dogniss"):
        load_deck(p)
    data = CONTENT.to_json()
    data["weapons"][0]["effect1"] = {"effect": "squirrel"}
    p.write_text(json.dumps(data))
    with pytest.raises(ContentError, match="Dogniss"):
        load_deck(p)


def test_a_tile_goes_in_your_space_or_a_free_space_next_to_it_never_a_heros():
    """Card text: "place {tile} in your space or a free space next to it"; Blocked Space / Free Space: "A space
    occupied by a character or a blocking tile is called a blocked space. ... A space that is not blocked is called
    a free space." Rocket Caddie's defensive field, upon obsolescence, with an opponent next to its owner."""
    s = at(phase(gear(started(), 0, 1, "W16"), "preparation"), p0="E3", p1="E2")
    s = replace(s, tiles=(("D3", "oil_slick"), ("E4", "turret")))
    s, _ = play(s, WearOut(1))
    assert s.pending[0].kind == "place_tile"
    assert {a.space for a in legal_actions(s)} == {"E3", "F3"}  # not E2 (a Hero), D3 (a tile) or E4 (blocked)


def test_teleporter_replacement_goes_to_a_free_space_only_by_default():
    """Movement, Placement, and Replacement: "Replacement involves first removing a Mini, tile, or token from the
    Green and then placing it into another free space, just as in Placement." A Hero's space is blocked, so
    Teleporter Replacement cannot put the Teleporter there unless options.teleporter_onto_heroes."""
    s = at(phase(started(), "loot"), p0="E5", p1="A6").with_player(0, lootboxes=1)  # A5 holds a Teleporter
    s = replace(s, gps_top="G01")
    s, _ = play(s, OpenLootbox(), "L12")  # Armor + Teleporter Replacement
    s, _ = play(s, legal_actions(s)[0], "A05")
    assert s.pending[0].kind == "teleporter_replacement"
    assert MoveTile("A5", "A4") in legal_actions(s) and MoveTile("A5", "A6") not in legal_actions(s)


def test_teleporter_replacement_into_a_heros_space_teleports_them():
    """Teleporter Tile: "if a Teleporter tile is moved, placed, or replaced in your space, you are immediately
    teleported" (options.teleporter_onto_heroes=True, ruling RP-10)."""
    s = at(phase(started(teleporter_onto_heroes=True), "loot"), p0="E5", p1="A6").with_player(0, lootboxes=1)
    s = replace(s, gps_top="G01")
    s, _ = play(s, OpenLootbox(), "L12")  # Armor + Teleporter Replacement
    s, _ = play(s, legal_actions(s)[0], "A05")
    assert s.pending[0].kind == "teleporter_replacement"
    s, ev = play(s, MoveTile("A5", "A6"))
    assert s.pending[0].kind == "teleport" and s.pending[0].seat == 0  # the active player chooses the region
    s, _ = play(s, ChooseRegion("NE"), "G03")
    assert s.player(1).space == "B10" and s.tile_at("A6") == "teleporter"


def test_tile_supply_option_is_validated():
    for bad in ({"turret": -1}, {"lava": 2}, {"teleporter": 3}, {"turret": True}):
        with pytest.raises(ValueError):
            Options(tile_supply=bad)
    o = Options(tile_supply={"drone": 5})
    assert o.supply("drone") == 5 and Options.from_json(json.loads(json.dumps(o.to_json()))) == o


def test_two_tiles_waiting_never_share_a_space():
    # A Rocket Caddie crafted with a Tee Grenade: both effects 2 place a tile upon obsolescence (a defensive
    # field, then an energy wall); the second choice is made after the first tile is down.
    s = at(phase(gear(started(), 0, 1, "W16", "W15"), "preparation"), p0="A1", p1="J9")
    s, _ = play(s, WearOut(1))
    assert [t.kind for t in s.pending] == ["place_tile", "place_tile"]
    s, _ = play(s, PlaceAt("A2"))
    assert PlaceAt("A2") not in legal_actions(s) and PlaceAt("B1") in legal_actions(s)
    s, _ = play(s, PlaceAt("B1"))
    assert dict(s.tiles)["A2"] == "defensive_field" and dict(s.tiles)["B1"] == "energy_wall"


def test_a_blocking_tile_is_targeted_by_its_space():
    s = at(phase(started(players=3), "action"), p0="H3", p1="A1", p2="J10")
    s = replace(s, tiles=(("H2", "turret"),))  # "H2" is also Birdie Blaster's hero id
    assert Attack("heroic", "H2") in legal_actions(s)
    s, ev = play(s, Attack("heroic", "H2"), "critical")
    assert "turret" in ev[0].text and s.player(1).hp == 18


def test_a_teleporter_placed_in_your_space_teleports_you():
    from explorer.rumble_planet.tiles import offer_tile

    s = at(phase(started(), "action"), p0="E5", p1="J9")
    s = replace(s, options=Options(players=2, tile_supply={"teleporter": 5}), gps_top="G01")
    s, _ = offer_tile(s, 0, "teleporter", "E5", "Tile Effects")
    assert PlaceAt("E5") in legal_actions(s)
    s, ev = play(s, PlaceAt("E5"))
    assert s.pending[0].kind == "teleport" and "teleported" in ev[-1].text


def test_the_squirrel_is_placed_as_before_the_roll():
    """Equipment Effects: "On Attack: Apply this effect during an attack, as soon as you designate your target, just
    before rolling the attack die." Agent Dogniss (Level II) knocks out a Hero whose Sand Blaster becomes obsolete and
    places a Turret: the Squirrel's space is chosen first, among the spaces free before the roll."""
    s = at(phase(started(), "action"), p0="A1", p1="A3").with_player(0, level=2).with_player(1, hp=1)
    s = replace(gear(s, 1, 4, "W10"), tiles=(), lootboxes=())  # Sand Blaster: a turret upon obsolescence
    s, ev = play(s, Attack("heroic", "A3"), "critical")
    assert s.player(1).knocked_out
    assert [(t.kind, t.data[0]) for t in s.pending[:2]] == [("place_tile", "squirrel"), ("place_tile", "turret")]
    assert {a.space for a in legal_actions(s)} == {"A2", "A4", "B3"}
    s, _ = play(s, PlaceAt("B3"))
    assert s.tile_at("B3") == "squirrel" and s.pending[0].data[0] == "turret"
