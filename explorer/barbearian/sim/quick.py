"""Whole BarBEARian games at lab speed on the compact game (``compact.py``), for the bots it knows.

``play_game`` here returns exactly the record ``games.play_game`` returns for the same seed (the same
chance draws, the same decisions, the same winner and length); ``check_supported`` says which games
it can play (``"random"`` and ``"greedy"`` bots, every ``Options`` field this module knows, decks
whose Trial requirements are the registered ones). Anything else goes to the engine loop.
The rules are in ``compact.py`` and ``choices.py``, the bots in ``compact_bots.py``.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..cards import Deck
from ..options import RESOURCES, Options
from . import choices, compact
from .choices import acting_seat
from .compact import CHANCE, OWN_ACTIONS, PASS, QUIET_ACTIONS, Game
from .compact_bots import MAKERS, forget_plans
from ...core.seeds import child_of
from .record import GameRecord

__all__ = ["BOTS", "check_supported", "forget_plans", "play_game", "requirements_of"]

BOTS = ("random", "greedy")
SEATLESS = frozenset({"keep_trials", "place"})  # decisions whose seat ``acting_seat`` looks up


# -- Trial requirements on the compact game (``effects.py``'s requirements) -----------------------

def _battleground_dice(count):
    return lambda g, s: g.revealed and g.shown(s)[0] >= count


def _same_value_space(count):
    return lambda g, s: g.revealed and g.shown(s)[1] >= count


def _hold_resource(resource, amount):
    i = RESOURCES.index(resource)
    return lambda g, s: g.seats[s].res[i] >= amount


def _hold_each_resource(amount):
    return lambda g, s: min(g.seats[s].res) >= amount


def _specialists(count, space):
    if space is None:
        return lambda g, s: sum(g.seats[s].spec.values()) >= count
    return lambda g, s: g.seats[s].spec.get(space, 0) >= count


# Each reads only its holder's pieces (and whether the dice are revealed): ``choices.advance`` checks
# one seat after a step that changed that seat's pieces alone.
REQUIREMENTS = {
    "battleground_dice": _battleground_dice,
    "same_value_space": _same_value_space,
    "hold_resource": _hold_resource,
    "hold_each_resource": _hold_each_resource,
    "specialists": _specialists,
    "locked_glory": lambda count: lambda g, s: sum(g.seats[s].locked.values()) >= count,
    "foreign_glory": lambda count: lambda g, s: sum(k for c, k in g.seats[s].unlocked.items() if c != g.seats[s].clan)
    + sum(k for c, k in g.seats[s].locked.items() if c != g.seats[s].clan) >= count,
    "raids_won": lambda count: lambda g, s: len(g.seats[s].raided) >= count,
    "raids_repelled": lambda count: lambda g, s: g.seats[s].repelled >= count,
    "upgrades_owned": lambda count: lambda g, s: len(g.seats[s].upgrades) >= count,
    "active_dice": lambda count: lambda g, s: g.seats[s].active >= count,
}


# The Options fields the compact game reads (or that cannot change its games). A field added to Options
# later is not known here: such games go to the engine until ``compact.py`` learns the new rule.
KNOWN_OPTIONS = frozenset({
    "players", "clans", "clan_dice", "start_dice", "glory_per_clan", "start_glory", "glory_to_win", "specialists",
    "sentry_specialists", "mercenary_dice", "token_ones", "token_threes", "start_resources", "price_mercenary",
    "price_change_fate", "price_empower", "price_specialist", "price_reinforcements", "price_grand_offering",
    "clash_tie", "round_limit", "loot_resources"})


def check_supported(options: Options, deck: Deck, bots: Sequence) -> str | None:
    """Why the compact game cannot play these games (None: it can)."""
    unknown = sorted(set(options.__dataclass_fields__) - KNOWN_OPTIONS)
    if unknown:
        return f"option(s) {', '.join(unknown)} (the compact game knows the options of its rules)"
    for b in bots:
        if not isinstance(b, str) or b not in BOTS:
            return f"bot {b!r} (the compact game plays {', '.join(BOTS)})"
    for c in deck.trials:
        if c.requirement.name not in REQUIREMENTS:
            return f"Trial requirement {c.requirement.name!r} of {c.id}"
    return None


def requirements_of(deck: Deck) -> dict:
    return {c.id: REQUIREMENTS[c.requirement.name](**dict(c.requirement.params)) for c in deck.trials}


def play_game(options: Options, deck: Deck, bots: Sequence, seed: np.random.SeedSequence, max_steps: int = 200_000,
              requirements: dict | None = None, log: list | None = None, glory: list | None = None) -> GameRecord:
    """One whole game on the compact game: ``games.play_game``'s record for the same seed.

    ``log``, if given, receives every step as (seat or "chance", task, action) for replay checks;
    ``glory`` receives every seat's Glory at the start of each round and at the end (``fast.Trace``).
    """
    rng = np.random.Generator(np.random.PCG64(child_of(seed, 0)))  # the table's draws; seat k's bot has child k + 1
    players = [MAKERS[kind](seed, k) for kind, k in zip(bots, range(1, len(options.clans) + 1))]
    g = Game(options, deck, rng, requirements or requirements_of(deck))
    tasks = g.tasks
    first = None
    step = 0
    seen_round = 0
    chance, advance, play, quiet = compact.chance, choices.advance, choices.play, QUIET_ACTIONS
    while step < max_steps:
        if g.result is not None:
            if glory is not None:
                glory.append(tuple(p.glory for p in g.seats))
            at_limit = all(p.glory < options.glory_to_win for p in g.seats)
            return GameRecord(first, g.winner, g.round, step, at_limit)
        if glory is not None and g.round != seen_round:
            seen_round = g.round
            glory.append(tuple(p.glory for p in g.seats))
        task = tasks[-1]
        name = task[0]
        if name in CHANCE:
            chance(g, task)
            if log is not None:
                log.append(("chance", task, _draw(g, task)))
            advance(g)
            if first is None:
                first = g.first
        else:
            seat = task[4] if name == "window" else acting_seat(g, task) if name in SEATLESS else task[1]
            player = players[seat]
            if name == "place":
                run = player.placements(g, seat)
                if run:  # one step each, with nothing to check or advance between them; then the
                    p = g.seats[seat]  # same seat decides again (Ready), as the next step would
                    for act in run:
                        if log is not None:
                            log.append((seat, task, act))
                        p.placement[act[1]] = act[2]
                    step += len(run)
                    if step >= max_steps:
                        continue
            act = PASS if name in player.passes else player.choose(g, task, seat)
            if log is not None:
                log.append((seat, task, act))
            play(g, task, seat, act)
            kind = act[0]
            advance(g, kind in quiet, seat if kind in OWN_ACTIONS else None)
        step += 1
    if glory is not None:
        glory.append(tuple(p.glory for p in g.seats))
    return GameRecord(first, None, g.round, max_steps, capped=True)


def _draw(g: Game, task):
    """What a chance step drew, for the replay log."""
    if task[0] == "roll":
        return tuple(tuple(p.faces) for p in g.seats)
    if task[0] == "setup":
        return g.first, tuple(tuple(p.offer) for p in g.seats)
    return tuple(g.seats[task[1]].offer)
