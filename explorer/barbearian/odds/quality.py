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

from .. import rules
from ..bots import OddsBot
from ..state import BARRACKS, Empower, Pass, Ready, State, is_battleground
from ..views import view as seat_view
from .raids import Stance
from .stance_values import BREAK, DICE, REPEL, StanceValues, stance_values  # noqa: F401 (this module's public face)

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
