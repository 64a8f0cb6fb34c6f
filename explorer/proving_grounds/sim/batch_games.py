"""Fast batch simulation of whole Proving Grounds games (setup to win or loss).

Thousands of games are played at once with numpy (one array column per game); the plain engine
(``rules.py`` with ``bots.GreedyPlayer``) is the reference it is tested against. Games are
seeded in fixed blocks of ``BLOCK`` games, each from ``SeedSequence(seed).spawn(...)``, so a
result depends only on (options, deck, policy, seed, n_games): not on ``chunk``, the executor
or the number of workers.

Example::

    from explorer.proving_grounds import Options
    from explorer.proving_grounds.sim import simulate
    r = simulate(Options(timer_rerolls=10), 100_000, seed=1)
    print(r.win_rate, r.win_rate_se)
"""
from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed

import numpy as np

from . import modules as mod
from . import round as rnd
from ..cards import Deck, sample_deck
from ..game import GAME
from ..options import MODULES, Options
from .batch import Batch
from .result import SimResult
from .tables import check_supported, tables_for

__all__ = ["BLOCK", "POLICIES", "SUPPORTED_MODULES", "SimResult", "play_batch", "play_games", "simulate"]

POLICIES = ("greedy", "never")  # greedy: bots.GreedyPlayer; never: stop at once (no reroll, no chariot dice)
SUPPORTED_MODULES = MODULES  # every combination of these is simulated
BLOCK = 4096  # games per seeded block
DEFAULT_CHUNK = 4 * BLOCK  # games per task given to an executor
MAX_ROUNDS = 10_000


def simulate(
    options: Options,
    n_games: int,
    *,
    policy: str = "greedy",
    seed: int | np.random.SeedSequence = 0,
    deck: Deck | None = None,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    chunk: int = DEFAULT_CHUNK,
) -> SimResult:
    """Play ``n_games`` whole games and summarise them.

    Args:
        options: the game's options; ``timer_rerolls`` must be set (the timer as set rerolls, PG-3).
        n_games: games to play (>= 1).
        policy: "greedy" (exactly ``bots.GreedyPlayer``) or "never" (stop rolling at once;
            GreedyPlayer's rules for every other choice).
        seed: an int >= 0 or a ``numpy.random.SeedSequence``.
        deck: the cards (default: the sample deck).
        progress: called as ``progress(games_done, n_games)`` after each chunk.
        executor: any ``concurrent.futures.Executor`` (e.g. a Dask ``Client.get_executor()``);
            default: the first chunk inline (its lookup tables are then inherited by forked
            workers), the others on local processes.
        chunk: games per task (rounded up to whole blocks of ``BLOCK`` games).

    Raises:
        ValueError: bad arguments (the message says which); TypeError: options of another type.
        NotImplementedError: a card effect the batch simulator does not cover.
    """
    _validate(options, n_games, policy, seed, progress, executor, chunk)
    n_games, chunk = int(n_games), int(chunk)
    deck = sample_deck() if deck is None else deck
    GAME.initial_state(options, deck)  # the engine's own deck check (ContentError)
    check_supported(options, deck)
    n_blocks = -(-n_games // BLOCK)
    sizes = [BLOCK] * (n_blocks - 1) + [n_games - BLOCK * (n_blocks - 1)]
    if isinstance(seed, np.random.SeedSequence):  # a copy: spawning must not change the caller's
        root = np.random.SeedSequence(seed.entropy, spawn_key=seed.spawn_key, pool_size=seed.pool_size)
    else:
        root = np.random.SeedSequence(seed)
    seeds = root.spawn(n_blocks)
    per_task = max(1, -(-chunk // BLOCK))
    tasks = [(options, deck, policy, sizes[i:i + per_task], seeds[i:i + per_task]) for i in range(0, n_blocks, per_task)]
    if executor is not None:
        return _run(executor, tasks, n_games, progress)
    first = _run(None, tasks[:1], n_games, progress)  # also fills this process's tables before forking
    if len(tasks) == 1:
        return first
    with ProcessPoolExecutor(max_workers=min(len(tasks) - 1, os.cpu_count() or 1)) as pool:
        return first + _run(pool, tasks[1:], n_games, progress, done=first.n)


def _run(executor, tasks, total: int, progress, done: int = 0) -> SimResult:
    """Run tasks inline (executor None) or on the executor, reporting progress as each ends."""
    results = []
    if executor is None:
        finished = (play_games(*t) for t in tasks)
    else:
        futures = [executor.submit(play_games, *t) for t in tasks]
        cf = all(isinstance(f, Future) for f in futures)
        finished = (f.result() for f in (as_completed(futures) if cf else futures))
    for r in finished:
        results.append(r)
        done += r.n
        if progress is not None:
            progress(done, total)
    return SimResult.merge_all(results)


def play_games(options: Options, deck: Deck, policy: str, block_sizes: list[int], seeds) -> SimResult:
    """Play blocks of games to the end (one task; top-level so any executor can pickle it)."""
    games = play_batch(options, deck, policy, block_sizes, seeds)
    return SimResult.from_games(games[:, 1], games[:, 2], games[:, 3], games[:, 4])


def play_batch(options: Options, deck: Deck, policy: str, block_sizes: list[int], seeds, trace: list | None = None) -> np.ndarray:
    """Play blocks of games to the end, each round in the order of Q2 ("How do I handle timing
    conflicts?"); one row per game: (game, won, round, wounds, defeated), in game order.

    Args:
        trace: a list that receives every draw of the first game, as (what, values).
    """
    b = Batch(tables_for(options, deck), block_sizes, seeds, trace)
    o = options
    place = mod.place_on_chariots if o.chariots else None
    while not b.over.all():
        if o.conspirators:
            mod.reveal_conspirators(b)
        if o.sun_and_moon:
            mod.rotate_dial(b)
        if o.conspirators:
            mod.activate_conspirator(b)
        rnd.roll(b)
        if policy == "greedy":
            rnd.rolling(b, place)
        if o.chariots:
            mod.resolve_chariots(b)
        if o.dragonling:
            mod.dragonling(b)
        rnd.attacks(b)
        if o.sun_and_moon:
            mod.sun_and_moon(b)
        rnd.recover(b)
        b.finish()
        if b.round.max(initial=0) > MAX_ROUNDS:
            raise RuntimeError(f"a game did not end within {MAX_ROUNDS} rounds")
    b.finish(force=True)
    games = np.concatenate(b.results) if b.results else np.zeros((0, 5), np.int64)
    return games[np.argsort(games[:, 0])]


def _validate(options, n_games, policy, seed, progress, executor, chunk) -> None:
    if not isinstance(options, Options):
        raise TypeError(f"options must be an explorer.proving_grounds.Options, got {type(options).__name__}")
    if options.timer_rerolls is None:
        raise ValueError("options.timer_rerolls must be set for simulation (the timer counted in set rerolls, ruling PG-3)")
    if isinstance(n_games, bool) or not isinstance(n_games, (int, np.integer)) or n_games < 1:
        raise ValueError(f"n_games must be a whole number >= 1, got {n_games!r}")
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, got {policy!r}")
    if not isinstance(seed, np.random.SeedSequence) and (
            isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
        raise ValueError(f"seed must be a whole number >= 0 or a numpy SeedSequence, got {seed!r}")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be callable as progress(done, total), got {progress!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor (with submit), got {executor!r}")
    if isinstance(chunk, bool) or not isinstance(chunk, (int, np.integer)) or chunk < 1:
        raise ValueError(f"chunk must be a whole number >= 1, got {chunk!r}")
