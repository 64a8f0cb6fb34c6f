"""Whole Doomrock campaigns, compact: the Setup on the engine, then the map as a ``CCampaign``
(``compact_map_rules``) and each battle, Battle Setup included, as a ``CBattle`` (``compact_setup``,
``compact_play.fight``), handed back to the campaign for its end ("After a battle": ``compact_map_effects.finish_battle``)
exactly as the engine's last battle step would. Anything the compact map does not list (the Setup) is played by
the engine and converted.

``play_campaign`` returns ``games.play_game("campaign", ...)``'s record for the same seed; the tests replay both.
"""
from __future__ import annotations

import numpy as np

from ...core.memo import kept
from ...core.seeds import children_of
from ..bots import make_bot
from ..campaign_setup import setup_chance
from ..campaign_state import Campaign, SetUp
from ..cards import Deck
from ..game import GAME
from ..options import Options
from ..state import CHANCE
from . import compact_map_rules as map_rules
from . import compact_setup
from .compact_bots import MAKERS
from .compact_map import from_campaign, hero_value
from .compact_map_bots import MAP_MAKERS
from .compact_map_effects import finish_battle
from .compact_play import fight
from .draws import Draws, shuffle_parts, shuffles
from .record import Tally, hit_limit


def play_campaign(options: Options, deck: Deck, bot: str, seed: np.random.SeedSequence, max_steps: int,
                  log: list | None = None):
    """One campaign: ``games.play_game("campaign", ...)``'s record for the same seed (the same draws, decisions,
    rounds, battles and score). ``log`` receives every engine step as ("engine", action, outcome), every compact
    map step as ("map", legal actions, action, outcome) and every battle as ("battle", its compact steps)."""
    chance_seed, bot_seed = children_of(seed, 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    bot_rng = np.random.Generator(np.random.PCG64(bot_seed))
    bot_draws = Draws(bot_rng)  # (the engine bot's draws and these come from the same generator, in turn)
    fast, on_map = MAKERS[bot](bot_draws), MAP_MAKERS[bot](bot_draws)
    draws = Draws(rng)
    state = _initial(options, deck)
    tally = Tally()
    step = 0
    m = None  # the compact campaign, once the engine has set it up
    player = None
    while step < max_steps:
        if m is None:  # the Setup, on the engine
            if GAME.is_terminal(state):
                return tally.record("campaign", state, step, hit_limit=hit_limit(state))
            if state.phase != "setup":
                m = from_campaign(state)
                continue
            acts = GAME.legal_actions(state)
            parts = _setup_parts(state) if acts == [SetUp()] else None
            if parts is not None:  # the Setup's shuffles, drawn as its spec samples them
                action, outcome = acts[0], shuffles(parts, draws)
            else:
                player = player or make_bot(bot, bot_rng)
                action = acts[0] if GAME.player_of(acts) == CHANCE else player.choose(state, acts)
                spec = GAME.chance_of_legal(state, action)
                outcome = spec.sample(rng) if spec is not None else None
            if log is not None:
                log.append(("engine", action, outcome))
            state, _ = GAME.apply_legal(state, action, outcome)
            step += 1
            tally.after(state)
            continue
        if m.result is not None:
            return tally.record("campaign", _final(m), step, hit_limit=hit_limit(m))
        if m.phase == "battle":
            step = _battle(m, fast, draws, tally, step, max_steps, log)
            if m.battle.result is None:  # capped in the middle of the battle
                break
            finish_battle(m)  # as ``campaign.apply_legal`` does after a battle's last action
        else:
            acts = map_rules.legal(m)
            a = acts[0] if len(acts) == 1 and acts[0][0] in map_rules.CHANCE_TAGS else on_map.choose(m, acts)
            outcome = map_rules.draw(m, a, draws)
            if log is not None:
                log.append(("map", acts, a, outcome))
            map_rules.play(m, a, outcome)
            step += 1
        tally.after(m)
    return tally.record("campaign", _final(m) if m is not None else state, max_steps, won=False, capped=True)


def _final(m) -> Campaign:
    """What a record reads of the engine campaign ``m`` stands for (``record.record_of``: the party, the items,
    silver and time left, the result, the battles won; not the map or the battle)."""
    return Campaign(m.options, m.deck, m.phase, tuple(hero_value(h) for h in m.heroes), tuple(m.inventory), m.silver,
                    m.time, battles_won=m.battles_won, result=m.result)


_INITIAL: dict = {}


def _initial(options: Options, deck: Deck) -> Campaign:
    """``GAME.initial_state`` (a value: the same for every game of these options and deck)."""
    return kept(_INITIAL, GAME.initial_state, options, deck)


_SETUPS: dict = {}


def _setup_parts(state) -> tuple | None:
    """The Setup's shuffles (``campaign_setup.setup_chance``: the same for every game of these options and deck)."""
    return kept(_SETUPS, lambda options, deck: shuffle_parts(setup_chance(state)), state.options, state.deck)


def _battle(m, fast, draws: Draws, tally: Tally, step: int, max_steps: int, log: list | None) -> int:
    """The campaign's battle: Battle Setup, then the fight until it ends (or the step cap); the tally counts its
    rounds as the engine loop's would, step by step."""
    g = m.battle
    steps = [] if log is not None else None
    step = compact_setup.play_setup(g, fast, draws, step, max_steps, steps, lambda: tally.after(m))
    if g.result is None:
        step, before = fight(g, fast, draws, step, max_steps, steps)
        tally.rounds += max(0, before - tally.previous)  # the rounds of the steps before the last (they only grow)
        tally.previous = before
        if g.result is None:  # capped: the last step's rounds too
            tally.rounds += max(0, g.round - tally.previous)
    if log is not None:
        log.append(("battle", steps))
    return step
