"""Whole Doomrock campaigns with their battles on the compact battle: the map on the engine, each battle's Battle
Setup on the engine, the rest of the battle as a ``CBattle`` (``quick.fight``), handed back to the campaign for
its end ("After a battle": ``campaign.finish_battle``) exactly as the engine's last battle step would.

``play_campaign`` returns ``games.play_game("campaign", ...)``'s record for the same seed; the tests replay both.
"""
from __future__ import annotations

from dataclasses import replace

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
from .compact_bots import MAKERS
from .draws import Draws
from .quick import fight
from .record import hit_limit, record_of


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
    rounds, previous = 0, 0
    battles: list[tuple[str, bool]] = []
    ended = False
    won_before, fighting = 0, None
    step = 0
    while step < max_steps:
        if GAME.is_terminal(state):
            return replace(record_of("campaign", state, rounds, step), battles=tuple(battles),
                           hit_limit=hit_limit(state))
        b = state.battle
        if state.phase == "battle" and b is not None and b.phase != "setup" and b.result is None:
            g = from_battle(b, deck, options)
            steps = [] if log is not None else None
            step, before = fight(g, fast, draws, step, max_steps, steps)
            if log is not None:
                log.append(("battle", steps))
            rounds += max(0, before - previous)  # the rounds of the steps before the last (rounds only grow)
            previous = before
            if g.result is None:  # capped in the middle of the battle
                rounds += max(0, g.round - previous)
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
        b = state.battle
        now = b.round if b is not None else 0
        rounds += max(0, now - previous)
        previous = now
        won = state.battles_won
        if won > won_before:  # a won campaign battle is cleared from the state at once
            battles.append((fighting, True))
        over = b is not None and b.result is not None
        if over and not ended and won == won_before:
            battles.append((b.encounter, b.result == "victory"))
        ended, won_before = over, won
        fighting = b.encounter if b is not None else fighting
    return replace(record_of("campaign", state, rounds, max_steps), won=False, battles=tuple(battles), capped=True)
