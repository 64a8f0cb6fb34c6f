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


def test_a_teleported_hero_falls_unless_placement_falls_is_off():
    """Falling: "If you move or are moved into a space that is at least 2 levels lower than your starting space,
    suffer 1 Injury for each level of altitude difference." Movement, Placement, and Replacement: "In all three
    cases, a character, tile, or token is moved into a space." A Teleporter on B3 (altitude 2); GPS card G03's
    northeast space E10 is at altitude 0."""
    from explorer.rumble_planet import ChooseRegion

    def hurt(**opts):
        s = at(phase(started(**opts), "action"), p0="C3", p1="J10")
        s = replace(s, gps_top="G03", lootboxes=(), tiles=(("B3", "teleporter"),))
        s = walk(s, "B3")
        s, _ = rules.apply(s, ChooseRegion("NE"), "G04")
        assert s.player(0).space == "E10"
        return 18 - s.player(0).hp

    assert Options().placement_falls is True
    assert hurt() == 2 and hurt(placement_falls=False) == 0


def test_a_teleported_hero_placed_next_to_a_blocked_space_falls_too():
    """Impossible Placement: "the active player chooses a free space adjacent to one of the blocked spaces"; the Hero
    is still moved into a space two levels below the Teleporter's (B3, altitude 2, to D10, altitude 0)."""
    from explorer.rumble_planet import ChooseRegion, PlaceAt

    def hurt(**opts):
        s = at(phase(started(**opts), "action"), p0="C3", p1="E10")
        s = replace(s, gps_top="G03", lootboxes=(), tiles=(("B3", "teleporter"),))
        s = walk(s, "B3")
        s, _ = rules.apply(s, ChooseRegion("NE"), "G04")
        assert s.pending[0].kind == "place" and s.player(0).hp == 18
        s, _ = rules.apply(s, PlaceAt("D10"))
        return 18 - s.player(0).hp

    assert hurt() == 2 and hurt(placement_falls=False) == 0


def test_a_replaced_hero_falls_unless_placement_falls_is_off():
    """"In all three cases, a character, tile, or token is moved into a space": a Replacement loot read as a
    replacement (replacement_loot="replace") still moves the Hero into a space two levels lower (B3 to A3)."""
    from explorer.rumble_planet import OpenLootbox, PlaceAt

    def hurt(**opts):
        s = replace(at(phase(started(**opts), "loot"), p0="B3", p1="J10").with_player(0, lootboxes=1), gps_top="G01")
        s, _ = rules.apply(s, OpenLootbox(), "L11")  # Weapon + Replacement
        s, _ = rules.apply(s, rules.legal_actions(s)[0], "W09")
        s, _ = rules.apply(s, PlaceAt("A3"))
        return 18 - s.player(0).hp

    for enters in (True, False):
        assert hurt(replacement_loot="replace", placement_enters=enters) == 2
        assert hurt(replacement_loot="replace", placement_enters=enters, placement_falls=False) == 0


OTHERS = {"falling": "step", "ring_shape": "square", "range_shape": "ring", "teleporter_replacement": "next_to_hero",
          "placement_enters": False, "replacement_loot": "replace", "teleport_ends_movement": True,
          "teleporter_onto_heroes": True, "placement_falls": False,
          "aligned_diagonals": True, "field_own_space": False, "push_injuries": "the_attacks"}


@pytest.mark.parametrize("values", [{}, OTHERS])
def test_every_reading_round_trips_through_options_json_and_a_save(values):
    options = Options(**values)
    assert Options.from_json(options.to_json()) == options
    s = Session("rumble-planet", options, seed=4)
    loaded = Session.from_json(s.to_json())
    assert loaded.options == options


def test_a_reading_must_be_one_of_its_values():
    for bad in ({"falling": "turn"}, {"falling": 1}):
        with pytest.raises(ValueError, match="options.falling must be 'move' or 'step'"):
            Options(**bad)


# -- RP-3 the shape of a Ring, RP-9 Range ---------------------------------------------------------------------
def test_a_ring_is_the_adjacent_spaces_by_default_or_the_eight_around():
    """"Two spaces are considered adjacent if they share a common side" and a Defensive Field helps "if you are
    adjacent to multiple Defensive Fields": Zone 1 is the adjacent spaces unless ring_shape="square"."""
    assert Options().ring_shape == "diamond"

    def hurt(**opts):
        s = replace(at(phase(started(**opts), "action"), p0="A2", p1="J9"), tiles=(("C3", "turret"),), lootboxes=())
        return 18 - walk(s, "B2").player(0).hp  # B2 touches C3 only by a corner

    assert hurt() == 0 and hurt(ring_shape="square") == 2


def test_range_by_orthogonal_distance_or_by_ring():
    """"The weapon's Range is expressed in spaces." A neighbour across a corner is 2 spaces away orthogonally, 1 by
    ring; the Flag Spear (Range 1) reaches it only by ring."""
    from explorer.rumble_planet.attack import targets_in_range

    from .helpers import gear

    def targets(**opts):
        s = gear(at(phase(started(**opts), "action"), p0="E5", p1="F6"), 0, 1, "W09")
        return targets_in_range(s, 0, "1")

    assert targets() == () and targets(range_shape="ring") == ("F6",)


# -- RP-10 which Teleporters a Teleporter Replacement moves ------------------------------------------------------
def test_teleporter_replacement_any_teleporter_or_only_one_next_to_the_hero():
    """"Teleporter Replacement - Replace 1 teleporter token in an adjacent space." Side A's Teleporters: A5, E10, F1,
    J6; the Hero stands on E9, next to E10."""
    from explorer.rumble_planet import OpenLootbox

    def sources(**opts):
        s = replace(at(phase(started(**opts), "loot"), p0="E9", p1="J10").with_player(0, lootboxes=1), gps_top="G01")
        s, _ = rules.apply(s, OpenLootbox(), "L12")  # Armor + Teleporter Replacement
        s, _ = rules.apply(s, rules.legal_actions(s)[0], "A05")
        return {a.source for a in rules.legal_actions(s) if hasattr(a, "source")}

    assert sources() == {"A5", "E10", "F1", "J6"} and sources(teleporter_replacement="next_to_hero") == {"E10"}


# -- RP-7 placement by GPS -----------------------------------------------------------------------------------------
def deployed(**opts):
    """The GPS puts the first Hero on E10, a Teleporter of side A (G03's northeast space; G04's back is NE)."""
    from explorer.rumble_planet import Deploy, SetUp

    from .helpers import CONTENT, L1, L2

    s = Session("rumble-planet", Options(**opts), CONTENT, seed=0)
    s.play(SetUp(), outcome={"level1": L1, "level2": L2, "gps": "G03"})
    s.play(Deploy(), outcome="G04")
    return s.state


def test_a_hero_deployed_on_a_teleporter_enters_it_or_not():
    """"Anytime a player enters a space with a Teleporter tile, they are immediately teleported." """
    s = deployed()
    assert s.player(0).space == "E10" and s.pending[0].kind == "teleport" and s.pending[0].data == ("0",)
    assert not deployed(placement_enters=False).pending


def test_a_lootbox_where_a_teleport_lands_is_picked_up_during_the_movement_step_or_not():
    """"During your movement step, if you enter a space containing a Lootbox token, pick it up." A4 to the
    Teleporter on A5, then the northeast region of GPS card G01: B10, where a Lootbox lies."""
    from explorer.rumble_planet import ChooseRegion

    def landed(**opts):
        s = replace(at(phase(started(**opts), "action"), p0="A4", p1="J10"), gps_top="G01", lootboxes=("B10",))
        s = walk(s, "A5")
        s, _ = rules.apply(s, ChooseRegion("NE"), "G03")
        return s

    yes, no = landed(), landed(placement_enters=False)
    assert yes.player(0).space == no.player(0).space == "B10"
    assert (yes.player(0).lootboxes, yes.lootboxes) == (1, ())
    assert (no.player(0).lootboxes, no.lootboxes) == (0, ("B10",))


# -- RP-22 movement after a teleport -------------------------------------------------------------------------------
def test_movement_goes_on_after_a_teleport_or_ends():
    """"Teleportation is a replacement": the rulebook does not end the movement step (teleport_ends_movement=False)."""
    from explorer.rumble_planet import ChooseRegion

    def after(**opts):
        s = replace(at(phase(started(**opts), "action"), p0="A4", p1="J10"), gps_top="G01", lootboxes=())
        s = walk(s, "A5")
        s, ev = rules.apply(s, ChooseRegion("NE"), "G03")
        return s, ev

    goes_on, _ = after()
    assert goes_on.turn.mp == 6 and any(isinstance(a, Move) for a in rules.legal_actions(goes_on))
    ends, ev = after(teleport_ends_movement=True)
    assert ends.turn.movement == "done" and not any(isinstance(a, Move) for a in rules.legal_actions(ends))
    assert any("movement step ends" in e.text for e in ev)


# -- RP-11 the Replacement loot card -----------------------------------------------------------------------------
def test_the_replacement_loot_card_moves_the_hero_or_replaces_them():
    """"Replacement - Move to an adjacent space." against "Replacing a Mini ... into an adjacent space is also
    possible ... but this is not considered Movement." B3 (altitude 2) to A3 (altitude 0)."""
    from explorer.rumble_planet import OpenLootbox, PlaceAt

    def hurt(**opts):
        s = replace(at(phase(started(**opts), "loot"), p0="B3", p1="J10").with_player(0, lootboxes=1), gps_top="G01")
        s, _ = rules.apply(s, OpenLootbox(), "L11")  # Weapon + Replacement
        s, _ = rules.apply(s, rules.legal_actions(s)[0], "W09")
        s, _ = rules.apply(s, PlaceAt("A3"))
        assert s.player(0).space == "A3"
        return 18 - s.player(0).hp

    assert hurt() == 2 and hurt(replacement_loot="replace", placement_falls=False) == 0


def test_a_replaced_hero_enters_a_turret_zone_only_when_placement_enters():
    from explorer.rumble_planet import OpenLootbox, PlaceAt

    def hurt(**opts):
        s = at(phase(started(replacement_loot="replace", **opts), "loot"), p0="E3", p1="J10").with_player(0, lootboxes=1)
        s = replace(s, gps_top="G01", tiles=tuple(sorted(s.tiles + (("E5", "turret"),))))
        s, _ = rules.apply(s, OpenLootbox(), "L11")
        s, _ = rules.apply(s, rules.legal_actions(s)[0], "W09")
        s, _ = rules.apply(s, PlaceAt("E4"))
        return 18 - s.player(0).hp

    assert hurt() == 2 and hurt(placement_enters=False) == 0


def test_the_lab_offers_every_reading_and_plays_a_variant_of_them():
    from explorer import lab
    from widgets.lab.app import VariantEditor

    fields = {f["name"]: f for f in lab.lab_game("rumble-planet").option_fields()}
    assert {k: fields[k]["default"] for k in OTHERS} == {k: getattr(Options(), k) for k in OTHERS}
    editor = VariantEditor("rumble-planet", "other readings")
    for k, v in OTHERS.items():
        editor.set_option(k, v)
    assert editor.options_json() == OTHERS
    r = lab.compare("rumble-planet", {"printed": {}, "other": editor.options_json()}, games=2, seed=1, executor="inline")
    assert r.variants == ("printed", "other") and r.games == (2, 2)


# -- RP-32 alignment -----------------------------------------------------------------------------------------------
def test_aligned_is_the_same_row_or_column_unless_diagonals_count():
    """Alignment: "Two spaces are said to be aligned when they are in the same straight row of spaces." Club
    Boomerang (Range 4): "+1 Damage if the target is aligned with you"; E5 and G7 share a diagonal, not a row."""
    from explorer.rumble_planet.attack import attack_profile
    from explorer.rumble_planet.board import aligned

    from .helpers import gear

    assert aligned("E5", "E9") and aligned("E5", "A5") and not aligned("E5", "G7")
    assert aligned("E5", "G7", diagonals=True) and not aligned("E5", "G8", diagonals=True)

    def damage(**opts):
        s = replace(gear(phase(at(started(**opts), p0="E5", p1="G7"), "action"), 0, 1, "W12"), tiles=())
        return attack_profile(s, 0, "1", "G7").targets[0].damage

    assert Options().aligned_diagonals is False
    assert damage(aligned_diagonals=True) == damage() + 1


# -- RP-28 a Hero standing on a Defensive Field ----------------------------------------------------------------------
def test_a_hero_on_a_defensive_field_gains_its_defense_unless_only_the_ring_counts():
    """Defensive Field Tile: "While in the Zone 1 area centered on the Defensive Field tile, you gain +2 Defense."
    against the Summary Table's "Gain +2 Defense in a space within Ring centered on this tile". The log says where
    the Defense came from."""
    from explorer.rumble_planet import Attack

    def hit(**opts):
        s = phase(at(started(**opts), p0="E4", p1="E5"), "action")
        s = replace(s, tiles=(("E5", "defensive_field"),), lootboxes=())
        return rules.apply(s, Attack("heroic", "E5"), "torso")

    (on, ev), (off, ev_off) = hit(), hit(field_own_space=False)
    assert Options().field_own_space is True
    assert on.player(1).hp - off.player(1).hp == 2  # the heroic weapon: 2 Damage, all stopped on the field
    assert any("+2 Defense from 1 Defensive Field" in e.text for e in ev)
    assert not any("Defensive Field" in e.text for e in ev_off)
