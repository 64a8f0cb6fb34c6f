"""Roll-phase worths that do not add up card by card (Battle Sequence: Roll Phase, Assign dice).

"Activate both card 0 and card 2", "place at least three sets": such a worth looks at every
card's sets at once, so the best assignment is searched over whole fillings (one option per
card) instead of card by card. A filling is the dice it uses and the sets per card; fillings
are merged card by card and duplicates dropped, then every hand takes the best filling it holds.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .assignment import MAX_WORK, Assignment, card_options
from .inputs import Card
from .multisets import Layout, counts_of, faces_of

#: Most distinct fillings (dice used, sets per card) one custom worth may range over.
MAX_FILLINGS = 200_000


def _fillings(cards: tuple[Card, ...], n_dice: int, limit: int) -> dict[tuple, tuple]:
    """Every distinct (dice used, sets per card) filling of all cards, with one plan for it."""
    fillings: dict[tuple, tuple] = {((0,) * 6, ()): ()}
    for card in cards:
        grown: dict[tuple, tuple] = {}
        for need, k, combo in card_options(card, n_dice, limit=limit, every_count=True):
            for (used, sets), plan in fillings.items():
                total = tuple(a + b for a, b in zip(used, need))
                if sum(total) > n_dice:
                    continue
                key = (total, sets + (card.locked + k,))
                if key not in grown:
                    grown[key] = plan + (combo,)
                    if len(grown) > limit:
                        raise ValueError(
                            f"objective: more than {limit:,} ways to fill the cards; too large for a custom worth "
                            "(use fewer dice, cards or charges, or a card-by-card Objective)"
                        )
        fillings = grown
    return fillings


def _worth(worth, sets: tuple[int, ...], ones: int, sixes: int) -> float:
    """One call of the user's worth, its failures and odd results turned into ValueErrors."""
    try:
        value = worth(sets, ones, sixes)
    except (TypeError, ValueError, ArithmeticError, LookupError) as error:
        raise ValueError(f"objective worth failed on sets={sets}, ones={ones}, sixes={sixes}: {error}") from None
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(float(value)):
        raise ValueError(f"objective worth: expected a finite number, got {value!r} for sets={sets}")
    return float(value)


def _worth_table(worth, sets: tuple[int, ...], n_dice: int) -> np.ndarray:
    """``worth(sets, ones, sixes)`` for every count of unassigned 1s and 6s."""
    table = np.full((n_dice + 1, n_dice + 1), -np.inf)
    for ones in range(n_dice + 1):
        for sixes in range(n_dice + 1 - ones):
            table[ones, sixes] = _worth(worth, sets, ones, sixes)
    return table


def custom_table(layout: Layout, cards: tuple[Card, ...], worth) -> np.ndarray:
    """The best worth of every multiset in ``layout`` under a whole-hand worth."""
    fillings = _fillings(cards, layout.n, min(MAX_FILLINGS, max(1, MAX_WORK // len(layout))))
    counts = layout.counts
    value = np.full(len(layout), -np.inf)
    tables: dict[tuple[int, ...], np.ndarray] = {}
    for used, sets in fillings:
        if sets not in tables:
            tables[sets] = _worth_table(worth, sets, layout.n)
        need = np.array(used, dtype=np.int64)
        fits = np.all(counts >= need, axis=1)
        left = counts[fits] - need
        value[fits] = np.maximum(value[fits], tables[sets][left[:, 0], left[:, 5]])
    return value


def custom_assignment(hand, cards: tuple[Card, ...], worth) -> Assignment:
    """The best filling of one hand under a whole-hand worth, spelled out."""
    held = counts_of(hand)
    n_dice = sum(held)
    best = None
    for (used, sets), plan in _fillings(cards, n_dice, MAX_FILLINGS).items():
        left = [a - b for a, b in zip(held, used)]
        if min(left) < 0:
            continue
        value = _worth(worth, sets, left[0], left[5])
        if best is None or value > best[0]:
            best = (value, plan, left)
    value, plan, left = best
    shields, heroism = left[0], left[5]
    left[0] = left[5] = 0
    return Assignment(value, plan, shields, heroism, faces_of(left))
