"""Rumble Planet: the reachability map with attack values per space, against the plain engine search.

Run: ``.venv/bin/python benchmarks/rumble_planet.py``

Prints absolute times (which vary up to 2x on shared machines) and the ratio measured in the same
run, which is what to compare: ``odds.reachable`` (every reachable space with MP, Injuries on the
way and the best attack's expected Injuries and knock-out chance) against a plain breadth-first
search that applies the engine's legal ``Move`` actions one by one (spaces only, no attack values).
Target: the full map with attack values in 50 ms or less per turn.
"""
from __future__ import annotations

import time
from collections import deque

import numpy as np

from explorer.core import Session
from explorer.rumble_planet import Attack, GreedyBot, Move, Options, rules
from explorer.rumble_planet.odds import reachable
from explorer.rumble_planet.odds.fast import solve

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


def turn_states(n: int, seed: int = 3) -> list:
    """Start-of-Action-Phase states from seeded greedy games (3 players), with weapons in hand."""
    out = []
    sess = Session("rumble-planet", Options(players=3), seed=seed)
    bots = [GreedyBot(np.random.default_rng(seed + i)) for i in range(3)]
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


def main() -> None:
    states = turn_states(20)
    cold, warm, plain, sizes, attacks = [], [], [], [], 0
    for s in states:
        def cold_map(s=s):
            solve.cache_clear()
            return reachable(s)
        cold.append(best_of(cold_map))
        warm.append(best_of(lambda s=s: reachable(s)))
        plain.append(best_of(lambda s=s: engine_bfs(s), repeat=1))
        m = reachable(s)
        assert set(m) == engine_bfs(s)
        sizes.append(len(m))
        attacks += any(isinstance(a, Attack) for a in rules.legal_actions(s))
    cold_ms, plain_ms = 1000 * np.array(cold), 1000 * np.array(plain)
    print(f"{len(states)} turns of seeded 3-player greedy games; {np.mean(sizes):.0f} reachable spaces on average, "
          f"{attacks} with an attack available at the start")
    print(f"reachability + attack values (cold cache): mean {cold_ms.mean():.1f} ms, worst {cold_ms.max():.1f} ms "
          f"(target <= {TARGET_MS:.0f} ms: {'met' if cold_ms.max() <= TARGET_MS else 'NOT met'})")
    print(f"same, warm cache: mean {1000 * np.mean(warm):.1f} ms")
    print(f"plain engine BFS (spaces only): mean {plain_ms.mean():.1f} ms, worst {plain_ms.max():.1f} ms")
    print(f"ratio map-with-attacks / plain BFS: {cold_ms.mean() / plain_ms.mean():.3f} (mean), "
          f"{np.median(cold_ms / plain_ms):.3f} (median per turn)")


if __name__ == "__main__":
    main()
