"""The odds bot's reading of a roll: every stance a roll allows, valued against each opponent's public roll
through the clash (bluff) matrix ("Plan Phase" 3). The odds bot plays by it and the move-quality report
judges players' placements by it, so it sits below both.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..state import State
from .raids import Stance, clash_matrix, stances

BREAK, REPEL, DICE = 2.0, 0.8, 0.3  # the odds bot's weights


@dataclass(frozen=True)
class StanceValues:
    """Each candidate stance's value against every opponent (``value[target][i]``), its best target,
    the chance its Barracks repels a lone raid, and the odds bot's score."""

    stances: tuple[Stance, ...]
    value: dict
    target: tuple
    repel: np.ndarray
    score: np.ndarray

    def score_at(self, i: int, target: int | None) -> float:
        """Stance ``i``'s score when its force goes at ``target`` (None: no force sent)."""
        attack = 0.0 if target is None else float(self.value[target][i])
        n = max(1, len(self.value))
        return BREAK * attack + REPEL * float(self.repel[i]) / n - DICE * self.stances[i].dice


def stance_values(view: State, seat: int, candidates=None) -> StanceValues:
    """The odds bot's reading of ``seat``'s roll ("Plan Phase" 3, the bluff matrix of public rolls).

    Args:
        candidates: stances to value (default: every stance the roll allows).
    """
    p = view.players[seat]
    ct = bool(view.deck.perks(p.upgrades).free_agents)
    mine = list(stances(p.faces, captains_training=ct)) if candidates is None else list(candidates)
    others = [s for s in view.turn_order() if s != seat]
    q = 1.0 / len(others)  # chance an opponent's force is aimed at me
    my_sentries = view.deck.perks(p.upgrades).sentries
    x = np.array([s.attack for s in mine])
    y = np.array([s.barracks for s in mine]) + my_sentries
    d = np.array([s.dice for s in mine])
    repel = np.zeros(len(mine))
    attack_value = np.full(len(mine), -1.0)
    attack_target = [None] * len(mine)
    values = {}
    for t in others:
        tq = view.players[t]
        perks = view.deck.perks(tq.upgrades)
        m = clash_matrix(p.faces, tq.faces, sentries=(my_sentries, perks.sentries),
                         captains_training=(ct, bool(perks.free_agents)), clash_tie=view.options.clash_tie)
        w = np.array([s.barracks for s in m.cols]) + perks.sentries
        u = np.array([s.attack for s in m.cols])
        straight = (x[:, None] > 0) & (x[:, None] >= w[None, :])
        if candidates is None:
            breaks = m.a_breaks
        else:  # the rows of the matrix for the candidates (every stance of the roll is a row)
            index = {s: i for i, s in enumerate(m.rows)}
            breaks = np.array([m.a_breaks[index[s]] if s in index else _breaks(s, m, p.faces, view, ct) for s in mine])
        p_break = (q * breaks + (1 - q) * straight).mean(axis=1)
        lone = (u[None, :] > 0) & (u[None, :] >= y[:, None])  # their raid on me, not met by a clash
        repel += 1.0 - q * lone.mean(axis=1)
        value = p_break * (1.0 if tq.unlocked_colours else 0.5)
        values[t] = value
        better = value > attack_value
        attack_value = np.where(better, value, attack_value)
        attack_target = [t if b else old for b, old in zip(better, attack_target)]
    score = BREAK * attack_value + REPEL * repel / len(others) - DICE * d
    return StanceValues(tuple(mine), values, tuple(attack_target), repel, score)


def _breaks(stance: Stance, m, faces, view: State, ct: bool) -> np.ndarray:
    """A stance that spends more dice than needed: its row is the row of the same strengths."""
    for i, s in enumerate(m.rows):
        if (s.attack, s.barracks) == (stance.attack, stance.barracks):
            return m.a_breaks[i]
    raise ValueError(f"{stance} is not a stance of the roll {faces}")
