"""Exact optimal rerolling in the roll phase (Battle Sequence: Roll Phase).

"Each player is allowed to re-roll twice. Players may re-roll any dice. The result of the
third roll must be kept, assigned to cards and spent, if able." A state is the multiset of
faces in hand and the rerolls left; a decision keeps any sub-multiset and rerolls the rest
(ruling DR-O1: a die kept once may still be rerolled later).

Values come from dynamic programming over multisets (``multisets.Layout``):

* ``V0(hand)`` is the best assignment of a final hand (``assignment.assignment_table``).
* ``W_r(kept)`` is the worth of keeping ``kept`` and rerolling the other dice with ``r``
  rerolls left before this one: the average of ``V_{r-1}`` over the rerolled dice, taken one
  die at a time (a missing die is one d6: the mean over its six faces).
* ``V_r(hand)`` is the best ``W_r`` over the sub-multisets of ``hand``, taken one removed die at
  a time (the best of a multiset's own worth and its one-smaller sub-multisets' bests).

Each step is a few numpy passes over C(n+6, 6) rows, so the solve costs about as much as the
assignment table.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from . import inputs
from .assignment import Assignment, assignment_table, best_assignment
from .custom import custom_assignment, custom_table
from .multisets import counts_of, faces_of, layout_for
from .objective import Objective

#: Worths closer than this are ties; a tie keeps more dice (fewer dice to pick up).
TIE = 1e-12


@dataclass(frozen=True)
class KeepChoice:
    """One keep decision: the faces kept (the rest are rerolled) and its expected worth."""

    kept: tuple[int, ...]
    value: float


@dataclass(frozen=True)
class DecisionReport:
    """How one keep decision compares with the best one."""

    hand: tuple[int, ...]
    rerolls_left: int
    kept: tuple[int, ...]
    value: float
    best: KeepChoice
    loss: float


@dataclass(frozen=True)
class MoveQuality:
    """Worth lost per decision over a roll phase, and in total."""

    decisions: tuple[DecisionReport, ...]

    @property
    def total_loss(self) -> float:
        """Expected worth given away by all the decisions together."""
        return float(sum(d.loss for d in self.decisions))


class RollPhaseSolver:
    """Exact values of every hand and keep choice in one hero's roll phase.

    Args:
        n_dice: dice the hero rolls (locked dice stay on their cards and are not counted).
        cards: ``[(alternatives, charges), ...]``, e.g. ``[([(5,), (6,)], 2), ([(6, 6)], 1)]``.
        rerolls: rerolls allowed after the first roll (the rulebook's two by default).
        objective: what a final hand is worth (default: the number of sets placed).
        locked: per card, sets already held by locked dice (Battles: Dice lock).
        extra_dice: extra dice rolled with the others in the roll phase (Battle Effects: Extra
            dice); they may be rerolled like the others.

    Raises:
        ValueError: any input out of range or of the wrong kind, with the argument named.
    """

    def __init__(self, n_dice, cards, rerolls=2, *, objective: Objective | None = None, locked=None, extra_dice=0):
        n_dice = inputs.whole(n_dice, "n_dice", 0, inputs.MAX_DICE)
        extra_dice = inputs.whole(extra_dice, "extra_dice", 0, inputs.MAX_DICE)
        if n_dice + extra_dice > inputs.MAX_DICE:
            raise ValueError(f"n_dice + extra_dice: at most {inputs.MAX_DICE} dice, got {n_dice + extra_dice}")
        self.n = n_dice + extra_dice
        self.rerolls = inputs.whole(rerolls, "rerolls", 0, inputs.MAX_REROLLS)
        self.cards = inputs.cards(cards, locked)
        if objective is None:
            objective = Objective.sets()
        if not isinstance(objective, Objective):
            raise ValueError(f"objective: expected an Objective, got {objective!r}")
        self.objective = objective
        self.layout = lay = layout_for(self.n)
        final = np.full(len(lay) + 1, -np.inf)
        if objective.is_custom:
            self.tables = None
            final[: len(lay)] = custom_table(lay, self.cards, objective.worth)
        else:
            self.tables = objective.tables(self.cards)
            final[: len(lay)] = assignment_table(
                lay, self.cards, self.tables, float(objective.shield_value), float(objective.heroism_value)
            )
        self._final = final
        self._keep = [None]  # _keep[r]: worth of each kept multiset with r rerolls left
        self._hand = [final]  # _hand[r]: worth of each full hand with r rerolls left
        for _ in range(self.rerolls):
            keep = self._expand(self._hand[-1])
            self._keep.append(keep)
            self._hand.append(self._closure(keep))
        self.value = float(self._expand(self._hand[-1])[0])

    def _expand(self, hand_values: np.ndarray) -> np.ndarray:
        """Worth of keeping each multiset and rolling the missing dice once."""
        lay = self.layout
        out = np.full(len(lay) + 1, -np.inf)
        top = lay.levels[lay.n]
        out[top] = hand_values[top]
        for size in range(lay.n - 1, -1, -1):
            level = lay.levels[size]
            out[level] = out[lay.up[level]].mean(axis=1)
        return out

    def _closure(self, keep_values: np.ndarray) -> np.ndarray:
        """Best keep worth over each multiset's sub-multisets."""
        lay = self.layout
        out = keep_values.copy()
        for size in range(1, lay.n + 1):
            level = lay.levels[size]
            out[level] = np.maximum(out[level], out[lay.down[level]].max(axis=1))
        return out

    # ------------------------------------------------------------------
    # Reading decisions.

    def _check(self, hand, rerolls_left) -> tuple[tuple[int, ...], int]:
        hand = inputs.faces(hand, "hand")
        if len(hand) != self.n:
            raise ValueError(f"hand: expected {self.n} dice, got {len(hand)}")
        rerolls_left = inputs.whole(rerolls_left, "rerolls_left", 0, self.rerolls)
        return hand, rerolls_left

    def hand_value(self, hand, rerolls_left: int) -> float:
        """Expected worth of a hand with ``rerolls_left`` rerolls still allowed, played best."""
        hand, rerolls_left = self._check(hand, rerolls_left)
        return float(self._hand[rerolls_left][self.layout.row(counts_of(hand))])

    def keep_values(self, hand, rerolls_left: int) -> tuple[KeepChoice, ...]:
        """Every distinct keep choice for ``hand`` and its expected worth, best first.

        Keeping every die means not rerolling (the hand is then final once rerolls run out).

        Raises:
            ValueError: bad hand, or no reroll left (``rerolls_left`` must be 1 or more).
        """
        hand, rerolls_left = self._check(hand, rerolls_left)
        if rerolls_left == 0:
            raise ValueError("rerolls_left: no reroll left, the hand is final (see assignment)")
        counts = counts_of(hand)
        subs = np.array(list(product(*(range(c + 1) for c in counts))), dtype=np.int64)
        values = self._keep[rerolls_left][self.layout.rows(subs)]
        kept_sizes = subs.sum(axis=1)
        order = np.lexsort((-kept_sizes, -np.round(values / TIE) * TIE))
        return tuple(KeepChoice(faces_of(subs[i]), float(values[i])) for i in order)

    def best_keep(self, hand, rerolls_left: int) -> KeepChoice:
        """The best keep choice; among ties, the one keeping the most dice."""
        choices = self.keep_values(hand, rerolls_left)
        top = choices[0].value
        tied = [c for c in choices if c.value >= top - TIE]
        return max(tied, key=lambda c: len(c.kept))

    def assignment(self, hand) -> Assignment:
        """The best assignment of a final hand, with the sets spelled out."""
        hand, _ = self._check(hand, 0)
        if self.tables is None:
            return custom_assignment(hand, self.cards, self.objective.worth)
        return best_assignment(
            hand, self.cards, self.tables, float(self.objective.shield_value), float(self.objective.heroism_value)
        )

    def move_quality(self, decisions) -> MoveQuality:
        """Worth lost by each keep decision of a roll phase.

        Args:
            decisions: ``[(hand, kept), ...]`` in order; the first is made with all rerolls
                left, the next with one fewer, and so on. Each hand must hold the dice kept
                the step before.
        """
        if isinstance(decisions, (str, bytes)):
            raise ValueError(f"decisions: expected a list of (hand, kept) pairs, got {decisions!r}")
        try:
            decisions = list(decisions)
        except TypeError:
            raise ValueError(f"decisions: expected a list of (hand, kept) pairs, got {decisions!r}") from None
        if len(decisions) > self.rerolls:
            raise ValueError(f"decisions: at most {self.rerolls} (one per reroll), got {len(decisions)}")
        reports = []
        previous: tuple[int, ...] = ()
        for i, entry in enumerate(decisions):
            hand, kept = inputs.pair(entry, f"decisions[{i}]", "(hand, kept)")
            hand, rerolls_left = self._check(hand, self.rerolls - i)
            kept = inputs.faces(kept, f"decisions[{i}] kept")
            if not _contains(hand, kept):
                raise ValueError(f"decisions[{i}]: kept {kept} is not part of the hand {hand}")
            if not _contains(hand, previous):
                raise ValueError(f"decisions[{i}]: the hand {hand} lacks the dice kept before, {previous}")
            value = float(self._keep[rerolls_left][self.layout.row(counts_of(kept))])
            best = self.best_keep(hand, rerolls_left)
            reports.append(DecisionReport(hand, rerolls_left, kept, value, best, max(0.0, best.value - value)))
            previous = kept
        return MoveQuality(tuple(reports))


def _contains(hand: tuple[int, ...], part: tuple[int, ...]) -> bool:
    return all(a >= b for a, b in zip(counts_of(hand), counts_of(part)))


def best_activations(n_dice, cards, rerolls=2) -> float:
    """Expected number of activation sets placed under optimal rerolling and assignment.

    Args:
        n_dice: dice rolled.
        cards: ``[(alternatives, charges), ...]``; ``[(5,), (6,)]`` is "5 or 6", ``[(6, 6)]`` is
            "two 6s"; a card takes at most ``charges`` sets and a die goes to at most one set.
        rerolls: rerolls of any subset of the dice after the first roll.

    Raises:
        ValueError: an input out of range or of the wrong kind.
    """
    return RollPhaseSolver(n_dice, cards, rerolls).value
