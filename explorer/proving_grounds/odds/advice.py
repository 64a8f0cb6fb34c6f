"""Live advice for Step 1: the exact value of every choice for the board in front of the player.

The rolling step is solved exactly (``odds.RerollSolver``) for a goal built from the real
resolution rules (``attacks.resolve_attack``) and this round's modifiers, so the numbers a
player sees are the engine's own rules, not a second copy of them.

What the solver models: every enemy's next spaces with their colours, shields, enemy
abilities, the inspiration power, the active conspirator, unstopped chariots' resolution
effects and "move enemy #n down" charges, the sun and moon effects, and the dragonling die
(Module 1: rerolled or kept with each set, then used as well as possible; chaos is forced).
What it does not model (advice treats it as fixed): later chariot placements, safe singles
from powers that depend on slot order, the dragonling die for the "no_wound" objective, and
wounds beyond the marker steps.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

from .. import modules, rules, tabletop
from ..attacks import resolve_attack
from ..modules import moon_slot
from ..options import ICONS
from ..state import PlaceOnChariot, Reroll, State, Stop, TimeUp, colour
from .answers import solver_for
from .dragonling import DRAGONLING, DragonlingGoal
from .goals import FaceAdditiveGoal

SUN_BONUS = 0.5  # a die gained for next round, valued as half a battle-track step
OBJECTIVES = ("net_steps", "defeat", "no_wound")


@dataclass(frozen=True)
class Advice:
    """The value of each legal choice now, and per-enemy odds under optimal play."""

    choices: tuple[tuple[object, float], ...]  # (action, value), best first
    hit_odds: dict[int, float]  # slot -> probability the marker moves up this round
    wound_odds: dict[int, float]  # slot -> probability the marker reaches the bottom space
    rerolls_left: int
    objective: str

    @property
    def best(self):
        return self.choices[0][0]

    def value_of(self, action) -> float | None:
        return dict(self.choices).get(action)


@dataclass(frozen=True)
class _Board:
    """The parts of a state that decide how one face's dice resolve (hashable, for caching)."""

    enemies: tuple  # per slot: (card, marker, shield, Modifiers) or None
    shields: bool
    sun: int | None
    moon: int | None
    dragonling: tuple[str, ...] | None = None  # the die's six faces (Module 1), None without it
    dragonling_any: frozenset[str] = frozenset()  # results an inspiration lets attack any enemy
    wing_singles: int = 1

    @classmethod
    def of(cls, state: State) -> "_Board":
        mods = tabletop.round_mods(state)
        for ch in state.chariots:  # an unstopped chariot will activate (Module 2)
            effect = state.deck.card(ch.card).effect
            if not ch.placed and effect.kind == "modifier":
                mods = effect.modify(mods)
        charges = {}
        for ch in state.chariots:
            effect = state.deck.card(ch.card).effect
            if not ch.placed and effect.name == "slot_down":
                p = dict(effect.params)
                charges[p["slot"]] = charges.get(p["slot"], 0) + p["spaces"]
        enemies = []
        for n in range(1, 7):
            slot = state.slot(n)
            if slot is None:
                enemies.append(None)
                continue
            marker = max(0, slot.marker - charges.get(n, 0))
            enemies.append((state.enemy(n), marker, slot.shield, tabletop.enemy_mods(state, n, mods)))
        sun = state.sun if state.options.sun_and_moon else None
        dragon = tabletop.round_mods(state)  # what modules.dragonling_actions reads
        return cls(tuple(enemies), state.options.shields, sun, moon_slot(sun) if sun else None,
                   state.options.dragonling_faces if state.options.dragonling else None,
                   dragon.dragonling_any, dragon.wing_singles)

    def attack(self, face: int, n_white: int, colours: tuple[str, ...], saved: bool = False):
        enemy, marker, shield, mods = self.enemies[face - 1]
        return resolve_attack(enemy, marker, shield, ["white"] * n_white + list(colours), mods,
                              shields=self.shields, saved=saved)

    def dragonling_targets(self) -> dict[str, set[int]]:
        """Module 1: the enemies talon, tail and teeth may join (the matching icon, or a power)."""
        return {icon: {n for n, e in enumerate(self.enemies, 1)
                       if e is not None and (e[0].icon == icon or icon in self.dragonling_any)}
                for icon in ICONS}


def _final_marker(board: _Board, face: int, n_white: int, colours: tuple[str, ...], saved: bool = False):
    att = board.attack(face, n_white, colours, saved)
    after = att.after - (1 if face == board.moon and not att.hit else 0)  # Module 6: Moon Effects
    return att, max(0, after)


@lru_cache(maxsize=64)
def _goal(board: _Board, objective: str, target: int | None) -> FaceAdditiveGoal | DragonlingGoal:
    def table(face: int, n_white: int, colours: tuple[str, ...], saved: bool = False) -> float:
        if board.enemies[face - 1] is None or (target is not None and face != target):
            return 0.0
        if objective == "wound_any":
            return float(_final_marker(board, face, n_white, colours, saved)[1] == 0)
        att, after = _final_marker(board, face, n_white, colours, saved)
        if objective == "hit":
            return float(att.hit)
        if objective == "defeat":
            return float(att.after >= board.enemies[face - 1][0].top)
        if objective == "wound":
            return float(after == 0)
        return after - att.before + (SUN_BONUS if face == board.sun and att.hit else 0.0)
    if board.dragonling is None or objective == "wound_any":
        return FaceAdditiveGoal(table)
    # Module 1: joining adds a white die (the default, PG-11/PG-22); wing saves a single (PG-16).
    return DragonlingGoal(table, board.dragonling, targets=board.dragonling_targets(),
                          saved=partial(table, saved=True), wing_singles=board.wing_singles)


class _NoWound:
    """1 when no enemy's marker ends on its bottom space (not additive over faces, so a plain goal)."""

    def __init__(self, board: _Board):
        self.board = board
        self._wounds = _goal(board, "wound_any", None)

    def __hash__(self):
        return hash(("no_wound", self.board))

    def __eq__(self, other):
        return isinstance(other, _NoWound) and other.board == self.board

    def __call__(self, dice) -> float:
        return float(self._wounds(dice) == 0)


def board_goal(state: State, objective: str = "net_steps", target: int | None = None):
    """The round's objective as a goal over the final dice, built from the engine's own rules.

    Args:
        objective: "net_steps" (expected battle-track steps up minus down this round, the
            default; a die won from the sun counts half a step), "defeat" (the chance to
            defeat enemy #target), "hit" / "wound" (the chance that enemy #target is hit or
            wounds you) or "no_wound" (the chance that no enemy wounds you this round).
    """
    board = _Board.of(state)
    if objective == "no_wound":
        return _NoWound(board)
    if objective not in ("net_steps", "defeat", "hit", "wound"):
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
    if objective != "net_steps" and not (isinstance(target, int) and 1 <= target <= 6 and state.slot(target)):
        raise ValueError(f"target: the {objective!r} objective needs the slot (1-6) of an enemy in play, got {target!r}")
    return _goal(board, objective, target)


def _pool_and_roll(state: State, goal=None):
    """The attack dice's colours and the roll; a DragonlingGoal's roll also holds the die's result."""
    roll = [(colour(d), f) for d, f in state.rolled]
    pool = [c for c, _ in roll]
    if isinstance(goal, DragonlingGoal):
        roll.append((DRAGONLING, state.dragonling))
    return pool, roll


POLICIES = ("optimal", "greedy", "never")


def advise(state: State, rerolls_left: int, objective: str = "net_steps", target: int | None = None,
           *, odds: bool = True, policy: str = "optimal") -> Advice:
    """Values of every legal rolling choice (reroll a set, stop, place dice on a chariot).

    Args:
        rerolls_left: the set rerolls the timer still allows (a real-time clock is
            advised as if this many were left).
        odds: also compute each enemy's hit and wound chances this round.
        policy: whose play those chances assume: "optimal" (for the objective), "greedy"
            (reroll whichever set most improves the objective if play stopped right after)
            or "never" (keep the roll).
    """
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, got {policy!r}")
    if state.phase != "rolling":
        raise ValueError(f"advice is for Step 1 while rolling; the game is at {state.phase!r}")
    goal = board_goal(state, objective, target)
    pool, roll = _pool_and_roll(state, goal)
    solver = solver_for(pool, max(rerolls_left, 1), goal)
    decision = solver.decision(roll, rerolls_left)
    dragon = isinstance(goal, DragonlingGoal)
    values = []
    for action in rules.legal_actions(state):
        if isinstance(action, Stop):
            values.append((action, decision.action_values[None]))
        elif isinstance(action, Reroll):
            key = (action.face, action.dragonling) if dragon else action.face
            if key in decision.action_values and (dragon or not action.dragonling):
                values.append((action, decision.action_values[key]))
        elif isinstance(action, PlaceOnChariot) and len(pool) > len(action.dice):
            after, _ = modules.place_on_chariot(state, action)  # the placement alone, before anything else
            goal2 = board_goal(after, objective, target)
            p2, r2 = _pool_and_roll(after, goal2)
            values.append((action, solver_for(p2, max(rerolls_left, 1), goal2).value(r2, rerolls_left)))
    values.sort(key=lambda av: -av[1])
    slots = [n for n in range(1, 7) if state.slot(n)] if odds else []
    goals = [board_goal(state, kind, n) for n in slots for kind in ("hit", "wound")]
    play = {"optimal": solver.optimal_policy, "greedy": solver.greedy_policy, "never": solver.never_reroll_policy}[policy]
    chances = solver.expectations(goals, roll, play(), rerolls_left) if goals else []
    hit = dict(zip(slots, chances[0::2]))
    wound = dict(zip(slots, chances[1::2]))
    return Advice(tuple(values), hit, wound, rerolls_left, objective)


@dataclass(frozen=True)
class Judgement:
    """One rolling decision of a played game, judged against optimal play."""

    step: int
    round: int
    chosen: object
    chosen_value: float
    best: object
    best_value: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.chosen_value)


@dataclass(frozen=True)
class QualityReport:
    """Per decision: the chosen action's value, the best value and the loss; totals per game."""

    judgements: tuple[Judgement, ...]

    @property
    def total_loss(self) -> float:
        return sum(j.loss for j in self.judgements)

    @property
    def mistakes(self) -> int:
        return sum(j.loss > 1e-9 for j in self.judgements)

    @property
    def proficiency(self) -> float:
        """Share of the best achievable value kept (1.0 = every decision optimal)."""
        best = sum(abs(j.best_value) for j in self.judgements)
        return 1.0 if best == 0 else max(0.0, 1.0 - self.total_loss / best)


def quality_report(session, rerolls: int = 10) -> QualityReport:
    """Judge every rolling decision of a session (rerolls, stops, chariot placements).

    Args:
        rerolls: the budget assumed when the game was played against a real clock.
    """
    judgements = []
    previous = session.game.initial_state(session.options, session.content)
    for i, step in enumerate(session.steps, 1):
        state, action = previous, step.action
        previous = step.state
        if state.phase != "rolling" or isinstance(action, TimeUp):
            continue  # time running out is no decision
        budget = state.options.timer_rerolls if state.options.timer_rerolls is not None else rerolls
        advice = advise(state, max(0, budget - state.rerolls), odds=False)
        value = advice.value_of(action)
        if value is None:
            continue
        best, best_value = advice.choices[0]
        judgements.append(Judgement(i, state.round, action, value, best, best_value))
    return QualityReport(tuple(judgements))
