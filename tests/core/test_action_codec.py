"""Every action of every registered game survives its save file: each declared action type, and
every action a game offers in play, is written as JSON and read back as itself."""
from __future__ import annotations

import dataclasses
import json
import types
import typing

import numpy as np
import pytest

from explorer.core import IllegalAction, Session, get_game
from explorer.core.actions import ActionCodec
from explorer.core.game import game_names

GAMES = game_names()
SAMPLES = {int: 2, str: "x", bool: True, float: 0.5, type(None): None}


def sample(hint):
    """A value of the annotation ``hint``, nested tuples and optional fields included."""
    if hint in SAMPLES:
        return SAMPLES[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return sample(next(a for a in args if a is not type(None)))
    if origin is typing.Literal:
        return args[0]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (sample(args[0]), sample(args[0]))
        return tuple(sample(a) for a in args)
    return "x"  # Any, or an annotation of the game's own


def round_trip(game, action):
    return game.action_from_json(json.loads(json.dumps(game.action_to_json(action))))


@pytest.mark.parametrize("name", GAMES)
def test_every_action_type_round_trips(name):
    game = get_game(name)
    assert game.action_types, f"{name} declares no action types"
    for cls in game.action_types:
        hints = typing.get_type_hints(cls)
        action = cls(**{f.name: sample(hints.get(f.name, typing.Any)) for f in dataclasses.fields(cls)})
        assert round_trip(game, action) == action, cls.__name__


@pytest.mark.parametrize("name", GAMES)
def test_every_offered_action_is_a_declared_type_that_round_trips(name):
    game = get_game(name)
    offered = set()
    for seed in range(4):
        s, rng = Session(game, seed=seed), np.random.default_rng(seed)
        for _ in range(250):
            if s.is_over():
                break
            acts = s.legal_actions()
            for a in acts:
                offered.add(type(a))
                assert round_trip(game, a) == a, a
            s.play(acts[int(rng.integers(len(acts)))])
    assert offered <= set(game.action_types), offered - set(game.action_types)


def test_a_nested_tuple_comes_back_as_tuples():
    @dataclasses.dataclass(frozen=True)
    class Split:
        groups: tuple[tuple[int, ...], ...]

    codec = ActionCodec(Split)
    assert codec.to_json(Split(((0, 1), (2,)))) == {"type": "Split", "groups": [[0, 1], [2]]}
    assert codec.from_json({"type": "Split", "groups": [[0, 1], [2]]}) == Split(((0, 1), (2,)))


def test_the_codec_refuses_to_write_an_action_it_could_not_read():
    @dataclasses.dataclass(frozen=True)
    class Fly:
        pass

    with pytest.raises(ValueError, match="Fly is not one of this game's action types"):
        ActionCodec().to_json(Fly())


def test_two_action_types_of_one_name_are_refused():
    first = dataclasses.make_dataclass("Move", [], frozen=True)
    second = dataclasses.make_dataclass("Move", [], frozen=True)
    with pytest.raises(ValueError, match="two action classes share a name"):
        ActionCodec(first, second)


def test_a_session_refuses_an_action_its_save_could_not_hold():
    from explorer.proving_grounds.game import ProvingGrounds
    from explorer.proving_grounds.state import SetUp

    class Forgetful(ProvingGrounds):
        action_types = ()

    s = Session(Forgetful(), seed=1)
    with pytest.raises(IllegalAction, match="SetUp\\(\\) cannot be written to a save file"):
        s.play(SetUp())
    assert s.cursor == 0
