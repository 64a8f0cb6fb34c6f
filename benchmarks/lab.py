"""The playtesting lab: games per second for every game, and BarBEARian's simulator against its plain engine.

Run: ``.venv/bin/python benchmarks/lab.py [--games 40] [--pg-games 20000]``

Absolute times vary up to 2x on shared machines; the ratios printed are measured in the same run.
The BarBEARian comparison plays the same games four ways: the plain engine through ``core.Session``
(the same bots' seeds and chance draws, typed in as outcomes), the plain engine loop
``sim.games.play_game`` (``rules.apply`` with every check), the engine loop ``sim.fast.play_game`` and
``sim.simulate`` (the compact game of ``sim.quick`` for random and greedy bots), and checks that all
four produce the same games.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from explorer import lab
from explorer.barbearian import Options
from explorer.barbearian.cards import sample_deck
from explorer.barbearian.sim import SIM_ROUND_LIMIT, fast, games, quick, simulate

from barbearian_odds import session_game  # benchmarks/ is the script's own folder


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="BarBEARian games per measurement")
    ap.add_argument("--pg-games", type=int, default=20_000, help="Proving Grounds games per variant")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="greedy", choices=("random", "greedy", "odds"))
    args = ap.parse_args()
    n, p = args.games, args.players

    print(f"== BarBEARian: {p} players, {args.bots} bots, {n} games, one process (best of 2) ==")
    simulate(p, args.bots, 2, seed=0)  # warm caches (odds tables, decks) outside the timing
    o, deck, bots = Options(players=p, round_limit=SIM_ROUND_LIMIT), sample_deck(), [args.bots] * p  # as simulate
    print(f"the compact game plays these games: {quick.check_supported(o, deck, bots) or 'yes'}")
    session: list = []
    seeds = games.children_of(np.random.SeedSequence(1), n)
    plain: list = []
    ref: list = []
    out: list = []

    def cold_simulate():  # without the greedy plans remembered from earlier runs
        quick.forget_plans()
        out.append(simulate(p, args.bots, n, seed=1))

    runs = {
        "plain engine via Session": lambda: session.__setitem__(slice(None), [session_game(o, deck, bots, s) for s in seeds]),
        "plain engine loop (games.play_game)":
            lambda: plain.__setitem__(slice(None), [games.play_game(o, deck, bots, s) for s in seeds]),
        "engine loop (sim.fast.play_game)":
            lambda: ref.__setitem__(slice(None), [fast.play_game(o, deck, bots, s) for s in seeds]),
        "sim.simulate": cold_simulate,
    }
    wall: dict[str, float] = {}
    cpu: dict[str, float] = {}
    for name, run in runs.items():  # best of 2, by the wall clock and by this process's CPU time
        for _ in range(2):
            w, c = time.perf_counter(), time.process_time()
            run()
            w, c = time.perf_counter() - w, time.process_time() - c
            wall[name], cpu[name] = min(wall.get(name, w), w), min(cpu.get(name, c), c)
    base, engine = "plain engine via Session", "plain engine loop (games.play_game)"
    print(f"{'':38s} {'wall clock':>12s} {'vs Session':>11s} {'vs engine':>10s}   {'CPU time':>12s} {'vs Session':>11s} {'vs engine':>10s}")
    for name in runs:
        print(f"{name:38s} {n / wall[name]:7.1f} gm/s {wall[base] / wall[name]:10.2f}x {wall[engine] / wall[name]:9.2f}x   "
              f"{n / cpu[name]:7.1f} gm/s {cpu[base] / cpu[name]:10.2f}x {cpu[engine] / cpu[name]:9.2f}x")
    same = out[0].records == tuple(ref) == tuple(plain)
    same_session = session == [(r.winner, r.rounds, r.steps) for r in plain]
    steps = sum(r.steps for r in plain) / n
    print(f"the same {n} games (mean {steps:.0f} steps) from the engine loops and sim.simulate: {same}; "
          f"from the Session (winner, rounds, steps): {same_session}")
    print(f"speed-up of sim.simulate (CPU time): x{cpu[base] / cpu['sim.simulate']:.1f} over the plain engine via "
          f"Session, x{cpu[engine] / cpu['sim.simulate']:.1f} over the plain engine loop on the same games (target x10)")

    print("\n== the lab, in this process (executor='inline') ==")
    lab.compare("proving-grounds", {"warm": {}}, games=100, seed=0, executor="inline")  # lookup tables
    pg = {"training": {}, "all six modules": {m: True for m in
          ("dragonling", "chariots", "inspiration", "shields", "conspirators", "sun_and_moon")}}
    secs = timed(lambda: out.append(lab.compare("proving-grounds", pg, games=args.pg_games, seed=1, executor="inline")))
    print(f"proving-grounds  {2 * args.pg_games / secs:9.0f} games/s  ({2 * args.pg_games} games in {secs:.2f} s)")
    bb = {f"{p} players": {"players": p}}
    secs = timed(lambda: out.append(lab.compare("barbearian", bb, games=n, seed=1, executor="inline")))
    print(f"barbearian       {n / secs:9.1f} games/s  ({n} games in {secs:.2f} s, with the Glory race traced)")
    print("\n== the lab on local processes (the default) ==")
    secs = timed(lambda: out.append(lab.compare("proving-grounds", pg, games=args.pg_games, seed=1)))
    print(f"proving-grounds  {2 * args.pg_games / secs:9.0f} games/s")
    secs = timed(lambda: out.append(lab.compare("barbearian", bb, games=n, seed=1)))
    print(f"barbearian       {n / secs:9.1f} games/s")


if __name__ == "__main__":
    main()
