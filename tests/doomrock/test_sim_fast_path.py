"""The simulator's fast path (the legal actions listed once a step, the action chosen from them not checked again)
is the checked engine, step for step; and seeded games stay the games they were."""
import hashlib

import numpy as np
import pytest

from explorer.core.seeds import children_of
from explorer.doomrock import BATTLE_GAME, CHANCE, GAME, Options
from explorer.doomrock.bots import make_bot
from explorer.doomrock.sim import play_game

from .helpers import DECK

LIMITS = {"round_limit": 30, "map_action_limit": 200}
# (kind, bot, options, seed): a won and a lost greedy battle, a random party's, a won and a lost campaign
GAMES = [("battle", "greedy", {"players": 2}, 20), ("battle", "greedy", {"players": 3, "encounter": "orc_warband"}, 12),
         ("battle", "random", {"players": 2, "round_limit": 30}, 13), ("campaign", "greedy", LIMITS, 21),
         ("campaign", "greedy", LIMITS, 29)]


def checked_game(kind, bot, opts, seed, fast_too=False):
    """The game ``play_game`` plays from ``seed``, through the checked ``chance`` and ``apply``; with ``fast_too``
    every step is also taken by the fast path and held to the checked one. Returns the final state and every
    (action, outcome)."""
    game = BATTLE_GAME if kind == "battle" else GAME
    chance_seed, bot_seed = children_of(np.random.SeedSequence(seed), 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    player = make_bot(bot, np.random.Generator(np.random.PCG64(bot_seed)))
    state, played = game.initial_state(Options(**opts), DECK), []
    while not game.is_terminal(state):
        acts = game.legal_actions(state)
        action = acts[0] if game.current_player(state) == CHANCE else player.choose(state, acts)
        spec = game.chance(state, action)
        outcome = spec.sample(rng) if spec is not None else None
        played.append((action, outcome))
        checked, events = game.apply(state, action, outcome)
        if fast_too:
            assert action in acts and game.player_of(acts) == game.current_player(state)
            assert game.chance_of_legal(state, action) == spec
            fast, fast_events = game.apply_legal(state, action, outcome)
            assert fast == checked and fast_events == events
            assert repr(fast) == repr(checked)  # fields the equality leaves out (none should) agree too
        state = checked
    return state, played


@pytest.mark.parametrize("kind,bot,opts,seed", GAMES)
def test_every_step_of_a_simulated_game_is_the_checked_engines_step(kind, bot, opts, seed):
    state, played = checked_game(kind, bot, opts, seed, fast_too=True)
    record = play_game(kind, Options(**opts), DECK, bot, np.random.SeedSequence(seed))
    assert record.steps == len(played) and not record.capped
    assert record.won == (state.result == "victory")


def test_a_changed_action_is_still_refused_by_the_checked_engine():
    # the fast path is only for the engine's own listed actions: apply itself still refuses anything else
    from explorer.core.errors import IllegalAction
    from explorer.doomrock.state import EndRound
    state = BATTLE_GAME.initial_state(Options(players=2), DECK)
    assert EndRound() not in BATTLE_GAME.legal_actions(state) and BATTLE_GAME.chance(state, EndRound()) is None
    with pytest.raises(IllegalAction):
        BATTLE_GAME.apply(state, EndRound())


# Seeded games recorded with the engine, bots and simulator as they were before the fast path (commit be82f2c):
# play_game's record (won, rounds, HP left, score, battles won, steps, battles), and the steps and a digest of every
# (action, outcome) of the checked engine's game. A rules change that means to change games records them again; a
# speed-up never may.
RECORDED = {
    20: ((True, 16, 3, 0, 1, 258, (("goblin_raid", True),)), 258, "008e4771704ce031"),
    12: ((False, 13, 0, 0, 0, 229, (("orc_warband", False),)), 229, "6339fbcb33a13e1a"),
    13: ((False, 8, 0, 0, 0, 117, (("goblin_raid", False),)), 117, "bb2778b21fab00ed"),
    21: ((True, 8, 10, 40, 3, 237, (("goblin_raid", True), ("orc_warband", True), ("the_lich", True))), 237,
         "2048c6cad76bb0f5"),
    29: ((False, 17, 10, 27, 2, 460, (("goblin_raid", True), ("orc_warband", True), ("the_dragon", False))), 460,
         "f0988e0e7020c8b8"),
}


@pytest.mark.parametrize("kind,bot,opts,seed", GAMES)
def test_seeded_games_are_the_games_they_were(kind, bot, opts, seed):
    r = play_game(kind, Options(**opts), DECK, bot, np.random.SeedSequence(seed))
    _, played = checked_game(kind, bot, opts, seed)
    digest = hashlib.sha256(repr(played).encode()).hexdigest()[:16]
    got = ((r.won, r.rounds, r.hp_left, r.score, r.battles_won, r.steps, r.battles), len(played), digest)
    assert got == RECORDED[seed]
