"""Secret placement (Plan Phase 2-3): what may go where; illegal placements change nothing."""
import pytest

from explorer.barbearian import Place, Ready, Reinforce, RollDice, TakeBack
from explorer.core import IllegalAction

from .helpers import session, start


def rolled(red, blue=(1, 2, 3), **kw):
    t = start(2, first="red", **kw)
    t.set(0, active=len(red))
    t.roll(red=list(red), blue=list(blue))
    return t


@pytest.mark.parametrize("faces, placements, action, reason", [
    ((4, 2, 3), [], Place(0, 0, "farm"), "a 4 cannot go on the Farm: only dice with value 1, 2, or 3 may be placed there"),
    ((4, 2, 3), [], Place(0, 1, "forge"), "a 2 cannot go on the Forge: only dice with value 4, 5, or 6"),
    ((4, 2, 3), [Place(0, 1, "temple")], Place(0, 2, "temple"),
     "the Temple already holds 2: one die per space unless several dice show the same value, and this die shows 3"),
    ((4, 2, 3), [Place(0, 0, "battleground:blue")], Place(0, 1, "battleground:blue"), "one die per space unless"),
    ((1, 2, 3, 4, 5), [], Place(0, 5, "temple"), "Red has 5 dice (indices 0-4); there is no die #6"),
    ((4, 2, 3), [], Place(0, 0, "battleground:red"), "'battleground:red' is not a space of Red's Village board"),
    ((4, 2, 3), [Place(0, 0, "forge")], Place(0, 0, "temple"), "die #1 is already on the Forge; take it back first"),
    ((4, 2, 3), [], Ready(0), "Red still has 3 dice to place"),
])
def test_illegal_placements_are_refused_with_the_reason_and_nothing_changes(faces, placements, action, reason):
    t = rolled(faces)
    for p in placements:
        t.play(p)
    before = t.state
    with pytest.raises(IllegalAction) as e:
        t.play(action)
    assert reason in str(e.value)
    assert t.state is before


def test_no_limit_to_dice_of_the_same_value_on_one_space():
    t = rolled((4, 4, 4, 4, 4))
    t.place(0, *[(4, "forge")] * 5)
    assert t.state.players[0].on("forge") == [4] * 5


def test_two_barracks_spaces_take_two_different_values():
    t = rolled((2, 5, 3))
    t.place(0, (2, "barracks_1"), (5, "barracks_2"), (3, "battleground:blue"))
    assert sorted(t.state.players[0].on("barracks")) == [2, 5]


def test_take_back_then_place_elsewhere_and_ready_is_final():
    t = rolled((4, 2, 3))
    t.play(Place(0, 0, "forge"))
    assert TakeBack(0, 0) in t.choices(0)
    t.play(TakeBack(0, 0))
    t.place(0, (4, "temple"), (2, "farm"), (3, "barracks_1"))
    with pytest.raises(IllegalAction, match="has declared ready; the placement is final"):
        t.play(TakeBack(0, 0))
    assert t.choices(0) == []


def test_legal_placements_list_each_face_once():
    t = rolled((4, 4, 2))
    places = [a for a in t.choices(0) if isinstance(a, Place)]
    assert {a.die for a in places} == {0, 2}  # the two 4s are one choice
    assert Place(0, 2, "farm") in places and Place(0, 0, "farm") not in places
    assert Place(0, 0, "forge") in places and Place(0, 2, "forge") not in places


def test_a_sixth_clan_die_cannot_be_bought():
    t = start(2, first="red")
    t.set(0, active=5, resources=(9, 9, 9))
    t.set(tasks=(("build", 0),) + t.state.tasks)
    assert Reinforce(0) not in t.choices(0)
    with pytest.raises(IllegalAction, match="already has all 5 clan dice active; there is no sixth die"):
        t.play(Reinforce(0))
    assert t.state.players[0].resources == (9, 9, 9)


def test_illegal_action_leaves_the_session_unchanged():
    s = session(2, seed=4)
    while s.state.phase != "place":
        s.play(s.legal_actions()[0])
    state, steps = s.state, s.history_length
    p = s.state.players[0]
    high = next(d for d, f in enumerate(p.faces) if f >= 4) if any(f >= 4 for f in p.faces) else None
    bad = Place(0, high, "farm") if high is not None else Place(0, 0, "forge")
    with pytest.raises(IllegalAction):
        s.play(bad)
    with pytest.raises(IllegalAction, match="not possible now"):
        s.play(RollDice())
    assert s.state is state and s.history_length == steps
