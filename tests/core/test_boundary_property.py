"""The one input boundary, as a property over every registered game.

At a random reachable state (random legal play from a seed), a legal action with one field
perturbed (numpy scalars, a bool for a number, out of range, the wrong type, None) and a typed
outcome that may be of the wrong kind either

- is applied, and then the session saves to JSON, loads, and plays on exactly as the original, or
- is refused with ``IllegalAction``, and the session is exactly as it was.

Nothing else (no raw TypeError, KeyError, numpy error) may come out of ``Session.play``.
"""
from __future__ import annotations

import copy
import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import IllegalAction, Session
from explorer.core.game import game_names

from .boundary_helpers import numpyish, random_play


def _beyond(v):
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + 1000
    if isinstance(v, str):
        return v + "x"
    if isinstance(v, tuple):
        return v + (v[0],) if v else ("zz",)
    return v


FIELD_CHANGES = {
    "as listed": lambda v: v,
    "numpy": lambda v: numpyish(v, arrays=False),
    "numpy array": lambda v: np.array(v),
    "bool": lambda v: bool(v) if isinstance(v, int) and not isinstance(v, bool) else True,
    "numpy bool": lambda v: np.bool_(v) if isinstance(v, (int, bool)) else np.True_,
    "numpy float": lambda v: np.float64(v) if isinstance(v, int) else np.float64(1.5),
    "out of range": _beyond,
    "negative": lambda v: -1,
    "none": lambda v: None,
    "text": lambda v: "x",
    "float": lambda v: float(v) if isinstance(v, int) else 1.5,
    "list": lambda v: list(v) if isinstance(v, tuple) else [v],
    "nested": lambda v: (v,),
}


def _first_list(value, change):
    """``value`` with ``change`` applied to the first list found in it (a die's face if none)."""
    if isinstance(value, list):
        return change(value)
    if isinstance(value, dict) and value:
        key = next(iter(value))
        return {**value, key: _first_list(value[key], change)}
    return change([value])


OUTCOME_CHANGES = {
    "drawn": lambda o: None,
    "typed": lambda o: o,
    "numpy": lambda v: numpyish(v, arrays=False),
    "numpy array": lambda o: _first_list(o, np.array),
    "an entry None": lambda o: _first_list(o, lambda xs: [None] + xs[1:]),
    "all None": lambda o: _first_list(o, lambda xs: [None] * len(xs)),
    "one short": lambda o: _first_list(o, lambda xs: xs[:-1]),
    "one more": lambda o: _first_list(o, lambda xs: xs + xs[:1]),
    "a float entry": lambda o: _first_list(o, lambda xs: [float(x) if isinstance(x, int) else 1.0 for x in xs]),
    "text": lambda o: "x",
    "number": lambda o: 3,
    "empty object": lambda o: {},
    "nested": lambda o: [o],
}

MOVES = st.lists(st.tuples(st.integers(0, 999), st.integers(0, 9), st.sampled_from(list(FIELD_CHANGES)),
                           st.sampled_from(list(OUTCOME_CHANGES)), st.integers(0, 2**32 - 1)),
                 min_size=1, max_size=5)


def _with_field(action, field: str, value):
    """A copy of the frozen ``action`` with one field set, bypassing its constructor (as a widget or a
    notebook could hand over any object)."""
    changed = copy.copy(action)
    object.__setattr__(changed, field, value)
    return changed


def _saves_loads_and_plays_on(s: Session, rng: np.random.Generator) -> None:
    loaded = Session.from_json(json.loads(json.dumps(s.to_json())))
    assert loaded.state == s.state and loaded.cursor == s.cursor and loaded.history_length == s.history_length
    if s.is_over():
        return
    legal = s.legal_actions()
    assert loaded.legal_actions() == legal
    action = legal[int(rng.integers(len(legal)))]
    assert loaded.play(action) == s.play(action)
    assert loaded.state == s.state and loaded.steps[-1].outcome == s.steps[-1].outcome


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), warmup=st.integers(0, 40), moves=MOVES)
def test_an_action_is_applied_and_saveable_or_refused_with_nothing_changed(name, seed, warmup, moves):
    s = Session(name, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in random_play(s, rng, warmup):
        pass
    for pick, field_pick, field_change, outcome_change, outcome_seed in moves:
        if s.is_over():
            return
        legal = s.legal_actions()
        action = legal[pick % len(legal)]
        fields = [f.name for f in dataclasses.fields(action)]
        if fields:
            field = fields[field_pick % len(fields)]
            action = _with_field(action, field, FIELD_CHANGES[field_change](getattr(action, field)))
        spec = s.game.chance(s.state, legal[pick % len(legal)])
        typed = spec.sample(np.random.default_rng(outcome_seed)) if spec is not None else [1]
        outcome = OUTCOME_CHANGES[outcome_change](typed)
        before, cursor, length, saved = s.state, s.cursor, s.history_length, json.dumps(s.to_json())
        try:
            s.play(action, outcome)
        except IllegalAction:
            assert s.state is before and s.cursor == cursor and s.history_length == length
            assert json.dumps(s.to_json()) == saved
            continue
        _saves_loads_and_plays_on(s, rng)
