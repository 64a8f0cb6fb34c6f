"""numpy values at the boundary: an action or a typed outcome built from numpy scalars is played as
the Python values it stands for (so it is saved and replayed), and a typed outcome of the wrong
shape, type or value is refused by its chance spec with the project's error, for every chance kind
of every game."""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from explorer.core import IllegalAction, Session
from explorer.core.chance import CustomDie, Dice, Joint, Shuffle
from explorer.core.game import game_names
from explorer.core.values import plain

from .boundary_helpers import exactly_python, numpyish, random_play

GAMES = game_names()


def numpy_action(action):
    return dataclasses.replace(action, **{f.name: numpyish(getattr(action, f.name)) for f in dataclasses.fields(action)})


def walk(name: str, seed: int, steps: int):
    """Sessions along random legal play: yields the session before each step and the action picked."""
    s = Session(name, seed=seed)
    for action in random_play(s, np.random.default_rng(seed), steps):
        yield s, action


@pytest.mark.parametrize("name", GAMES)
def test_numpy_actions_and_outcomes_are_played_as_python_values_and_saved(name):
    """Every step played with numpy fields and numpy table dice is the plain action, saves and loads."""
    s = Session(name, seed=4)
    rng = np.random.default_rng(4)
    for _ in range(80):
        if s.is_over():
            break
        legal = s.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        spec = s.game.chance(s.state, action)
        outcome = None if spec is None else numpyish(spec.sample(rng))
        s.play(numpy_action(action), outcome)
        step = s.steps[-1]
        assert step.action == action and exactly_python(dataclasses.asdict(step.action)), step.action
        assert exactly_python(step.outcome), step.outcome
    text = json.dumps(s.to_json())
    loaded = Session.from_json(json.loads(text))
    assert loaded.state == s.state and loaded.cursor == s.cursor


def test_a_minion_activated_by_a_numpy_hero_is_the_hero():
    """Doomrock Minion Activation with ``hero=np.int64(k)`` acts exactly as ``hero=k`` (it raised a KeyError)."""
    for seed in range(20):
        for s, action in walk("doomrock-battle", seed, 200):
            if type(action).__name__ == "ActivateMinion":
                twin = s.replay()
                events = s.play(dataclasses.replace(action, hero=np.int64(action.hero)))
                assert events == twin.play(action) and s.state == twin.state
                json.dumps(s.to_json())
                return
    pytest.fail("no Minion Activation within 200 random steps of 20 seeds")


def test_numpy_outcomes_are_plain_values():
    assert Dice(3).validate(np.array([1, 6, 2])) == [1, 6, 2]
    assert type(Dice(1).validate([np.int8(4)])[0]) is int
    assert type(CustomDie(("wing", "chaos")).validate(np.str_("wing"))) is str
    assert Shuffle(("a", "b")).validate(np.array(["b", "a"])) == ["b", "a"]
    joint = Joint((("dice", Dice(1)), ("dragonling", CustomDie(("wing",)))))
    assert exactly_python(joint.validate({np.str_("dice"): np.array([2]), "dragonling": np.str_("wing")}))
    assert plain(np.bool_(True)) is True and plain(np.float32(0.5)) == 0.5 and type(plain(np.float32(0.5))) is float


@pytest.mark.parametrize("spec, bad, message", [
    (Shuffle(("a", "b", "c"), "trial deck"), [None] * 3, r"^trial deck: expected an ordering of 3 cards \(a, b, c\), each once; card #1 is None"),
    (Shuffle(("a", "b")), [["a"], "b"], r"card #1 is \['a'\], not a card of the deck"),
    (Shuffle(("a", "b")), np.array([1, 2]), "card #1 is 1"),
    (Shuffle(("a", "b")), ["a", "z"], "z is not in the deck; b is missing"),
    (Shuffle(("a", "a", "b")), ["a", "b", "b"], "each as often as the deck holds it.*a comes 1 time; b comes 2 times"),
    (Shuffle(("a", "b")), {"a": 1}, r"got \{'a': 1\} \(not a list of cards\)"),
    (CustomDie(("head", "arm")), ["head"], r"\['head'\] is not a face; faces are head, arm"),
    (CustomDie(("head", "arm")), np.array(["head"]), r"\['head'\] is not a face"),
    (CustomDie(("head", "arm")), None, "None is not a face"),
    (Dice(2), [1.0, 2], "face #1 is 1.0; faces are 1-6"),
    (Dice(2), [np.float64(3), 2], "face #1 is 3.0"),
    (Dice(2), [None, 2], "face #1 is None"),
    (Dice(2), [np.True_, 2], "face #1 is True"),
    (Dice(1), [[3]], r"face #1 is \[3\]"),
    (Dice(2), "12", r"got '12' \(not a list of faces\)"),
    (Joint((("dice", Dice(1)),)), {"dice": [None]}, "face #1 is None"),
])
def test_a_typed_outcome_of_the_wrong_kind_is_refused_by_its_spec(spec, bad, message):
    with pytest.raises(IllegalAction, match=message):
        spec.validate(bad)


def test_nested_and_huge_outcomes_are_refused_in_a_short_sentence():
    deep = [1]
    for _ in range(5000):
        deep = [deep]
    for spec in (Dice(1), Shuffle(("a",)), CustomDie(("a",)), Joint((("dice", Dice(1)),))):
        with pytest.raises(IllegalAction) as caught:
            spec.validate(deep)
        assert len(str(caught.value)) < 400
    with pytest.raises(IllegalAction) as caught:
        Shuffle(tuple("abc")).validate(["x"] * 100_000)
    assert len(str(caught.value)) < 400


def chance_kinds(name: str) -> dict[type, tuple]:
    """The first (session, action, spec part) met for each chance kind in random play of ``name``."""
    found: dict[type, tuple] = {}
    for seed in range(6):
        for s, action in walk(name, seed, 150):
            spec = s.game.chance(s.state, action)
            parts = spec.parts if isinstance(spec, Joint) else (("", spec),) if spec is not None else ()
            for part, sub in parts:
                if type(sub) not in found:
                    found[type(sub)] = (s.replay(), action, spec, part)
    return found


WRONG = {Dice: lambda sub: [None] * sub.count, CustomDie: lambda sub: [sub.faces[0]],
         Shuffle: lambda sub: [None] * len(sub.cards)}


@pytest.mark.parametrize("name", GAMES)
def test_every_chance_kind_refuses_an_outcome_of_the_wrong_kind(name):
    """``[None] * 14`` for a trial deck (a TypeError inside ``Shuffle.validate``) is refused like any bad outcome."""
    found = chance_kinds(name)
    assert found, f"{name}: no chance met in random play"
    for kind, (s, action, spec, part) in found.items():
        good = spec.sample(np.random.default_rng(0))
        bad = WRONG[kind](dict(spec.parts)[part] if part else spec)
        outcome = {**good, part: bad} if part else bad
        before, cursor = s.state, s.cursor
        with pytest.raises(IllegalAction):
            s.play(action, outcome)
        assert s.state is before and s.cursor == cursor
        s.play(action, numpyish(good))
        assert s.steps[-1].outcome == good and exactly_python(s.steps[-1].outcome)
