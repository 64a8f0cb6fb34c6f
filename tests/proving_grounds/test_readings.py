"""Readings where players differ are options; the printed reading is the default (rulings PG-4, PG-6, PG-12)."""
from dataclasses import replace

import pytest

from explorer.proving_grounds import Options, RotateDial
from explorer.proving_grounds import modules as pg_modules
from explorer.proving_grounds.cards import sample_deck
from explorer.proving_grounds.sim.tables import check_supported

from .scenario import fillers, markers, new_session, plain, roll, stop

POOL = ["W1", "W2", "W3", "W4", "W5", "B1", "G1", "Y1"]
CHARGE = {"id": "C1", "name": "Charge", "face": 6, "effect": {"effect": "slot_down", "slot": 1, "spaces": 1}}


def charged(**options):
    """A chariot pushes enemy #1 (on space 1) to its bottom space before a pair of 1s attacks it."""
    s = new_session(Options(chariots=True, **options), [plain("A", start=1)] + [plain(f"A{i}", start=2) for i in range(7)],
                    {"chariots": ["C1"]}, chariots=[CHARGE])
    roll(s, dict(zip(POOL, (1, 1, 3, 5, 5, 2, 4, 4))))
    return s, stop(s)


def test_a_wound_before_the_attacks_is_suffered_at_once_by_default():
    """Suffering Wounds: "If the battle marker reaches the bottom space of the battle track, you have suffered a wound!" """
    s, _ = charged()
    assert s.state.phase == "wound" and ("attacks",) in s.state.tasks


def test_checking_wounds_at_step_2b_lets_this_rounds_attack_lift_the_marker():
    """Step 2B: "If the battle marker on an enemy card has now reached ... the bottom space" (ruling PG-6, option)."""
    s, ev = charged(early_wounds="step_2b")
    texts = [e.text for e in ev]
    assert "Enemy #1's marker is on the bottom space: the wound is checked at Step 2B, after this round's attacks (ruling PG-6)." in texts
    assert "Enemy #1 (A): 2 white: you score a hit: marker up 1." in texts
    assert s.state.health == 0 and s.state.round == 2 and markers(s)[0] == 1  # no wound this round


def lent_die_on_the_exhaustion_track(**options):
    s = new_session(Options(sun_and_moon=True, **options), fillers(12, start=2))
    s.play(RotateDial(1))
    state = s.state
    die = state.dial[0]
    state = replace(state, dial=state.dial[1:], lent=die, exhaustion=((die,), (), ()),
                    tasks=(("sun_moon",),) + state.tasks)
    state, events = pg_modules.sun_and_moon_effects(state)
    return die, state, [e.text for e in events]


def test_the_lent_sun_die_returns_from_the_exhaustion_track_by_default():
    """Module 6: "return to the sun and moon dial any colored dice you gained in the previous round" (PG-12)."""
    die, state, _ = lent_die_on_the_exhaustion_track()
    assert die in state.dial and die not in state.exhaustion[0] and state.lent is None


def test_the_lent_sun_die_may_return_only_from_the_pool():
    die, state, texts = lent_die_on_the_exhaustion_track(sun_die_return="from_pool")
    assert die not in state.dial and die in state.exhaustion[0] and state.lent is None
    assert any("is not in the dice pool: it stays with you" in t for t in texts)


@pytest.mark.parametrize("option", [{"early_wounds": "step_2b"}, {"sun_die_return": "from_pool"}])
def test_the_simulator_refuses_the_readings_it_does_not_play(option):
    with pytest.raises(NotImplementedError, match=next(iter(option))):
        check_supported(Options.with_modules("chariots", "sun_and_moon", timer_rerolls=3, **option), sample_deck())
    check_supported(Options.with_modules("chariots", "sun_and_moon", timer_rerolls=3, climb="choose"), sample_deck())


def test_the_readings_are_options_with_the_printed_defaults():
    o = Options()
    assert (o.climb, o.early_wounds, o.sun_die_return) == ("choose", "at_once", "anywhere")
    assert Options.from_json(Options(climb="max", early_wounds="step_2b", sun_die_return="from_pool").to_json()).climb == "max"
    for bad in ({"climb": "some"}, {"early_wounds": True}, {"sun_die_return": ["anywhere"]}):
        with pytest.raises(ValueError, match="options."):
            Options(**bad)
