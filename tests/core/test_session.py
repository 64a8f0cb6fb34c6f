"""The session: history, explicit chance, table dice, save and load."""
import json

import numpy as np
import pytest

from explorer.core import IllegalAction, SaveFileError, Session
from explorer.core.chance import CustomDie, Dice, Joint, Shuffle
from explorer.proving_grounds import Options, Reroll, Roll, SetUp, Stop
from explorer.proving_grounds.bots import RandomPlayer


def new(seed=5, **kw):
    return Session("proving-grounds", Options(**kw), seed=seed)


def play_random(s, n, seed=0):
    bot = RandomPlayer(np.random.default_rng(seed))
    for _ in range(n):
        if s.is_over():
            break
        s.play(bot.choose(s.state, s.legal_actions()))


def test_same_seed_same_game():
    a, b = new(11), new(11)
    play_random(a, 60, seed=3)
    play_random(b, 60, seed=3)
    assert a.state == b.state
    assert a.events == b.events


def test_different_seed_different_dice():
    a, b = new(1), new(2)
    for s in (a, b):
        s.play(SetUp())
        s.play(Roll())
    assert a.state.faces != b.state.faces or a.state.slots != b.state.slots


def test_undo_redo_jump():
    s = new()
    play_random(s, 12)
    states = [st.state for st in s.steps]
    s.undo()
    assert s.state == states[-2] and s.can_redo
    s.redo()
    assert s.state == states[-1] and not s.can_redo
    s.jump(3)
    assert s.state == states[2] and s.cursor == 3 and s.history_length == len(states)
    s.jump(0)
    assert s.state == Session("proving-grounds", Options(), seed=5).state
    with pytest.raises(IllegalAction, match="step must be between 0 and"):
        s.jump(len(states) + 1)


def test_undo_then_same_action_rolls_the_same_dice():
    s = new()
    s.play(SetUp())
    s.play(Roll())
    first = s.state.faces
    s.undo()
    s.play(Roll())
    assert s.state.faces == first


def test_playing_after_undo_drops_the_redo_branch():
    s = new()
    s.play(SetUp())
    s.play(Roll(), outcome=[1, 1, 2, 3, 4, 5, 6, 6])
    s.play(Reroll(1), outcome=[2, 2])
    s.undo()
    s.play(Reroll(6), outcome=[3, 3])
    assert not s.can_redo and s.history_length == 3
    assert [x.source for x in s.steps] == ["rng", "table", "table"]


def test_table_dice_are_validated():
    s = new()
    s.play(SetUp())
    before = s.state
    with pytest.raises(IllegalAction, match="face #3 is 7; faces are 1-6"):
        s.play(Roll(), outcome=[1, 2, 7, 1, 1, 1, 1, 1])
    with pytest.raises(IllegalAction, match="expected 8 faces"):
        s.play(Roll(), outcome=[1, 2])
    with pytest.raises(IllegalAction, match="Stop is not possible now"):
        s.play(Stop())
    assert s.state is before and s.cursor == 1
    s.play(Roll(), outcome=[1, 2, 3, 4, 5, 6, 1, 2])
    rolled = s.state
    with pytest.raises(IllegalAction, match="involves no chance"):
        s.play(Stop(), outcome=[1])
    assert s.state is rolled and s.cursor == 2


def test_replay_is_exact():
    s = new(9)
    play_random(s, 80, seed=4)
    r = s.replay()
    assert r.state == s.state and r.events == s.events


def test_save_load_continue_equals_continue(tmp_path):
    s = new(21, timer_rerolls=3)
    play_random(s, 30, seed=8)
    s.save(tmp_path / "g.json")
    t = Session.load(tmp_path / "g.json")
    assert t.state == s.state and t.events == s.events
    play_random(s, 40, seed=9)
    play_random(t, 40, seed=9)
    assert t.state == s.state and t.events == s.events


def test_save_keeps_the_redo_branch(tmp_path):
    s = new()
    play_random(s, 10)
    s.jump(4)
    s.save(tmp_path / "g.json")
    t = Session.load(tmp_path / "g.json")
    assert t.cursor == 4 and t.history_length == s.history_length and t.state == s.state


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="something else"), "not a Rules Explorer save file"),
    (lambda d: d.update(version=99), "save version 99 is not supported"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d.update(seed="x"), "field 'seed'"),
    (lambda d: d["steps"][1].update(outcome=[9, 9, 9, 9, 9, 9, 9, 9], source="table"), "step 2: .*face #1 is 9"),
    (lambda d: d["steps"][1].update(outcome=[1, 1, 1, 1, 1, 1, 1, 1]), "step 2: outcome does not match the seed"),
    (lambda d: d["steps"][2].update(action={"type": "Fly"}), "step 3: unknown action"),
    (lambda d: d.update(cursor=99), "field 'cursor' is 99"),
    (lambda d: d["options"].update(health_spaces=1), "health_spaces must be a whole number between 3 and 20"),
])
def test_bad_save_files_say_what_is_wrong(tmp_path, mutate, message):
    s = new()
    play_random(s, 6)
    data = s.to_json()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match=message) as e:
        Session.load(path)
    assert str(path) in str(e.value)


def test_corrupt_save_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "rules-explorer-save", ')
    with pytest.raises(SaveFileError, match="broken.json: not a readable save file"):
        Session.load(path)


def test_chance_specs_validate():
    assert Dice(2).validate((3, 4)) == [3, 4]
    with pytest.raises(IllegalAction, match="face #2 is True"):
        Dice(2).validate([1, True])
    assert CustomDie(("wing", "chaos")).validate("wing") == "wing"
    with pytest.raises(IllegalAction, match="'fire' is not a face"):
        CustomDie(("wing", "chaos")).validate("fire")
    with pytest.raises(IllegalAction, match="expected an ordering of 3 cards"):
        Shuffle(("a", "b", "c")).validate(["a", "a", "b"])
    # a refusal reads as a sentence: counts and faces in words, never a Python list
    with pytest.raises(IllegalAction, match=r"^set of 3s: expected 2 faces, got 3 faces \(2, 2, 2\)$"):
        Dice(2, "set of 3s").validate([2, 2, 2])
    with pytest.raises(IllegalAction, match=r"^expected outcomes for dice and dragonling, got outcomes for dice$"):
        Joint((("dice", Dice(1)), ("dragonling", CustomDie(("wing",))))).validate({"dice": [1]})
    for spec, bad in [(Dice(2), [7]), (Shuffle(("a", "b")), ["a"]), (Joint((("dice", Dice(1)),)), [1])]:
        with pytest.raises(IllegalAction) as caught:
            spec.validate(bad)
        assert "[" not in str(caught.value), str(caught.value)
    rng = np.random.default_rng(0)
    assert sorted(Shuffle(("a", "b", "c")).sample(rng)) == ["a", "b", "c"]
    assert all(1 <= f <= 6 for f in Dice(50).sample(rng))


@pytest.mark.parametrize("name", ["proving-grounds", "barbearian", "doomrock", "doomrock-battle", "rumble-planet"])
def test_options_given_as_a_dict_are_read_and_a_wrong_type_is_refused_with_a_sentence(name):
    # Session("rumble-planet", {"players": 2}) once failed with "'dict' object has no attribute 'heroes'".
    from explorer.core.game import get_game

    game = get_game(name)
    assert Session(name, {}, seed=1).options == game.default_options()
    assert Session(name, game.options_to_json(game.default_options()), seed=1).options == game.default_options()
    with pytest.raises(ValueError, match="options: unknown field 'colour'"):
        Session(name, {"colour": 1}, seed=1)
    for bad in ("diamond", 3, [("players", 2)], get_game("proving-grounds" if name != "proving-grounds" else "barbearian")
                .default_options()):
        with pytest.raises(ValueError, match=f"options for {name} must be its .*Options or a dict of its fields, got"):
            Session(name, bad, seed=1)
