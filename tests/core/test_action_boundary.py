"""One boundary for every game: malformed actions are refused by field type, and an action is
applied only if it is one of ``legal_actions`` (or provably equivalent to one)."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer import barbearian as bb
from explorer import proving_grounds as pg
from explorer.barbearian.state import CODEC as BB_CODEC
from explorer.core import IllegalAction, Session
from explorer.core.validate import check_action_fields
from explorer.proving_grounds.state import CODEC as PG_CODEC


def refused(s: Session, action, match: str, outcome=None) -> None:
    before, cursor = s.state, s.cursor
    with pytest.raises(IllegalAction, match=match):
        s.play(action, outcome)
    assert s.state is before and s.cursor == cursor


def pg_rolled(seed=2, **modules) -> Session:
    s = Session("proving-grounds", pg.Options(**modules), seed=seed)
    s.play(pg.SetUp())
    outcome = [1, 1, 3, 3, 4, 5, 6, 6]
    s.play(pg.Roll(), outcome={"dice": outcome, "dragonling": "talon"} if modules.get("dragonling") else outcome)
    return s


@pytest.mark.parametrize("action, field", [
    (pg.Reroll(True), "Reroll.face"),
    (pg.Reroll(1.0), "Reroll.face"),
    (pg.Reroll(1, dragonling="yes"), "Reroll.dragonling"),
    (pg.ChooseEnemy(True), "ChooseEnemy.slot"),
    (pg.RotateDial(True), "RotateDial.slot"),
    (pg.PlaceOnChariot(True, ("W1",)), "PlaceOnChariot.chariot"),
    (pg.AssignDragonling(1.0), "AssignDragonling.slot"),
    (pg.PlaceOnChariot(1, 5), "PlaceOnChariot.dice"),
    (pg.PlaceOnChariot(1, ["W1"]), "PlaceOnChariot.dice"),
])
def test_proving_grounds_fields_are_checked_by_type(action, field):
    refused(pg_rolled(dragonling=True, chariots=True), action, f"^{field} must be")


@pytest.mark.parametrize("action, field", [
    (bb.GiveResources(0, 5), "GiveResources.resources"),
    (bb.GiveResources(1, None), "GiveResources.resources"),
    (bb.BuyUpgrade(0, ["U01"]), "BuyUpgrade.card"),
    (bb.Place(True, 0, "farm"), "Place.seat"),
    (bb.Place(0, 1.0, "farm"), "Place.die"),
])
def test_barbearian_fields_are_checked_by_type(action, field):
    s = Session("barbearian", bb.Options(players=2), seed=1)
    refused(s, action, f"^{field} must be")


def test_not_an_action_at_all():
    s = pg_rolled()
    refused(s, "Stop", "is not an action")
    refused(s, pg.Stop, "is not an action")


def test_a_die_of_the_same_kind_is_the_same_choice():
    """After the attacks only a die's colour matters: exhausting any white die is the listed choice."""
    s = Session("proving-grounds", pg.Options(), seed=0)
    s.play(pg.SetUp())
    s.play(pg.Roll(), outcome=[1, 2, 3, 4, 5, 6, 6, 1])
    s.play(pg.Stop())
    while s.state.phase != "wound":
        s.play(s.legal_actions()[0], None if s.game.chance(s.state, s.legal_actions()[0]) is None else [1] * 8)
    listed = [a.die for a in s.legal_actions() if a.die.startswith("W")]
    other = next(d for d in s.state.pool if d.startswith("W") and d not in listed)
    s.play(pg.ExhaustDie(other))
    assert other in sum(s.state.exhaustion, ()) and other not in s.state.pool


def test_chaos_reroll_needs_the_chaos_result():
    """The dragonling die shows a talon: ChaosReroll is not listed and must not reroll the coloured dice."""
    s = pg_rolled(seed=2, dragonling=True)
    s.play(pg.Stop())
    assert pg.ChaosReroll() not in s.legal_actions()
    refused(s, pg.ChaosReroll(), "ChaosReroll")


# -- the property: arbitrary actions at random reachable states -------------------------------------

VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 9), st.floats(0, 7, allow_nan=False), st.sampled_from(
        ["W1", "W2", "W5", "B1", "G2", "Y1", "white", "blue", "green", "yellow", "farm", "forge", "temple",
         "barracks_1", "battleground", "honey", "ore", "faith", "red", "U01", "T01", ""]),
)
FIELD_VALUES = st.one_of(VALUES, st.lists(VALUES, max_size=3).map(tuple))


def arbitrary(codec) -> st.SearchStrategy:
    def build(cls):
        return st.builds(cls, **{f.name: FIELD_VALUES for f in dataclasses.fields(cls)})
    return st.sampled_from(sorted(codec.classes.values(), key=lambda c: c.__name__)).flatmap(build)


def check_one(s: Session, action) -> None:
    before, cursor = s.state, s.cursor
    legal = s.legal_actions()
    canonical = getattr(s.game, "canonical", None)
    try:
        check_action_fields(action)
        listed = action in legal or (canonical is not None and canonical(before, action) in legal)
    except IllegalAction:
        listed = False
    try:
        s.play(action)
    except IllegalAction:
        assert s.state is before and s.cursor == cursor
        assert not listed or s.game.chance(before, action) is not None  # only table dice can refuse a listed action
        return
    assert listed, f"{action} was applied but is not one of {legal}"
    s.undo()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(), ("dragonling",), ("chariots",), ("dragonling", "chariots", "conspirators", "sun_and_moon")]),
       st.integers(0, 1000), st.lists(st.integers(0, 99), max_size=40), st.lists(arbitrary(PG_CODEC), min_size=1, max_size=8))
def test_proving_grounds_applies_only_listed_actions(modules, seed, picks, actions):
    s = Session("proving-grounds", pg.Options.with_modules(*modules), seed=seed)
    for p in picks:
        if s.is_over():
            break
        legal = s.legal_actions()
        s.play(legal[p % len(legal)])
    for a in actions:
        check_one(s, a)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 1000), st.lists(st.integers(0, 99), max_size=60),
       st.lists(arbitrary(BB_CODEC), min_size=1, max_size=8))
def test_barbearian_applies_only_listed_actions(players, seed, picks, actions):
    s = Session("barbearian", bb.Options(players=players), seed=seed)
    for p in picks:
        if s.is_over():
            break
        legal = s.legal_actions()
        s.play(legal[p % len(legal)])
    for a in actions:
        check_one(s, a)
