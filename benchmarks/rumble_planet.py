"""Rumble Planet: the reachability map with attack values per space, against the plain engine search.

Run: ``.venv/bin/python benchmarks/rumble_planet.py``

Prints absolute times (which vary up to 2x on shared machines) and the ratio measured in the same
run, which is what to compare: ``odds.reachable`` (every reachable space with MP, Injuries on the
way and the best attack's expected Injuries and knock-out chance) against a plain breadth-first
search that applies the engine's legal ``Move`` actions one by one (spaces only, no attack values).
Target: the full map with attack values in 50 ms or less per turn.

It also prints whole games (and steps) per second of ``sim.simulate`` (the compact game of ``sim.quick``), of the
engine loop ``sim.play_game`` (the rules engine without a Session's history) and of the same bots driven through
``core.Session``, on the same games (the Session's outcomes typed in from the game's own draws), one game of
each in turn so that a change in the machine's load falls on all alike; and the ratios, by the wall clock and by
this process's CPU time. Target: ``simulate`` at 20x the Session loop or more.

Run only that part: ``.venv/bin/python benchmarks/rumble_planet.py --sim [--games 12]``
"""
from __future__ import annotations

import argparse
import time
from collections import deque

import numpy as np

from explorer.core import Session
from explorer.rumble_planet import (
    Attack,
    GreedyBot,
    Move,
    Options,
    rules,
    sample_content,
)
from explorer.rumble_planet.board import SPACES, ring
from explorer.rumble_planet.odds import reachable
from explorer.core.seeds import children_of
from explorer.rumble_planet.bots import BOTS
from explorer.rumble_planet.sim import heroes_for, play_game, replay_seed, simulate
from explorer.rumble_planet.sim import quick

TARGET_MS = 50.0


def engine_bfs(state) -> set[str]:
    """Plain search: every state reached by legal Move actions through ``rules.apply``."""
    seat = state.active
    seen, out, queue = set(), {state.player(seat).space}, deque([state])
    while queue:
        s = queue.popleft()
        for a in rules.legal_actions(s):
            if isinstance(a, Move):
                nxt, _ = rules.apply(s, a)
                p = nxt.player(seat)
                key = (p.space, nxt.turn.mp, p.hp)
                if p.knocked_out or key in seen:
                    continue
                seen.add(key)
                out.add(p.space)
                if not nxt.pending:
                    queue.append(nxt)
    return out


def turn_states(n: int, players: int, seed: int = 3) -> list:
    """Start-of-Action-Phase states from a seeded greedy game, every turn until ``n``."""
    out = []
    sess = Session("rumble-planet", Options(players=players), seed=seed)
    bots = [GreedyBot(np.random.default_rng(seed + i)) for i in range(players)]
    while len(out) < n and not sess.is_over():
        s = sess.state
        if s.stage == "play" and not s.pending and s.turn.phase == "action" and s.turn.movement == "ready" \
                and s.turn.attack == "ready" and s.player(s.active).space:
            out.append(s)
        sess.play(bots[rules.current_player(s)].choose(s, sess.legal_actions()))
    return out


def best_of(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def reachability() -> None:
    states = turn_states(20, 3) + turn_states(40, 4, seed=1)
    cold, plain, sizes, attacks = [], [], [], 0
    for s in states:
        cold.append(best_of(lambda s=s: reachable(s)))
        plain.append(best_of(lambda s=s: engine_bfs(s), repeat=1))
        m = reachable(s)
        assert set(m) == engine_bfs(s)
        sizes.append(len(m))
        attacks += any(isinstance(a, Attack) for a in rules.legal_actions(s))
    cold_ms, plain_ms = 1000 * np.array(cold), 1000 * np.array(plain)
    print(f"{len(states)} turns of seeded 3- and 4-player greedy games; {np.mean(sizes):.0f} reachable spaces on average, "
          f"{attacks} with an attack available at the start")
    print(f"reachability + attack values (each map computed from scratch): mean {cold_ms.mean():.1f} ms, worst {cold_ms.max():.1f} ms "
          f"(target <= {TARGET_MS:.0f} ms: {'met' if cold_ms.max() <= TARGET_MS else 'NOT met'})")
    print(f"plain engine BFS (spaces only): mean {plain_ms.mean():.1f} ms, worst {plain_ms.max():.1f} ms")
    print(f"ratio map-with-attacks / plain BFS: {cold_ms.mean() / plain_ms.mean():.3f} (mean), "
          f"{np.median(cold_ms / plain_ms):.3f} (median per turn)")


def session_game(players, options, content, seed) -> int:
    """The baseline: the same bots through ``core.Session``, their outcomes drawn from the game's own generator
    (so it is the game ``play_game`` plays for ``seed``); returns its steps."""
    children = children_of(seed, len(players) + 1)
    rng = np.random.Generator(np.random.PCG64(children[0]))
    bots = [BOTS[k](np.random.Generator(np.random.PCG64(c))) for k, c in zip(players, children[1:])]
    sess = Session("rumble-planet", options, content, seed=0)
    while not sess.is_over():
        action = bots[rules.current_player(sess.state)].choose(sess.state, sess.legal_actions())
        spec = rules.chance(sess.state, action)
        sess.play(action, None if spec is None else spec.sample(rng))
    return sess.cursor


def simulation(players: tuple, games: int, seed: int = 1, repeat: int = 3) -> None:
    """Games g of ``simulate(players, games, seed)``, one of each loop in turn, each ``repeat`` times: the best
    time of each loop for each game counts (a load spike from another process lengthens one run, not all)."""
    content = sample_content()
    for space in SPACES:  # the Rings the rules ask for, kept once worked out (board.ring), for every loop alike
        for radius in (1, 2):
            for shape in ("diamond", "square"):
                ring(space, radius, shape)
    simulate(players, 2, seed=0)  # warm the tables and caches outside the timing
    names = ("Session", "engine loop", "simulate")
    wall, cpu, steps = dict.fromkeys(names, 0.0), dict.fromkeys(names, 0.0), 0
    records, same = [], True
    for g in range(games):
        opts = Options(players=len(players), heroes=heroes_for(g, len(players), content))
        seed_g = replay_seed(seed, g, games)
        runs = {"Session": lambda: session_game(players, opts, content, seed_g),
                "engine loop": lambda: play_game(players, opts, content, seed_g).steps,
                "simulate": lambda: records.append(quick.play_game(players, opts, content, seed_g)) or records[-1].steps}
        best_wall, best_cpu, lengths = {}, {}, set()
        for _ in range(repeat):
            for name, run in runs.items():
                w, c = time.perf_counter(), time.process_time()
                lengths.add(run())
                w, c = time.perf_counter() - w, time.process_time() - c
                best_wall[name], best_cpu[name] = min(best_wall.get(name, w), w), min(best_cpu.get(name, c), c)
        for name in names:
            wall[name] += best_wall[name]
            cpu[name] += best_cpu[name]
        same = same and len(lengths) == 1
        steps += records[-1].steps
    same = same and simulate(players, games, seed=seed).records == tuple(records[repeat - 1::repeat])
    print(f"{len(players)}-player {'/'.join(players)} games, no round limit: {games} games, {steps / games:.0f} steps "
          f"on average, best of {repeat} runs each; the same games all three ways: {same}")
    for name in names:
        print(f"  {name:12s} {games / wall[name]:7.2f} games/s {steps / wall[name]:8.0f} steps/s (wall)   "
              f"{games / cpu[name]:7.2f} games/s {steps / cpu[name]:8.0f} steps/s (CPU)")
    print(f"  ratio simulate / Session: {wall['Session'] / wall['simulate']:.1f}x (wall), "
          f"{cpu['Session'] / cpu['simulate']:.1f}x (CPU); engine loop / Session: "
          f"{cpu['Session'] / cpu['engine loop']:.1f}x (CPU); target 20x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sim", action="store_true", help="only the whole-game simulation part")
    ap.add_argument("--games", type=int, default=6, help="games per bot mix")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each game by each loop (the best counts)")
    args = ap.parse_args()
    if not args.sim:
        reachability()
    for players in (("greedy", "greedy"), ("random", "random"), ("greedy", "random", "greedy"), ("greedy",) * 4,
                    ("random",) * 4):
        simulation(players, args.games, repeat=args.repeat)


if __name__ == "__main__":
    main()
