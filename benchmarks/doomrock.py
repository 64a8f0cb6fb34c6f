"""Benchmark the Assault on Doomrock roll-phase solver (Battle Sequence: Roll Phase).

Run: ``.venv/bin/python benchmarks/doomrock.py`` (``... doomrock.py simulation`` for the simulation part alone)

Machines here vary up to 2x between runs, so every time is also printed as a ratio against
baselines measured in the same run:

* a plain-Python multiset expectimax (dicts, the keep worth memoised per kept multiset, every
  reroll outcome enumerated with its multinomial weight, the assignment by the plain search);
* brute-force expectimax over ordered rolls and every subset of dice positions, in floats,
  memoised on the ordered roll, on the largest size it finishes in seconds.

The answers are compared (they must agree); the times are only printed.

Simulation: battles (and steps) per second of ``explorer.doomrock.sim.simulate`` (the compact battle), of the
engine loop ``play_game``, and of a plain ``Session`` loop playing the same games with the same draws (the
records must agree), timed one battle of each side in turn, for the greedy and the random party (each ratio in
wall time, then in CPU time, which a loaded machine moves less); then on two worker processes; whole campaigns per
second (the compact map and battles against the same two loops); live advice reads on real battle states.
"""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial

import numpy as np

from explorer.core import Session
from explorer.doomrock import BATTLE_GAME, CHANCE, GAME, Options, Roll, SetUpBattle
from explorer.doomrock.bots import make_bot
from explorer.doomrock.odds import RollPhaseSolver
from explorer.doomrock.odds import advice as live
from explorer.doomrock.odds.assignment import best_assignment
from explorer.doomrock.odds.inputs import cards as check_cards
from explorer.doomrock.odds.multisets import layout_for
from explorer.doomrock.odds.objective import Objective
from explorer.doomrock.deckfile import sample_deck
from explorer.doomrock.sim import children_of, fast_game, play_game, sim_options, simulate

CARDS = [([(5,), (6,)], 2), ([(6, 6)], 1), ([(1,), (2,)], 2), ([(3, 4)], 1)]
HAND = (1, 1, 2, 3, 4, 4, 5, 6)


def timed(run, repeats):
    """Median seconds of ``repeats`` calls, and the last result."""
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def cold_solve(n_dice, rerolls=2):
    layout_for.cache_clear()  # the shared layout is part of a cold solve
    return RollPhaseSolver(n_dice, CARDS, rerolls)


def plain_multiset(n_dice, rerolls=2):
    """Expected sets by plain Python expectimax over multisets (sorted face tuples)."""
    cards = check_cards(CARDS)
    tables = Objective().tables(cards)

    @cache
    def final(hand):
        return best_assignment(hand, cards, tables, 0.0, 0.0).value

    @cache
    def keep(kept, r):
        missing = n_dice - len(kept)
        total = 0.0
        for new in combinations_with_replacement(range(1, 7), missing):
            weight = factorial(missing)
            for f in set(new):
                weight //= factorial(new.count(f))
            total += weight * hand(tuple(sorted(kept + new)), r - 1)
        return total / 6**missing

    @cache
    def hand(h, r):
        if r == 0:
            return final(h)
        subs = {tuple(x for x, k in zip(h, mask) if k) for mask in product([False, True], repeat=len(h))}
        return max(keep(s, r) for s in subs)

    return keep((), rerolls + 1), keep


def brute_ordered(n_dice, rerolls=2):
    """Expected sets by expectimax over ordered rolls and position subsets.

    Memoised on the ordered roll only: no use of the dice being interchangeable.
    """
    cards = check_cards(CARDS)
    tables = Objective().tables(cards)

    @cache
    def value(h, r):
        if r == 0:
            return best_assignment(h, cards, tables, 0.0, 0.0).value
        best = 0.0
        for mask in product([False, True], repeat=len(h)):
            kept = tuple(x for x, k in zip(h, mask) if k)
            rolls = list(product(range(1, 7), repeat=len(h) - len(kept)))
            best = max(best, sum(value(kept + new, r - 1) for new in rolls) / len(rolls))
        return best

    rolls = list(product(range(1, 7), repeat=n_dice))
    return sum(value(h, rerolls) for h in rolls) / len(rolls)


def main():
    print("== roll phase: 4 cards (5 or 6 x2, two 6s x1, 1 or 2 x2, 3+4 x1), 2 rerolls ==")
    solve8, solver = timed(lambda: cold_solve(8), 7)
    print(f"solver, 8 dice, cold (layout built too): {solve8 * 1e3:8.2f} ms   expected sets {solver.value:.6f}")

    every, solver_all = timed(lambda: RollPhaseSolver(8, CARDS, 2, objective=Objective.activate_all(range(4))), 7)
    print(f"solver, 8 dice, whole-hand worth (all four cards activated): {every * 1e3:8.2f} ms   "
          f"chance {solver_all.value:.6f} ({every / solve8:.1f}x the card-by-card solve)")

    read, choices = timed(lambda: solver.keep_values(HAND, 2), 200)
    best, _ = timed(lambda: solver.best_keep(HAND, 2), 200)
    print(f"decision read, all {len(choices)} keep choices of {HAND}: {read * 1e3:6.3f} ms; best keep {best * 1e3:6.3f} ms")

    base_n = 6
    start = time.perf_counter()
    plain_value, _ = plain_multiset(base_n)
    plain = time.perf_counter() - start
    small, small_solver = timed(lambda: cold_solve(base_n), 7)
    assert abs(plain_value - small_solver.value) < 1e-9, (plain_value, small_solver.value)
    print(f"{base_n} dice: plain-Python multiset expectimax {plain * 1e3:9.1f} ms, solver {small * 1e3:6.2f} ms "
          f"-> {plain / small:,.0f}x")

    start = time.perf_counter()
    plain8, _ = plain_multiset(8)
    plain_8 = time.perf_counter() - start
    assert abs(plain8 - solver.value) < 1e-9, (plain8, solver.value)
    print(f"8 dice: plain-Python multiset expectimax {plain_8:7.2f} s, solver {solve8 * 1e3:6.2f} ms "
          f"-> {plain_8 / solve8:,.0f}x")

    brute_n = 3
    start = time.perf_counter()
    brute_value = brute_ordered(brute_n)
    brute = time.perf_counter() - start
    tiny, tiny_solver = timed(lambda: cold_solve(brute_n), 7)
    assert abs(brute_value - tiny_solver.value) < 1e-9, (brute_value, tiny_solver.value)
    print(f"{brute_n} dice: brute-force ordered expectimax {brute * 1e3:9.1f} ms, solver {tiny * 1e3:6.2f} ms "
          f"-> {brute / tiny:,.0f}x")
    print(f"decision read vs cold 8-dice solve: {read / solve8:.3f} of a solve")
    simulation()


def session_battle(options, child, kind="greedy", game="doomrock-battle"):
    """The baseline: one battle (or campaign) through a plain Session (history, checks), the same draws as
    ``simulate``'s game."""
    rules = BATTLE_GAME if game == "doomrock-battle" else GAME
    chance_seed, bot_seed = children_of(child, 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    bot = make_bot(kind, np.random.Generator(np.random.PCG64(bot_seed)))
    s = Session(game, options, seed=0)
    while not s.is_over():
        acts = s.legal_actions()
        action = acts[0] if rules.current_player(s.state) == CHANCE else bot.choose(s.state, acts)
        spec = rules.chance(s.state, action)
        s.play(action, spec.sample(rng) if spec is not None else None)
    if game != "doomrock-battle":
        return s.result() == "victory", s.state.battles_won, len(s.steps)
    return s.result() == "victory", s.state.battle.round, len(s.steps)


class Sides:
    """Wall and CPU seconds spent by each side, one game of each side in turn (so a change in the machine's load
    falls on all of them alike; the CPU times leave out the time other processes had the cores)."""

    def __init__(self, *names):
        self.wall, self.cpu = dict.fromkeys(names, 0.0), dict.fromkeys(names, 0.0)

    def run(self, name, play):
        wall, cpu = time.perf_counter(), time.process_time()
        out = play()
        self.wall[name] += time.perf_counter() - wall
        self.cpu[name] += time.process_time() - cpu
        return out

    def line(self, name, label, games, steps, unit):
        t = self.wall[name]
        ratio = "(baseline)" if name == "session" else (
            f"-> {self.wall['session'] / t:.2f}x (CPU time {self.cpu['session'] / self.cpu[name]:.2f}x)")
        return f"{label:27s} {games / t:8.2f} {unit}/s {steps / t:9.0f} steps/s {ratio}"


def simulation(n_games=60, seed=1, n_camp=20):
    options = Options(players=2)
    deck = sample_deck()
    for kind in ("greedy", "random"):
        print(f"== simulation: {n_games} {kind}-party battles (goblin raid, 2 heroes), "
              "one battle of each side in turn ==")
        sides = Sides("session", "engine", "compact")
        base, engine, records = [], [], []
        for child in children_of(np.random.SeedSequence(seed), n_games):
            base.append(sides.run("session", lambda: session_battle(options, child, kind)))
            # the engine loop, without a Session
            engine.append(sides.run("engine", lambda: play_game("battle", options, deck, kind, child)))
            # game i of simulate(..., seed)
            records.append(sides.run("compact", lambda: fast_game("battle", options, deck, kind, child)))
        result = simulate("battle", n_games, seed, options=options, bot=kind)
        assert tuple(records) == result.records == tuple(engine)
        assert base == [(r.won, r.rounds, r.steps) for r in result.records]
        steps = sum(r.steps for r in result.records)
        for name, label in (("session", "plain Session loop:"), ("engine", "engine loop (play_game):"),
                            ("compact", "simulate (compact):")):
            print(sides.line(name, label, n_games, steps, "battles"))
        if kind == "greedy":
            t_sim, greedy = sides.wall["compact"], result
    with ProcessPoolExecutor(2) as pool:
        start = time.perf_counter()
        remote = simulate("battle", n_games, seed, options=options, executor=pool)
        t_pool = time.perf_counter() - start
    assert remote.records == simulate("battle", n_games, seed, options=options).records
    print(f"simulate, 2 procs (greedy): {n_games / t_pool:7.1f} battles/s (pool start-up included)")
    print(f"win rate {greedy.win_rate[0]:.3f} +- {greedy.win_rate[1]:.3f}, rounds {greedy.rounds[0]:.2f} +- "
          f"{greedy.rounds[1]:.2f}, HP left {greedy.hp_left[0]:.2f} +- {greedy.hp_left[1]:.2f} (greedy party)")
    limits = sim_options()
    sides = Sides("session", "engine", "compact")
    base, engine, records = [], [], []
    for child in children_of(np.random.SeedSequence(seed), n_camp):  # one campaign of each side in turn
        base.append(sides.run("session", lambda: session_battle(limits, child, "greedy", "doomrock")))
        engine.append(sides.run("engine", lambda: play_game("campaign", limits, deck, "greedy", child)))
        records.append(sides.run("compact", lambda: fast_game("campaign", limits, deck, "greedy", child)))
    campaigns = simulate("campaign", n_camp, seed)
    assert tuple(records) == campaigns.records == tuple(engine)
    assert base == [(r.won, r.battles_won, r.steps) for r in records]
    steps = sum(r.steps for r in records)
    print(f"== whole campaigns, greedy party ({n_camp}, {steps} steps), one campaign of each side in turn ==")
    for name, label in (("session", "plain Session loop:"), ("engine", "engine loop (play_game):"),
                        ("compact", "simulate (compact):")):
        print(sides.line(name, label, n_camp, steps, "games"))
    print(f"a campaign takes {sides.wall['compact'] / n_camp / (t_sim / n_games):.1f} battles' time; "
          f"score {campaigns.score[0]:.1f} +- {campaigns.score[1]:.1f}, win rate {campaigns.win_rate[0]:.2f}")
    print("campaign battles by encounter: " + "; ".join(
        f"{e} {n} fought, won {rate:.2f}" for e, (n, (rate, _)) in campaigns.by_encounter().items()))
    s = Session("doomrock-battle", Options(players=2), seed=seed)
    s.play(SetUpBattle())
    s.play(Roll())
    b, deck = s.state.battle, s.state.deck
    live._solver.cache_clear()
    layout_for.cache_clear()
    start = time.perf_counter()
    live.roll_advice(b, deck)
    cold = time.perf_counter() - start
    warm, _ = timed(lambda: live.roll_advice(b, deck), 50)
    step = t_sim / sum(r.steps for r in greedy.records)
    print(f"live advice on a real roll phase: cold {cold * 1e3:6.2f} ms, cached {warm * 1e3:6.3f} ms "
          f"({warm / step:.1f} simulated battle steps)")


if __name__ == "__main__":
    if sys.argv[1:] == ["simulation"]:  # the simulation part alone
        simulation()
    else:
        main()
