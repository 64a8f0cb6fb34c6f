"""Move quality: each placement and Empower choice of a played game against the bot that reads the exact odds.

A placement is valued as ``bots.OddsBot`` values it ("Plan Phase" 3, read through the clash matrix
of the public rolls): 2 x the chance its force breaks through (halved against a target with no
unlocked Glory), plus 0.8 x the chance its Barracks repels a force aimed at it, minus 0.3 per die
kept from the economy. An Empower choice ("Brawl Phase") is valued 1 when the seat wins the open
fight if no one empowers further, else 0. The loss of a decision is the best value minus the value
of the choice made.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..state import BARRACKS, Empower, Pass, Ready, State, is_battleground
from ..views import view as seat_view
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


@dataclass(frozen=True)
class Judgement:
    """One decision of a played game against the odds bot's reading."""

    step: int
    round: int
    seat: int
    kind: str  # "placement" or "empower"
    chosen: str
    chosen_value: float
    best: str
    best_value: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.chosen_value)


@dataclass(frozen=True)
class QualityReport:
    """Per decision: the value of the choice, the best value and the loss; totals per seat."""

    judgements: tuple[Judgement, ...]

    def for_seat(self, seat: int) -> QualityReport:
        return QualityReport(tuple(j for j in self.judgements if j.seat == seat))

    @property
    def total_loss(self) -> float:
        return sum(j.loss for j in self.judgements)

    @property
    def mistakes(self) -> int:
        return sum(j.loss > 1e-9 for j in self.judgements)

    def summary(self) -> str:
        seats = sorted({j.seat for j in self.judgements})
        lines = [f"{len(self.judgements)} decisions judged, {self.mistakes} below the odds bot's choice, "
                 f"total loss {self.total_loss:.2f}."]
        for s in seats:
            r = self.for_seat(s)
            lines.append(f"seat {s}: {len(r.judgements)} decisions, {r.mistakes} mistakes, loss {r.total_loss:.2f}")
        return "\n".join(lines)


def placement_stance(state: State, seat: int) -> tuple[Stance, int | None]:
    """The stance a finished placement takes and the seat its strongest force is aimed at."""
    p = state.players[seat]
    forces: dict[str, int] = {}
    barracks = dice = 0
    for f, s in zip(p.faces, p.placement):
        if s in BARRACKS:
            barracks += f
            dice += 1
        elif is_battleground(s):
            forces[s] = forces.get(s, 0) + f
            dice += 1
    if not forces:
        return Stance(0, barracks, dice), None
    space = max(forces, key=lambda k: forces[k])
    return Stance(forces[space], barracks, dice), state.seat_of(space.split(":", 1)[1])


def judge_placement(state: State, seat: int) -> tuple[float, float, Stance, int | None, Stance, int | None]:
    """(chosen value, best value, chosen stance and target, best stance and target) of ``seat``'s
    finished placement in ``state``, read from ``seat``'s own view."""
    v = seat_view(state, seat)
    chosen, target = placement_stance(state, seat)
    everything = stance_values(v, seat)
    best = int(np.argmax(everything.score))
    mine = stance_values(v, seat, [chosen])
    return (mine.score_at(0, target), float(everything.score[best]), chosen, target,
            everything.stances[best], everything.target[best])


def judge_empower(state: State, seat: int, action) -> tuple[float, float, str]:
    """(chosen value, best value, best choice) of an Empower-or-pass decision in the Brawl Phase."""
    from ..bots import OddsBot

    v = seat_view(state, seat)
    need = OddsBot(None).empowers_to_win(v, seat)
    win_after = lambda used: 1.0 if need is not None and need - used <= 0 else 0.0
    chosen = win_after(1 if isinstance(action, Empower) else 0)
    can_empower = any(isinstance(a, Empower) for a in _window_actions(state, seat))
    options = {"pass": win_after(0)}
    if can_empower:
        options["empower"] = win_after(1)
    best = max(options, key=lambda k: (options[k], k == "pass"))
    return chosen, options[best], best


def _window_actions(state: State, seat: int) -> list:
    from .. import rules

    return rules.legal_actions(state, seat)


def quality_report(session, seats=None) -> QualityReport:
    """Judge every placement and Empower choice of a BarBEARian session (all seats, or ``seats``)."""
    judgements = []
    previous = session.game.initial_state(session.options, session.content)
    for i, step in enumerate(session.steps, 1):
        state, action = previous, step.action
        previous = step.state
        seat = getattr(action, "seat", None)
        if seat is None or (seats is not None and seat not in seats):
            continue
        if isinstance(action, Ready) and state.phase == "place":
            value, best, chosen, target, top, top_target = judge_placement(state, seat)
            judgements.append(Judgement(i, state.round, seat, "placement", _stance_text(state, chosen, target), value,
                                        _stance_text(state, top, top_target), best))
        elif state.phase == "window" and isinstance(action, (Empower, Pass)):
            value, best, best_choice = judge_empower(state, seat, action)
            judgements.append(Judgement(i, state.round, seat, "empower",
                                        "empower" if isinstance(action, Empower) else "pass", value, best_choice, best))
    return QualityReport(tuple(judgements))


def _stance_text(state: State, s: Stance, target: int | None) -> str:
    raid = f"raid {state.name(target)} with {s.attack}" if target is not None and s.attack else "no raid"
    return f"{raid}, Barracks {s.barracks}, {s.dice} dice"
