"""Benchmark the Proving Grounds reroll solver (Step 1: Roll Dice).

Run: ``.venv/bin/python benchmarks/pg_solver.py``

Machines here vary up to 2x between runs, so every time is also printed as
a ratio against a baseline measured in the same run:

* solve: the factorised dense operator (per-face white transition matrix
  times the value table, coloured dice averaged);
* solve with the dragonling die (Module 1): the plain 8-dice solve of the
  same run, and checked against the dense operator with the die's six faces
  as one more axis;
* decision read: one small numpy call;
* a goal written as a Python function: the same values made one checked call a state, and the
  function alone (the floor of any solve that asks it every state); the same function declared
  colour-blind;
* a pool question without rerolls: icepool.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections import Counter

import numpy as np

from explorer.proving_grounds.odds import (
    ColourBlindGoal,
    DragonlingGoal,
    DragonlingSolver,
    FaceAdditiveGoal,
    RerollSolver,
)

POOL = ["white"] * 5 + ["blue", "green", "yellow"]
REROLLS = 10
DRAGONLING_FACES = ("talon", "tail", "teeth", "wing", "chaos", "chaos")
ICONS = {"talon": {1, 4}, "tail": {3}, "teeth": {2, 6}}  # enemies showing each dragonling icon


def timed(run, repeats):
    """Median seconds of ``repeats`` calls, and the last result."""
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def battle_steps(face, n_white, colours):
    """Net battle-track steps against enemy #face: a single is hit back, sets climb."""
    dice = n_white + len(colours)
    if dice == 0:
        return 0.0
    if dice == 1:
        return -1.0
    return min(dice // 2, 3) + (0.5 if "green" in colours and face == 4 else 0.0)


def saved_single(face, n_white, colours):
    """A single saved by the wing result leaves the marker where it is."""
    return 0.0


class DenseBaseline:
    """Value iteration with a dense 252 x 252 white operator per face (the notes' method).

    Independent of the solver: its own state order, operators and terminal values.
    """

    def __init__(self, table, rerolls):
        self.rerolls = rerolls
        self.whites = [tuple(Counter(c).get(f, 0) for f in range(6))
                       for c in itertools.combinations_with_replacement(range(6), 5)]
        index = {w: i for i, w in enumerate(self.whites)}
        self.index = index
        self.operators = np.zeros((6, len(self.whites), len(self.whites)))
        for f, (i, w) in itertools.product(range(6), enumerate(self.whites)):
            stay = list(w)
            stay[f] = 0
            for landed in itertools.product(range(6), repeat=w[f]):
                after = stay.copy()
                for face in landed:
                    after[face] += 1
                self.operators[f, i, index[tuple(after)]] += 6.0 ** -w[f]
        counts = np.array(self.whites)
        faces = np.arange(6)
        self.legal = np.stack([
            counts[:, f, None, None, None] + (faces[:, None, None] == f)
            + (faces[None, :, None] == f) + (faces[None, None, :] == f) >= 2
            for f in range(6)
        ])
        self.stop = np.zeros((len(self.whites), 6, 6, 6))
        for i, w in enumerate(self.whites):
            for b, g, y in itertools.product(range(6), repeat=3):
                shown = {f: [] for f in range(6)}
                for colour, f in (("blue", b), ("green", g), ("yellow", y)):
                    shown[f].append(colour)
                self.stop[i, b, g, y] = sum(table(f + 1, w[f], tuple(sorted(shown[f]))) for f in range(6))

    def after(self, f, values):
        """Expected values once the set of f is rerolled (white operator, coloured dice averaged)."""
        after = np.tensordot(self.operators[f], values, axes=(1, 0))
        for axis in (1, 2, 3):  # a coloured die showing f lands anywhere
            after = after.copy()
            at_f = [slice(None)] * 4
            at_f[axis] = f
            after[tuple(at_f)] = after.mean(axis=axis)
        return after

    def solve(self):
        values = self.stop
        for _ in range(self.rerolls):
            best = self.stop.copy()
            for f in range(6):
                np.maximum(best, np.where(self.legal[f], self.after(f, values), -np.inf), out=best)
            values = best
        return values

    def value(self, values, roll):
        white = [0] * 6
        coloured = {}
        for colour, face in roll:
            if colour == "white":
                white[face - 1] += 1
            else:
                coloured[colour] = face - 1
        return values[self.index[tuple(white)], coloured["blue"], coloured["green"], coloured["yellow"]]


class DragonBaseline(DenseBaseline):
    """The dense baseline with one more axis: the dragonling die's face (all six, none merged).

    Final values straight from Module 1: talon, tail or teeth join a face with the
    icon that has dice (one more white die); wing saves one single; chaos averages
    the coloured dice.
    """

    def __init__(self, table, rerolls, faces, icons, saved):
        super().__init__(table, rerolls)
        self.faces = faces
        chaos = np.broadcast_to(self.stop.mean(axis=(1, 2, 3), keepdims=True), self.stop.shape)
        gains = {name: np.zeros(self.stop.shape) for name in ("talon", "tail", "teeth", "wing")}
        for i, w in enumerate(self.whites):
            for b, g, y in itertools.product(range(6), repeat=3):
                shown = {f: [] for f in range(6)}
                for colour, f in (("blue", b), ("green", g), ("yellow", y)):
                    shown[f].append(colour)
                dice = [(w[f], tuple(sorted(shown[f]))) for f in range(6)]
                for name in ("talon", "tail", "teeth"):
                    gains[name][i, b, g, y] = max([0.0] + [
                        table(f, n + 1, cs) - table(f, n, cs)
                        for f, (n, cs) in enumerate(dice, 1) if f in icons.get(name, ()) and n + len(cs)
                    ])
                gains["wing"][i, b, g, y] = max([0.0] + [
                    saved(f, n, cs) - table(f, n, cs) for f, (n, cs) in enumerate(dice, 1) if n + len(cs) == 1
                ])
        self.dragon_stop = np.array([chaos if name == "chaos" else self.stop + gains[name] for name in faces])

    def solve(self):
        values = self.dragon_stop
        for _ in range(self.rerolls):
            best = self.dragon_stop.copy()
            for f in range(6):
                after = np.array([self.after(f, v) for v in values])
                after = np.maximum(after, after.mean(axis=0))  # keep the die's face, or reroll it too
                np.maximum(best, np.where(self.legal[f], after, -np.inf), out=best)
            values = best
        return values

    def value(self, values, roll):
        face = self.faces.index(dict(roll)["dragonling"])
        return super().value(values[face], [die for die in roll if die[0] != "dragonling"])


def main():
    goal = FaceAdditiveGoal(battle_steps)
    print(f"pool: 5 white + blue, green, yellow; {REROLLS} rerolls; face-additive goal")

    start = time.perf_counter()
    solver = RerollSolver(POOL, REROLLS, goal)
    cold = time.perf_counter() - start
    warm, solver = timed(lambda: RerollSolver(POOL, REROLLS, goal), 7)
    baseline = DenseBaseline(battle_steps, REROLLS)
    base, base_values = timed(baseline.solve, 3)
    rng = np.random.default_rng(2024)
    rolls = [[(c, int(f)) for c, f in zip(POOL, rng.integers(1, 7, size=len(POOL)))]
             for _ in range(500)]
    rolls.append([(c, 1) for c in POOL])  # worst case for a decision: all eight dice one set
    agree = max(abs(solver.value(r) - baseline.value(base_values, r)) for r in rolls)
    print(f"  solve (cold, builds state layout): {cold * 1e3:7.1f} ms")
    print(f"  solve (median of 7):               {warm * 1e3:7.1f} ms   target <= 100 ms")
    print(f"  baseline dense operator (median 3): {base * 1e3:6.1f} ms   ratio solver/baseline = "
          f"{warm / base:.3f}   max |difference| = {agree:.1e}")

    start = time.perf_counter()
    for roll in rolls:
        solver.decision(roll)
    per_decision = (time.perf_counter() - start) / len(rolls)
    worst, _ = timed(lambda: solver.decision(rolls[-1]), 50)
    small_call, _ = timed(lambda: rng.integers(1, 7, size=8), 2000)
    print(f"  decision read (mean of {len(rolls)}):       {per_decision * 1e3:6.3f} ms   target <= 1 ms   "
          f"ratio to one small numpy call = {per_decision / small_call:.1f}")
    print(f"  decision read, all dice one set:   {worst * 1e3:6.3f} ms")

    dragonling()
    python_goal()

    import icepool

    print("K=0: chance of at least four of a kind in 8 dice")
    start = time.perf_counter()
    exact = (icepool.d6.pool(8).largest_count() >= 4).probability(True)
    ice = time.perf_counter() - start
    four = lambda dice: max(Counter(f for _, f in dice).values()) >= 4  # noqa: E731
    start = time.perf_counter()
    ours = RerollSolver(["white"] * 8, 0, four).value()
    mine = time.perf_counter() - start
    print(f"  icepool: {float(exact):.15f} ({exact}) in {ice * 1e3:.1f} ms (cold)")
    print(f"  solver:  {ours:.15f} in {mine * 1e3:.1f} ms   ratio solver/icepool = {mine / ice:.2f}   "
          f"|difference| = {abs(ours - float(exact)):.1e}")
    ice_warm, _ = timed(lambda: (icepool.d6.pool(8).largest_count() >= 4).probability(True), 5)
    mine_warm, _ = timed(lambda: RerollSolver(["white"] * 8, 0, four).value(), 5)
    print(f"  warm (icepool cached, solver layout cached): icepool {ice_warm * 1e3:.2f} ms, "
          f"solver {mine_warm * 1e3:.1f} ms, ratio = {mine_warm / ice_warm:.1f}")




def largest_set_at_least(n):
    """The odds notebook's goal, a plain Python function: the largest set of the final dice has n or more."""
    def goal(dice):
        faces = [f for _, f in dice]
        return max(faces.count(f) for f in set(faces)) >= n
    return goal


def checked_one_by_one(goal, layout):
    """Baseline: the goal's values as they were made before, each state's answer checked with its own message."""
    from explorer.proving_grounds.odds.inputs import _call_goal

    dice = (tuple(itertools.chain.from_iterable(parts)) for parts in itertools.product(*layout.group_dice))
    return np.array([_call_goal(goal, d) for d in dice])


def python_goal():
    """A goal written as a Python function, called once per final state (54,432 here), timed in turn with
    the same states valued one checked call at a time and with a goal given as face tables."""
    from explorer.proving_grounds.odds.goals import stop_values
    from explorer.proving_grounds.odds.space import _cached_layout, layout_for

    print(f"pool: 5 white + blue, green, yellow; {REROLLS} rerolls; a goal written as a Python function "
          "(largest set >= 4)")
    goal, tables = largest_set_at_least(4), FaceAdditiveGoal(battle_steps)
    first, warm, old, plain, bare, blind_first, blind = [], [], [], [], [], [], []
    for _ in range(7):  # interleaved, so load from other work hits all alike
        _cached_layout.cache_clear()
        first.append(timed(lambda: RerollSolver(POOL, REROLLS, goal), 1)[0])
        seconds, solver = timed(lambda: RerollSolver(POOL, REROLLS, goal), 1)
        warm.append(seconds)
        seconds, checked = timed(lambda: checked_one_by_one(goal, layout_for(tuple(POOL))), 1)
        old.append(seconds)
        plain.append(timed(lambda: RerollSolver(POOL, REROLLS, tables), 1)[0])
        states = layout_for(tuple(POOL)).dice_tuples
        bare.append(timed(lambda: [goal(d) for d in states], 1)[0])
        _cached_layout.cache_clear()
        blind_first.append(timed(lambda: RerollSolver(POOL, REROLLS, ColourBlindGoal(goal)), 1)[0])
        seconds, blind_solver = timed(lambda: RerollSolver(POOL, REROLLS, ColourBlindGoal(goal)), 1)
        blind.append(seconds)
    same = np.array_equal(checked, stop_values(layout_for(tuple(POOL)), goal))
    blind_same = np.array_equal(blind_solver._values[-1], solver._values[-1])
    med = statistics.median
    print(f"  solve, first question on the pool (median of 7): {med(first) * 1e3:6.1f} ms   target <= 100 ms")
    print(f"  solve, later questions (median of 7):           {med(warm) * 1e3:6.1f} ms")
    print(f"  baseline: the values alone, one checked call a state: {med(old) * 1e3:6.1f} ms   ratio solve/baseline = "
          f"{med(first) / med(old):.2f} (first), {med(warm) / med(old):.2f} (later); same values: {same}")
    print(f"  a goal as face tables, same turns:              {med(plain) * 1e3:6.1f} ms   ratio = {med(first) / med(plain):.2f}")
    print(f"  the function alone, one bare call a state ({len(states):,} calls, the floor for any solve that asks "
          f"it every state): {med(bare) * 1e3:6.1f} ms; the solve adds {(med(warm) - med(bare)) * 1e3:.1f} ms to it")
    print(f"  the same function declared colour-blind (ColourBlindGoal: asked once per multiset of numbers, "
          f"{len(layout_for(tuple(POOL)).number_classes[0]):,} calls, and once more to check the declaration):")
    print(f"    first question on the pool: {med(blind_first) * 1e3:6.1f} ms   target <= 100 ms   "
          f"ratio to the plain function's solve = {med(blind_first) / med(first):.2f}")
    print(f"    later questions:            {med(blind) * 1e3:6.1f} ms   ratio = {med(blind) / med(warm):.2f}; "
          f"same values as the plain function: {blind_same}")


def dragonling():
    """Module 1: the full board with the dragonling die, timed in turn with the plain 8-dice solve."""
    print(f"pool: 5 white + blue, green, yellow + dragonling {DRAGONLING_FACES}; {REROLLS} rerolls")

    def goal():
        return DragonlingGoal(battle_steps, DRAGONLING_FACES, targets=ICONS, saved=saved_single)

    start = time.perf_counter()
    DragonlingSolver(POOL, REROLLS, goal())
    first = time.perf_counter() - start
    shared, plain_goal = goal(), FaceAdditiveGoal(battle_steps)
    fresh, dragon, plain, ratios = [], [], [], []
    for _ in range(7):  # interleaved, so load from other work hits both alike
        fresh.append(timed(lambda: DragonlingSolver(POOL, REROLLS, goal()), 1)[0])
        seconds, solver = timed(lambda: DragonlingSolver(POOL, REROLLS, shared), 1)
        dragon.append(seconds)
        plain.append(timed(lambda: RerollSolver(POOL, REROLLS, plain_goal), 1)[0])
        ratios.append(dragon[-1] / plain[-1])
    warm = statistics.median(dragon)
    print(f"  solve (first, builds the set index): {first * 1e3:6.1f} ms")
    print(f"  solve with a new goal (median of 7):  {statistics.median(fresh) * 1e3:6.1f} ms   "
          "(final values included)")
    print(f"  solve (median of 7):                 {warm * 1e3:6.1f} ms   target <= 300 ms")
    print(f"  plain 8-dice solve, same turns:      {statistics.median(plain) * 1e3:6.1f} ms   "
          f"ratio dragonling/plain = {statistics.median(ratios):.2f} (median of 7 pairs)")

    baseline = DragonBaseline(battle_steps, REROLLS, DRAGONLING_FACES, ICONS, saved_single)
    base, base_values = timed(baseline.solve, 1)
    rng = np.random.default_rng(2025)
    rolls = [[(c, int(f)) for c, f in zip(POOL, rng.integers(1, 7, size=len(POOL)))]
             + [("dragonling", DRAGONLING_FACES[int(rng.integers(6))])] for _ in range(500)]
    agree = max(abs(solver.value(r) - baseline.value(base_values, r)) for r in rolls)
    print(f"  dense baseline with the die (once):  {base * 1e3:6.0f} ms   ratio solver/baseline = "
          f"{warm / base:.3f}   max |difference| = {agree:.1e}")
    start = time.perf_counter()
    for roll in rolls:
        solver.decision(roll)
    per_decision = (time.perf_counter() - start) / len(rolls)
    print(f"  decision read (mean of {len(rolls)}):       {per_decision * 1e3:6.3f} ms   target <= 1 ms")


def engine_board(dragonling_module: bool) -> None:
    """Live advice on a real board: goal tables from the engine's rules, then the solve."""
    from explorer.core import Session
    from explorer.proving_grounds import Options, Roll, SetUp
    from explorer.proving_grounds.odds import advice as advice_module
    from explorer.proving_grounds.odds.advice import advise
    from explorer.proving_grounds.odds.answers import _CACHE

    label = "with the dragonling" if dragonling_module else "8 dice"
    times = []
    for seed in range(5):
        s = Session("proving-grounds", Options(dragonling=dragonling_module, timer_rerolls=REROLLS), seed=seed)
        s.play(SetUp())
        s.play(Roll())
        advice_module._goal.cache_clear()
        _CACHE.clear()
        times.append(timed(lambda: advise(s.state, REROLLS, odds=False), 1)[0])
    target = 300 if dragonling_module else 100
    print(f"full board from the engine ({label}), K={REROLLS}, cold goal and solve: "
          f"median {statistics.median(times) * 1e3:.0f} ms over 5 boards   target <= {target} ms")


if __name__ == "__main__":
    main()
    engine_board(False)
    engine_board(True)
