"""A compact, mutable Doomrock campaign map for batch simulation: the engine's ``Campaign`` over slots objects,
lists and dicts, changed in place by the same rules (``compact_map_rules``, ``compact_map_effects``).

The engine rebuilds the whole campaign value at each map action and writes a log line for it; a batch of
campaigns only needs the next state. ``from_campaign`` and ``to_campaign`` convert both ways, so the tests can
hold every map step to the engine's state (``tests/doomrock/test_compact_campaign.py``). The map effects still to
resolve (``Campaign.pending``) are the engine's own values, kept head last so that the head is popped and pushed
in place. The cards are read once per deck into ``MapTables``.
"""
from __future__ import annotations

from ...core.memo import kept
from ..campaign_state import AreaInPlay, Campaign, DrawEvent, GlobalEffect
from ..cards import COSTS, Deck
from ..state import Hero
from .compact import CHero, from_battle, to_battle


class CArea:
    """The engine's ``AreaInPlay``, mutable: its shop's stock and its permanent events are lists."""

    __slots__ = ("id", "secrets", "shop", "events")

    def __init__(self, id: str, secrets: int, shop: list, events: list):
        self.id, self.secrets, self.shop, self.events = id, secrets, shop, events


class CCampaign:
    """The engine's ``Campaign`` fields, mutable; ``pending`` head last, the event piles dicts of lists, ``battle``
    a ``CBattle`` while one is fought."""

    __slots__ = ("options", "deck", "phase", "heroes", "inventory", "silver", "time", "setting", "settings_deck",
                 "area_deck", "board", "position", "doomrock_revealed", "encounters", "event_draw", "event_discard",
                 "common", "epic", "ability_deck", "expose_pool", "pending", "battle", "battles_won", "map_actions",
                 "result", "t")

    @property
    def area(self) -> CArea:
        return self.board[self.position]


class MapTables:
    """What the map rules read of a deck's cards at every step, read once per deck."""

    def __init__(self, deck: Deck):
        self.deck = deck
        self.stat = {a.id: a.stat for a in deck.abilities}  # the statistic an ability card carries
        self.starting = {a.id: a.starting for a in deck.abilities}
        self.items = {i.id: i for i in deck.items}
        # the statistics an item raises while equipped: (stat, amount) pairs
        self.raises = {i.id: tuple((e.param("stat"), e.param("amount")) for e in i.passive if e.name == "stat")
                       for i in deck.items}
        self.on_map = {i.id: i.slot == "consumable" and bool(i.use) and all(e.name in ("heal", "shield") for e in i.use)
                       for i in deck.items}  # a consumable with a Use: effect of the map (``campaign.MAP_USES``)
        self.uses = {i.id: tuple((e.name, e.param("amount")) for e in i.use) for i in deck.items}
        self.target = {i.id: i.target for i in deck.items}
        self.globals = {c.id: GlobalEffect(c.id) for c in tuple(deck.areas) + tuple(deck.settings)}
        # each area's event draws, as a peril and as an event (values: the same for every draw)
        self.perils = {a.id: (DrawEvent(a.event_deck, True), DrawEvent(a.event_deck, False)) for a in deck.areas}
        self.gear: dict[tuple, tuple] = {}  # the gear-up choices of a party and inventory (``compact_gear``)
        self._costs: dict[int, tuple] = {}
        self._locations: dict[tuple, tuple] = {}
        self._amounts: dict[int, tuple] = {}

    def cost(self, loc) -> tuple:
        """A location's entry cost: (time, secret, coin, heroism, shield, peril), read once (the location is kept
        with it, so that its id stays its own)."""
        hit = self._costs.get(id(loc))
        if hit is None or hit[1] is not loc:
            cost = dict(loc.cost)
            hit = self._costs[id(loc)] = (tuple(cost.get(k, 0) for k in COSTS), loc)
        return hit[0]

    def locations(self, area: CArea) -> tuple:
        """``campaign.locations``: the area's locations, then its permanent events."""
        key = (area.id, tuple(area.events))
        hit = self._locations.get(key)
        if hit is None:
            card = self.deck.card
            hit = self._locations[key] = card(area.id).locations + tuple(card(e).permanent for e in area.events)
        return hit

    def amount(self, step) -> int:
        """A map effect's ``amount`` parameter (``step.param("amount")``)."""
        hit = self._amounts.get(id(step))
        if hit is None or hit[1] is not step:
            hit = self._amounts[id(step)] = (step.param("amount"), step)
        return hit[0]


_TABLES: dict = {}


def map_tables(deck: Deck) -> MapTables:
    """The deck's map tables, made once."""
    return kept(_TABLES, MapTables, deck)


def c_hero(h: Hero) -> CHero:
    """The mutable copy of an engine hero."""
    c = CHero()
    for f in CHero.__slots__:
        setattr(c, f, getattr(h, f))
    c.expose = list(h.expose)
    return c


def hero_value(h: CHero) -> Hero:
    """The engine hero a mutable one stands for."""
    return Hero(**{f: (tuple(h.expose) if f == "expose" else getattr(h, f)) for f in CHero.__slots__})


SEQUENCES = ("inventory", "settings_deck", "area_deck", "encounters", "common", "epic", "ability_deck", "expose_pool")
PLAIN = ("options", "deck", "phase", "silver", "time", "setting", "position", "doomrock_revealed", "battles_won",
         "map_actions", "result")


def from_campaign(c: Campaign) -> CCampaign:
    """The compact copy of an engine campaign (its battle compact too)."""
    m = CCampaign()
    for f in PLAIN:
        setattr(m, f, getattr(c, f))
    for f in SEQUENCES:
        setattr(m, f, list(getattr(c, f)))
    m.t = map_tables(c.deck)
    m.heroes = [c_hero(h) for h in c.heroes]
    m.board = [CArea(a.id, a.secrets, list(a.shop), list(a.events)) for a in c.board]
    m.event_draw = {k: list(v) for k, v in c.event_draw}
    m.event_discard = {k: list(v) for k, v in c.event_discard}
    m.pending = list(reversed(c.pending))
    m.battle = from_battle(c.battle, c.deck, c.options) if c.battle is not None else None
    return m


def to_campaign(m: CCampaign) -> Campaign:
    """The engine campaign a compact one stands for (equal to the engine's own for the same game)."""
    fields = {f: getattr(m, f) for f in PLAIN}
    fields.update({f: tuple(getattr(m, f)) for f in SEQUENCES})
    b = m.battle
    return Campaign(
        heroes=tuple(hero_value(h) for h in m.heroes),
        board=tuple(AreaInPlay(a.id, a.secrets, tuple(a.shop), tuple(a.events)) for a in m.board),
        event_draw=tuple(sorted((k, tuple(v)) for k, v in m.event_draw.items())),
        event_discard=tuple(sorted((k, tuple(v)) for k, v in m.event_discard.items())),
        pending=tuple(reversed(m.pending)), battle=to_battle(b) if b is not None else None, **fields)
