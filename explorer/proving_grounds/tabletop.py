"""Small shared operations on the Proving Grounds table: the task queue, the dice pool, markers.

The rules, the module steps and card effects all use them, so they live below all three and
no two of those import each other in a circle.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..core.events import Event, plural
from .effects import Modifiers
from .state import State, colour, die_order, evolve


def push(state: State, *tasks: tuple) -> State:
    """Put tasks at the head of the queue (they happen before anything already pending)."""
    return evolve(state, tasks=tuple(tasks) + state.tasks)


def pop(state: State) -> State:
    return evolve(state, tasks=state.tasks[1:])


def round_mods(state: State) -> Modifiers:
    """The modifiers in force this round: the inspiration power, activated chariots, the active conspirator."""
    mods = Modifiers()
    if state.inspiration:
        mods = state.deck.card(state.inspiration).effect.modify(mods)
    for effect in state.round_effects:
        mods = effect.modify(mods)
    return mods


def source_of(state: State, effect: str) -> str:
    """The name of the card whose effect ``effect`` bends this round ("a card in play" if it cannot be told)."""
    cards = (([state.inspiration] if state.inspiration else []) + ([state.active] if state.active else [])
             + list(state.chariot_discard[::-1]) + [c.card for c in state.chariots])
    for card_id in cards:
        card = state.deck.card(card_id)
        if card.effect.name == effect:
            return card.name
    return "a card in play"


def enemy_mods(state: State, n: int, mods: Modifiers | None = None) -> Modifiers:
    """Round modifiers plus the enemy's own abilities ("Enemy Ability")."""
    mods = mods or round_mods(state)
    for ability in state.enemy(n).abilities:
        mods = ability.modify(mods)
    return mods


def marker_down(state: State, n: int, spaces: int, section: str) -> tuple[State, list[Event]]:
    """Move enemy #n's marker down; reaching the bottom space is a wound suffered at once, or with
    ``early_wounds="step_2b"`` before the attacks, one checked at Step 2B (ruling PG-6)."""
    slot = state.slot(n)
    if slot is None:
        return state, [Event(f"No enemy in slot #{n}: nothing happens.", section)]
    if slot.marker == 0:  # already waiting for Step 2B (ruling PG-6): one wound at most
        return state, [Event(f"Enemy #{n} ({state.enemy(n).name}): the battle marker is already on the bottom space.", section)]
    after = max(0, slot.marker - spaces)
    state = _set_slot(state, n, replace(slot, marker=after))
    ev = [Event(f"Enemy #{n} ({state.enemy(n).name}): battle marker down {slot.marker - after}.", section)]
    if after == 0:
        if state.options.early_wounds == "step_2b" and ("attacks",) in state.tasks:
            ev.append(Event(f"Enemy #{n}'s marker is on the bottom space: the wound is checked at Step 2B, after "
                            "this round's attacks (ruling PG-6).", section))
        else:
            state = push(state, ("wound", n))
    return state, ev


def shorten_timer(state: State, rerolls: int, section: str) -> tuple[State, list[Event]]:
    return evolve(state, timer_cut=state.timer_cut + rerolls), [Event(f"The timer is shorter this round: {rerolls} fewer {plural(rerolls, 'reroll')}.", section)]


def _set_slot(state: State, n: int, slot) -> State:
    slots = list(state.slots)
    slots[n - 1] = slot
    return evolve(state, slots=tuple(slots))


def coloured_rolled(state: State) -> list[str]:
    return [d for d, f in state.rolled if colour(d) != "white"]


def distinct_dice(dice: list[str], faces: dict | None = None) -> list[str]:
    """One representative die per (colour, face): identical dice are one choice."""
    return list({(colour(d), (faces or {}).get(d)): d for d in dice}.values())


def exhaustable(state: State) -> list[str]:
    """Dice the player may add to the exhaustion track: any die in the pool, of a colour if one is asked for."""
    want = state.tasks[0][1] if state.phase == "exhaust" else None
    dice = list(state.pool)
    if want and any(colour(d) == want for d in dice):
        dice = [d for d in dice if colour(d) == want]
    return dice


def remove_from_pool(state: State, dice) -> State:
    keep = [(d, f) for d, f in zip(state.pool, state.faces) if d not in set(dice)]
    return evolve(state, pool=tuple(d for d, _ in keep), faces=tuple(f for _, f in keep))


def add_to_pool(state: State, dice) -> State:
    pairs = sorted(list(zip(state.pool, state.faces)) + [(d, 0) for d in dice], key=lambda p: die_order(p[0]))
    return evolve(state, pool=tuple(d for d, _ in pairs), faces=tuple(f for _, f in pairs))


def sets_of(state: State) -> list[int]:
    """What Is a Set?: faces shown by two or more dice."""
    counts = Counter(f for _, f in state.rolled)
    return sorted(f for f, k in counts.items() if k >= 2)


def reroll_budget(state: State) -> int | None:
    if state.options.timer_rerolls is None:
        return None
    return max(0, state.options.timer_rerolls + round_mods(state).extra_rerolls - state.timer_cut)


def describe_roll(state: State) -> str:
    by_face = Counter(f for _, f in state.rolled)
    sets = [f"{k}x{f}" for f, k in sorted(by_face.items()) if k >= 2]
    singles = [str(f) for f, k in sorted(by_face.items()) if k == 1]
    dice = ",".join(f"{f}" + ("" if colour(d) == "white" else colour(d)[0].upper()) for d, f in
                    sorted(state.rolled, key=lambda p: (p[1], die_order(p[0]))))
    text = f"{dice} (sets: {' '.join(sets) or 'none'}; singles: {' '.join(singles) or 'none'})"
    if state.dragonling:
        text += f"; dragonling: {state.dragonling}"
    return text
