"""Exact raid and clash odds for BarBEARian Battlegrounds.

Every question here is about one roll of ``n`` d6, so it is answered by enumerating the
C(n+5, 5) multisets of faces with multinomial weights (3,003 multisets for ten dice)
instead of the 6**n ordered rolls. Probabilities are exact ``Fraction``s; the table
helpers return numpy floats for plotting.

A *group* is what one Village space can hold: one die, or several dice showing the same
value ("Plan Phase", Important!). With Captain's Training (FAQ) 5s and 6s are free agents
on the Battleground and in the Barracks and may join any group.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

import numpy as np

FREE = (5, 6)  # Captain's Training: "5's and 6's are now free agents"
_VALUES = np.arange(1, 7)


@lru_cache(maxsize=None)
def multisets(n: int) -> tuple[np.ndarray, np.ndarray]:
    """All rolls of ``n`` d6 as face counts (rows of c1..c6) and their ordered-roll weights."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"the number of dice must be a whole number >= 0, got {n!r}")
    if n == 0:
        return np.zeros((1, 6), dtype=np.int64), np.ones(1, dtype=np.int64)
    combos = np.array(list(combinations_with_replacement(range(6), int(n))), dtype=np.int64)
    counts = np.stack([(combos == f).sum(axis=1) for f in range(6)], axis=1)
    fact = np.array([factorial(k) for k in range(n + 1)], dtype=np.int64)
    weights = factorial(n) // np.prod(fact[counts], axis=1)
    return counts, weights


def _group_values(counts: np.ndarray, captains_training: bool) -> tuple[np.ndarray, np.ndarray]:
    """(free-agent total, value of each same-value group that is not a free agent) per roll."""
    groups = counts * _VALUES
    if not captains_training:
        return np.zeros(len(counts), dtype=np.int64), groups
    return groups[:, 4] + groups[:, 5], groups[:, :4]


def _strongest(counts: np.ndarray, captains_training: bool) -> np.ndarray:
    free, groups = _group_values(counts, captains_training)
    return free + groups.max(axis=1, initial=0)


def _best_two(counts: np.ndarray, captains_training: bool) -> np.ndarray:
    free, groups = _group_values(counts, captains_training)
    top = np.sort(groups, axis=1)[:, -2:] if groups.shape[1] >= 2 else groups
    return free + top.sum(axis=1)


def _distribution(values: np.ndarray, weights: np.ndarray, n: int) -> dict[int, Fraction]:
    total = 6 ** n
    sums = np.bincount(values, weights=weights.astype(np.float64)) if len(values) else np.zeros(1)
    return {int(s): Fraction(int(round(w)), total) for s, w in enumerate(sums) if w}


def _check_dice(dice) -> int:
    if isinstance(dice, bool) or not isinstance(dice, (int, np.integer)) or dice < 0:
        raise ValueError(f"dice must be a whole number >= 0, got {dice!r}")
    return int(dice)


def strongest_group(dice: int, *, captains_training: bool = False) -> dict[int, Fraction]:
    """Strength -> probability of the strongest single-space group one roll of ``dice`` d6 can field.

    A group is one die or several showing the same value (their total); with Captain's
    Training every 5 and 6 joins it as well.
    """
    return dict(_strongest_cached(_check_dice(dice), bool(captains_training)))


@lru_cache(maxsize=64)
def _strongest_cached(n: int, captains_training: bool) -> dict[int, Fraction]:
    counts, weights = multisets(n)
    return _distribution(_strongest(counts, captains_training), weights, n)


def barracks_strength(dice: int, *, sentries: int = 0, captains_training: bool = False) -> dict[int, Fraction]:
    """Strength -> probability of the best total over the two Barracks spaces, plus one per Sentry token.

    FAQ: "Having two slots means you can put at least two dice on defense, even if you didn't
    roll doubles"; each Sentry token "provides 1 value of defense, in addition to any dice placed".
    """
    n = _check_dice(dice)
    if isinstance(sentries, bool) or not isinstance(sentries, (int, np.integer)) or sentries < 0:
        raise ValueError(f"sentries must be a whole number >= 0, got {sentries!r}")
    return {s + int(sentries): p for s, p in _barracks_cached(n, bool(captains_training)).items()}


@lru_cache(maxsize=64)
def _barracks_cached(n: int, captains_training: bool) -> dict[int, Fraction]:
    counts, weights = multisets(n)
    return _distribution(_best_two(counts, captains_training), weights, n)


def raid_success(attack_dice: int, barracks: int, *, captains_training: bool = False) -> float:
    """Probability that the strongest group of ``attack_dice`` breaks a Barracks of ``barracks``.

    "In the event of a tie, the raiding player wins"; with no dice there is no raid (0.0).
    """
    if _check_dice(attack_dice) == 0:
        return 0.0
    dist = _strongest_cached(int(attack_dice), bool(captains_training))
    return float(sum(p for s, p in dist.items() if s >= barracks))


def empowers_needed(attack_dice: int, barracks: int, target: float, *, captains_training: bool = False) -> int | None:
    """Fewest Empowers (+1 each) to bring the raid odds against ``barracks`` to ``target``.

    None when no dice attack (Empower needs a die on the Battleground).
    """
    if _check_dice(attack_dice) == 0:
        return None
    dist = strongest_group(attack_dice, captains_training=captains_training)
    for k in range(0, max(0, barracks) + 1):
        if float(sum(p for s, p in dist.items() if s + k >= barracks)) >= target:
            return k
    return max(0, barracks)


def raid_table(max_dice: int = 10, max_barracks: int = 30, *, captains_training: bool = False) -> np.ndarray:
    """``table[n, b]``: raid odds of ``n`` attack dice (0..max_dice) against Barracks ``b`` (0..max_barracks).

    Clan dice and mercenaries are alike here, so 1-5 clan dice with up to 5 mercenaries are
    rows 1-10. Computed from the multisets in one pass per row (a cumulative sum).
    """
    table = np.zeros((max_dice + 1, max_barracks + 1))
    for n in range(1, max_dice + 1):
        counts, weights = multisets(n)
        strength = _strongest(counts, captains_training)
        mass = np.bincount(strength, weights=weights.astype(np.float64), minlength=max_barracks + 1) / 6.0 ** n
        at_least = mass[::-1].cumsum()[::-1]  # P(strength >= b)
        table[n] = at_least[: max_barracks + 1]
    return table


# -- the clash ("bluff") matrix -------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Stance:
    """What one placement means for a duel: strength sent at the opponent, strength kept in the
    Barracks (dice only), and the fewest dice that do it (the rest go to the economy)."""

    attack: int
    barracks: int
    dice: int


def _groups(counts: tuple[int, ...], free: frozenset[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Every non-empty group one space can take from ``counts`` (c1..c6): (value, counts used)."""
    out = []
    fixed = [v for v in range(1, 7) if v not in free]
    frees = [v for v in range(1, 7) if v in free]
    free_choices = [()]
    for v in frees:
        free_choices = [fc + ((v, k),) for fc in free_choices for k in range(counts[v - 1] + 1)]
    bases = [(None, 0)] + [(v, k) for v in fixed for k in range(1, counts[v - 1] + 1)]
    for v, k in bases:
        for fc in free_choices:
            used = [0] * 6
            if v is not None:
                used[v - 1] = k
            for fv, fk in fc:
                used[fv - 1] = fk
            if sum(used):
                out.append((sum((i + 1) * u for i, u in enumerate(used)), tuple(used)))
    return out


def _minus(counts, used) -> tuple[int, ...]:
    return tuple(c - u for c, u in zip(counts, used))


def stances(roll, *, captains_training: bool = False, pareto: bool = False) -> list[Stance]:
    """Every (attack, Barracks) split one known roll allows, with the fewest dice for each.

    Args:
        roll: the faces rolled (clan dice and mercenaries).
        captains_training: 5s and 6s join any group on the Battleground and in the Barracks.
        pareto: keep only stances no other stance beats on attack, Barracks and dice at once.
    """
    counts = tuple(int(sum(1 for f in roll if f == v)) for v in range(1, 7))
    if sum(counts) != len(roll):
        raise ValueError(f"faces must be 1-6, got {list(roll)!r}")
    free = frozenset(FREE) if captains_training else frozenset()
    best: dict[tuple[int, int], int] = {}

    def note(a: int, b: int, d: int) -> None:
        if d < best.get((a, b), 99):
            best[a, b] = d

    attacks = [(0, (0,) * 6)] + _groups(counts, free)
    for a, used_a in attacks:
        rest = _minus(counts, used_a)
        da = sum(used_a)
        note(a, 0, da)
        firsts = _groups(rest, free)
        for b1, used_1 in firsts:
            rest2 = _minus(rest, used_1)
            note(a, b1, da + sum(used_1))
            for b2, used_2 in _groups(rest2, free):
                note(a, b1 + b2, da + sum(used_1) + sum(used_2))
    out = sorted(Stance(a, b, d) for (a, b), d in best.items())
    if pareto:
        out = [s for s in out if not any(t != s and t.attack >= s.attack and t.barracks >= s.barracks and t.dice <= s.dice for t in out)]
    return out


@dataclass(frozen=True)
class ClashMatrix:
    """Outcomes of every pair of stances of players A (rows) and B (columns).

    ``a_breaks[i, j]``: A's raid breaks B's Barracks; ``a_needs[i, j]``: Empowers A needs to
    break through (-1: A sends no force). Likewise for B. The clash subtracts the smaller force
    (equal forces per ``clash_tie``); Empowers by the other side are not assumed.
    """

    rows: tuple[Stance, ...]
    cols: tuple[Stance, ...]
    a_breaks: np.ndarray
    b_breaks: np.ndarray
    a_needs: np.ndarray
    b_needs: np.ndarray

    def _weights(self, weights, size: int) -> np.ndarray:
        w = np.ones(size) if weights is None else np.asarray(weights, dtype=float)
        if w.shape != (size,) or (w < 0).any() or w.sum() <= 0:
            raise ValueError(f"weights must be {size} non-negative numbers, not all zero")
        return w / w.sum()

    def a_success(self, col_weights=None) -> np.ndarray:
        """Per row: probability A breaks through against B's mix of stances (uniform by default)."""
        return self.a_breaks @ self._weights(col_weights, len(self.cols))

    def b_success(self, row_weights=None) -> np.ndarray:
        return self._weights(row_weights, len(self.rows)) @ self.b_breaks

    def empowers_for(self, row: int, target: float, col_weights=None) -> int | None:
        """Fewest Empowers that make row ``row`` break through with probability >= ``target``."""
        needs = self.a_needs[row]
        if (needs < 0).all():
            return None
        w = self._weights(col_weights, len(self.cols))
        for k in range(int(needs.max()) + 1):
            if w[(needs >= 0) & (needs <= k)].sum() >= target - 1e-12:
                return k
        return int(needs.max())


def _duel(x, y, u, w, clash_tie: str):
    """A raids with x into Barracks w while B raids with u into Barracks y (arrays broadcast)."""
    clash = (x > 0) & (u > 0)
    keep_ties = clash_tie == "zero_raids"
    a_stands = (x > 0) & (~clash | (x > u) | ((x == u) & keep_ties))
    b_stands = (u > 0) & (~clash | (u > x) | ((x == u) & keep_ties))
    a_rem = np.where(clash, np.maximum(x - u, 0), x)
    b_rem = np.where(clash, np.maximum(u - x, 0), u)
    return a_stands & (a_rem >= w), b_stands & (b_rem >= y)


def duel(attack_a: int, barracks_a: int, attack_b: int, barracks_b: int, clash_tie: str = "both_fall") -> tuple[bool, bool]:
    """Two known placements (Brawl Phase): (A's raid breaks B's Barracks, B's raid breaks A's).

    ``attack_*`` is the force sent at the other (0: none), ``barracks_*`` the Barracks' strength;
    the forces clash first when both are sent. Empowers are not assumed.
    """
    a, b = _duel(np.array(attack_a), np.array(barracks_a), np.array(attack_b), np.array(barracks_b), clash_tie)
    return bool(a), bool(b)


def _needs(x, u, w, clash_tie: str):
    """Empowers the raider with x needs against a force u and Barracks w (-1 if x is 0)."""
    clash = (x > 0) & (u > 0)
    floor = w if clash_tie == "zero_raids" else np.maximum(w, 1)  # a force of 0 stands only on a tie
    need = np.where(clash, u + floor - x, w - x)
    return np.where(x > 0, np.maximum(need, 0), -1)


def clash_matrix(roll_a, roll_b, *, sentries=(0, 0), captains_training=(False, False), raid_bonus=(0, 0),
                 clash_tie: str = "both_fall", pareto: bool = False) -> ClashMatrix:
    """The bluff matrix of a duel once both rolls are known (rolls are public; placements are not).

    Args:
        roll_a, roll_b: faces of A's and B's dice (mercenaries included).
        sentries: Sentry tokens of A and B (added to each Barracks).
        captains_training: whether A and B have Captain's Training.
        raid_bonus: strength each adds to a force it sends (an upgrade perk).
        clash_tie: "both_fall" or "zero_raids" (ruling BB-12).
        pareto: use only non-dominated stances.
    """
    rows = tuple(stances(roll_a, captains_training=captains_training[0], pareto=pareto))
    cols = tuple(stances(roll_b, captains_training=captains_training[1], pareto=pareto))
    ra = np.array([(s.attack + (raid_bonus[0] if s.attack else 0), s.barracks + sentries[0]) for s in rows]).reshape(-1, 2)
    cb = np.array([(s.attack + (raid_bonus[1] if s.attack else 0), s.barracks + sentries[1]) for s in cols]).reshape(-1, 2)
    x, y = ra[:, 0][:, None], ra[:, 1][:, None]
    u, w = cb[:, 0][None, :], cb[:, 1][None, :]
    a_breaks, b_breaks = _duel(x, y, u, w, clash_tie)
    return ClashMatrix(rows, cols, a_breaks, b_breaks, _needs(x, u, w, clash_tie), _needs(u, x, y, clash_tie))
