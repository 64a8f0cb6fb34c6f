"""Whole games to the end at 2, 3 and 4 players on both sides; save, load and replay; illegal actions refused."""
import json

import numpy as np
import pytest

from explorer.core import IllegalAction, Session
from explorer.rumble_planet import GAME, Attack, Move, Options, rules
from explorer.rumble_planet.bots import GreedyBot, RandomBot, play_out
from explorer.rumble_planet.state import ACTIONS

from .helpers import CONTENT


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("side", ["A", "B"])
def test_random_games_end_with_a_result(players, side):
    s = Session("rumble-planet", Options(players=players, side=side, round_limit=12), CONTENT, seed=players)
    bots = [RandomBot(np.random.default_rng(k)) for k in range(players)]
    result = play_out(s, bots)
    assert s.is_over() and s.legal_actions() == [] and rules.current_player(s.state) == rules.TERMINAL
    best = max(p.pp for p in s.state.players)
    assert s.state.players[s.state.winner].pp == best and result.endswith(f"{best} PP")
    assert s.events[-1].section == "End of Game"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("side", ["A", "B"])
def test_greedy_games_reach_the_goal_and_finish_the_round(players, side):
    s = Session("rumble-planet", Options(players=players, side=side, round_limit=60), CONTENT, seed=10 + players)
    play_out(s, [GreedyBot(np.random.default_rng(k)) for k in range(players)])
    st = s.state
    assert st.first_to_goal is not None and any("is the first to reach 18 PP" in e.text for e in s.events)
    assert st.active == players - 1  # everyone played the same number of turns


def test_options_variants_play_through():
    for opts in (Options(players=3, ring_shape="diamond", tie_break="later", round_limit=8),
                 Options(players=2, attack_die=("critical",), start_credits=20, round_limit=8),
                 Options(players=4, bank_credits=10, bank_boosts=1, round_limit=6)):
        s = Session("rumble-planet", opts, CONTENT, seed=5)
        assert play_out(s, [GreedyBot(np.random.default_rng(k)) for k in range(opts.players)])


def test_save_load_continue_equals_continuing(tmp_path):
    s = Session("rumble-planet", Options(players=3, round_limit=10), CONTENT, seed=42)
    bots = [RandomBot(np.random.default_rng(k)) for k in range(3)]
    for _ in range(150):
        s.play(bots[rules.current_player(s.state)].choose(s.state))
    s.save(tmp_path / "g.json")
    loaded = Session.load(tmp_path / "g.json")
    assert loaded.state == s.state
    rest_a = [RandomBot(np.random.default_rng(99 + k)) for k in range(3)]
    rest_b = [RandomBot(np.random.default_rng(99 + k)) for k in range(3)]
    assert play_out(s, rest_a) == play_out(loaded, rest_b)
    assert s.state == loaded.state and [e.text for e in s.events] == [e.text for e in loaded.events]


def test_same_seed_same_game():
    def run():
        s = Session("rumble-planet", Options(players=2, round_limit=8), CONTENT, seed=7)
        play_out(s, [RandomBot(np.random.default_rng(k)) for k in range(2)])
        return [str(e) for e in s.events]
    assert run() == run()


def test_illegal_actions_are_refused_and_nothing_changes():
    s = Session("rumble-planet", Options(players=2, round_limit=8), CONTENT, seed=3)
    rng = np.random.default_rng(0)
    bot = RandomBot(rng)
    spaces = ["A1", "E5", "J10", "C3"]
    refused = 0
    for _ in range(120):
        if s.is_over():
            break
        before, legal = s.state, s.legal_actions()
        for bad in [Move(sp) for sp in spaces] + [Attack("heroic", sp) for sp in spaces] + [Attack("9", "H1")]:
            if bad not in legal:
                with pytest.raises(IllegalAction):
                    s.play(bad)
                refused += 1
                assert s.state is before
        s.play(bot.choose(s.state, legal))
    assert refused > 100


def test_action_codec_round_trip():
    s = Session("rumble-planet", Options(players=2, round_limit=4), CONTENT, seed=3)
    play_out(s, [RandomBot(np.random.default_rng(k)) for k in range(2)])
    for step in s.steps:
        data = json.loads(json.dumps(GAME.action_to_json(step.action)))
        assert GAME.action_from_json(data) == step.action
    assert {type(st.action) for st in s.steps} <= set(ACTIONS)


def test_options_json_refuses_unknown_and_bad_values():
    o = Options(players=3, side="B", attack_die=("head", "critical"))
    assert Options.from_json(json.loads(json.dumps(o.to_json()))) == o
    with pytest.raises(ValueError, match="colour"):
        Options.from_json({"colour": 1})
    for bad in ({"players": 5}, {"side": "C"}, {"attack_die": ["nose"]}, {"bank_credits": 10**30}, {"players": True},
                {"round_limit": 0}, {"heroes": ["H1"]}):
        with pytest.raises(ValueError):
            Options(**bad)


def test_typed_outcomes_are_checked():
    s = Session("rumble-planet", Options(players=2), CONTENT, seed=1)
    from explorer.rumble_planet import SetUp
    with pytest.raises(IllegalAction):
        s.play(SetUp(), outcome={"level1": ["F01"], "level2": [], "gps": "G01"})
    assert s.cursor == 0


def test_greedy_bot_beats_random_play():
    wins = 0
    for seed in range(8):
        g = seed % 2
        bots = [None, None]
        bots[g], bots[1 - g] = GreedyBot(np.random.default_rng(seed)), RandomBot(np.random.default_rng(seed + 100))
        s = Session("rumble-planet", Options(players=2, round_limit=30), CONTENT, seed=seed)
        play_out(s, bots)
        wins += s.state.winner == g
    assert wins >= 6


@pytest.mark.parametrize("field", ["ring_shape", "tie_break", "falling", "teleporter_replacement", "placement_enters",
                                   "replacement_loot", "teleport_ends_movement", "range_shape", "push_injuries"])
def test_choice_options_refuse_unhashable_values_with_the_allowed_readings(field):
    from explorer.rumble_planet.options import CHOICES

    allowed = " or ".join(map(repr, CHOICES[field]))
    for bad in ([CHOICES[field][0]], {}):
        with pytest.raises(ValueError, match=f"options.{field} must be {allowed}, got"):
            Options(**{field: bad})
        with pytest.raises(ValueError, match=f"options.{field} must be"):
            Options.from_json({field: bad})
    with pytest.raises(ValueError, match="options.heroes must name 2 different heroes"):
        Options(heroes=[["H1"], "H2"])
