"""Standalone Doomrock battles at lab speed on the compact battle (``compact.py``), for the bots it knows.

``play_game`` here returns exactly the record ``games.play_game`` returns for the same seed: the battle, Battle
Setup (formation, gear-up, the setup shuffles) included, is played as a ``CBattle`` with the same chance draws
from the same generator and the same decisions. ``check_supported``
says which games it can play ("random" and "greedy" bots, every ``Options`` field it knows); anything else
(the search bot, a bot factory, an option added later) goes to the engine loop.
``tests/doomrock/test_compact_replay.py`` holds the two together step by step.
"""
from __future__ import annotations

import numpy as np

from ...core.memo import kept
from ...core.seeds import children_of
from ..cards import Deck
from ..game import BATTLE_GAME
from ..options import Options
from . import compact_setup
from .compact import from_battle
from .compact_bots import MAKERS
from .compact_play import fight
from .draws import Draws
from .record import GameRecord

BOTS = tuple(MAKERS)

# The Options fields the compact battle reads (or that cannot change a standalone battle). A field added to
# Options later is not known here: such games go to the engine until the compact battle learns the new rule;
# so do games with a reading in ``ENGINE_ONLY`` (the compact battle plays only the option's default).
KNOWN_OPTIONS = frozenset({
    "players", "heroes", "encounter", "items", "formation", "expose_blank", "expose_plus1", "expose_push",
    "expose_cumulation", "cumulation_flip", "cumulation_blanks", "explosion_damage", "party_damage_limit",
    "minion_tokens", "spawn_placement", "locked_dice", "round_limit", "map_action_limit", "heavy_planning",
    "quick_play", "map_shields", "enraged_bonus", "enrage_cards", "enemy_pairs", "early_final_battle",
    "assign_if_able", "stop_hiding"})
#: Readings of a known option the compact battle does not play (those games go to the engine loop).
ENGINE_ONLY = {"stop_hiding": frozenset({"inside_ai_cards"})}


def engine_only(options: Options) -> list[str]:
    """The option readings of ``options`` in ``ENGINE_ONLY``, as ``name='value'``."""
    return [f"{k}={getattr(options, k)!r}" for k, vs in ENGINE_ONLY.items() if getattr(options, k, None) in vs]


def check_supported(options: Options, bot) -> str | None:
    """Why the compact battle cannot play these games (None: it can)."""
    unknown = sorted(set(type(options).__dataclass_fields__) - KNOWN_OPTIONS)
    if unknown:
        return f"option(s) {', '.join(unknown)} (the compact battle knows the options of its rules)"
    readings = engine_only(options)
    if readings:
        return f"option(s) {', '.join(readings)} (a reading the compact battle does not play)"
    if not isinstance(bot, str) or bot not in MAKERS:
        return f"bot {bot!r} (the compact battle plays {', '.join(BOTS)})"
    return None


def play_game(options: Options, deck: Deck, bot: str, seed: np.random.SeedSequence, max_steps: int,
              log: list | None = None):
    """One standalone battle: ``games.play_game("battle", ...)``'s record for the same seed.

    ``log``, if given, receives every step as (legal actions, action, outcome) in the compact battle's own
    terms, for replay checks.
    """
    chance_seed, bot_seed = children_of(seed, 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    bot_rng = np.random.Generator(np.random.PCG64(bot_seed))
    player = MAKERS[bot](Draws(bot_rng))
    draws = Draws(rng)
    g = from_battle(_first(options, deck), deck, options)
    step = compact_setup.play_setup(g, player, draws, 0, max_steps, log)  # Battle Setup, compact too
    step, _ = fight(g, player, draws, step, max_steps, log)
    heroes = g.heroes
    if g.result is not None and step < max_steps:  # (a battle ending on the last step allowed is capped too)
        won = g.result == "victory"
        return GameRecord(won, g.round, sum(max(0, h.hp + h.broken) for h in heroes), sum(h.max_hp for h in heroes), 0,
                          int(won), step, tuple(h.id for h in heroes), ((g.encounter, won),), hit_limit=hit_limit_of(g))
    # Capped (``games.play_game``'s record of a game still running, or ending on the last step allowed): lost.
    won = g.result == "victory"
    return GameRecord(False, g.round, sum(max(0, h.hp + h.broken) for h in heroes), sum(h.max_hp for h in heroes),
                      0, int(won), max_steps, tuple(h.id for h in heroes),
                      ((g.encounter, won),) if g.result is not None else (), capped=True)


_FIRST: dict = {}


def _first(options: Options, deck: Deck):
    """The battle's initial state (a value: the same for every game of these options and deck)."""
    return kept(_FIRST, lambda options, deck: BATTLE_GAME.initial_state(options, deck).battle, options, deck)


def hit_limit_of(g) -> bool:
    """``games.hit_limit`` of a finished compact battle: the round limit of simulations ended it (DR-10)."""
    limit = g.o.round_limit
    return limit is not None and g.result == "defeat" and g.round > limit
