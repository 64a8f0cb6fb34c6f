"""Batch simulation of whole games: first-player advantage and game length, with standard errors.

``play_game`` runs a game on the rules engine itself (``rules.apply``), without a Session's
history. ``simulate`` plays the same games faster: on the compact game of ``quick.py`` for the
bots and options it supports (replayed step by step against the engine in the tests), otherwise on
the engine loop of ``fast.py``; more speed comes from running chunks of games on an ``Executor``.
Each game gets its own ``SeedSequence`` child, so results do not depend on how games are chunked or
which worker runs them.
"""
from __future__ import annotations

import math
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ...core.seeds import children_of
from ...core.stats import LimitHits, mean_se
from .. import rules
from ..bots import make_bot
from ..cards import Deck, sample_deck
from ..options import Options
from ..plan import initial_state
from ..state import CHANCE
from ..views import view
from . import quick
from .fast import play_game as fast_game
from .record import GameRecord

SIM_ROUND_LIMIT = 60
"""The round limit simulations play with unless their options say otherwise (ruling BB-20): the
rulebook's only ending is seven Glory, which random play may never reach."""


@dataclass(frozen=True)
class SimResult(LimitHits):
    """Summary of ``games`` games at one player count.

    ``win_rate_by_offset[k]`` is the win rate (and its standard error) of the seat ``k``
    places after the first player in turn order: offset 0 is the first player.
    ``round_limit_hits``: games the round limit ended; ``step_cap_hits``: games the step cap stopped (draws).
    """

    players: int
    games: int
    win_rate_by_offset: tuple[tuple[float, float], ...]
    draw_rate: tuple[float, float]
    rounds: tuple[float, float]  # mean and standard error
    steps: tuple[float, float]
    records: tuple[GameRecord, ...]

    @property
    def first_player_advantage(self) -> tuple[float, float]:
        """First player's win rate minus a fair share (1 / players), with its standard error."""
        rate, se = self.win_rate_by_offset[0]
        return rate - 1.0 / self.players, se


def play_game(options: Options, deck: Deck, bots: Sequence, seed: np.random.SeedSequence, max_steps: int = 200_000) -> GameRecord:
    """One whole game on the plain rules engine; each bot sees only its own view."""
    children = children_of(seed, len(options.clans) + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    players = [make_bot(kind, np.random.Generator(np.random.PCG64(c))) for kind, c in zip(bots, children[1:])]
    state = initial_state(options, deck)
    first = None
    for step in range(max_steps):
        if state.result:
            at_limit = all(p.glory_count < options.glory_to_win for p in state.players)
            return GameRecord(first, state.winner, state.round, step, at_limit)
        seat = rules.current_player(state)
        if seat == CHANCE:
            action = rules.legal_actions(state)[0]
            outcome = rules.chance(state, action).sample(rng)
        else:
            v = view(state, seat)
            action, outcome = players[seat].choose(v, rules.legal_actions(v, seat)), None
        state, _ = rules.apply(state, action, outcome)
        if first is None and state.first is not None:
            first = state.first
    return GameRecord(first, None, state.round, max_steps, capped=True)


def _play_games(options: Options, deck: Deck, bots: Sequence, seeds: Sequence[np.random.SeedSequence]):
    """The same games as ``play_game``, one by one: on the compact game when it supports them
    (tests/barbearian/test_compact_replay.py), otherwise on the engine loop (tests/lab/test_bb_fast.py)."""
    if quick.check_supported(options, deck, bots) is None:
        requirements = quick.requirements_of(deck)
        return (quick.play_game(options, deck, bots, s, requirements=requirements) for s in seeds)
    return (fast_game(options, deck, bots, s) for s in seeds)


def _run_chunk(options: Options, deck: Deck, bots: Sequence, seeds: Sequence[np.random.SeedSequence]) -> list[GameRecord]:
    return list(_play_games(options, deck, bots, seeds))


def summarize(players: int, records: Sequence[GameRecord]) -> SimResult:
    n = len(records)
    rates = []
    for k in range(players):
        wins = [1.0 if r.winner is not None and (r.winner - r.first) % players == k else 0.0 for r in records]
        rates.append(mean_se(wins))
    draws = mean_se([1.0 if r.winner is None else 0.0 for r in records])
    return SimResult(players, n, tuple(rates), draws, mean_se([r.rounds for r in records]),
                     mean_se([r.steps for r in records]), tuple(records))


def simulate(players: int, bots, n_games: int, seed: int, *, options: Options | None = None, deck: Deck | None = None,
             progress: Callable[[int, int], None] | None = None, executor: Executor | None = None,
             chunk_size: int | None = None) -> SimResult:
    """Play ``n_games`` whole games and summarize them.

    Args:
        players: 2, 3 or 4.
        bots: one bot for every seat ("random", "greedy", "odds" or a picklable factory
            ``rng -> bot``), or a single one for all seats.
        n_games: how many games.
        seed: root seed; game i uses ``SeedSequence(seed).spawn(n_games)[i]`` (its chance draws and
            each bot get that child's own children).
        options: rule options (their ``players`` is replaced by ``players``); by default the
            default options with ``round_limit=SIM_ROUND_LIMIT``. The result counts the games
            the limit ended (``round_limit_hits``).
        deck: the Upgrade and Trial cards (the sample deck by default).
        progress: called as ``progress(games_done, n_games)``.
        executor: e.g. a ``ProcessPoolExecutor`` or a Dask client's executor; None runs here.
        chunk_size: games per submitted task (default: about four tasks per worker, at most 50 games).

    Returns:
        A :class:`SimResult` whose records are in game order.
    """
    if isinstance(bots, str) or callable(bots):
        bots = [bots] * players
    bots = list(bots)
    if len(bots) != players:
        raise ValueError(f"need {players} bots (one per seat), got {len(bots)}")
    base = options or Options(players=players, round_limit=SIM_ROUND_LIMIT)
    if base.players != players:
        fields = base.to_json()
        fields.update(players=players, clans=None)
        base = Options.from_json(fields)
    deck = deck or sample_deck()
    seeds = children_of(np.random.SeedSequence(seed), n_games)
    if chunk_size is None:
        workers = getattr(executor, "_max_workers", 2) if executor else 1
        chunk_size = max(1, min(50, math.ceil(n_games / (4 * workers))))
    chunks = [list(range(i, min(i + chunk_size, n_games))) for i in range(0, n_games, chunk_size)]
    records: list[GameRecord | None] = [None] * n_games
    done = 0
    if executor is None:
        for i, rec in enumerate(_play_games(base, deck, bots, seeds)):
            records[i] = rec
            done += 1
            if progress:
                progress(done, n_games)
    else:
        futures = {executor.submit(_run_chunk, base, deck, bots, [seeds[i] for i in idx]): idx for idx in chunks}
        for fut in as_completed(futures):
            for i, rec in zip(futures[fut], fut.result()):
                records[i] = rec
            done += len(futures[fut])
            if progress:
                progress(done, n_games)
    return summarize(players, records)


def sweep(player_counts: Sequence[int] = (2, 3, 4), bots="random", n_games: int = 100, seed: int = 0, **kw) -> dict[int, SimResult]:
    """``simulate`` at several player counts (game length and first-player advantage by count)."""
    return {n: simulate(n, bots, n_games, seed + n, **kw) for n in player_counts}
