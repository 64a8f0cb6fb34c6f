"""BarBEARian Battlegrounds: raid-odds table and batch-simulation throughput.

Run: ``.venv/bin/python benchmarks/barbearian_odds.py [--games 40]``

Prints absolute times (which vary up to 2x on shared machines) and ratios measured in the
same run, which are what to compare:

* the full raid odds table (1-5 clan dice plus 0-5 mercenaries against Barracks 0-30), cold
  (multiset tables rebuilt) and warm, against brute force over ordered rolls for the rows
  brute force can still do;
* whole games per second of ``sim.simulate`` (in this process and on two worker processes)
  against the plain engine driven through ``core.Session``, the same games (bots' seeds and
  chance draws).
"""
from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import product

import numpy as np

from explorer.barbearian import Options, odds, rules, view
from explorer.barbearian.bots import make_bot
from explorer.barbearian.cards import sample_deck
from explorer.barbearian.sim import SIM_ROUND_LIMIT, simulate
from explorer.core import Session
from explorer.core.seeds import children_of

TARGET_MS = 50.0


def best_of(fn, repeat: int = 5) -> float:
    """Fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def raid_table_by_dice() -> np.ndarray:
    """table[clan - 1, mercenaries, barracks] for 1-5 clan dice, 0-5 mercenaries, Barracks 0-30."""
    rows = odds.raid_table(10, 30)
    return np.stack([[rows[c + m] for m in range(6)] for c in range(1, 6)])


def cold_table() -> np.ndarray:
    odds.multisets.cache_clear()
    return raid_table_by_dice()


def brute_table(max_dice: int) -> np.ndarray:
    """The same rows by brute force over every ordered roll (the strongest same-value group)."""
    table = np.zeros((max_dice + 1, 31))
    for n in range(1, max_dice + 1):
        hist = np.zeros(61)
        for roll in product(range(1, 7), repeat=n):
            hist[max(v * roll.count(v) for v in set(roll))] += 1
        table[n] = (hist[::-1].cumsum()[::-1] / 6.0 ** n)[:31]
    return table


def session_game(options: Options, deck, bots, seed: np.random.SeedSequence) -> tuple:
    """The baseline: one game through ``core.Session`` (history, checks, logged outcomes), the same game
    as ``sim.games.play_game``'s for ``seed`` (the same bots' seeds and chance draws, typed in as outcomes)."""
    children = children_of(seed, len(options.clans) + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    players = [make_bot(kind, np.random.Generator(np.random.PCG64(c))) for kind, c in zip(bots, children[1:])]
    s = Session("barbearian", options, deck, seed=0)
    while not s.is_over():
        seat = rules.current_player(s.state)
        if seat == rules.CHANCE:
            action = s.legal_actions()[0]
            s.play(action, rules.chance(s.state, action).sample(rng))
        else:
            v = view(s.state, seat)
            s.play(players[seat].choose(v, rules.legal_actions(v, seat)))
    return s.state.winner, s.state.round, len(s.steps)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per throughput measurement")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="greedy", choices=("random", "greedy", "odds"))
    args = ap.parse_args()

    print("== raid odds table: 1-5 clan dice + 0-5 mercenaries vs Barracks 0-30 ==")
    cold = best_of(cold_table)
    warm = best_of(raid_table_by_dice)
    table = cold_table()
    print(f"table shape {table.shape}; P(3 clan dice break a Barracks of 6) = {table[2, 0, 6]:.4f}")
    print(f"cold (multisets rebuilt): {cold * 1e3:7.2f} ms   target <= {TARGET_MS:.0f} ms: {'met' if cold * 1e3 <= TARGET_MS else 'MISSED'}")
    print(f"warm (multisets cached):  {warm * 1e3:7.2f} ms")
    brute_n = 6
    brute = best_of(lambda: brute_table(brute_n), repeat=1)
    exact = best_of(lambda: (odds.multisets.cache_clear(), odds.raid_table(brute_n, 30)), repeat=5)
    assert np.allclose(brute_table(brute_n), odds.raid_table(brute_n, 30))
    scale = sum(n * 6 ** n for n in range(1, 11)) / sum(n * 6 ** n for n in range(1, brute_n + 1))
    print(f"rows 1-{brute_n} only: brute force over ordered rolls {brute * 1e3:8.1f} ms, multisets {exact * 1e3:6.2f} ms "
          f"-> {brute / exact:,.0f}x (brute force of all ten rows: about {brute * scale:,.0f} s, extrapolated)")

    print(f"\n== whole games: {args.players} players, {args.bots} bots, {args.games} games ==")
    o, deck, bots = Options(players=args.players, round_limit=SIM_ROUND_LIMIT), sample_deck(), [args.bots] * args.players
    t = time.perf_counter()
    session = [session_game(o, deck, bots, s) for s in children_of(np.random.SeedSequence(1), args.games)]
    base = time.perf_counter() - t
    base_steps = sum(steps for _, _, steps in session)
    t = time.perf_counter()
    local = simulate(args.players, args.bots, args.games, seed=1)
    sim_local = time.perf_counter() - t
    with ProcessPoolExecutor(2) as pool:
        pool.submit(int, 0).result()  # start the workers outside the timing
        t = time.perf_counter()
        remote = simulate(args.players, args.bots, args.games, seed=1, executor=pool)
        sim_pool = time.perf_counter() - t
    assert remote.records == local.records
    assert session == [(r.winner, r.rounds, r.steps) for r in local.records]  # the same games
    sim_steps = sum(r.steps for r in local.records)
    rows = [("plain engine via Session", base, base_steps), ("sim.simulate, this process", sim_local, sim_steps),
            ("sim.simulate, 2 processes", sim_pool, sim_steps)]
    for name, secs, steps in rows:
        print(f"{name:28s} {args.games / secs:7.1f} games/s  {steps / secs:9.0f} steps/s  "
              f"x{(args.games / secs) / (args.games / base):5.2f} games/s, x{(steps / secs) / (base_steps / base):5.2f} steps/s vs engine")
    print(f"mean game length {local.rounds[0]:.1f} +- {local.rounds[1]:.1f} rounds; "
          f"first player wins {local.win_rate_by_offset[0][0]:.2f} +- {local.win_rate_by_offset[0][1]:.2f}")


if __name__ == "__main__":
    main()
