"""Batch games with the bots: win rate by Hero and by seat, game length and PP curves, with standard errors.

``play_game`` runs a game on the rules engine itself without a Session's history: each bot picks from
``rules.legal_actions``, so the pick is applied through ``rules.apply_legal`` (``apply`` without listing the legal
actions again to check it; tests hold every step to ``rules.apply`` and replay a simulated game through
``Session``). ``simulate`` plays the same games faster on the compact game of ``quick.py`` for the bots, options
and decks it supports (replayed step by step against the engine in tests/rumble_planet/test_compact_replay.py),
otherwise on ``play_game``. Each game gets its own ``SeedSequence`` child, so results do not depend on how games
are chunked or which worker (a process pool, a Dask client's executor) runs them.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass

import numpy as np

from ...core.seeds import children_of
from ...core.stats import LimitHits, mean_se
from .. import rules
from ..bots import BOTS
from ..cards import Content, sample_content
from ..options import Options
from ..setup import initial_state
from . import quick
from .record import MAX_STEPS, GameRecord

@dataclass(frozen=True)
class SimResult(LimitHits):
    """Summary of ``games`` games; every rate and mean comes with its standard error. ``round_limit_hits``:
    games the round limit ended before anyone reached the prestige goal; ``step_cap_hits``: games stopped by
    the step cap (won by nobody)."""

    players: tuple[str, ...]
    games: int
    win_rate_by_seat: tuple[tuple[float, float], ...]
    win_rate_by_hero: dict  # hero id -> (rate, standard error, games played)
    rounds: tuple[float, float]
    steps: tuple[float, float]
    pp_curve: tuple[tuple[tuple[float, float], ...], ...]  # pp_curve[seat][r]: mean PP after round r + 1, and its SE
    records: tuple[GameRecord, ...]


def heroes_for(game: int, players: int, content: Content) -> tuple[str, ...]:
    """Heroes rotate seat by seat from game to game, so each Hero plays each seat equally often."""
    ids = [h.id for h in content.heroes]
    return tuple(ids[(game + k) % len(ids)] for k in range(players))


def play_game(players: Sequence[str], options: Options, content: Content, seed: np.random.SeedSequence,
              keep_actions: bool = False, max_steps: int = MAX_STEPS) -> GameRecord:
    """One whole game on the plain rules engine: chance from the first child seed, one bot a seat from the others.

    A game still running after ``max_steps`` steps is returned with ``capped=True`` and no winner, never raised."""
    _check(players, 1, 0, None, None, options, content, None)
    if not isinstance(seed, np.random.SeedSequence):
        raise ValueError(f"seed must be a numpy SeedSequence (replay_seed gives a simulated game's), got {seed!r}")
    if not _whole(max_steps) or max_steps < 1:
        raise ValueError(f"max_steps must be a whole number >= 1, got {max_steps!r}")
    children = children_of(seed, len(players) + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    bots = [BOTS[kind](np.random.Generator(np.random.PCG64(c))) for kind, c in zip(players, children[1:])]
    state = initial_state(options, content)
    curve, log = [], []
    rnd = state.round
    for step in range(max_steps):
        if state.stage == "over":
            curve.append(tuple(p.pp for p in state.players))
            return GameRecord(tuple(p.hero for p in state.players), state.winner, state.round, step, tuple(curve),
                              tuple(log), at_limit=state.first_to_goal is None)
        seat = rules.current_player(state)
        action = bots[seat].choose(state, rules.legal_actions(state))
        spec = rules.chance_of_legal(state, action)
        outcome = None if spec is None else spec.sample(rng)
        if keep_actions:
            log.append((action, outcome))
        state, _ = rules.apply_legal(state, action, outcome)
        if state.round != rnd:
            curve.append(tuple(p.pp for p in state.players))
            rnd = state.round
    curve.append(tuple(p.pp for p in state.players))
    return GameRecord(tuple(p.hero for p in state.players), None, state.round, max_steps, tuple(curve), tuple(log),
                      capped=True)


def _options_for(base: Options, game: int, players: Sequence[str], content: Content) -> Options:
    data = base.to_json()
    data.update(players=len(players), heroes=list(heroes_for(game, len(players), content)))
    return Options.from_json(data)


def play_quick(players, options: Options, content: Content, seed: np.random.SeedSequence) -> GameRecord:
    """``play_game``'s record: from the compact game when it supports the game, else from ``play_game`` itself."""
    if quick.check_supported(options, content, players) is None:
        return quick.play_game(players, options, content, seed)
    return play_game(players, options, content, seed)


def _run_chunk(players, base: Options, content: Content, games: Sequence[int], seeds) -> list[GameRecord]:
    return [play_quick(players, _options_for(base, g, players, content), content, s) for g, s in zip(games, seeds)]


def summarize(players: Sequence[str], records: Sequence[GameRecord]) -> SimResult:
    n = len(players)
    by_seat = tuple(mean_se([1.0 if r.winner == k else 0.0 for r in records]) for k in range(n))
    heroes = sorted({h for r in records for h in r.heroes})
    by_hero = {}
    for h in heroes:
        wins = [1.0 if r.winner is not None and r.heroes[r.winner] == h else 0.0 for r in records if h in r.heroes]
        by_hero[h] = (*mean_se(wins), len(wins))
    longest = max((len(r.pp_by_round) for r in records), default=0)
    curve = []
    for k in range(n):
        # a finished game keeps its final PP in the later rounds
        curve.append(tuple(mean_se([r.pp_by_round[min(i, len(r.pp_by_round) - 1)][k] for r in records])
                           for i in range(longest)))
    return SimResult(tuple(players), len(records), by_seat, by_hero, mean_se([r.rounds for r in records]),
                     mean_se([r.steps for r in records]), tuple(curve), tuple(records))


def simulate(players: Sequence[str], n_games: int, seed: int, executor: Executor | None = None,
             progress: Callable[[int, int], None] | None = None, *, options: Options | None = None,
             content: Content | None = None, chunk_size: int | None = None) -> SimResult:
    """Play ``n_games`` whole games with bots and summarize them: on the compact game (``quick.py``) where it
    supports them (random and greedy bots, the options and card effects it knows), else on ``play_game``; the
    records are the same either way.

    Args:
        players: one bot a seat, in turn order: "greedy" or "random" (2-4 seats).
        n_games: how many games (at most 100,000).
        seed: root seed; game i uses ``SeedSequence(seed).spawn(n_games)[i]`` (its chance draws and each bot
            get that child's own children).
        executor: any ``concurrent.futures.Executor`` (a process pool, ``distributed.Client(...).get_executor()``);
            None plays here. The results are identical whichever runs them.
        progress: called as ``progress(games_done, n_games)``.
        options: rule options (``players`` and ``heroes`` are set per game: Heroes rotate through the seats);
            the default has no round limit: games end as the rulebook ends them (18 PP), or at the step cap
            (``MAX_STEPS``, counted in ``step_cap_hits``). A ``round_limit`` ends a game early by the most PP;
            ``round_limit_hits`` counts the games it ended (a 40-round limit ended 97 of 100 random 2-player games).
        content: the cards (the sample content by default).
        chunk_size: games per submitted task (default: about four tasks per worker, at most 25 games).
    """
    _check(players, n_games, seed, executor, progress, options, content, chunk_size)
    players = tuple(players)
    content = content or sample_content()
    base = options or Options(players=len(players))
    seeds = np.random.SeedSequence(seed).spawn(n_games)
    if chunk_size is None:
        workers = getattr(executor, "_max_workers", 2) if executor else 1
        chunk_size = max(1, min(25, math.ceil(n_games / (4 * workers))))
    chunks = [list(range(i, min(i + chunk_size, n_games))) for i in range(0, n_games, chunk_size)]
    records: list[GameRecord | None] = [None] * n_games
    done = 0
    if executor is None:
        for g in range(n_games):
            records[g] = play_quick(players, _options_for(base, g, players, content), content, seeds[g])
            done += 1
            if progress:
                progress(done, n_games)
    else:
        futures = {executor.submit(_run_chunk, players, base, content, idx, [seeds[i] for i in idx]): idx for idx in chunks}
        for fut in as_completed(futures):
            for i, rec in zip(futures[fut], fut.result()):
                records[i] = rec
            done += len(futures[fut])
            if progress:
                progress(done, n_games)
    return summarize(players, records)


def _whole(value) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, np.integer))


def _check(players, n_games, seed, executor, progress, options, content, chunk_size) -> None:
    """``simulate``'s arguments, each named when it is wrong."""
    if isinstance(players, str) or not isinstance(players, Sequence) or not 2 <= len(players) <= 4 \
            or any(p not in BOTS for p in players):
        raise ValueError(f"players must be a list of 2-4 bots, one a seat, each of {', '.join(BOTS)}; got {players!r}")
    if not _whole(n_games) or not 1 <= n_games <= 100_000:
        raise ValueError(f"n_games must be a whole number 1-100000, got {n_games!r}")
    if not _whole(seed) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor (or None), got {executor!r}")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be callable as progress(done, total), got {progress!r}")
    if options is not None and not isinstance(options, Options):
        raise ValueError(f"options must be a Rumble Planet Options (or None), got {type(options).__name__}")
    if content is not None and not isinstance(content, Content):
        raise ValueError(f"content must be a Rumble Planet Content, from load_deck or sample_content (or None), "
                         f"got {type(content).__name__}")
    if chunk_size is not None and (not _whole(chunk_size) or chunk_size < 1):
        raise ValueError(f"chunk_size must be a whole number >= 1 (or None), got {chunk_size!r}")


def replay_seed(seed: int, game: int, n_games: int) -> np.random.SeedSequence:
    """The seed ``simulate(..., n_games, seed)`` gave game ``game`` (to replay it on its own)."""
    if not _whole(seed) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    if not _whole(n_games) or not 1 <= n_games <= 100_000:
        raise ValueError(f"n_games must be a whole number 1-100000, got {n_games!r}")
    if not _whole(game) or not 0 <= game < n_games:
        raise ValueError(f"game must be a whole number from 0 to {n_games - 1} (games are counted from 0), got {game!r}")
    return np.random.SeedSequence(seed).spawn(n_games)[game]
