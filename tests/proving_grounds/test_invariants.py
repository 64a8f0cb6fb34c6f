"""Property tests: conservation of dice, bounded tracks, monotone health, exact replays."""
from hypothesis import given, strategies as st

from explorer.core import Session
from explorer.proving_grounds import MODULES, Options
from explorer.proving_grounds.options import CLIMBS, EARLY_WOUNDS, SUN_DIE_RETURNS

from .helpers import session

ALL_DICE = sorted(["W%d" % i for i in range(1, 9)] + ["B1", "B2", "G1", "G2", "Y1", "Y2"])

games = st.tuples(
    st.lists(st.sampled_from(MODULES), unique=True),
    st.integers(0, 2**31),
    st.lists(st.integers(0, 1000), min_size=1, max_size=250),
    st.one_of(st.none(), st.integers(0, 6)),
    st.fixed_dictionaries({  # the readings of rulings PG-4, PG-6 and PG-12
        "climb": st.sampled_from(CLIMBS), "early_wounds": st.sampled_from(EARLY_WOUNDS),
        "sun_die_return": st.sampled_from(SUN_DIE_RETURNS)}),
)


def play(s, picks):
    for p in picks:
        if s.is_over():
            break
        acts = s.legal_actions()
        s.play(acts[p % len(acts)])
        yield s.state


@given(games)
def test_invariants_hold_at_every_step(game):
    modules, seed, picks, timer, readings = game
    s = session(Options.with_modules(*modules, timer_rerolls=timer, **readings), seed=seed)
    health = s.state.health
    for state in play(s, picks):
        assert sorted(state.all_dice()) == ALL_DICE  # the 14 attack dice are always somewhere
        assert state.health >= health  # health never rises
        health = state.health
        assert 0 <= state.health <= s.options.health_spaces - 1
        for n in range(1, 7):
            slot = state.slot(n)
            if slot:
                assert 0 <= slot.marker < state.enemy(n).top  # a marker on the top space is defeated at once
                if slot.marker == 0:  # on the bottom space only while its wound is being suffered
                    waits = readings["early_wounds"] == "step_2b" and ("attacks",) in state.tasks  # PG-6
                    assert ("wound", n) in state.tasks or waits or state.result == "lost"  # a loss ends at once
        assert len(state.faces) == len(state.pool)
        assert len(state.defeated) == len(set(state.defeated))


@given(games)
def test_same_seed_and_actions_replay_identically(game):
    modules, seed, picks, timer, readings = game
    opts = Options.with_modules(*modules, timer_rerolls=timer, **readings)
    a, b = session(opts, seed=seed), session(opts, seed=seed)
    list(play(a, picks))
    list(play(b, picks))
    assert a.state == b.state and a.events == b.events


@given(games, st.integers(0, 250))
def test_save_load_and_continue_equals_continuing(game, cut):
    modules, seed, picks, timer, readings = game
    s = session(Options.with_modules(*modules, timer_rerolls=timer, **readings), seed=seed)
    list(play(s, picks[:cut]))
    t = Session.from_json(s.to_json())
    assert t.state == s.state
    list(play(s, picks[cut:]))
    list(play(t, picks[cut:]))
    assert t.state == s.state and t.events == s.events
