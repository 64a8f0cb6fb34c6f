"""The search bot's compact battle: a copy plays on without touching its original, a determinization changes only
the order of the face-down piles, the compact game refuses an action it does not list, and in a campaign's battle
the bot plays only legal actions, the same ones for the same seed."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.core.errors import IllegalAction
from explorer.doomrock import BATTLE_GAME, CHANCE, GAME
from explorer.doomrock.bots import GreedyBot, SearchBot
from explorer.doomrock.search import view
from explorer.doomrock.sim import sim_options
from explorer.doomrock.sim.compact import clone, from_battle, to_battle
from explorer.doomrock.sim.compact_bots import GreedyBot as CompactGreedy
from explorer.doomrock.sim.compact_play import fight
from explorer.doomrock.sim.compact_search import CompactBattleGame, determinize, table
from explorer.doomrock.sim.draws import Draws

from .helpers import DECK


def greedy_until(game, state, rng, steps: int, stop=lambda s: True):
    """``state`` played on by the greedy party for at least ``steps`` steps, to a real choice where ``stop`` holds."""
    bot = GreedyBot()
    for k in range(5_000):
        acts = game.legal_actions(state)
        if game.is_terminal(state):
            raise AssertionError("the game ended before a choice was found")
        if k >= steps and game.player_of(acts) != CHANCE and len(acts) > 1 and stop(state):
            return state, acts
        action = acts[0] if game.player_of(acts) == CHANCE else bot.choose(state, acts)
        spec = game.chance_of_legal(state, action)
        state, _ = game.apply_legal(state, action, spec.sample(rng) if spec is not None else None)
    raise AssertionError("no choice found")


def mid_battle(seed: int = 3, steps: int = 12):
    options = sim_options(players=3)
    rng = np.random.default_rng(seed)
    return greedy_until(BATTLE_GAME, BATTLE_GAME.initial_state(options, DECK), rng, steps)


def test_a_copy_plays_on_and_leaves_its_original_alone():
    state, _ = mid_battle()
    g = from_battle(state.battle, DECK, state.options)
    before = to_battle(g)
    c = clone(g)
    assert to_battle(c) == before
    fight(c, CompactGreedy(), Draws(np.random.default_rng(1)), 0, 10_000)
    assert c.result is not None and to_battle(g) == before
    again = clone(g)
    fight(again, CompactGreedy(), Draws(np.random.default_rng(1)), 0, 10_000)
    assert to_battle(again) == to_battle(c)  # the same draws, the same battle
    fight(g, CompactGreedy(), Draws(np.random.default_rng(1)), 0, 10_000)
    assert to_battle(g) == to_battle(c)  # ... as the original plays it


def test_a_determinization_shuffles_only_the_face_down_piles():
    state, _ = mid_battle()
    g = table(state)
    assert to_battle(g) == view(state).battle
    worlds = [determinize(g, 0, np.random.default_rng(k)) for k in range(6)]
    for w in worlds:
        assert sorted(w.expose_pool) == sorted(g.expose_pool)
        assert {k: sorted(v) for k, v in w.ai_draw.items()} == {k: sorted(v) for k, v in g.ai_draw.items()}
        w.expose_pool, w.ai_draw = list(g.expose_pool), {k: list(v) for k, v in g.ai_draw.items()}
        assert to_battle(w) == to_battle(g)
    assert len({tuple(w.expose_pool) for w in [determinize(g, 0, np.random.default_rng(k)) for k in range(6)]}) > 1


def test_the_compact_game_refuses_an_unlisted_action():
    state, acts = mid_battle()
    g = table(state)
    game = CompactBattleGame()
    with pytest.raises(IllegalAction, match="not a legal action"):
        game.apply(g, ("endround",) if ("endround",) not in game.legal_actions(g) else ("roll",))


def in_campaign_battle(seed: int):
    rng = np.random.default_rng(seed)
    state = GAME.initial_state(sim_options(players=3), DECK)
    return greedy_until(GAME, state, rng, 0, lambda s: s.phase == "battle" and s.battle.phase != "setup"), rng


@pytest.mark.parametrize("seed", [1, 2])
def test_a_campaign_battle_is_searched_compact_with_legal_choices(seed):
    """In a campaign's battle the bot plays legal actions only; the same seed replays the same choices."""
    (state, acts), rng = in_campaign_battle(seed)
    assert table(state) is not None
    picks = []
    for run in range(2):
        bot, s, r = SearchBot(np.random.default_rng(9), iterations=6, seconds=None), state, np.random.default_rng(seed)
        chosen = []
        for _ in range(40):
            if GAME.is_terminal(s) or s.phase != "battle":
                break
            legal = GAME.legal_actions(s)
            if GAME.player_of(legal) == CHANCE:
                action = legal[0]
            else:
                action = bot.choose(view(s), legal)
                assert action in legal
                chosen.append(action)
            spec = GAME.chance(s, action)
            s, _ = GAME.apply(s, action, spec.sample(r) if spec is not None else None)
        picks.append(chosen)
    assert picks[0] == picks[1] and len(picks[0]) > 5


def test_a_campaigns_battle_setup_is_left_to_the_engine():
    """A campaign's Battle Setup shuffles the expose markers the heroes do not hold (the compact setup is the
    standalone battle's): search plays it on the engine."""
    rng = np.random.default_rng(4)
    state, _ = greedy_until(GAME, GAME.initial_state(sim_options(players=3), DECK), rng, 0,
                            lambda s: s.phase == "battle" and s.battle.phase == "setup")
    assert table(state) is None
    standalone = BATTLE_GAME.initial_state(sim_options(players=3), DECK)
    assert standalone.battle.phase == "setup" and table(standalone) is not None


def test_the_map_is_the_greedy_partys_unless_searched():
    rng = np.random.default_rng(6)
    state, acts = greedy_until(GAME, GAME.initial_state(sim_options(players=3), DECK), rng, 3,
                               lambda s: s.phase != "battle")
    bot = SearchBot(np.random.default_rng(0), iterations=3, seconds=None)
    assert bot.choose(view(state), acts) == GreedyBot().choose(view(state), acts) and bot.last_iterations == 0
    searching = SearchBot(np.random.default_rng(0), iterations=3, seconds=None, map_search=True)
    assert searching.choose(view(state), acts) in acts and searching.last_iterations == 3


def test_a_battle_is_judged_by_the_hp_taken_and_left():
    """Won: 1; lost: less the more HP the enemies kept, never as much as a win; the objectives' HP where there
    are objectives; the same value of a battle and of its compact copy."""
    from dataclasses import replace

    from explorer.doomrock.search import LOST, battle_value

    state, _ = mid_battle()
    b = state.battle
    assert battle_value(b) == battle_value(from_battle(b, DECK, state.options))
    first, *rest = b.enemies
    hurt = replace(b, enemies=(replace(first, hp=0),) + tuple(rest))
    assert battle_value(hurt) > battle_value(b)
    lost, lost_hurt = replace(b, result="defeat"), replace(hurt, result="defeat")
    assert battle_value(lost) < battle_value(lost_hurt) <= LOST < battle_value(replace(b, result="victory")) == 1.0
    guarded = replace(hurt, enemies=tuple(replace(e, objective=k > 0) for k, e in enumerate(hurt.enemies)))
    assert battle_value(guarded) < battle_value(hurt)  # only the objectives' HP count, and they kept theirs
