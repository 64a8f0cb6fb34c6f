"""The best way to assign a final roll to ability cards (Battle Sequence: Roll Phase, Assign dice).

A die goes to at most one set; a card takes at most its free charges in sets; every unassigned
1 may become a shield and every unassigned 6 heroism. Cards share only the dice, so the best
assignment is a search card by card over the dice still unassigned, memoised on them: as one
table over every multiset at once (``assignment_table``, numpy) or for one hand with the plan
spelled out (``best_assignment``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .inputs import Card
from .multisets import Layout, counts_of, faces_of

#: Most (way to fill a card) x (hand) steps one assignment table may take (a few seconds at most).
MAX_WORK = 100_000_000


def card_options(
    card: Card, n_dice: int, limit: int = 20_000, every_count: bool = False
) -> list[tuple[tuple[int, ...], int, tuple]]:
    """Every distinct way to fill a card from at most ``n_dice`` dice: (dice used, sets, the sets).

    Built one set at a time; for one dice usage only the most sets are kept (values never
    fall with more sets), so there are at most as many options as multisets of ``n_dice`` faces.
    With ``every_count`` each (dice used, sets) pair is kept, for worths that may fall.

    Raises:
        ValueError: more than ``limit`` options.
    """
    best: dict[tuple, tuple[int, tuple]] = {(0,) * 6: (0, ())}
    frontier = {(0,) * 6: (0, ())}
    for k in range(1, card.free + 1):
        grown: dict[tuple[int, ...], tuple[int, tuple]] = {}
        for need, (_, combo) in frontier.items():
            for alt in card.alternatives:
                bigger = list(need)
                for f in alt:
                    bigger[f - 1] += 1
                bigger = tuple(bigger)
                if sum(bigger) <= n_dice and bigger not in grown:
                    grown[bigger] = (k, combo + (alt,))
        for need, entry in grown.items():
            if every_count:
                best[(need, k)] = entry
            elif need not in best or best[need][0] < k:
                best[need] = entry
        if len(best) > limit:
            raise ValueError(
                f"cards: a card has more than {limit:,} ways to be filled; too large to solve exactly "
                "(use fewer dice, charges or alternatives)"
            )
        frontier = grown
        if not frontier:
            break
    if every_count:
        return [((0,) * 6, 0, ())] + [(key[0], k, combo) for key, (k, combo) in best.items() if len(key) == 2]
    return [(need, k, combo) for need, (k, combo) in best.items()]


def assignment_table(layout: Layout, cards: tuple[Card, ...], tables, shield: float, heroism: float) -> np.ndarray:
    """The best assignment value of every multiset in ``layout`` (one float per row)."""
    counts = layout.counts
    options = []
    for card in cards:
        spent = sum(len(o) for o in options) * len(layout)
        options.append(card_options(card, layout.n, limit=max(1, (MAX_WORK - spent) // len(layout))))
    value = shield * counts[:, 0] + heroism * counts[:, 5]
    for card, table, card_opts in zip(reversed(cards), reversed(tables), reversed(options)):
        nxt = np.full(len(layout), -np.inf)
        for need, k, _ in card_opts:
            need = np.array(need, dtype=np.int64)
            fits = np.all(counts >= need, axis=1)
            rest = layout.rows(counts[fits] - need)
            nxt[fits] = np.maximum(nxt[fits], table[card.locked + k] + value[rest])
        value = nxt
    return value


@dataclass(frozen=True)
class Assignment:
    """One best assignment of a final roll.

    Attributes:
        value: its worth under the objective.
        sets: per card, the sets placed on it this roll (each a tuple of faces).
        shields: 1s spent for shield markers.
        heroism: 6s spent for heroism markers.
        spent: other unassigned dice (spent without effect).
    """

    value: float
    sets: tuple[tuple[tuple[int, ...], ...], ...]
    shields: int
    heroism: int
    spent: tuple[int, ...]


def best_assignment(hand, cards: tuple[Card, ...], tables, shield: float, heroism: float) -> Assignment:
    """Search the best assignment of one hand (faces), memoised on the dice left per card."""
    options = [card_options(card, sum(counts_of(hand))) for card in cards]
    memo: dict[tuple[int, tuple[int, ...]], tuple[float, tuple]] = {}

    def search(i: int, left: tuple[int, ...]) -> tuple[float, tuple]:
        if i == len(cards):
            return shield * left[0] + heroism * left[5], ()
        key = (i, left)
        if key not in memo:
            best = (-np.inf, ())
            for need, k, combo in options[i]:
                rest = tuple(a - b for a, b in zip(left, need))
                if min(rest) < 0:
                    continue
                tail_value, tail = search(i + 1, rest)
                value = tables[i][cards[i].locked + k] + tail_value
                if value > best[0]:
                    best = (value, (combo,) + tail)
            memo[key] = best
        return memo[key]

    left = counts_of(hand)
    value, plan = search(0, left)
    used = [0] * 6
    for combo in plan:
        for alt in combo:
            for f in alt:
                used[f - 1] += 1
    rest = [a - b for a, b in zip(left, used)]
    shields = rest[0] if shield > 0 else 0
    heroes = rest[5] if heroism > 0 else 0
    rest[0] -= shields
    rest[5] -= heroes
    return Assignment(float(value), plan, shields, heroes, faces_of(rest))
