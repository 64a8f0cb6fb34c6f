"""What the search bot needs of BarBEARian: the seat's view filled in, and the race to Glory scored.

A seat does not see the others' placements until the screens come off, nor their Trial cards (held or
offered), nor the Trial deck (``views.view``). A determinization gives every hidden Trial card slot a card
the seat has not seen, and puts every screened opponent back behind the screen with no die placed and not
ready: the search then places their dice itself, with the rollout policy, which uses only their (public) roll.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from ..core.search import Rules, margin_values, seen_strings, shuffled, unseen
from . import rules as R
from .game import GAME
from .state import HIDDEN, with_fields
from .views import view

GLORY_SCALE = 2.0  # a lead of two Glory is worth about three quarters of a win


def trials_seen(state) -> Counter:
    """Trial cards the table shows: held, offered, completed, discarded (and the deck where visible)."""
    places = [[p.trial] for p in state.players] + [p.offer for p in state.players]
    places += [p.completed for p in state.players] + [state.trial_discard, state.trial_deck]
    return seen_strings(places)


def determinize(seen_view, seat: int, rng: np.random.Generator):
    """One full state consistent with ``seen_view`` (BarBEARian's secrets drawn from what is unseen)."""
    state = seen_view
    pool = shuffled(unseen(state.deck.trials_for(state.n), trials_seen(state)), rng)
    players = []
    for q, p in enumerate(state.players):
        changes = {}
        if q != seat:
            if p.trial == HIDDEN:
                changes["trial"] = pool.pop() if pool else None
            if HIDDEN in p.offer:
                k = min(len(p.offer), len(pool))
                changes["offer"], pool = tuple(pool[:k]), pool[k:]
            if HIDDEN in p.placement:
                changes.update(placement=(None,) * len(p.placement), ready=False)
        players.append(with_fields(p, changes) if changes else p)
    deck = tuple(sorted(pool[:len(state.trial_deck)]))
    return with_fields(state, {"players": tuple(players), "trial_deck": deck, "viewer": None})


def evaluate(state) -> tuple[float, ...]:
    """Glory lead per seat; the winner takes 1."""
    return margin_values([p.glory_count for p in state.players], state.winner, GLORY_SCALE)


def seat_of(state, actions) -> int:
    """The seat a view belongs to, else the seat of the actions offered."""
    if state.viewer is not None and state.viewer >= 0:
        return state.viewer
    return getattr(actions[0], "seat", R.current_player(state))


def rules(greedy) -> Rules:
    """Search's view of BarBEARian, rolling out with ``greedy`` (a bot class that reads a seat's view)."""
    return Rules(game=GAME, evaluate=evaluate, rollout=greedy, view=view, determinize=determinize,
                 actions=lambda state, seat: R.legal_actions(state, seat), seat_of=seat_of,
                 bot_input=lambda world, seat: with_fields(world, {"viewer": seat}))
