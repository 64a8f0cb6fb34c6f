"""BarBEARian Battlegrounds options: player count and every number the rulebook leaves unprinted.

The rulebook gives the player count rules (specialists 3/5/6, trials by player count) but
prints neither the Marketplace prices nor the size of the token pool; those are fields here
with documented defaults (see ``docs/rulings/barbearian.md``).
"""
from __future__ import annotations

from ..core.content import options_from_json
from ..core.files import shorten, whole_number

from dataclasses import dataclass, fields
from typing import Any

CLANS = ("red", "blue", "green", "yellow")
RESOURCES = ("honey", "ore", "faith")
RESOURCE_OF = {"farm": "honey", "forge": "ore", "temple": "faith"}
MARKET = ("mercenary", "change_fate", "empower", "specialist", "reinforcements", "grand_offering")
CLASH_TIES = ("both_fall", "zero_raids")
LOOT_RESOURCES = ("tokens", "value")

# what an option editor offers: the readings of a word option, the items (or keys) of a list (or price)
CHOICES = {"clash_tie": CLASH_TIES, "loot_resources": LOOT_RESOURCES}
ITEMS = {"clans": CLANS, **{f"price_{m}": RESOURCES for m in MARKET}}

# Setup step 1 suggests sitting in the order of the flags on the village board, Red opposite Blue.
DEFAULT_SEATING = {2: ("red", "blue"), 3: ("red", "yellow", "blue"), 4: ("red", "yellow", "blue", "green")}
# Setup step 4: "Two Player Game: Three of each / Three: Five of each / Four: Six of each".
SPECIALISTS_BY_PLAYERS = {2: 3, 3: 5, 4: 6}

Cost = tuple[tuple[str, int], ...]

# Bounds on the numbers a user may set (a save file is user input): generous for variants, small
# enough that no option builds a huge pool or an endless game.
MAX_GLORY = 50
MAX_SPECIALISTS = 50
MAX_TOKENS = 200
MAX_PRICE = 30
MAX_ROUNDS = 10_000

DEFAULT_PRICES: dict[str, Cost] = {
    "mercenary": (("honey", 2),),
    "change_fate": (("faith", 2),),
    "empower": (("ore", 1),),
    "specialist": (("honey", 1), ("ore", 1), ("faith", 1)),
    "reinforcements": (("honey", 2), ("ore", 2)),
    "grand_offering": (("honey", 3), ("ore", 3), ("faith", 3)),
}


def _cost(value: Any, name: str) -> Cost:
    """A price as sorted (resource, amount) pairs; accepts a dict or [resource, amount] pairs."""
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in value):
        items = [tuple(p) for p in value]
    else:
        raise ValueError(f"options.{name} must map resources to amounts, got {shorten(value)}")
    pairs = []
    for r, n in items:
        if not isinstance(r, str) or r not in RESOURCES:
            raise ValueError(f"options.{name}: {shorten(r)} is not a resource ({', '.join(RESOURCES)})")
        whole_number(f"options.{name}.{r}", n, 0, MAX_PRICE)
        if n:
            pairs.append((r, n))
    if len({r for r, _ in pairs}) != len(pairs):
        raise ValueError(f"options.{name} names a resource twice, got {shorten(value)}")
    return tuple(sorted(pairs))


@dataclass(frozen=True)
class Options:
    """One frozen value per game; the defaults are the readings in the rulings file.

    Attributes:
        players: 2, 3 or 4 ("Setup").
        clans: clan colours in clockwise seating order; None seats the default clans
            (Red and Blue opposite one another, Setup step 1).
        clan_dice: dice of each clan colour (five; 1-10) and ``start_dice`` active at the start
            (three; 1 to clan_dice).
        glory_per_clan: Glory tokens of each colour in the box (not printed; 7). Each player
            starts with ``start_glory`` (two); the rest form the clan's reserve, the source of
            Trial and Grand Offering glory. At most 50.
        glory_to_win: "reaching seven Glory tokens" (1-50).
        specialists: Specialist tokens of each type (0-50); None uses Setup step 4 (3/5/6).
        sentry_specialists: also sell Barracks Specialists, one defence each ("Subtract the total
            value of dice and Specialist tokens placed in the Barracks"; ruling BB-7). On by
            default, as printed; False sells only Farm, Forge and Temple Specialists.
        mercenary_dice: purple dice shared by all players each round (five; 0-10).
        token_ones, token_threes: Resource tokens of value 1 and 3 of EACH resource in the common
            pool (not printed; 20 and 10; at most 200). ``token_ones`` must be at least 8 so two of
            them per player always allow change to be made.
        start_resources: Resource value of each kind every player starts with (not printed; 0;
            at most what the pool holds).
        price_*: Marketplace costs as {resource: amount}, each amount 0-30 (not printed; see
            DEFAULT_PRICES).
        clash_tie: equal forces in a clash: "both_fall" (both are removed) or "zero_raids"
            (both go on with strength 0, which still breaks an empty Barracks: ties go to the raider).
        round_limit: the game ends after this many rounds (1-10,000) with the most Glory winning
            (not in the rulebook, whose only ending is seven Glory; ruling BB-20). None, the
            default, plays without a limit; simulations set one and count the games that hit it.
        loot_resources: what "choose two of their own Resource tokens" counts (ruling BB-15):
            "tokens" (as printed: two tokens, a 3-value token counting as one) or "value" (two
            Resources of value one each).
    """

    players: int = 4
    clans: tuple[str, ...] | None = None
    clan_dice: int = 5
    start_dice: int = 3
    glory_per_clan: int = 7
    start_glory: int = 2
    glory_to_win: int = 7
    specialists: int | None = None
    sentry_specialists: bool = True
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
    round_limit: int | None = None
    loot_resources: str = "tokens"

    def __post_init__(self):
        def whole(name: str, low: int, high: int):
            whole_number(f"options.{name}", getattr(self, name), low, high)

        whole("players", 2, 4)
        clans = DEFAULT_SEATING[self.players] if self.clans is None else self.clans
        if (not isinstance(clans, (list, tuple)) or len(clans) != self.players
                or any(not isinstance(c, str) or c not in CLANS for c in clans) or len(set(clans)) != len(clans)):
            raise ValueError(f"options.clans must be {self.players} different clans of {', '.join(CLANS)}, got {shorten(self.clans)}")
        object.__setattr__(self, "clans", tuple(clans))
        whole("clan_dice", 1, 10)
        whole("start_dice", 1, self.clan_dice)
        whole("glory_to_win", 1, MAX_GLORY)
        whole("start_glory", 0, self.glory_to_win - 1)
        whole("glory_per_clan", self.start_glory, MAX_GLORY)
        if self.specialists is not None:
            whole("specialists", 0, MAX_SPECIALISTS)
        for flag in ("sentry_specialists",):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"options.{flag} must be True or False, got {shorten(getattr(self, flag))}")
        whole("mercenary_dice", 0, 10)
        whole("token_ones", 8, MAX_TOKENS)
        whole("token_threes", 0, MAX_TOKENS)
        whole("start_resources", 0, MAX_TOKENS)
        for item in MARKET:
            object.__setattr__(self, f"price_{item}", _cost(getattr(self, f"price_{item}"), f"price_{item}"))
        if not isinstance(self.clash_tie, str) or self.clash_tie not in CLASH_TIES:
            raise ValueError(f"options.clash_tie must be one of {', '.join(CLASH_TIES)}, got {shorten(self.clash_tie)}")
        if not isinstance(self.loot_resources, str) or self.loot_resources not in LOOT_RESOURCES:
            raise ValueError(f"options.loot_resources must be one of {', '.join(LOOT_RESOURCES)}, got {shorten(self.loot_resources)}")
        if self.round_limit is not None:
            whole("round_limit", 1, MAX_ROUNDS)
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
