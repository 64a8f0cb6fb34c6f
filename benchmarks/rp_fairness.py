"""Rumble Planet: are the sample heroes fair? Win shares by Hero and by seat, with 95% Wilson intervals.

Run: ``.venv/bin/python benchmarks/rp_fairness.py --games 2000 --seed 2026 --out rp_fairness.jsonl``
then, at any time (also while it runs), ``.venv/bin/python benchmarks/rp_fairness.py --report rp_fairness.jsonl``.

Both bot types (random against random, greedy against greedy) play 2-player games with default options,
exactly the games ``sim.simulate([bot, bot], games, seed)`` plays (Heroes rotate through the seats), on two
worker processes with their chunks interleaved, so a run stopped early still has both bot types. Each finished
game is written as one JSON line as it ends; the report counts, for each bot type, the longest run of games
0..N-1 that all finished, cut to a multiple of 4 so that every Hero has played every seat equally often.
"""
from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import numpy as np

from explorer.lab import wilson
from explorer.rumble_planet import Options, sample_content
from explorer.rumble_planet.cards import load_deck
from explorer.rumble_planet.sim.games import _run_chunk

BOTS = ("random", "greedy")


def play(games: int, seed: int, out: str, deck: str | None, chunk: int = 10) -> None:
    content = load_deck(deck) if deck else sample_content()
    base = Options(players=2)
    seeds = np.random.SeedSequence(seed).spawn(games)  # the seeds simulate(..., games, seed) gives
    start = time.time()
    with ProcessPoolExecutor(2) as pool, open(out, "w") as f:
        futures = {}
        for i in range(0, games, chunk):
            idx = list(range(i, min(i + chunk, games)))
            for bot in BOTS:
                futures[pool.submit(_run_chunk, (bot, bot), base, content, idx, [seeds[g] for g in idx])] = (bot, idx)
        for fut in as_completed(futures):
            bot, idx = futures[fut]
            for g, r in zip(idx, fut.result()):
                f.write(json.dumps({"bot": bot, "game": g, "heroes": r.heroes, "winner": r.winner, "rounds": r.rounds,
                                    "capped": r.capped, "seconds": round(time.time() - start, 1)}) + "\n")
            f.flush()


def rows(records: list[dict]) -> list[tuple[str, int, int]]:
    """(who, wins, games) for each seat and each Hero."""
    out = [(f"seat {k + 1}", sum(r["winner"] == k for r in records), len(records)) for k in range(2)]
    for h in sorted({h for r in records for h in r["heroes"]}):
        mine = [r for r in records if h in r["heroes"]]
        out.append((h, sum(r["winner"] is not None and r["heroes"][r["winner"]] == h for r in mine), len(mine)))
    return out


def report(path: str) -> None:
    names = {h.id: h.name for h in sample_content().heroes}
    lines = [json.loads(line) for line in open(path)]
    elapsed = max((r["seconds"] for r in lines), default=0.0)
    print(f"{len(lines)} games finished in {elapsed:.0f} s ({len(lines) / max(elapsed, 1):.2f} games/s, both bot types)")
    for bot in BOTS:
        done = {r["game"]: r for r in lines if r["bot"] == bot}
        n = 0
        while n in done:
            n += 1
        n -= n % 4
        records = [done[g] for g in range(n)]
        capped = sum(r["capped"] for r in records)
        print(f"\n{bot} vs {bot}: games 0-{n - 1} ({n} games; {capped} stopped by the step cap)")
        for who, wins, games in rows(records):
            low, high = wilson(wins, games)
            print(f"  {names.get(who, who):22s} {wins:5d}/{games:<5d} {wins / games:6.1%}  [{low:.1%}, {high:.1%}]")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--deck", help="a deck file (the sample deck by default)")
    ap.add_argument("--out", default="rp_fairness.jsonl")
    ap.add_argument("--report", metavar="JSONL", help="print the table of a (possibly unfinished) run and stop")
    a = ap.parse_args()
    if a.report:
        report(a.report)
    else:
        play(a.games, a.seed, a.out, a.deck)
        report(a.out)
