"""The compact greedy bot's shortcuts choose what ``bots.GreedyBot`` chooses: the move toward the nearest goal found
without scoring every move, and the Preparation Phase's choice found without listing the legal actions; checked at
engine positions, some of them with the active player's pieces shuffled at random."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.core.frozen import replace
from explorer.rumble_planet import GreedyBot, Options, rules, sample_content
from explorer.rumble_planet.board import SPACES, adjacent, distance
from explorer.rumble_planet.sim import heroes_for, play_game, replay_seed
from explorer.rumble_planet.sim import compact_bots
from explorer.rumble_planet.setup import initial_state
from explorer.rumble_planet.sim.compact import from_state
from explorer.rumble_planet.state import Gear

CONTENT = sample_content()


def test_the_first_move_toward_a_nearest_goal_is_the_first_of_the_nearest_moves():
    # bots.GreedyBot: the first move of least distance to the nearest goal, if that is less than here's
    rng = np.random.default_rng(7)
    for _ in range(4000):
        here = SPACES[int(rng.integers(len(SPACES)))]
        goals = [SPACES[int(i)] for i in rng.integers(len(SPACES), size=int(rng.integers(1, 12)))]
        moves = [s for s in adjacent(here) if rng.random() < 0.7]
        value = [min(distance(s, x) for x in goals) for s in moves]
        plain = None
        if moves and min(value) < min(distance(here, x) for x in goals):
            plain = moves[value.index(min(value))]
        mask = sum({compact_bots.BIT[x] for x in goals})
        nearest = compact_bots.nearest_goal(here, mask)
        assert nearest == min(distance(here, x) for x in goals)
        short = next((s for s in moves if nearest and compact_bots.BALLS[s][nearest - 1] & mask), None)
        assert short == plain, (here, goals, moves)
        if short is not None:  # the distance the bot keeps for the space it moves to is that space's own
            assert compact_bots.nearest_goal(short, mask) == nearest - 1

def shuffled(state, rng):
    """The active player's hand, track, Credits and Boost tokens, and the Preparation step, drawn at random."""
    cards = [c.id for c in CONTENT.weapons + CONTENT.armor]
    kind = {c.id: c.kind for c in CONTENT.weapons + CONTENT.armor}

    def card(of=None):
        pool = [c for c in cards if of is None or kind[c] == of]
        return pool[int(rng.integers(len(pool)))]

    track = []
    for _ in range(4):
        if rng.random() < 0.4:
            track.append(None)
        else:
            main = card()
            track.append(Gear(main, card(kind[main]) if rng.random() < 0.4 else None, int(rng.integers(0, 3))))
    hand = tuple(card() for _ in range(int(rng.integers(0, 4))))
    state = state.with_player(state.active, hand=hand, track=tuple(track), credits=int(rng.integers(0, 30)),
                              boosts=int(rng.integers(0, 6)))
    return replace(state, turn=replace(state.turn, step=int(rng.integers(0, 4))))


@pytest.mark.parametrize("players", [("greedy", "greedy"), ("greedy", "random", "greedy"), ("greedy",) * 4])
def test_the_compact_greedy_bot_chooses_the_engine_bots_action_at_every_position(players):
    options = Options(players=len(players), heroes=heroes_for(1, len(players), CONTENT), round_limit=10)
    rec = play_game(players, options, CONTENT, replay_seed(6, 1, 2), keep_actions=True)
    state, rng, seen = initial_state(options, CONTENT), np.random.default_rng(1), set()
    engine, compact = GreedyBot(np.random.default_rng(0)), compact_bots.GreedyBot(np.random.default_rng(0))
    for action, outcome in rec.actions:
        if state.stage == "play" and not state.pending and state.turn.phase != "loot":
            for s in (state, shuffled(state, rng)) if state.turn.phase == "preparation" else (state,):
                chosen = engine.choose(s, rules.legal_actions(s))
                assert compact.choose(from_state(s, np.random.default_rng(0))) == chosen, s
                seen.add(type(chosen).__name__)
        state, _ = rules.apply(state, action, outcome)
    assert {"BuyPrestige", "Equip", "Craft", "Buy", "Boost", "EndPreparation", "Attack", "Move",
            "EndActions"} <= seen
