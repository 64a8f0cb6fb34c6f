"""Benchmark: whole Proving Grounds training games per second, batch simulator against the plain engine.

Both are measured in the same run (these shared machines vary up to 2x between runs, so only the
ratio is comparable across runs). The engine plays with ``Session`` + ``GreedyPlayer`` via
``play_out``; the simulator plays the same options with the "greedy" policy, first in this process,
then on two worker processes. Tables are warmed first: their one-off cost is reported apart.

Run:  .venv/bin/python benchmarks/pg_batch_sim.py [--engine-games 150] [--sim-games 131072]
"""
from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor

from explorer.core import Session
from explorer.proving_grounds import Options
from explorer.proving_grounds.bots import GreedyPlayer, play_out
from explorer.proving_grounds.cards import sample_deck
from explorer.proving_grounds.sim import simulate


class InlineExecutor(Executor):
    """Runs each task at once in this process (the single-process measurement with normal chunking)."""

    def submit(self, fn, /, *args, **kwargs):
        f = Future()
        f.set_result(fn(*args, **kwargs))
        return f


def engine_rate(options: Options, n_games: int) -> float:
    deck = sample_deck()
    t = time.perf_counter()
    for seed in range(n_games):
        play_out(Session("proving-grounds", options, deck, seed=seed), GreedyPlayer())
    return n_games / (time.perf_counter() - t)


def sim_rate(options: Options, n_games: int, executor: Executor, chunk: int, seed: int) -> float:
    t = time.perf_counter()
    simulate(options, n_games, seed=seed, executor=executor, chunk=chunk)
    return n_games / (time.perf_counter() - t)


def _warm(options: Options) -> None:
    """Worker start-up: fill this process's tables before the timed run."""
    simulate(options, 8192, seed=10_001, executor=InlineExecutor())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine-games", type=int, default=150)
    ap.add_argument("--sim-games", type=int, default=131_072)
    ap.add_argument("--chunk", type=int, default=16_384)
    ap.add_argument("--timer-rerolls", type=int, default=10)
    args = ap.parse_args()
    options = Options(timer_rerolls=args.timer_rerolls)
    print(f"Proving Grounds training game, timer_rerolls={args.timer_rerolls}, {os.cpu_count()} CPUs")

    eng = engine_rate(options, args.engine_games)
    print(f"plain engine (Session + GreedyPlayer):   {eng:10.1f} games/s  ({args.engine_games} games)")

    t = time.perf_counter()
    _warm(options)
    print(f"table warm-up (first 8192 games):        {time.perf_counter() - t:10.2f} s")

    one = sim_rate(options, args.sim_games, InlineExecutor(), args.chunk, seed=1)
    print(f"batch simulator, 1 process:              {one:10.0f} games/s  ({args.sim_games} games)")

    with ProcessPoolExecutor(max_workers=2, initializer=_warm, initargs=(options,)) as pool:
        list(pool.map(abs, [1, 2]))  # both workers up and warm
        two = sim_rate(options, 2 * args.sim_games, pool, args.chunk, seed=2)
    print(f"batch simulator, 2 processes:            {two:10.0f} games/s  ({2 * args.sim_games} games)")

    print(f"ratio to the engine: {one / eng:8.0f}x (1 process), {two / eng:8.0f}x (2 processes)"
          f"   targets: >= 50x, >= 20000 games/s on 2 processes")


if __name__ == "__main__":
    main()
