"""The simulator's fast path (no legality check of the actions the engine itself just listed, no validation of the
outcomes their own specs drew) is the checked engine, step for step; and seeded games stay the games they were."""
import dataclasses
import hashlib

import numpy as np
import pytest

from explorer.core import Session
from explorer.core.frozen import replace
from explorer.core.seeds import children_of
from explorer.rumble_planet import Options, rules, sample_content
from explorer.rumble_planet.attack import attack_profile, injuries_by_target, resolve_attack
from explorer.rumble_planet.bots import BOTS, expected_injuries
from explorer.rumble_planet.setup import initial_state
from explorer.rumble_planet.sim import heroes_for, play_game, replay_seed
from explorer.rumble_planet.state import Attack, Player, Turn

CONTENT = sample_content()

GAMES = [(("greedy", "greedy"), 0), (("greedy", "random", "greedy"), 1), (("greedy",) * 4, 2), (("random", "random"), 3)]


def record(players, game, **opts):
    options = Options(players=len(players), heroes=heroes_for(game, len(players), CONTENT), **opts)
    return options, play_game(players, options, CONTENT, replay_seed(3, game, 4), keep_actions=True)


@pytest.mark.parametrize("players,game", GAMES)
def test_every_step_of_a_simulated_game_is_the_checked_engines_step(players, game):
    options, rec = record(players, game, round_limit=12)
    state, rounds = initial_state(options, CONTENT), []
    for action, outcome in rec.actions:
        assert action in rules.legal_actions(state)
        spec = rules.chance(state, action)
        assert rules.chance_of_legal(state, action) == spec
        assert outcome is None if spec is None else spec.validate(outcome) == outcome
        checked, events = rules.apply(state, action, outcome)
        fast, fast_events = rules.apply_legal(state, action, outcome)
        assert fast == checked and fast_events == events
        assert [dataclasses.astuple(p) for p in fast.players] == [dataclasses.astuple(p) for p in checked.players]
        if checked.round != state.round:
            rounds.append(tuple(p.pp for p in checked.players))
        state = checked
    assert state.stage == "over" and state.winner == rec.winner and state.round == rec.rounds
    assert tuple(rounds) + (tuple(p.pp for p in state.players),) == rec.pp_by_round


def test_a_simulated_game_is_the_game_the_same_bots_play_through_a_session():
    # the same seeds: the bots get the game's own generators, the Session its outcomes typed in from the same draws
    players, game = ("greedy", "random", "greedy"), 1
    options, rec = record(players, game, round_limit=20)
    children = children_of(replay_seed(3, game, 4), len(players) + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    bots = [BOTS[k](np.random.Generator(np.random.PCG64(c))) for k, c in zip(players, children[1:])]
    sess, played = Session("rumble-planet", options, CONTENT, seed=0), []
    while not sess.is_over():
        action = bots[rules.current_player(sess.state)].choose(sess.state, sess.legal_actions())
        spec = rules.chance(sess.state, action)
        outcome = None if spec is None else spec.sample(rng)
        sess.play(action, outcome)
        played.append((action, outcome))
    assert tuple(played) == rec.actions and sess.state.winner == rec.winner


def test_the_greedy_bot_weighs_an_attack_by_the_engines_own_hits():
    # expected_injuries reads injuries_by_target, the numbers of resolve_attack without its words
    options, rec = record(("greedy", "greedy", "greedy"), 2, round_limit=12)
    state, weighed = initial_state(options, CONTENT), 0
    for action, outcome in rec.actions:
        for a in rules.legal_actions(state):
            if isinstance(a, Attack):
                profile = attack_profile(state, state.active, a.weapon, a.target)
                faces = options.attack_die
                total = 0.0
                for face in faces:
                    hits = resolve_attack(profile, face)
                    assert injuries_by_target(profile, face) == tuple((h.seat, h.injuries, h.destroyed) for h in hits)
                    total += sum(h.injuries if h.seat is not None else 0.1 * h.destroyed for h in hits)
                assert expected_injuries(state, a) == pytest.approx(total / len(faces), abs=1e-12)
                weighed += 1
        state, _ = rules.apply(state, action, outcome)
    assert weighed > 20


# Seeded games recorded with the engine and bots as they were before the fast path (commit d51339c): the winner, the
# rounds, the steps, the final PP and a digest of every (action, outcome). A rules change that means to change games
# records them again; a speed-up never may.
RECORDED = {
    0: (0, 34, 706, (23, 6), "8be9e6d64cf79b3a"),
    1: (2, 15, 347, (16, 7, 20), "f6f9b326cf0e5730"),
    2: (1, 11, 615, (14, 20, 14, 11), "1232089bc38fe2aa"),
}


@pytest.mark.parametrize("players,game", GAMES[:3])
def test_seeded_games_are_the_games_they_were(players, game):
    _, rec = record(players, game)
    digest = hashlib.sha256(repr(rec.actions).encode()).hexdigest()[:16]
    assert (rec.winner, rec.rounds, rec.steps, rec.pp_by_round[-1], digest) == RECORDED[game]


def test_the_quick_replace_is_dataclasses_replace():
    state = initial_state(Options(players=3), CONTENT)
    for value, changes in ((state, {"round": 4, "active": 2}), (state.players[1], {"hp": 3, "hand": ("W01",)}),
                           (Turn(), {"phase": "action", "used": ("heroic",)})):
        quick, plain = replace(value, **changes), dataclasses.replace(value, **changes)
        assert quick == plain and hash(quick) == hash(plain) and repr(quick) == repr(plain)
        assert vars(quick) == vars(plain) and quick is not value and value == replace(quick, **{
            k: getattr(value, k) for k in changes})
    with pytest.raises(TypeError):
        replace(Player("H1"), hit_points=3)  # not a field: the usual error
    with pytest.raises(ValueError, match="players"):
        replace(Options(), players=9)  # Options check themselves in __post_init__: that still runs
