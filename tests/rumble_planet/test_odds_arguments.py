"""Every odds function refuses a bad argument with a sentence naming it (no AttributeError or TypeError)."""
import pytest

from explorer.core.errors import IllegalAction
from explorer.rumble_planet.odds import attack_odds, attack_value, best_attacks

from .helpers import at, gear, phase, started


def armed():
    return gear(phase(at(started(), p0="E5", p1="E6"), "action"), 0, 1, "W14")


def test_an_attack_on_an_empty_space_is_refused():
    with pytest.raises(IllegalAction, match="D2 holds no opposing Hero and no blocking tile"):
        attack_odds(armed(), "1", "D2")


def test_an_attack_with_an_empty_slot_is_refused():
    with pytest.raises(IllegalAction, match="slot 3 of .*equipment track is empty"):
        attack_odds(armed(), "3", "E6")


@pytest.mark.parametrize("weapon,target,seat,words", [
    ("9", "E6", None, "weapon must be one of"),
    (1, "E6", None, "weapon must be one of"),
    ("1", "K11", None, "target must be a space"),
    ("1", "E5", None, "cannot attack their own space E5"),
    ("1", "E6", 7, "seat must be a whole number from 0 to 1"),
])
def test_bad_attack_arguments_are_named(weapon, target, seat, words):
    with pytest.raises(ValueError, match=words):
        attack_odds(armed(), weapon, target, seat)


def test_best_attacks_and_attack_value_name_their_bad_arguments():
    s = armed()
    with pytest.raises(ValueError, match="measure must be 'knockout' or 'injuries'"):
        best_attacks(s, measure="kills")
    with pytest.raises(ValueError, match="goal must be a list of seats"):
        best_attacks(s, goal=5)
    with pytest.raises(ValueError, match="state must be a Rumble Planet State"):
        best_attacks({"players": 2})
    with pytest.raises(ValueError, match="seat must be a whole number"):
        attack_value(s, seat="0")


def test_attack_value_refuses_a_seat_that_is_not_the_active_player():
    # It once answered seat 1 with the active player's attacks (0.0) without a cache, seat 1's (4.0) with one,
    # and raised "cannot unpack non-iterable NoneType" where seat 1's weapon could not reach (Attack Step:
    # the attacks of this turn are the active player's).
    s = armed()
    assert attack_value(s, 0) == attack_value(s) == attack_value(s, 0, {})
    for cache in (None, {}):
        with pytest.raises(IllegalAction, match=r"attack_value counts this turn's attacks, which are .*'s \(seat 0\); "
                                                r".* \(seat 1\) is not the active player"):
            attack_value(s, 1, cache)
