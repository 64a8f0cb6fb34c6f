"""BarBEARian Battlegrounds rules: a task machine over immutable states.

``apply(state, action, outcome)`` checks who may act, dispatches to the rule function
for the pending task (plan.py, brawl.py, harvest.py, trials.py), then runs automatic
tasks and the Trial check until a player or the table must act. It never mutates its
input; an illegal action raises ``IllegalAction`` and nothing changes.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.events import Event
from . import brawl, harvest, plan, trials
from .state import (
    CHANCE, CHANCE_ACTIONS, TERMINAL, BuyUpgrade, ChangeFate, DrawTrials, Empower, GiveResources, GrandOffering,
    HireMercenary, HireSpecialist, KeepTrial, Pass, Place, Ready, Reinforce, RollDice, SetUp, State, StealGlory,
    StealResources, TakeBack, TakeResources, TempleSix, WalkAway, pop,
)

PHASE_NAMES = {
    "setup": "Setup", "keep_trials": "Setup step 5: keep one of two Trial cards", "keep_trial": "Trial Cards: keep one of two",
    "draw_trials": "Trial Cards: draw two", "mercenaries": "Plan Phase: hire mercenaries before rolling", "roll": "Plan Phase 1: roll",
    "fate": "Plan Phase: Change Fate after rolling", "place": "Plan Phase 2: secret placement",
    "window": "Brawl Phase: Empower or pass", "loot": "Stealing Loot: choose Glory or Resources",
    "give": "Stealing Loot: the defender chooses Resources to give", "pillage": "Pillaging: choose Resources to take",
    "six": "Gather Phase: a 6 on the Temple", "build": "Build Phase", "over": "the game is over",
}

CHANCE_TASKS = {"setup": SetUp, "roll": RollDice, "draw_trials": DrawTrials}
SIMULTANEOUS = {"keep_trials", "place"}


# -- who acts -----------------------------------------------------------------------------------------

def acting_seats(state: State) -> list[int]:
    """Seats that may act now, in turn order (several while placing or keeping Trials)."""
    if state.result or not state.tasks:
        return []
    task = state.task
    name = task[0]
    if name == "keep_trials":
        return [s for s in state.turn_order() if state.players[s].offer]
    if name == "place":
        return [s for s in state.turn_order() if not state.players[s].ready]
    if name == "window":
        return [task[4]]
    if name in DECISIONS:
        return [task[1]]
    return []


def current_player(state: State) -> int:
    """The seat to act (the first in turn order when several may), CHANCE, or TERMINAL."""
    if state.result or not state.tasks:
        return TERMINAL
    if state.phase in CHANCE_TASKS:
        return CHANCE
    seats = acting_seats(state)
    return seats[0] if seats else TERMINAL


def legal_actions(state: State, seat: int | None = None) -> list:
    """Everything that may be done now; with ``seat``, only that seat's choices.

    It reads only what ``seat`` may see, so it works on ``views.view(state, seat)`` too.
    """
    if state.result or not state.tasks:
        return []
    name = state.phase
    if name in CHANCE_TASKS:
        if seat is not None:
            return []
        return [DrawTrials(state.task[1])] if name == "draw_trials" else [CHANCE_TASKS[name]()]
    seats = acting_seats(state)
    if seat is not None:
        seats = [seat] if seat in seats else []
    return [a for s in seats for a in DECISIONS[name](state, s)]


def chance(state: State, action):
    """The chance spec ``action`` needs now (None for decisions and for chance out of place)."""
    name = state.phase
    if isinstance(action, SetUp) and name == "setup":
        return plan.setup_chance(state)
    if isinstance(action, RollDice) and name == "roll":
        return plan.roll_chance(state)
    if isinstance(action, DrawTrials) and name == "draw_trials" and action.seat == state.task[1]:
        return trials.draw_chance(state)
    return None


def is_terminal(state: State) -> bool:
    return state.result is not None


# -- apply ----------------------------------------------------------------------------------------------

def apply(state: State, action, outcome=None, trace: list | None = None) -> tuple[State, list[Event]]:
    """Play ``action`` (with its chance ``outcome``); IllegalAction and no change if not allowed.

    ``trace``, a list, receives ``(state, events so far)`` after the action and after each automatic step,
    so a table can show the state each logged event left (a clash removes a force before the raid)."""
    if state.viewer is not None:
        raise IllegalAction("this is one seat's view of the game; actions apply to the game state")
    if state.result:
        raise IllegalAction(f"the game is over: {state.result}")
    name = state.phase
    handler = HANDLERS.get((name, type(action)))
    if handler is None:
        possible = ", ".join(sorted({type(a).__name__ for a in legal_actions(state)}))
        raise IllegalAction(f"{type(action).__name__} is not possible now ({PHASE_NAMES.get(name, name)}); possible: {possible}")
    if isinstance(action, CHANCE_ACTIONS):
        spec = chance(state, action)
        if spec is None:
            raise IllegalAction(f"{type(action).__name__} is not possible now")
        if outcome is None:
            raise IllegalAction(f"{type(action).__name__} needs its chance outcome (dice or cards)")
        outcome = spec.validate(outcome)
    else:
        _check_turn(state, action)
    state, events = handler(state, action, outcome)
    if trace is not None:
        trace.append((state, len(events)))
    return advance(state, events, trace)


def _check_turn(state: State, action) -> None:
    seat = getattr(action, "seat", None)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise IllegalAction(f"seat must be 0-{state.n - 1}, got {seat!r}")
    seats = acting_seats(state)
    if seat not in seats:
        waiting = ", ".join(state.name(s) for s in seats) or "no one"
        if state.phase == "place":
            raise IllegalAction(f"{state.name(seat)} has declared ready; the placement is final (waiting for {waiting})")
        raise IllegalAction(f"it is not {state.name(seat)}'s turn: waiting for {waiting} ({PHASE_NAMES.get(state.phase, state.phase)})")
    if state.phase in CHECK_MEMBERSHIP and action not in DECISIONS[state.phase](state, seat):
        choices = ", ".join(map(repr, DECISIONS[state.phase](state, seat)))
        raise IllegalAction(f"{action!r} is not a choice now; the choices are {choices}")


def advance(state: State, events: list[Event], trace: list | None = None) -> tuple[State, list[Event]]:
    """Run automatic tasks, Trial checks and choiceless decisions until someone must act (``trace``: see apply)."""
    def step(new: State, ev: list[Event]) -> State:
        events.extend(ev)
        if trace is not None and ev:
            trace.append((new, len(events)))
        return new

    while state.tasks and not state.result:
        state = step(*trials.check_trials(state))
        if state.result:
            break
        name = state.phase
        if name in AUTO:
            state = step(*AUTO[name](state))
            continue
        skipped = _skip_empty_decision(state)
        if skipped is None:
            break
        state = step(*skipped)
    return state, events


def _skip_empty_decision(state: State):
    """Decisions with nothing to decide pass by themselves (they reveal nothing hidden)."""
    name, task = state.phase, state.task
    if name in ("mercenaries", "fate", "build", "window"):
        seat = task[4] if name == "window" else task[1]
        if DECISIONS[name](state, seat) == [Pass(seat)]:
            return HANDLERS[name, Pass](state, Pass(seat), None)
        return None
    if name == "six":
        acts = harvest.six_actions(state, task[1])
        return harvest.temple_six(state, acts[0]) if len(acts) == 1 else None
    if name == "loot":
        return brawl.resolve_loot_without_choice(state)
    if name in ("give", "pillage"):
        acts = DECISIONS[name](state, task[1])
        if len(acts) == 1:
            return brawl.hand_over(state, acts[0])
        if not acts:
            return pop(state), []
        return None
    if name == "keep_trial":
        offer = state.players[task[1]].offer
        if len(offer) == 1:
            return plan.keep_trial(state, KeepTrial(task[1], offer[0]))
        return (pop(state), []) if not offer else None
    if name == "draw_trials" and not state.trial_deck:
        return trials.skip_draw(state)
    return None


def _pass(state: State, action: Pass, outcome=None):
    """Marketplace A / B: no more mercenaries or fate changes; the next player decides."""
    return pop(state), []


AUTO = {
    "round": plan.start_round,
    "reveal": plan.reveal,
    "brawl": brawl.brawl_turn,
    "clash": brawl.clash,
    "raid": brawl.raid,
    "break": brawl.break_through,
    "gather": harvest.gather,
    "cleanup": harvest.cleanup,
}

DECISIONS = {
    "keep_trials": lambda s, seat: [KeepTrial(seat, c) for c in s.players[seat].offer],
    "keep_trial": lambda s, seat: [KeepTrial(seat, c) for c in s.players[seat].offer],
    "mercenaries": plan.mercenary_actions,
    "fate": plan.fate_actions,
    "place": plan.place_actions,
    "window": brawl.window_actions,
    "loot": brawl.loot_actions,
    "give": brawl.give_actions,
    "pillage": brawl.pillage_actions,
    "six": harvest.six_actions,
    "build": harvest.build_actions,
}

CHECK_MEMBERSHIP = {"loot", "six"}

HANDLERS = {
    ("setup", SetUp): plan.set_up,
    ("keep_trials", KeepTrial): plan.keep_trial,
    ("keep_trial", KeepTrial): plan.keep_trial,
    ("draw_trials", DrawTrials): trials.draw_trials,
    ("mercenaries", HireMercenary): plan.hire_mercenary,
    ("mercenaries", Pass): _pass,
    ("roll", RollDice): plan.roll,
    ("fate", ChangeFate): plan.change_fate,
    ("fate", Pass): _pass,
    ("place", Place): plan.place,
    ("place", TakeBack): plan.take_back,
    ("place", Ready): plan.ready,
    ("window", Empower): brawl.empower,
    ("window", Pass): brawl.pass_window,
    ("loot", StealGlory): brawl.steal_glory,
    ("loot", StealResources): brawl.steal_resources,
    ("loot", WalkAway): brawl.walk_away,
    ("give", GiveResources): brawl.hand_over,
    ("pillage", TakeResources): brawl.hand_over,
    ("six", TempleSix): harvest.temple_six,
    ("build", HireSpecialist): harvest.hire_specialist,
    ("build", BuyUpgrade): harvest.buy_upgrade,
    ("build", Reinforce): harvest.reinforce,
    ("build", GrandOffering): harvest.grand_offering,
    ("build", Pass): harvest.end_turn,
}
