"""Rumble Planet: the reachability map with attack values per space, against the plain engine search.

Run: ``.venv/bin/python benchmarks/rumble_planet.py``

Prints absolute times (which vary up to 2x on shared machines) and the ratio measured in the same
run, which is what to compare: ``odds.reachable`` (every reachable space with MP, Injuries on the
way and the best attack's expected Injuries and knock-out chance) against a plain breadth-first
search that applies the engine's legal ``Move`` actions one by one (spaces only, no attack values).
Target: the full map with attack values in 50 ms or less per turn.

It also prints whole games (and steps) per second of ``sim.simulate`` (the rules engine without a Session's
history, taking the engine's own legal actions without checking them again) against the same bots driven
through ``core.Session``, and their ratio in the same run.
"""
from __future__ import annotations

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
from explorer.rumble_planet.odds import reachable
from explorer.rumble_planet.sim import heroes_for, play_game, replay_seed

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


def main() -> None:
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

    games, players, content = 10, ("greedy", "greedy", "greedy"), sample_content()
    sim_time = session_time = 0.0
    sim_steps = session_steps = 0
    for g in range(games):  # one game of each in turn, so a change in the machine's load falls on both alike
        opts = Options(players=3, heroes=heroes_for(g, 3, content), round_limit=40)
        t = time.perf_counter()
        rec = play_game(players, opts, content, replay_seed(1, g, games))  # game g of simulate(players, games, seed=1)
        sim_time += time.perf_counter() - t
        sim_steps += rec.steps
        t = time.perf_counter()
        sess = Session("rumble-planet", opts, content, seed=g)
        bots = [GreedyBot(np.random.default_rng(g * 10 + i)) for i in range(3)]
        while not sess.is_over():
            sess.play(bots[rules.current_player(sess.state)].choose(sess.state, sess.legal_actions()))
        session_time += time.perf_counter() - t
        session_steps += sess.cursor
    # The two loops draw their own dice, so their games differ in length: steps per second is the fair ratio.
    print(f"whole 3-player greedy games (40-round limit): simulate {games / sim_time:.1f} games/s "
          f"({sim_steps / sim_time:.0f} steps/s), through Session {games / session_time:.1f} games/s "
          f"({session_steps / session_time:.0f} steps/s)")
    print(f"ratio simulate / Session: {(sim_steps / sim_time) / (session_steps / session_time):.2f} per step, "
          f"{session_time / sim_time:.2f} per game")


if __name__ == "__main__":
    main()
