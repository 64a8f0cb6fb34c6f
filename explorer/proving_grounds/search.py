"""What the search bot needs of Proving Grounds: the player's view (the face-down decks' order unknown) and
a round's progress scored.

The enemy, chariot and conspirator decks are face down: ``view`` sorts them, so two tables that differ only
in their order look alike, and ``determinize`` shuffles them again.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..core.search import Rules, shuffled
from .game import GAME

PILES = ("enemy_deck", "chariot_deck", "conspirator_deck")


def view(state, seat: int = 0):
    """The player's view: every face-down deck in a fixed order."""
    return replace(state, **{p: tuple(sorted(getattr(state, p))) for p in PILES})


def determinize(seen_view, seat: int, rng: np.random.Generator):
    """One table consistent with the view: the face-down decks shuffled."""
    return replace(seen_view, **{p: tuple(shuffled(getattr(seen_view, p), rng)) for p in PILES})


def evaluate(state) -> tuple[float]:
    """1 won, 0 lost; otherwise the share of enemies defeated, less the share of health lost."""
    if state.result is not None:
        return (float(state.result == "won"),)
    in_play = sum(1 for s in state.slots if s is not None)
    total = max(1, len(state.defeated) + len(state.enemy_deck) + in_play)
    lost = state.health / max(1, state.options.health_spaces - 1)
    return (max(0.0, min(1.0, 0.5 + 0.45 * len(state.defeated) / total - 0.45 * lost)),)


def rules(greedy) -> Rules:
    """Search's view of Proving Grounds, rolling out with ``greedy``."""
    return Rules(game=GAME, evaluate=evaluate, rollout=greedy, view=view, determinize=determinize,
                 seat_of=lambda state, actions: 0)
