"""Proving Grounds rules: the three steps of a round as a small task machine.

The state carries a queue of pending tasks, in the order of Q2. Automatic tasks
(resolving attacks, recovering) run at once; a task that needs a decision or a roll
waits for the player's action. ``apply`` never mutates its input.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..core.chance import CustomDie, Dice, joint
from ..core.errors import IllegalAction
from ..core.events import Event, count, plural
from . import climbing, modules, setup
from . import sections as S
from .attacks import resolve_attack
from .state import (
    AssignDragonling,
    ChaosReroll,
    ChooseEnemy,
    Climb,
    ExhaustDie,
    PlaceOnChariot,
    Replace,
    Reroll,
    Roll,
    RollActivation,
    RotateDial,
    SetUp,
    Slot,
    State,
    Stop,
    TakeSunDie,
    TimeUp,
    colour,
    evolve,
)
from .tabletop import (
    _set_slot,
    add_to_pool,
    coloured_rolled,
    describe_roll,
    distinct_dice,
    enemy_mods,
    exhaustable,
    marker_down,
    pop,
    push,
    remove_from_pool,
    reroll_budget,
    round_mods,
    sets_of,
)

PHASE_NAMES = {
    "setup": "Game Setup", "dial": "Module 6: set the sun and moon dial", "activation": "Module 5: roll for the conspirators",
    "roll": "Step 1: Roll Dice (initial roll)", "rolling": "Step 1: Roll Dice (rerolling sets)",
    "dragonling": "Module 1: assign the dragonling die", "wound": "Suffering Wounds (choose a die to exhaust)",
    "exhaust": "choose a die to exhaust", "replace": "Replacing Dice", "choose_enemy": "choose an enemy",
    "sun_die": "Module 6: choose a sun die", "climb": "Move Battle Markers (choose how far a set climbs)", "over": "the game is over",
}


# -- the protocol -------------------------------------------------------------------------------

def chance(state: State, action):
    """The chance an action involves (None for pure decisions)."""
    o = state.options
    dragon = CustomDie(o.dragonling_faces, "dragonling die") if o.dragonling else None
    if isinstance(action, SetUp):
        return setup.setup_chance(state)
    if isinstance(action, RollActivation):
        return Dice(1, "activation die")
    if isinstance(action, Roll):
        dice = Dice(len(state.pool), "dice pool")
        return joint(dice=dice, dragonling=dragon) if dragon else dice
    if isinstance(action, Reroll):
        dice = Dice(len(state.dice_showing(action.face)), f"set of {action.face}s")
        return joint(dice=dice, dragonling=dragon) if action.dragonling else dice
    if isinstance(action, ChaosReroll):
        return Dice(len(coloured_rolled(state)), "coloured dice")
    return None


def legal_actions(state: State) -> list:
    """Everything the player may do now (one action per distinct choice)."""
    phase = state.phase
    if phase == "over":
        return []
    if phase == "setup":
        return [SetUp()]
    if phase == "dial":
        return [RotateDial(n) for n in range(1, 7) if n != state.last_sun]
    if phase == "activation":
        return [RollActivation()]
    if phase == "roll":
        return [Roll()]
    if phase == "rolling":
        return rolling_actions(state)
    if phase in ("wound", "exhaust"):
        # before the attacks resolve a die's face matters (it leaves the attack); after, only its colour
        faces = dict(zip(state.pool, state.faces)) if ("attacks",) in state.tasks else None
        return [ExhaustDie(d) for d in distinct_dice(exhaustable(state), faces)]
    if phase == "replace":
        return replace_actions(state)
    if phase == "choose_enemy":
        return [ChooseEnemy(n) for n in range(1, 7) if state.slot(n)]
    if phase == "dragonling":
        return modules.dragonling_actions(state)
    if phase == "sun_die":
        return [TakeSunDie(c) for c in dict.fromkeys(colour(d) for d in state.dial)]
    if phase == "climb":
        _, n, most = state.tasks[0]
        return [Climb(n, k) for k in range(most, 0, -1)]
    raise AssertionError(f"no decision in phase {phase!r}")


def apply(state: State, action, outcome=None) -> tuple[State, list[Event]]:
    """Play ``action`` (with its chance ``outcome``); raises IllegalAction and changes nothing if not allowed."""
    if state.result:
        raise IllegalAction(f"the game is over: you {state.result}")
    phase = state.phase
    handler = HANDLERS.get((phase, type(action)))
    if handler is None:
        options = ", ".join(sorted({type(a).__name__ for a in legal_actions(state)}))
        raise IllegalAction(f"{type(action).__name__} is not possible now ({PHASE_NAMES.get(phase, phase)}); possible: {options}")
    state, events = handler(state, action, outcome)
    return advance(state, events)


def is_terminal(state: State) -> bool:
    return state.result is not None


# -- Step 1: Roll Dice ------------------------------------------------------------------------------

def rolling_actions(state: State) -> list:
    budget = reroll_budget(state)
    actions = []
    if budget is None or state.rerolls < budget:
        for f in sets_of(state):
            actions.append(Reroll(f))
            if state.options.dragonling:
                actions.append(Reroll(f, dragonling=True))
    actions += modules.chariot_placements(state)
    # in real time (no reroll budget) the timer going off is the clock's action, listed like Stop
    return actions + [Stop()] + ([TimeUp()] if budget is None else [])


def _roll(state: State, action: Roll, outcome):
    """Step 1: pick up all the dice in the pool and roll them once."""
    faces = outcome["dice"] if isinstance(outcome, dict) else outcome
    state = evolve(pop(state), faces=tuple(faces), dragonling=outcome["dragonling"] if isinstance(outcome, dict) else None)
    ev = [Event(f"Roll: {describe_roll(state)}.", S.ROLL)]
    return state, ev


def _reroll(state: State, action: Reroll, outcome):
    """Step 1, What Is a Set?: reroll one whole set; singles can never be rerolled."""
    showing = state.dice_showing(action.face)
    if len(showing) < 2:
        what = "a single" if showing else "not showing on any die"
        raise IllegalAction(f"{action.face} is {what}; only a set (two or more dice showing the same number) can be rerolled")
    budget = reroll_budget(state)
    if budget is not None and state.rerolls >= budget:
        raise IllegalAction(f"the timer has run out: all {budget} rerolls of this round are used")
    if action.dragonling and not state.options.dragonling:
        raise IllegalAction("there is no dragonling die: Module 1 is not in play")
    faces_new = outcome["dice"] if isinstance(outcome, dict) else outcome
    new = dict(zip(showing, faces_new))
    state = evolve(state, faces=tuple(new.get(d, f) for d, f in zip(state.pool, state.faces)), rerolls=state.rerolls + 1)
    if action.dragonling:
        state = evolve(state, dragonling=outcome["dragonling"])
    ev = [Event(f"Reroll the set of {action.face}s{' and the dragonling die' if action.dragonling else ''}: "
                f"{', '.join(map(str, faces_new))}. Now {describe_roll(state)}.", S.ROLL)]
    return state, ev


def _stop(state: State, action, outcome):
    """Step 1: stop early, or the timer goes off."""
    text = "The timer goes off." if isinstance(action, TimeUp) else "You stop rolling (Battle End)."
    return pop(state), [Event(text, S.ROLL)]


# -- Step 2: Resolve Attacks ------------------------------------------------------------------------

def _attacks(state: State):
    """Step 2A: Move Battle Markers (slots 1-6), then Step 2B: Check for Defeat or Wounds."""
    ask = climbing.climbs_to_choose(state)
    if ask:
        return push(state, ("climb", *ask[0])), []
    state = pop(state)
    mods = round_mods(state)
    ev, hits, attacked, sets = [], [], [], []
    safe = mods.safe_singles
    chosen = dict(state.climbs)
    for n in range(1, 7):
        slot = state.slot(n)
        dice = climbing.dice_on(state, n)
        if slot is None:
            if dice:
                ev.append(Event(f"No enemy in slot #{n}: the dice showing {n} attack no one.", S.MOVE))
            continue
        enemy = state.enemy(n)
        emods = enemy_mods(state, n, mods)
        if n in chosen:
            emods = replace(emods, max_climb=min(chosen[n], emods.max_climb or chosen[n]))
        single = 0 < sum(emods.weight(c) for c in dice) < 2
        saved = n in state.wing_saved
        unshielded = not (state.options.shields and slot.shield)
        if single and not saved and safe > 0 and unshielded:
            safe, saved = safe - 1, True
        att = resolve_attack(enemy, slot.marker, slot.shield, dice, emods, shields=state.options.shields, saved=saved)
        state = _set_slot(state, n, replace(slot, marker=att.after, shield=att.shield))
        if att.kind != "none" or att.moved:
            ev.append(Event(f"Enemy #{n} ({enemy.name}): {_dice_text(dice)}: {att.note}.", S.MOVE))
        if att.hit:
            hits.append(n)
        if dice:
            attacked.append(n)
        if att.kind == "set":
            sets.append(n)
    state = evolve(state, hits=tuple(hits), attacked=tuple(attacked), sets=tuple(sets))
    wounds = []
    for n in range(1, 7):
        slot = state.slot(n)
        if slot is None:
            continue
        enemy = state.enemy(n)
        if slot.marker >= enemy.top:
            state = _set_slot(state, n, None)
            state = evolve(state, defeated=state.defeated + (enemy.id,), reveal_due=state.reveal_due + 1)
            ev.append(Event(f"Enemy #{n} ({enemy.name}) is defeated and goes to the discard pile "
                            f"({len(state.defeated)} defeated).", S.DEFEAT))
        elif slot.marker == 0:
            wounds.append(("wound", n))
    return push(state, *wounds), ev


def _dice_text(dice: list[str]) -> str:
    if not dice:
        return "no dice"
    c = Counter(dice)
    return "+".join(f"{k} {col}" for col, k in c.items())


def _wound(state: State, action: ExhaustDie | None, outcome=None):
    """Step 2B, Suffering Wounds: exhaust a die, health down one, reset the enemy's marker."""
    n = state.tasks[0][1]
    state = pop(state)
    ev = []
    if action is not None:
        state = _exhaust(state, action.die)
        ev.append(Event(f"Wound from enemy #{n}: the {colour(action.die)} die goes on the exhaustion track.", S.WOUNDS))
    else:
        ev.append(Event(f"Wound from enemy #{n}: no die is left to exhaust.", S.WOUNDS))
    state = evolve(state, health=state.health + 1)
    last = state.options.health_spaces - 1
    ev.append(Event(f"The health marker moves down to space {state.health + 1} of {last + 1}.", S.WOUNDS))
    if state.health >= last:
        ev.append(Event("The health marker reaches the last space of the health track: you lose!", S.LOSE))
        return evolve(state, result="lost", tasks=()), ev
    slot = state.slot(n)
    if slot is not None:
        state = _set_slot(state, n, replace(slot, marker=state.enemy(n).start))
        ev.append(Event(f"Enemy #{n}'s battle marker resets to its start space.", S.WOUNDS))
    if state.stack and state.health == state.stack_space:
        state = push(state, ("replace",))
    return state, ev


def _exhaust(state: State, die: str) -> State:
    if die not in state.pool:
        raise IllegalAction(f"die {die} is not in the dice pool; choose one of {', '.join(state.pool)}")
    if die not in exhaustable(state):
        raise IllegalAction(f"a {state.tasks[0][1]} die must be chosen while you have one")
    top, mid, bottom = state.exhaustion
    return evolve(remove_from_pool(state, [die]), exhaustion=(top + (die,), mid, bottom))


def _exhaust_effect(state: State, action: ExhaustDie, outcome=None):
    """A card effect exhausts a die (ruling PG-20: after the roll it leaves this round's attacks)."""
    face = dict(zip(state.pool, state.faces)).get(action.die)
    showing = f" showing {face}" if face else ""
    return pop(_exhaust(state, action.die)), [Event(f"The {colour(action.die)} die{showing} goes on the exhaustion track.", state.tasks[0][2])]


def replace_actions(state: State) -> list:
    """Replacing Dice: each colour in the stack, or keep the white dice. Before the attacks
    resolve, which white die goes to the box matters too (its face is about to attack)."""
    faces = dict(zip(state.pool, state.faces))
    whites = [d for d in state.pool if colour(d) == "white"]
    actions = []
    for c in dict.fromkeys(colour(d) for d in state.stack):
        actions.append(Replace(c))  # the last white die of the pool
        if ("attacks",) in state.tasks and whites:
            default = faces[whites[-1]]
            actions += [Replace(c, w) for w in distinct_dice(whites, faces) if faces[w] != default]
    return actions + [Replace(None)]


def _replace(state: State, action: Replace, outcome=None):
    """Replacing Dice: a coloured die from the stack replaces a white die from the pool."""
    ev = []
    if action.colour is not None:
        pick = [d for d in state.stack if colour(d) == action.colour]
        if not pick:
            raise IllegalAction(f"there is no {action.colour} die in the stack; it holds {', '.join(colour(d) for d in state.stack)}")
        whites = [d for d in state.pool if colour(d) == "white"]
        if not whites:
            ev.append(Event("No white die is in the dice pool, so none can be replaced.", S.REPLACE))
        else:
            white = action.white or whites[-1]
            if white not in whites:
                raise IllegalAction(f"{white} is not a white die in your dice pool; the white dice are {', '.join(whites)}")
            state = add_to_pool(remove_from_pool(state, [white]), [pick[0]])
            state = evolve(state, stack=tuple(d for d in state.stack if d != pick[0]), box=state.box + (white,))
            ev.append(Event(f"A white die goes to the game box; the {action.colour} die joins your dice pool.", S.REPLACE))
    elif any(colour(d) == "white" for d in state.pool):
        ev.append(Event("You keep your white dice.", S.REPLACE))
    else:
        ev.append(Event("No white die is in the dice pool, so none can be replaced.", S.REPLACE))
    state = evolve(pop(state), stack_space=state.stack_space + 1)
    if state.stack:
        ev.append(Event(f"The rest of the stack moves down to health space {state.stack_space + 1}.", S.REPLACE))
    return state, ev


def _choose_enemy(state: State, action: ChooseEnemy, outcome=None):
    spaces = state.tasks[0][1]
    if not (isinstance(action.slot, int) and 1 <= action.slot <= 6 and state.slot(action.slot)):
        raise IllegalAction(f"there is no enemy in slot {action.slot!r}")
    return marker_down(pop(state), action.slot, spaces, state.tasks[0][2])


# -- Step 3: Recover --------------------------------------------------------------------------------

def _recover(state: State):
    """Step 3: Recover, then Q2's last steps (reserve, enemy cards, chariot cards) and the win check."""
    state = pop(state)
    ev = []
    top, mid, bottom = state.exhaustion
    state = add_to_pool(evolve(state, exhaustion=((), top, mid)), bottom)
    state = evolve(state, faces=(0,) * len(state.pool))
    ev.append(Event("All dice return to the dice pool; the exhaustion track moves down one space"
                    + (f" and {count(len(bottom), 'die', 'dice')} {plural(len(bottom), 'comes', 'come')} back from its bottom space." if bottom else "."), S.RECOVER))
    state, ev2 = modules.retrieve_reserve(state)
    ev += ev2
    for n in range(1, 7):
        if state.slot(n) is None:
            if not state.enemy_deck:
                ev.append(Event(f"The enemy deck is empty: slot #{n} stays empty.", S.RECOVER))
                continue
            card = state.deck.card(state.enemy_deck[0])
            state = _set_slot(evolve(state, enemy_deck=state.enemy_deck[1:]), n, Slot(card.id, card.start))
            ev.append(Event(f"Enemy #{n}: {card.name} enters the arena.", S.RECOVER))
    state, ev2 = modules.draw_chariots(state)
    ev += ev2
    state = evolve(state, rerolls=0, timer_cut=0, round_effects=(), climbs=(), active=None, dragonling=None, dragon_slot=None,
                   wing_saved=(), hits=(), attacked=(), sets=(), last_sun=state.sun, sun=None)
    if len(state.defeated) >= state.options.defeats_to_win:
        ev.append(Event(f"You defeated {count(len(state.defeated), 'enemy', 'enemies')} and are still alive at the end of the round: you win!", S.WIN))
        return evolve(state, result="won", tasks=()), ev
    state = evolve(state, round=state.round + 1, tasks=setup.round_tasks(state))
    return state, ev


# -- the machine -------------------------------------------------------------------------------------

def advance(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Run automatic tasks until the player must act (or the game ends)."""
    while state.tasks and not state.result:
        name = state.tasks[0][0]
        if name in AUTO:
            state, ev = AUTO[name](state)
            events += ev
            continue
        skipped = _skip_empty_decision(state)
        if skipped is None:
            break
        state, ev = skipped
        events += ev
    return state, events


def _skip_empty_decision(state: State):
    """Decisions with nothing to decide pass by themselves (e.g. Q3: no set left ends the rolling)."""
    phase = state.phase
    if phase == "rolling" and all(isinstance(a, (Stop, TimeUp)) for a in legal_actions(state)):
        why = "no set is left to reroll (Q3)" if not sets_of(state) else "the timer has run out"
        return pop(state), [Event(f"The rolling ends: {why}.", S.ROLL)]
    if phase == "wound" and not state.pool:
        return _wound(state, None)
    if phase == "exhaust" and not state.pool:
        return pop(state), [Event("No die is left to exhaust.", state.tasks[0][2])]
    if phase == "replace" and not any(colour(d) == "white" for d in state.pool):
        return _replace(state, Replace(None))
    if phase == "choose_enemy" and not any(state.slots):
        return pop(state), [Event("No enemy to choose.", state.tasks[0][2])]
    if phase == "sun_die" and not state.dial:
        return pop(state), [Event("The dial holds no dice.", S.SUN)]
    if phase == "dragonling":
        return modules.skip_dragonling(state)
    return None


AUTO = {
    "attacks": _attacks,
    "recover": _recover,
    "reveal": modules.reveal_conspirators,
    "chariots": modules.queue_chariots,
    "chariot": modules.resolve_chariot,
    "sun_moon": modules.sun_and_moon_effects,
}

HANDLERS = {
    ("setup", SetUp): lambda s, a, o: setup.set_up(pop(s), o),
    ("dial", RotateDial): modules.rotate_dial,
    ("activation", RollActivation): modules.roll_activation,
    ("roll", Roll): _roll,
    ("rolling", Reroll): _reroll,
    ("rolling", PlaceOnChariot): modules.place_on_chariot,
    ("rolling", Stop): _stop,
    ("rolling", TimeUp): _stop,
    ("wound", ExhaustDie): _wound,
    ("exhaust", ExhaustDie): _exhaust_effect,
    ("replace", Replace): _replace,
    ("choose_enemy", ChooseEnemy): _choose_enemy,
    ("dragonling", AssignDragonling): modules.assign_dragonling,
    ("dragonling", ChaosReroll): modules.chaos_reroll,
    ("sun_die", TakeSunDie): modules.take_sun_die,
    ("climb", Climb): climbing.climb,
}
