"""Whole Doomrock campaigns with their battles on the compact battle: the map on the engine, each battle's Battle
Setup on the engine, the rest of the battle as a ``CBattle`` (``compact_play.fight``), handed back to the campaign
for its end ("After a battle": ``campaign.finish_battle``) exactly as the engine's last battle step would.

``play_campaign`` returns ``games.play_game("campaign", ...)``'s record for the same seed; the tests replay both.
"""
from __future__ import annotations


import numpy as np

from ...core.frozen import replace as fast_replace
from ...core.seeds import children_of
from ..bots import make_bot
from ..campaign import finish_battle
from ..cards import Deck
from ..game import GAME
from ..options import Options
from ..state import CHANCE
from .compact import from_battle, to_battle
from .compact_play import fight
from .compact_bots import MAKERS
from .draws import Draws
from .record import Tally, hit_limit


def play_campaign(options: Options, deck: Deck, bot: str, seed: np.random.SeedSequence, max_steps: int,
                  log: list | None = None):
    """One campaign: ``games.play_game("campaign", ...)``'s record for the same seed (the same draws, decisions,
    rounds, battles and score). ``log`` receives every engine step as (action, outcome) and every compact battle
    as ("battle", its compact steps)."""
    chance_seed, bot_seed = children_of(seed, 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    bot_rng = np.random.Generator(np.random.PCG64(bot_seed))
    player = make_bot(bot, bot_rng)
    fast = MAKERS[bot](Draws(bot_rng))
    draws = Draws(rng)
    state = GAME.initial_state(options, deck)
    tally = Tally()
    step = 0
    while step < max_steps:
        if GAME.is_terminal(state):
            return tally.record("campaign", state, step, hit_limit=hit_limit(state))
        b = state.battle
        if state.phase == "battle" and b is not None and b.phase != "setup" and b.result is None:
            g = from_battle(b, deck, options)
            steps = [] if log is not None else None
            step, before = fight(g, fast, draws, step, max_steps, steps)
            if log is not None:
                log.append(("battle", steps))
            tally.rounds += max(0, before - tally.previous)  # the rounds of the steps before the last (they only grow)
            tally.previous = before
            if g.result is None:  # capped in the middle of the battle
                tally.rounds += max(0, g.round - tally.previous)
                break
            state = fast_replace(state, battle=to_battle(g))
            state, _ = finish_battle(state)  # as ``campaign.apply_legal`` does after a battle's last action
        else:
            acts = GAME.legal_actions(state)
            action = acts[0] if GAME.player_of(acts) == CHANCE else player.choose(state, acts)
            spec = GAME.chance_of_legal(state, action)
            outcome = spec.sample(rng) if spec is not None else None
            if log is not None:
                log.append((action, outcome))
            state, _ = GAME.apply_legal(state, action, outcome)
            step += 1
        tally.after(state)
    return tally.record("campaign", state, max_steps, won=False, capped=True)
