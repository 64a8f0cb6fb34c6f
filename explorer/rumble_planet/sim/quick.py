"""Whole Rumble Planet games at lab speed on the compact game (``compact*.py``), for the bots it knows.

``play_game`` here returns exactly the record ``games.play_game`` returns for the same seed (the same chance
draws, the same decisions, the same winner, length and PP curve); ``check_supported`` says which games it can
play: "random" and "greedy" bots, every ``Options`` field this module knows, decks whose card effects are the
registered ones it knows (effects compose by adding, as each registered one does). Anything else goes to the
engine loop (``games.play_game``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ...core.seeds import children_of
from ..cards import Content
from ..options import Options
from .compact import Game
from .compact_bots import MAKERS
from .compact_loot import settle
from .compact_play import PLAY
from .compact_turn import legal_actions
from .record import MAX_STEPS, GameRecord

BOTS = tuple(MAKERS)

# The Options fields the compact game reads (or that cannot change its games). A field added to Options later is
# not known here: such games go to the engine until the compact game learns the new rule.
KNOWN_OPTIONS = frozenset({
    "players", "heroes", "side", "attack_die", "ring_shape", "bank_credits", "bank_boosts", "start_credits",
    "weapon_price", "armor_price", "pp_price", "max_hp", "prestige_goal", "first_bonus", "round_limit", "tie_break",
    "tile_supply", "falling", "teleporter_replacement", "placement_enters", "replacement_loot",
    "teleport_ends_movement", "range_shape", "teleporter_onto_heroes", "placement_falls", "aligned_diagonals",
    "field_own_space", "push_injuries"})

# The card effects (``effects.EFFECTS``) the compact game knows how to read.
KNOWN_EFFECTS = frozenset({
    "armor", "big_hit", "brace", "crafter", "credits", "critical_hit", "extended_ring", "gear_swap", "healing",
    "high_ground", "injure_opponents", "knock_out", "light_frame", "long_barrel", "medkit", "on_placement:boost",
    "on_placement:credits", "on_placement:heal", "on_placement:tile", "padding", "pick_up_lootboxes", "power_shot",
    "replacement", "ring", "shove", "sniper", "spikes", "squirrel", "teleporter_replacement",
    "upon_obsolescence:boost", "upon_obsolescence:credits", "upon_obsolescence:heal", "upon_obsolescence:tile",
    "weapon"})


def effects_of(content: Content):
    """Every card effect of a deck: (card id, effect name)."""
    for h in content.heroes:
        for lv in h.levels:
            if lv.effect is not None:
                yield h.id, lv.effect.name
    for c in content.weapons + content.armor:
        for e in (c.effect1, c.effect2):
            if e is not None:
                yield c.id, e.name
    for c in content.loot:
        for e in c.rewards:
            yield c.id, e.name
    for c in content.feats:
        yield c.id, c.condition.name


def check_supported(options: Options, content: Content, bots: Sequence) -> str | None:
    """Why the compact game cannot play these games (None: it can)."""
    unknown = sorted(set(options.__dataclass_fields__) - KNOWN_OPTIONS)
    if unknown:
        return f"option(s) {', '.join(unknown)} (the compact game knows the options of its rules)"
    for b in bots:
        if not isinstance(b, str) or b not in MAKERS:
            return f"bot {b!r} (the compact game plays {', '.join(BOTS)})"
    for card, name in effects_of(content):
        if name not in KNOWN_EFFECTS:
            return f"card effect {name!r} of {card}"
    return None


def play_game(players: Sequence[str], options: Options, content: Content, seed: np.random.SeedSequence,
              keep_actions: bool = False, max_steps: int = MAX_STEPS,
              trace: Callable | None = None) -> GameRecord:
    """One whole game on the compact game: ``games.play_game``'s record for the same seed.

    ``trace``, if given, is called after every step as ``trace(game, seat, legal actions, action, outcome)``
    (for the replay tests)."""
    children = children_of(seed, len(players) + 1)
    g = Game(options, content, np.random.Generator(np.random.PCG64(children[0])))
    bots = [MAKERS[kind](np.random.Generator(np.random.PCG64(c))) for kind, c in zip(players, children[1:])]
    lists = [trace is not None or bot.needs_list for bot in bots]  # the greedy bot reads the parts it weighs
    choosers = [bot.choose for bot in bots]
    curve, log = [], []
    rnd = g.round
    observed = keep_actions or trace is not None
    for k in range(max_steps):
        if g.stage == "over":
            curve.append(tuple(p.pp for p in g.seats))
            return GameRecord(tuple(p.hero for p in g.seats), g.winner, g.round, k, tuple(curve), tuple(log),
                              at_limit=g.first_to_goal is None)
        seat = g.pending[0][1] if g.pending else g.active  # compact_turn.current_seat
        actions = legal_actions(g) if lists[seat] else None
        action = choosers[seat](g, actions)
        outcome = PLAY[type(action)](g, action)  # compact_play.step (the bot's choice is played: Game.aimed)
        if g.pending and g.stage == "play":
            settle(g)
        if observed:
            if keep_actions:
                log.append((action, outcome))
            if trace is not None:
                trace(g, seat, actions, action, outcome)
        if g.round != rnd:
            curve.append(tuple(p.pp for p in g.seats))
            rnd = g.round
    curve.append(tuple(p.pp for p in g.seats))
    return GameRecord(tuple(p.hero for p in g.seats), None, g.round, max_steps, tuple(curve), tuple(log), capped=True)
