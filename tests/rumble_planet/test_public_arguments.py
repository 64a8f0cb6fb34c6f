"""Every public Rumble Planet function refuses a bad argument with the project's error and a sentence:
never an AttributeError, TypeError, IndexError or KeyError, and never a quiet answer about a space off the Green."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import Session
from explorer.core.errors import IllegalAction
from explorer.rumble_planet import (
    Attack,
    Move,
    Taunt,
    attack_profile,
    current_player,
    describe_action,
    describe_actions,
    describe_player,
    describe_state,
    draw,
    legal_actions,
    next_region,
    odds,
    resolve_attack,
    view,
)

from .helpers import at, phase, started

STATE = at(phase(started(), "action"), p0="E1", p1="E3")
PROFILE = attack_profile(STATE, 0, "heroic", "E3")
DIE = STATE.options.attack_die

# name -> (call with the fuzzed value in one argument's place)
CALLS = {
    "reachable.state": lambda x: odds.reachable(x),
    "reachable.with_attacks": lambda x: odds.reachable(STATE, x),
    "routes.state": lambda x: odds.routes(x),
    "path_to.state": lambda x: odds.path_to(x, "E2"),
    "path_to.goal": lambda x: odds.path_to(STATE, x),
    "path_to.safest": lambda x: odds.path_to(STATE, "E2", x),
    "value_at.space": lambda x: odds.value_at(STATE, x),
    "value_at.injuries": lambda x: odds.value_at(STATE, "E2", x),
    "value_at.cache": lambda x: odds.value_at(STATE, "E2", 0, x),
    "entry_injuries.seat": lambda x: odds.entry_injuries(STATE, x, "E1", "E2"),
    "entry_injuries.frm": lambda x: odds.entry_injuries(STATE, 0, x, "E2"),
    "entry_injuries.to": lambda x: odds.entry_injuries(STATE, 0, "E1", x),
    "entry_injuries.zones": lambda x: odds.entry_injuries(STATE, 0, "E1", "E2", x),
    "die_faces.die": lambda x: odds.die_faces(x),
    "profile_odds.profile": lambda x: odds.profile_odds(x, DIE),
    "profile_odds.die": lambda x: odds.profile_odds(PROFILE, x),
    "profile_odds.hp": lambda x: odds.profile_odds(PROFILE, DIE, x),
    "attack_odds.weapon": lambda x: odds.attack_odds(STATE, x, "E3"),
    "attack_odds.target": lambda x: odds.attack_odds(STATE, "heroic", x),
    "attack_value.seat": lambda x: odds.attack_value(STATE, x),
    "attack_value.cache": lambda x: odds.attack_value(STATE, 0, x),
    "attack_options.state": lambda x: odds.attack_options(x),
    "best_attacks.goal": lambda x: odds.best_attacks(STATE, x),
    "attack_profile.state": lambda x: attack_profile(x, 0, "heroic", "E3"),
    "attack_profile.seat": lambda x: attack_profile(STATE, x, "heroic", "E3"),
    "attack_profile.weapon": lambda x: attack_profile(STATE, 0, x, "E3"),
    "attack_profile.target": lambda x: attack_profile(STATE, 0, "heroic", x),
    "resolve_attack.profile": lambda x: resolve_attack(x, "head"),
    "resolve_attack.face": lambda x: resolve_attack(PROFILE, x),
    "describe_action.state": lambda x: describe_action(x, Move("E2")),
    "describe_action.action": lambda x: describe_action(STATE, x),
    "describe_action.Attack.weapon": lambda x: describe_action(STATE, Attack(x, "E3")),
    "describe_action.Attack.target": lambda x: describe_action(STATE, Attack("heroic", x)),
    "describe_action.Move.to": lambda x: describe_action(STATE, Move(x)),
    "describe_action.Taunt.seat": lambda x: describe_action(STATE, Taunt(x)),
    "describe_actions.actions": lambda x: describe_actions(STATE, x),
    "describe_player.seat": lambda x: describe_player(STATE, x),
    "describe_state.state": lambda x: describe_state(x),
    "legal_actions.state": lambda x: legal_actions(x),
    "current_player.state": lambda x: current_player(x),
    "next_region.state": lambda x: next_region(x),
    "view.state": lambda x: view(x, 0),
    "view.seat": lambda x: view(STATE, x),
    "draw.thing": lambda x: draw(x),
    "draw.size": lambda x: draw(STATE, size=x),
    "draw.highlight": lambda x: draw(STATE, highlight=x),
    "draw.title": lambda x: draw(STATE, title=x),
}

BAD = st.one_of(st.none(), st.booleans(), st.integers(-10, 10**6), st.floats(allow_nan=True), st.text(max_size=4),
                st.sampled_from(["Z9", "K1", "A0", "A11", "e5", "E5 ", "elbow", "9", "x"]),
                st.lists(st.sampled_from(["E2", "Z1", None, 3]), max_size=3), st.dictionaries(st.text(max_size=2), st.integers()),
                st.tuples(st.text(max_size=2)))


def answer_or_sentence(call, value):
    """A call either answers or raises the project's ValueError (IllegalAction is one) with a sentence."""
    try:
        call(value)
    except ValueError as e:  # the project's checks: ValueError, IllegalAction, ContentError
        assert str(e) and "unhashable" not in str(e) and "substring" not in str(e), str(e)


@pytest.mark.parametrize("name", sorted(CALLS))
@settings(max_examples=40, deadline=None)
@given(value=BAD)
def test_public_functions_refuse_bad_arguments_with_a_sentence(name, value):
    answer_or_sentence(CALLS[name], value)


@pytest.mark.parametrize("name,value,words", [
    ("path_to.goal", "Z9", "goal must be a space of the Green"),
    ("path_to.goal", ["E2"], "goal must be a space of the Green"),
    ("value_at.space", "Z1", "space must be a space of the Green"),
    ("value_at.injuries", "x", "injuries must be a whole number"),
    ("entry_injuries.seat", 7, "seat must be a whole number from 0 to 1"),
    ("entry_injuries.to", "Z3", "to must be a space of the Green"),
    ("entry_injuries.to", "E9", "E9 is not next to E1"),
    ("die_faces.die", None, "die must be a non-empty list of faces"),
    ("profile_odds.profile", None, "profile must be an AttackProfile"),
    ("attack_profile.weapon", "9", "weapon must be one of"),
    ("attack_profile.target", "E5", "E5 holds no opposing Hero and no blocking tile"),
    ("resolve_attack.face", "elbow", "face must be one of head, torso, arms, legs, critical, got 'elbow'"),
    ("describe_action.Attack.weapon", "9", "weapon must be one of"),
    ("describe_action.action", None, "None is not a Rumble Planet action"),
    ("describe_actions.actions", None, "actions must be a list of actions"),
    ("describe_player.seat", 5, "seat must be a whole number from 0 to 1"),
    ("describe_state.state", None, "state must be a Rumble Planet State"),
    ("legal_actions.state", None, "state must be a Rumble Planet State"),
    ("current_player.state", None, "state must be a Rumble Planet State"),
    ("next_region.state", None, "state must be a Rumble Planet State"),
    ("reachable.state", None, "state must be a Rumble Planet State"),
    ("routes.state", None, "state must be a Rumble Planet State"),
    ("draw.size", "a", "size must be a whole number"),
    ("draw.highlight", ("Z1",), "highlight must be a space of the Green"),
])
def test_each_bad_argument_is_named(name, value, words):
    # Each of these once raised a raw AttributeError/TypeError/IndexError/ValueError("substring not found"),
    # or answered a space off the Green (path_to 'Z9' gave (), entry_injuries 'Z3' gave 0, face 'elbow' 2 Injuries).
    with pytest.raises(ValueError, match=words):
        CALLS[name](value)


def test_good_arguments_still_answer():
    assert odds.path_to(STATE, "E2") == ("E2",)
    assert odds.entry_injuries(STATE, 0, "E1", "E2") == 0
    assert resolve_attack(PROFILE, "head")[0].seat == 1
    assert "Move to E2" == describe_action(STATE, Move("E2"))
    assert draw(STATE, highlight={"E2": 1}.keys()).startswith("<svg")
    assert isinstance(Session("rumble-planet", {"players": 2}, seed=1).options.players, int)
    with pytest.raises(IllegalAction):
        odds.attack_value(STATE, 1)
