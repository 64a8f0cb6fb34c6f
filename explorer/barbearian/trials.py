"""Trial Cards: secret objectives completed "at any point", then two drawn and one kept."""
from __future__ import annotations

from ..core.chance import Shuffle
from ..core.events import Event, count
from . import economy
from . import sections as S
from .state import DrawTrials, State, evolve, pop, push, set_player


def completed_now(state: State) -> list[int]:
    """Seats whose hidden Trial is met right now, in turn order (ruling BB-17)."""
    if state.first is None:
        return []
    return [s for s in state.turn_order()
            if state.players[s].trial and state.deck.card(state.players[s].trial).requirement.met(state, s)]


def check_trials(state: State) -> tuple[State, list[Event]]:
    """Trial Cards: reveal a met Trial, take its Glory from the clan's reserve, then draw two."""
    ev: list[Event] = []
    draws: list[tuple] = []
    for seat in completed_now(state):
        if state.result:
            break
        card = state.deck.card(state.players[seat].trial)
        p = state.players[seat]
        state = set_player(state, seat, trial=None, completed=p.completed + (card.id,))
        state = evolve(state, trial_discard=state.trial_discard + (card.id,))
        ev.append(Event(f"{state.name(seat)} reveals the Trial {card.name} ({card.text}) and completes it.", S.TRIALS))
        state, ev2 = economy.gain_reserve_glory(state, seat, card.glory, S.TRIALS, card.name)
        ev += ev2
        draws += [("draw_trials", seat), ("keep_trial", seat)]
    if state.result:
        return state, ev
    return push(state, *draws), ev


def draw_chance(state: State) -> Shuffle:
    return Shuffle(state.trial_deck, "trial deck")


def draw_trials(state: State, action: DrawTrials, outcome) -> tuple[State, list[Event]]:
    """Trial Cards: "That player then draws two new Trial cards" (the deck is reshuffled each time)."""
    seat = state.task[1]
    order = list(outcome)
    state = evolve(pop(state), trial_deck=tuple(sorted(order[2:])))
    state = set_player(state, seat, offer=tuple(order[:2]))
    return state, [Event(f"{state.name(seat)} draws {count(len(order[:2]), 'Trial card')}.", S.TRIALS)]


def skip_draw(state: State) -> tuple[State, list[Event]]:
    """An empty Trial deck: nothing to draw or keep."""
    seat = state.task[1]
    state = pop(state)
    if state.phase == "keep_trial" and state.task[1] == seat:
        state = pop(state)
    return state, [Event(f"The Trial deck is empty: {state.name(seat)} draws nothing.", S.TRIALS)]
