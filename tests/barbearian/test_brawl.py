"""Brawl Phase rules: clashes, Empower offers, the Barracks, several raiders, Stealing Loot."""
import pytest

from explorer.barbearian import (
    Empower,
    GiveResources,
    Pass,
    StealGlory,
    StealResources,
    TakeResources,
    WalkAway,
    rules,
)
from explorer.barbearian.brawl import barracks_strength
from explorer.core import IllegalAction

from .helpers import start


def duel(red, blue, red_places, blue_places, first="red", **kw):
    t = start(2, first=first, **kw)
    t.set(0, active=len(red))
    t.set(1, active=len(blue))
    while t.state.phase == "mercenaries":
        t.play(Pass(rules.acting_seats(t.state)[0]))
    t.roll(red=list(red), blue=list(blue))
    while t.state.phase == "fate":
        t.play(Pass(rules.acting_seats(t.state)[0]))
    t.place(0, *red_places)
    t.place(1, *blue_places)
    return t


def test_equal_forces_both_fall():
    t = duel([3, 1, 1], [3, 2, 2], [(3, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(3, "battleground:red"), (2, "farm"), (2, "farm")])
    assert "Red's 3 clashes with Blue's 3: equal forces, both are removed (ruling BB-12)." in t.texts
    assert not any("meets" in x for x in t.texts)


def test_equal_forces_zero_raids_option_breaks_empty_barracks():
    t = duel([3, 1, 1], [3, 2, 2], [(3, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(3, "battleground:red"), (2, "farm"), (2, "farm")], clash_tie="zero_raids")
    assert "Red's 0 meets Blue's Barracks of 0: breaks through (a tie goes to the raider)! Red gets to steal loot." in t.texts


def test_the_remainder_of_the_larger_force_raids_and_a_tie_goes_to_the_raider():
    t = duel([5, 2, 2], [1, 4, 6], [(5, "battleground:blue"), (2, "farm"), (2, "farm")],
             [(1, "battleground:red"), (4, "barracks_1"), (6, "temple")])
    log = t.texts
    assert "Red's 5 clashes with Blue's 1: Blue's force is removed; Red goes on with 4." in log
    assert "Red's 4 meets Blue's Barracks of 4: breaks through (a tie goes to the raider)! Red gets to steal loot." in log


def test_empower_offers_alternate_from_the_player_nearer_the_first_player_until_both_pass():
    t = duel([3, 1, 1], [4, 2, 2], [(3, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(4, "battleground:red"), (2, "farm"), (2, "farm")], first="blue", start_resources=3)
    assert t.state.task[:4] == ("window", 1, 0, "clash")  # Blue's turn in the Brawl; Blue declares first
    assert rules.acting_seats(t.state) == [1]
    t.play(Pass(1))
    assert rules.acting_seats(t.state) == [0]
    t.play(Empower(0, "battleground:blue"))  # Red 4 vs Blue 4
    assert t.state.force(0, 1) == 4 and rules.acting_seats(t.state) == [1]
    t.play(Empower(1, "battleground:red"))  # Blue answers although it passed before
    t.play(Empower(0, "battleground:blue"))
    t.play(Pass(1))
    assert t.state.phase == "window"  # one pass is not both passing
    t.play(Pass(0))
    log = t.texts
    assert "Blue's 5 clashes with Red's 5: equal forces, both are removed (ruling BB-12)." in log
    assert t.state.players[0].resource("ore") == 1 and t.state.players[1].resource("ore") == 2


def test_the_defender_may_empower_the_barracks_only_with_a_die_there():
    t = duel([5, 1, 1], [2, 3, 3], [(5, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(2, "barracks_1"), (3, "farm"), (3, "farm")], start_resources=5)
    assert t.state.task[:4] == ("window", 0, 1, "raid")
    t.play(Pass(0))
    assert t.choices(1) == [Empower(1, "barracks"), Pass(1)]
    for _ in range(3):
        t.play(Empower(1, "barracks"))
        t.play(Pass(0))
    assert barracks_strength(t.state, 1) == 5
    t.play(Empower(1, "barracks"))
    t.play(Pass(0))
    t.play(Pass(1))
    assert "Red's 5 meets Blue's Barracks of 6 (dice 2, Empower +4): the raid is repelled." in t.texts
    with pytest.raises(IllegalAction):
        rules.apply(t.state, Empower(1, "barracks"))


def test_empower_needs_resources():
    t = duel([5, 1, 1], [2, 3, 3], [(5, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(2, "barracks_1"), (3, "farm"), (3, "farm")])
    assert "Red's 5 meets Blue's Barracks of 2: breaks through! Red gets to steal loot." in t.texts


def test_several_raiders_on_one_village_loot_in_turn_order():
    t = start(3, first="yellow")  # seats: red 0, yellow 1, blue 2
    t.set(0, resources=(1, 0, 0))
    t.roll(red=[2, 1, 1], yellow=[3, 1, 1], blue=[4, 1, 1])
    t.place(0, (2, "barracks_1"), (1, "farm"), (1, "farm"))
    t.place(1, (3, "battleground:red"), (1, "farm"), (1, "farm"))
    t.place(2, (4, "battleground:red"), (1, "farm"), (1, "farm"))
    log = t.texts
    assert "Yellow's 3 meets Red's Barracks of 2: breaks through! Yellow gets to steal loot." in log
    assert rules.acting_seats(t.state) == [1]
    t.play(StealResources(1))  # Red has one Resource: "it must still be given"
    assert "Red gives a 1-value honey token to Yellow." in t.texts
    assert "Blue's 4 meets Red's Barracks of 2: breaks through! Blue gets to steal loot." in t.texts
    assert t.choices() == [StealGlory(2, "red"), WalkAway(2)]  # no Resources left: Glory or nothing
    t.play(StealGlory(2, "red"))
    assert t.state.players[2].glory == (("blue", False), ("blue", False), ("red", False))


def test_the_raider_picks_the_colour_and_locked_glory_is_safe():
    t = duel([6, 1, 1], [1, 2, 2], [(6, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(1, "barracks_1"), (2, "farm"), (2, "farm")])
    t.set(1, glory=(("blue", True), ("red", False), ("yellow", False)), resources=(0, 2, 1))
    choices = t.choices()
    assert choices == [StealGlory(0, "red"), StealGlory(0, "yellow"), StealResources(0)]
    with pytest.raises(IllegalAction, match="is not a choice now"):
        t.play(StealGlory(0, "blue"))
    with pytest.raises(IllegalAction, match="is not a choice now"):
        t.play(WalkAway(0))
    t.play(StealResources(0))
    assert rules.acting_seats(t.state) == [1]  # the defender chooses which
    assert t.choices() == [GiveResources(1, ("ore", "ore")), GiveResources(1, ("ore", "faith"))]
    t.play(GiveResources(1, ("ore", "faith")))
    # then Gather: two 1s on Red's Farm, two 2s on Blue's Farm
    assert t.state.players[0].resources == (2, 1, 1) and t.state.players[1].resources == (2, 1, 0)


def test_nothing_to_steal():
    t = duel([6, 1, 1], [1, 2, 2], [(6, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(1, "barracks_1"), (2, "farm"), (2, "farm")])
    t.set(1, glory=(("blue", True), ("blue", True)))
    t.state, ev = rules.advance(t.state, [])
    assert "Blue has no unlocked Glory and no Resources: Red leaves empty-handed." in [e.text for e in ev]


def test_pillaging_takes_glory_and_the_raider_chooses_resources():
    t = duel([6, 1, 1], [1, 2, 2], [(6, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(1, "barracks_1"), (2, "farm"), (2, "farm")], loot_resources="value")
    t.set(0, upgrades=("U01", "U08"))  # Pillaging and Deep Pockets (one more Resource)
    t.set(1, resources=(1, 3, 0))
    assert t.choices() == [StealGlory(0, "blue")]
    t.play(StealGlory(0, "blue"))
    assert rules.acting_seats(t.state) == [0]  # the raider chooses the Resources
    assert TakeResources(0, ("ore", "ore", "ore")) in t.choices()
    t.play(TakeResources(0, ("ore", "ore", "ore")))
    assert t.state.players[0].glory_count == 3
    assert t.state.players[0].resources == (2, 3, 0) and t.state.players[1].resources == (3, 0, 0)  # after Gather


def test_stealing_the_seventh_glory_wins_at_once():
    t = duel([6, 1, 1], [1, 2, 2], [(6, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(1, "barracks_1"), (2, "farm"), (2, "farm")])
    t.set(0, glory=(("red", False),) * 6)
    t.play(StealGlory(0, "blue"))
    assert t.state.result == "red wins" and t.state.winner == 0
    assert t.texts[-1] == "Red reaches 7 Glory tokens and wins!"
    assert t.choices() == [] and rules.current_player(t.state) == rules.TERMINAL
    with pytest.raises(IllegalAction, match="the game is over: red wins"):
        t.play(Pass(1))


def test_stolen_resources_are_two_tokens_as_printed():
    """Stealing Loot: "the defending player must choose two of their own Resource tokens"."""
    t = duel([6, 1, 1], [1, 2, 2], [(6, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(1, "barracks_1"), (2, "farm"), (2, "farm")])
    t.set(1, glory=(("blue", True), ("blue", True)), resources=(4, 3, 0))  # honey 3+1, ore 3
    t.state, _ = rules.advance(t.state, [])
    assert t.state.phase == "give"
    choices = {tuple(sorted(a.resources)) for a in t.choices()}
    assert choices == {("honey",) * 4, ("honey", "honey", "honey", "ore", "ore", "ore"), ("honey", "ore", "ore", "ore")}
    t.play(GiveResources(1, ("honey", "ore", "ore", "ore")))
    assert "Blue gives a 1-value honey token and a 3-value ore token to Red." in t.texts


def test_stolen_resources_by_value_is_an_option():
    t = duel([6, 1, 1], [1, 2, 2], [(6, "battleground:blue"), (1, "farm"), (1, "farm")],
             [(1, "barracks_1"), (2, "farm"), (2, "farm")], loot_resources="value")
    t.set(1, glory=(("blue", True), ("blue", True)), resources=(4, 3, 0))
    t.state, _ = rules.advance(t.state, [])
    assert [a.resources for a in t.choices()] == [("honey", "honey"), ("honey", "ore"), ("ore", "ore")]


def test_the_trace_gives_the_state_each_logged_event_left():
    """Brawl Phase 2: "remove that smaller force from the Battleground. The remainder of the larger force attempts
    to raid". ``rules.apply``'s trace holds the state after each logged step: after the clash event Red's force is
    gone and Blue's stands at what is left, before the raid's event."""
    from explorer.barbearian import Ready, rules

    from .helpers import start
    t = start(2, first="red")
    t.roll(red=[4, 3, 3], blue=[5, 4, 2])
    t.place(0, (4, "battleground:blue"), (3, "barracks_1"), (3, "farm"))
    t.place(1, (5, "battleground:red"), (4, "barracks_1"), (2, "farm"), ready=False)
    trace: list = []
    before = t.state
    after, events = rules.apply(before, Ready(1), None, trace)
    assert (after, events) == rules.apply(before, Ready(1))  # the trace changes nothing
    texts = [e.text for e in events]
    clash = next(i for i, x in enumerate(texts) if "clashes" in x) + 1
    state = [s for s, n in trace if n <= clash][-1]
    assert "Blue's force is removed" not in texts[clash - 1] and "Red's force is removed" in texts[clash - 1]
    assert state.force(0, 1) is None and state.force(1, 0) == 1
    assert [n for _, n in trace] == sorted(n for _, n in trace) and trace[-1][1] <= len(events)
