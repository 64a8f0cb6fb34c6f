"""BarBEARian Battlegrounds options: player count and every number the rulebook leaves unprinted.

The rulebook gives the player count rules (specialists 3/5/6, trials by player count) but
prints neither the Marketplace prices nor the size of the token pool; those are fields here
with documented defaults (see ``docs/rulings/barbearian.md``).
"""
from __future__ import annotations

from ..core.content import options_from_json

from dataclasses import dataclass, fields
from typing import Any

CLANS = ("red", "blue", "green", "yellow")
RESOURCES = ("honey", "ore", "faith")
RESOURCE_OF = {"farm": "honey", "forge": "ore", "temple": "faith"}
MARKET = ("mercenary", "change_fate", "empower", "specialist", "reinforcements", "grand_offering")
CLASH_TIES = ("both_fall", "zero_raids")

# Setup step 1 suggests sitting in the order of the flags on the village board, Red opposite Blue.
DEFAULT_SEATING = {2: ("red", "blue"), 3: ("red", "yellow", "blue"), 4: ("red", "yellow", "blue", "green")}
# Setup step 4: "Two Player Game: Three of each / Three: Five of each / Four: Six of each".
SPECIALISTS_BY_PLAYERS = {2: 3, 3: 5, 4: 6}

Cost = tuple[tuple[str, int], ...]

DEFAULT_PRICES: dict[str, Cost] = {
    "mercenary": (("honey", 2),),
    "change_fate": (("faith", 2),),
    "empower": (("ore", 1),),
    "specialist": (("honey", 1), ("ore", 1), ("faith", 1)),
    "reinforcements": (("honey", 2), ("ore", 2)),
    "grand_offering": (("honey", 3), ("ore", 3), ("faith", 3)),
}


def _cost(value: Any, name: str) -> Cost:
    """A price as sorted (resource, amount) pairs; accepts a dict or pairs."""
    items = value.items() if isinstance(value, dict) else value
    try:
        pairs = tuple(sorted((str(r), int(n)) for r, n in items if n))
    except (TypeError, ValueError):
        raise ValueError(f"options.{name} must map resources to amounts, got {value!r}") from None
    for r, n in pairs:
        if r not in RESOURCES or n < 0:
            raise ValueError(f"options.{name}: {r!r}: {n} is not a price (resources: {', '.join(RESOURCES)})")
    return pairs


@dataclass(frozen=True)
class Options:
    """One frozen value per game; the defaults are the readings in the rulings file.

    Attributes:
        players: 2, 3 or 4 ("Setup").
        clans: clan colours in clockwise seating order; None seats the default clans
            (Red and Blue opposite one another, Setup step 1).
        clan_dice: dice of each clan colour (five) and ``start_dice`` active at the start (three).
        glory_per_clan: Glory tokens of each colour in the box (not printed; 7). Each player
            starts with ``start_glory`` (two); the rest form the clan's reserve, the source of
            Trial and Grand Offering glory.
        glory_to_win: "reaching seven Glory tokens".
        specialists: Specialist tokens of each type; None uses Setup step 4 (3/5/6).
        sentry_specialists: also sell Barracks specialists ("dice and Specialist tokens
            placed in the Barracks"); off by default, Sentry tokens come from an upgrade card.
        mercenary_dice: purple dice shared by all players each round (five).
        token_ones, token_threes: Resource tokens of value 1 and 3 of EACH resource in the common
            pool (not printed; 20 and 10). ``token_ones`` must be at least 8 so two of them per
            player always allow change to be made.
        start_resources: Resource value of each kind every player starts with (not printed; 0).
        price_*: Marketplace costs as {resource: amount} (not printed; see DEFAULT_PRICES).
        clash_tie: equal forces in a clash: "both_fall" (both are removed) or "zero_raids"
            (both go on with strength 0, which still breaks an empty Barracks: ties go to the raider).
        round_limit: the game ends after this many rounds with the most Glory winning (not in
            the rulebook; a safety net for simulation). None plays without a limit.
    """

    players: int = 4
    clans: tuple[str, ...] | None = None
    clan_dice: int = 5
    start_dice: int = 3
    glory_per_clan: int = 7
    start_glory: int = 2
    glory_to_win: int = 7
    specialists: int | None = None
    sentry_specialists: bool = False
    mercenary_dice: int = 5
    token_ones: int = 20
    token_threes: int = 10
    start_resources: int = 0
    price_mercenary: Cost = DEFAULT_PRICES["mercenary"]
    price_change_fate: Cost = DEFAULT_PRICES["change_fate"]
    price_empower: Cost = DEFAULT_PRICES["empower"]
    price_specialist: Cost = DEFAULT_PRICES["specialist"]
    price_reinforcements: Cost = DEFAULT_PRICES["reinforcements"]
    price_grand_offering: Cost = DEFAULT_PRICES["grand_offering"]
    clash_tie: str = "both_fall"
    round_limit: int | None = 60

    def __post_init__(self):
        def whole(name: str, low: int, high: int | None = None):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < low or (high is not None and v > high):
                span = f"between {low} and {high}" if high is not None else f"at least {low}"
                raise ValueError(f"options.{name} must be a whole number {span}, got {v!r}")

        whole("players", 2, 4)
        clans = DEFAULT_SEATING[self.players] if self.clans is None else tuple(self.clans)
        if len(clans) != self.players or len(set(clans)) != len(clans) or any(c not in CLANS for c in clans):
            raise ValueError(f"options.clans must be {self.players} different clans of {', '.join(CLANS)}, got {self.clans!r}")
        object.__setattr__(self, "clans", clans)
        whole("clan_dice", 1, 10)
        whole("start_dice", 1, self.clan_dice)
        whole("glory_to_win", 1)
        whole("start_glory", 0, self.glory_to_win - 1)
        whole("glory_per_clan", self.start_glory)
        if self.specialists is not None:
            whole("specialists", 0)
        if not isinstance(self.sentry_specialists, bool):
            raise ValueError(f"options.sentry_specialists must be True or False, got {self.sentry_specialists!r}")
        whole("mercenary_dice", 0, 10)
        whole("token_ones", 8)
        whole("token_threes", 0)
        whole("start_resources", 0)
        for item in MARKET:
            object.__setattr__(self, f"price_{item}", _cost(getattr(self, f"price_{item}"), f"price_{item}"))
        if self.clash_tie not in CLASH_TIES:
            raise ValueError(f"options.clash_tie must be one of {', '.join(CLASH_TIES)}, got {self.clash_tie!r}")
        if self.round_limit is not None:
            whole("round_limit", 1)
        if self.start_resources * self.players > self.token_ones + 3 * self.token_threes:
            raise ValueError("options.start_resources: the common pool cannot supply that much to every player")

    @property
    def specialist_supply(self) -> int:
        return SPECIALISTS_BY_PLAYERS[self.players] if self.specialists is None else self.specialists

    @property
    def specialist_spaces(self) -> tuple[str, ...]:
        """Spaces a Specialist token can be hired for ("Hire Specialists")."""
        return ("farm", "forge", "temple") + (("barracks",) if self.sentry_specialists else ())

    def price(self, item: str) -> Cost:
        return getattr(self, f"price_{item}")

    def to_json(self) -> dict:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["clans"] = list(self.clans)
        for item in MARKET:
            d[f"price_{item}"] = dict(self.price(item))
        return d

    @classmethod
    def from_json(cls, data: dict) -> "Options":
        return options_from_json(cls, data)
