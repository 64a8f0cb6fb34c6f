"""What a roll phase is worth: sets on cards, shields and heroism (Battle Sequence: Roll Phase).

The value of a final roll is additive: each card's sets, plus every unassigned 1 taken as a
shield and every unassigned 6 taken as heroism. That covers "expected sets", weights per card,
diminishing returns per extra set, and "the chance that card X is activated" (card X's first
set worth 1, everything else 0). A worth that looks at all cards at once ("cards 0 and 2 both
activated") is a callable ``worth(sets, ones, sixes)``, searched over whole fillings (``custom``).
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import inputs
from .inputs import Card


@dataclass(frozen=True)
class Objective:
    """Values a roll-phase plan maximises in expectation.

    Attributes:
        card_values: ``None`` (every set on every card is worth 1), or one entry per card:
            a number (each set on that card is worth it) or a tuple of the worth of the
            1st, 2nd, ... set on the card (missing entries are worth 0).
        shield_value: worth of each 1 spent for a shield marker.
        heroism_value: worth of each 6 spent for a heroism marker.
        worth: instead of the above, a callable ``worth(sets, ones, sixes) -> float`` given the
            sets on each card (locked sets included) and the unassigned 1s and 6s (each may
            become a shield or heroism); any finite number.
    """

    card_values: tuple | None = None
    shield_value: float = 0.0
    heroism_value: float = 0.0
    worth: Callable | None = None

    @classmethod
    def sets(cls) -> Objective:
        """The expected number of sets placed."""
        return cls()

    @classmethod
    def activate_all(cls, cards) -> Objective:
        """The chance that every card listed (0-based numbers) holds at least one set."""
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise ValueError(f"cards: expected card numbers, got {cards!r}")
        wanted = tuple(inputs.whole(c, "cards[]", 0, inputs.MAX_CARDS - 1) for c in cards)

        def worth(sets, ones, sixes):
            return float(all(c < len(sets) and sets[c] > 0 for c in wanted))

        return cls(worth=worth)

    @property
    def is_custom(self) -> bool:
        """True for a whole-hand worth (a callable), False for a card-by-card one."""
        if self.worth is None:
            return False
        if not callable(self.worth):
            raise ValueError(f"worth: expected a callable worth(sets, ones, sixes), got {self.worth!r}")
        if self.card_values is not None or self.shield_value or self.heroism_value:
            raise ValueError("worth: give either a worth callable or card_values/shield_value/heroism_value, not both")
        return True

    @classmethod
    def activate(cls, card: int, n_cards: int) -> Objective:
        """The chance that card number ``card`` (0-based) holds at least one set."""
        n_cards = inputs.whole(n_cards, "n_cards", 1, inputs.MAX_CARDS)
        card = inputs.whole(card, "card", 0, n_cards - 1)
        return cls(card_values=tuple((1.0,) if i == card else 0.0 for i in range(n_cards)))

    def tables(self, cards: tuple[Card, ...]) -> tuple[tuple[float, ...], ...]:
        """Per card, the total worth of holding 0, 1, ..., charges sets (locked sets included).

        Raises:
            ValueError: wrong number of entries, or a worth that is not a finite number >= 0.
        """
        inputs.number(self.shield_value, "shield_value")
        inputs.number(self.heroism_value, "heroism_value")
        values = self.card_values
        if values is None:
            values = (1.0,) * len(cards)
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise ValueError(f"card_values: expected one entry per card, got {values!r}")
        values = list(values)
        if len(values) != len(cards):
            raise ValueError(f"card_values: expected {len(cards)} entries (one per card), got {len(values)}")
        tables = []
        for i, (card, entry) in enumerate(zip(cards, values)):
            if isinstance(entry, numbers.Real) and not isinstance(entry, bool):
                marginal = [inputs.number(entry, f"card_values[{i}]")] * card.charges
            elif isinstance(entry, (str, bytes)) or not isinstance(entry, Iterable):
                raise ValueError(f"card_values[{i}]: expected a number or a tuple of numbers, got {entry!r}")
            else:
                entry = list(entry)
                if len(entry) > inputs.MAX_CHARGES:
                    raise ValueError(f"card_values[{i}]: at most {inputs.MAX_CHARGES} entries, got {len(entry)}")
                marginal = [inputs.number(v, f"card_values[{i}][{j}]") for j, v in enumerate(entry)]
                marginal = (marginal + [0.0] * card.charges)[: card.charges]
            total = [0.0]
            for v in marginal:
                total.append(total[-1] + v)
            tables.append(tuple(total))
        return tuple(tables)
