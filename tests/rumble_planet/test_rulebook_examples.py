"""Every worked example in the rulebook, replayed through a session with typed outcomes."""
from dataclasses import replace

from explorer.core import Session
from explorer.rumble_planet import (
    Boost,
    Deploy,
    DropLootboxes,
    EndPreparation,
    OpenGolden,
    OpenLootbox,
    Options,
    SetUp,
    StartMovement,
)
from explorer.rumble_planet.health import movement_points

from .helpers import CONTENT, L1, L2, at, gear, phase, play, session, started


def test_movement_points_first_turn_is_seven():
    # "At the start of the game, the 4 equipment slots ... are empty, so your character gains +4 MP for a total of 7 MP"
    s = session()
    s.play(EndPreparation())
    s.play(StartMovement())
    assert s.state.turn.mp == 7 and "7 MP" in s.events[-1].text


def test_movement_points_fall_with_each_equipped_slot():
    s = started()
    assert movement_points(s, 0) == 7
    s = gear(gear(s, 0, 1, "W02"), 0, 2, "A02")
    assert movement_points(s, 0) == 5


def test_boost_costs_escalate_as_printed():
    # "no Boost tokens: place 1 ... without any additional cost"; "1 Boost token: pay 1 additional";
    # "2 Boost tokens, pay 2 additional tokens"
    s = phase(gear(started(), 0, 1, "W02"), "preparation", step=3).with_player(0, boosts=6)
    bank = s.bank_boosts
    paid = []
    for _ in range(3):
        before = s.player(0).boosts
        s, _ = play(s, Boost(1))
        paid.append(before - s.player(0).boosts)
    assert paid == [1, 2, 3] and s.player(0).track[0].boosts == 3
    assert s.bank_boosts == bank + 0 + 1 + 2


def test_gps_example_two_lootboxes_and_the_golden_lootbox():
    # "I collected 2 lootboxes and the golden Lootbox this turn ... I-10 ... I-1, B-1, and B-10"
    s = Session("rumble-planet", Options(players=2), CONTENT, seed=1)
    s.play(SetUp(), outcome={"level1": L1, "level2": L2, "gps": "G03"})
    s.play(Deploy(), outcome="G04")
    st = phase(s.state, "loot").with_player(0, lootboxes=2, golden=True)
    st = replace(st, gps_top="G01", lootboxes=(), golden=None, gps_deck=tuple(c for c in st.gps_deck if c != "G01"))
    st = at(st, p0="E5", p1="E6")
    st, _ = play(st, OpenGolden("weapon"), "W03")
    st, _ = play(st, OpenLootbox(), "L07")
    st, _ = play(st, OpenLootbox(), "L08")
    # "The back of the next card shows the southeast region": G02's back is SE.
    assert CONTENT.card("G02").back == "SE"
    st, ev = play(st, DropLootboxes(), "G02")
    assert st.golden == "I10" and st.lootboxes == ("B1", "I1")  # ruling RP-8: B-10 is the unused fourth space
    assert "I10 (southeast), I1 (southwest), B1 (northwest)" in ev[0].text
    assert st.turn.to_drop == 0 and not st.turn.golden_drop


def test_selling_gives_half_the_value():
    s = phase(started(), "preparation", step=0).with_player(0, hand=("W01", "A01"))
    from explorer.rumble_planet import Sell

    s2, _ = play(s, Sell("W01"))
    s3, _ = play(s2, Sell("A01"))
    assert s2.player(0).credits == 4 and s3.player(0).credits == 7


def test_ring_example_one_die_for_every_target():
    # "When attacking multiple targets, roll the attack die only once: all targets are hit in the same body part"
    from explorer.rumble_planet import Attack

    s = phase(started(players=3), "action")
    # Shockwave Tee: 2 Damage, Range 2, effect 1 Ring, effect 2 +2 Damage; E3 is lower than E5/E6 (no advantage)
    s = gear(at(s, p0="E3", p1="E5", p2="E6"), 0, 1, "W08")
    s, ev = play(s, Attack("1", s.player(1).space), "head")
    assert s.player(1).hp == 18 - 4 and s.player(2).hp == 18 - 4
    assert sum("attack die shows" in e.text for e in ev) == 1
