"""Any registered game in the lab through the engine protocol alone, until it has a batch simulator.

Whole games are played by the game's own bots (``BOTS`` in its ``bots`` module, made by its ``make_bot``),
each seat seeing the game's ``view`` when it has one; metrics are what the protocol can tell: the
win rate (solo games, a result starting with "won") or each seat's win rate (a ``winner`` seat),
and the game's length in steps and, where the state counts them, rounds.
"""
from __future__ import annotations

import functools
import importlib

import numpy as np

from ..core.game import game_package, get_game
from .kinds import MEAN, PROPORTION, LabGame, Metric

MAX_STEPS = 100_000


def _bots_module(name: str):
    package = game_package(name)
    try:
        return importlib.import_module(package + ".bots")
    except ImportError:
        return None


def _bot_classes(name: str) -> dict:
    """The game's ``BOTS`` (name -> class), empty for a game without a bots module."""
    module = _bots_module(name)
    return dict(getattr(module, "BOTS", {})) if module is not None else {}


def _seats(options) -> int:
    return int(getattr(options, "players", 1) or 1)


def _metrics(options) -> list[Metric]:
    n = _seats(options)
    wins = ([Metric("win_rate", "win rate", PROPORTION)] if n == 1 else
            [Metric(f"win_seat_{k}", f"win rate, seat {k + 1}", PROPORTION) for k in range(n)])
    return wins + [Metric("steps", "game length (steps)", MEAN), Metric("rounds", "game length (rounds)", MEAN),
                   Metric("step_cap", f"games stopped after {MAX_STEPS} steps (no winner)", PROPORTION)]


def play_game(name: str, options, deck, bots, seed: np.random.SeedSequence) -> tuple:
    """One game to the end: (result, winner or None, steps, rounds or None); result None: stopped by the
    step cap (a bot or rule loop), reported as data."""
    state, step = _played(name, options, deck, bots, seed)
    g = get_game(name)
    if step < MAX_STEPS:
        return g.result(state), getattr(state, "winner", None), step, getattr(state, "round", None)
    return None, None, MAX_STEPS, getattr(state, "round", None)


def final_state(name: str, options, deck, bots, seed: np.random.SeedSequence):
    """The last state of one game played as ``play_game`` plays it."""
    return _played(name, options, deck, bots, seed)[0]


def _played(name: str, options, deck, bots, seed: np.random.SeedSequence):
    g = get_game(name)
    n = _seats(options)
    kinds = [bots] * n if isinstance(bots, str) else list(bots)
    children = seed.spawn(n + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    make = _bots_module(name).make_bot
    players = [make(k, np.random.Generator(np.random.PCG64(c))) for k, c in zip(kinds, children[1:])]
    state = g.initial_state(options, deck)
    look = getattr(g, "view", None)
    for step in range(MAX_STEPS):
        if g.is_terminal(state):
            return state, step
        seat = g.current_player(state)
        acts = list(g.legal_actions(state))
        if seat >= 0:
            acts = [a for a in acts if getattr(a, "seat", seat) == seat]
            action = players[seat].choose(look(state, seat) if look else state, acts)
        else:
            action = acts[0]
        spec = g.chance(state, action)
        state, _ = g.apply(state, action, spec.sample(rng) if spec is not None else None)
    return state, MAX_STEPS


def _block(name: str, options, deck, bots, seed, n) -> dict[str, np.ndarray]:
    seats = _seats(options)
    keys = [m.key for m in _metrics(options)]
    cols = {k: np.full(n, np.nan) for k in keys}
    for i, s in enumerate(seed.spawn(n)):
        result, winner, steps, rounds = play_game(name, options, deck, bots, s)
        if seats == 1:
            cols["win_rate"][i] = float(result is not None and str(result).startswith("won"))
        else:
            for k in range(seats):
                cols[f"win_seat_{k}"][i] = float(winner == k)
        cols["steps"][i] = steps
        cols["step_cap"][i] = float(result is None)
        if rounds is not None:
            cols["rounds"][i] = rounds
    return cols


def _check(name: str, options, deck, bots) -> None:
    classes = _bot_classes(name)
    for b in [bots] if isinstance(bots, str) else list(bots):
        if b not in classes:
            raise ValueError(f"{name} bots are {', '.join(classes) or 'missing'}, got {b!r}")
    get_game(name).initial_state(options, deck)


def engine_lab_game(name: str, block_size: int = 10) -> LabGame | None:
    """A LabGame for a registered game from its engine and bots (None without bots to play it)."""
    classes = _bot_classes(name)
    if not classes:
        return None
    default = "greedy" if "greedy" in classes else next(iter(classes))
    return LabGame(name=name, title=name.replace("-", " ").title(), bots=tuple(classes), default_bots=default,
                   lab_defaults={}, block_size=block_size, metrics=_metrics,
                   play_block=functools.partial(_block, name), check=functools.partial(_check, name))
