"""Property tests: Glory and tokens are conserved, nothing goes negative, the win is immediate,
and the same seed and actions replay identically (also through save and load)."""
from collections import Counter

import numpy as np
from hypothesis import given, settings, strategies as st

from explorer.barbearian import Options, TakeBack, rules
from explorer.barbearian.economy import tokens
from explorer.barbearian.options import RESOURCES
from explorer.core import Session

from .helpers import DECK



def _valid(fields: dict) -> bool:
    try:
        Options(**fields)
    except ValueError:
        return False
    return True


options = st.fixed_dictionaries(dict(
    players=st.sampled_from([2, 3, 4]),
    start_resources=st.sampled_from([0, 3, 8]),
    token_ones=st.sampled_from([8, 20]),
    token_threes=st.sampled_from([0, 2, 10]),
    glory_to_win=st.sampled_from([3, 7]),
    clash_tie=st.sampled_from(["both_fall", "zero_raids"]),
    sentry_specialists=st.booleans(),
    round_limit=st.sampled_from([2, 60, None]),
    loot_resources=st.sampled_from(["tokens", "value"]),
)).filter(_valid).map(lambda fields: Options(**fields))
games = st.tuples(options, st.integers(0, 2**31), st.integers(0, 2**31), st.integers(20, 400))


def play(s: Session, choice_seed: int, steps: int):
    """Random legal play (taking dice back now and then), yielding every state."""
    rng = np.random.default_rng(choice_seed)
    for _ in range(steps):
        if s.is_over():
            break
        acts = s.legal_actions()
        if rng.random() > 0.05:
            acts = [a for a in acts if not isinstance(a, TakeBack)] or acts
        s.play(acts[int(rng.integers(len(acts)))])
        yield s.state


def check(state):
    o = state.options
    # Glory: every token of every colour is with a player or in its clan's reserve.
    held = Counter(c for p in state.players for c, _ in p.glory)
    for p in state.players:
        assert held[p.clan] + p.reserve_glory == o.glory_per_clan
        assert p.reserve_glory >= 0
    assert set(held) <= set(o.clans)
    # Resource tokens: never negative, and 1s and 3s are conserved with the common pool.
    for r in RESOURCES:
        hands, (ones, threes) = tokens(state, r)
        assert ones >= 0 and threes >= 0
        assert all(a >= 0 and b >= 0 for a, b in hands)
        assert sum(a for a, _ in hands) + ones == o.token_ones
        assert sum(b for _, b in hands) + threes == o.token_threes
        assert all(p.resource(r) == a + 3 * b for p, (a, b) in zip(state.players, hands))
    # Dice, mercenaries and specialists stay within their supplies.
    assert state.mercenaries_left + sum(p.mercenaries for p in state.players) == o.mercenary_dice
    for space, left in state.specialist_supply:
        assert left >= 0 and left + sum(p.specialists_on(space) for p in state.players) == o.specialist_supply
    for p in state.players:
        assert o.start_dice <= p.active <= o.clan_dice
        # this round's dice: the clan dice active when rolled (Reinforcements join next round) and mercenaries
        assert not p.faces or (len(p.faces) - p.mercenaries <= p.active and len(p.faces) == len(p.placement))
        assert len(p.upgrades) == len(set(p.upgrades))
    # Winning: "If at any point a player reaches seven Glory tokens ... immediately wins".
    top = max(p.glory_count for p in state.players)
    if top >= o.glory_to_win:
        assert state.result == f"{state.clan(state.winner)} wins"
        assert state.players[state.winner].glory_count >= o.glory_to_win
        assert state.tasks == () and rules.legal_actions(state) == []
    elif state.result is None:
        assert rules.legal_actions(state)


@settings(max_examples=30)
@given(games)
def test_invariants_hold_at_every_step(game):
    opts, seed, choice_seed, steps = game
    s = Session("barbearian", opts, DECK, seed=seed)
    check(s.state)
    for state in play(s, choice_seed, steps):
        check(state)


@settings(max_examples=8)
@given(games)
def test_same_seed_and_actions_replay_identically(game):
    opts, seed, choice_seed, steps = game
    a, b = Session("barbearian", opts, DECK, seed=seed), Session("barbearian", opts, DECK, seed=seed)
    list(play(a, choice_seed, steps))
    list(play(b, choice_seed, steps))
    assert a.state == b.state and a.events == b.events
    assert [s.outcome for s in a.steps] == [s.outcome for s in b.steps]
    assert a.replay().state == a.state


@settings(max_examples=8)
@given(games, st.integers(0, 400))
def test_save_load_and_continue_equals_continuing(game, cut):
    opts, seed, choice_seed, steps = game
    s = Session("barbearian", opts, DECK, seed=seed)
    list(play(s, choice_seed, min(cut, steps)))
    t = Session.from_json(s.to_json())
    assert t.state == s.state and t.events == s.events
    list(play(s, choice_seed + 1, steps - min(cut, steps)))
    list(play(t, choice_seed + 1, steps - min(cut, steps)))
    assert t.state == s.state and t.events == s.events


def test_save_and_load_a_file(tmp_path):
    s = Session("barbearian", Options(players=3), DECK, seed=12)
    list(play(s, 3, 400))
    s.undo()
    path = tmp_path / "game.json"
    s.save(path)
    t = Session.load(path)
    assert t.state == s.state and t.cursor == s.cursor and t.history_length == s.history_length
    t.redo()
    s.redo()
    assert t.state == s.state
