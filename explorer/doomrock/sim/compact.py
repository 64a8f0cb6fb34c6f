"""A compact, mutable Doomrock battle for batch simulation: the engine's ``Battle`` over slots objects and lists.

The engine keeps the battle as an immutable value and rebuilds it at every change; a batch of thousands of
battles spends most of its time doing so. Here one battle in progress is a handful of mutable objects with
the same fields (heroes, enemies, dice in the engine's order, the AI piles, the expose pool), changed in
place by the same rules (``compact_rules``, ``compact_effects``, ``compact_ai``), which draw their chance from
the same generator in the same order. ``from_battle`` and ``to_battle`` convert both ways, so the tests can
hold every step to the engine's state (``tests/doomrock/test_compact_replay.py``).

The cards are read once per deck into ``Tables`` (what the rules ask of a card at every step).
"""
from __future__ import annotations

from ...core.memo import kept
from ..abilities import reach
from ..cards import Deck
from ..options import Options
from ..state import Battle, Die, Enemy, Hero


class CHero:
    """The engine's ``Hero``, mutable; ``expose`` a list."""

    __slots__ = ("id", "name", "hp", "max_hp", "threat", "abilities", "broken", "shields", "heroism", "expose", "group",
                 "hidden", "items", "used_items", "trait", "extra", "redirected", "heroism_on")

    @property
    def life(self) -> int:
        return self.hp + self.broken


class CEnemy:
    """The engine's ``Enemy``, mutable; ``expose`` a list."""

    __slots__ = ("uid", "name", "deck", "hp", "max_hp", "armour", "armour_down", "shields", "command", "boss",
                 "objective", "group", "activated", "expose")


class CDie:
    """The engine's ``Die``, mutable."""

    __slots__ = ("owner", "index", "face", "place", "card")

    def __init__(self, owner: int, index: int, face=None, place: str = "pool", card=None):
        self.owner, self.index, self.face, self.place, self.card = owner, index, face, place, card


class Card:
    """What the battle rules read of an ability or an item card (``Tables``)."""

    __slots__ = ("id", "faces", "dice", "initiative", "capacity", "lock", "reaction", "condition", "heroism", "target",
                 "near", "effects", "bonus", "armour", "threat", "expose", "damages", "slot", "use", "value", "name",
                 "worth")


def _card(deck: Deck, cid: str) -> Card:
    c = deck.card(cid)
    k = Card()
    k.id, k.name = cid, c.name
    item = not hasattr(c, "activation")
    effects = c.use if item else c.effects
    k.effects = tuple((e.name, dict(e.params)) for e in effects)
    k.use = k.effects if item else ()
    k.slot = c.slot if item else None
    if item:
        k.faces, k.dice, k.initiative, k.capacity, k.lock, k.reaction, k.condition = (), 0, False, 0, False, False, None
        k.heroism, k.bonus = False, ()
    else:
        k.faces, k.dice, k.initiative = frozenset(c.activation.faces), c.activation.dice, c.activation.initiative
        k.capacity, k.lock, k.reaction, k.condition = c.capacity, c.lock, c.reaction, c.condition
        k.heroism, k.bonus = bool(c.heroism), tuple((e.name, e.param("amount")) for e in c.heroism)
    k.target = c.target
    k.near = reach(effects) == "adjacent"
    k.armour = sum(e.param("amount") for e in c.passive if e.name == "armour")
    k.threat = sum(e.param("amount") for e in c.passive if e.name == "threat")
    k.expose = sum(e.param("count") for e in effects if e.name == "expose")
    k.damages = any(e.name == "damage" for e in effects)
    if not item:  # the greedy party's worth of keeping a die on it (``GreedyBot._card_value``)
        dmg = sum(e.param("amount") for e in c.effects if e.name == "damage")
        k.value = 10 * dmg + (5 if c.lock else 0) + 2 * len(c.effects)
    else:
        k.value = 0
    # the greedy party's worth of using it (``GreedyBot._activation_value``), by effect: a flat part (expose,
    # armour down and push 3, shield 2, extra die 5), the damage amounts, the heal amounts, the moves
    names = [e.name for e in effects]
    k.worth = (3 * sum(n in ("expose", "armour_down", "push") for n in names) + 2 * names.count("shield")
               + 5 * names.count("extra_die"), tuple(e.param("amount") for e in effects if e.name == "damage"),
               tuple(e.param("amount") for e in effects if e.name == "heal"), names.count("move"))
    return k


class Tables:
    """A deck's cards as the compact battle reads them, built once per deck."""

    def __init__(self, deck: Deck):
        self.deck = deck
        self.cards = {c.id: _card(deck, c.id) for c in tuple(deck.abilities) + tuple(deck.items)}
        # the most expose markers a minion or boss part of each AI deck places (``cumulation_need.expose_need``)
        self.ai_expose = {d.id: {part: max((sum(a.amount for a in getattr(c, part) if a.do == "expose")
                                            for c in d.cards), default=0) for part in ("minion", "boss")}
                          for d in deck.ai_decks}
        self.ai = {c.id: c for d in deck.ai_decks for c in d.cards}
        self._reactive: dict[tuple, tuple] = {}
        self._unique: dict[tuple, tuple] = {}
        self._enrage: dict[str, tuple] = {}
        self._faces: dict[tuple, frozenset] = {}
        self._fits: dict[tuple, dict] = {}

    def enrage(self, encounter: str) -> tuple:
        """The enrage values printed on an encounter card."""
        r = self._enrage.get(encounter)
        if r is None:
            r = self._enrage[encounter] = tuple(self.deck.card(encounter).enrage)
        return r

    def faces(self, abilities: tuple) -> frozenset:
        """The faces worth keeping for a hero with these ability cards: those some card activates on, and the 1s
        and 6s that make shields and heroism (the greedy party's re-roll)."""
        r = self._faces.get(abilities)
        if r is None:
            r = self._faces[abilities] = frozenset({1, 6}.union(*(self.cards[c].faces for c in abilities)))
        return r

    def fits(self, abilities: tuple) -> dict:
        """For each face, the hero's ability cards (once each, in order) a die of that face may be assigned to, as
        (card, capacity, the greedy party's worth of it)."""
        r = self._fits.get(abilities)
        if r is None:
            own = [self.cards[c] for c in self.unique(abilities)]
            r = self._fits[abilities] = {f: tuple((c.id, c.capacity, c.value) for c in own if f in c.faces)
                                         for f in range(1, 7)}
        return r

    def unique(self, cards: tuple) -> tuple:
        """A hero's ability (or item) cards once each, in order."""
        r = self._unique.get(cards)
        if r is None:
            r = self._unique[cards] = tuple(dict.fromkeys(cards))
        return r

    def reactive(self, abilities: tuple) -> tuple:
        """The reaction abilities (not dice-lock ones) among a hero's, once each, in order."""
        r = self._reactive.get(abilities)
        if r is None:
            r = self._reactive[abilities] = tuple(c for c in dict.fromkeys(abilities)
                                                  if self.cards[c].reaction and not self.cards[c].lock)
        return r


_TABLES: dict = {}


def tables_of(deck: Deck) -> Tables:
    """The deck's tables, made once."""
    return kept(_TABLES, Tables, deck)


class CBattle:
    """One battle in progress: the engine's ``Battle`` fields, mutable, plus the deck's tables, the options, and
    each hero's dice (``mine``, kept by ``regroup``)."""

    __slots__ = ("encounter", "heroes", "enemies", "dice", "phase", "round", "roller", "rolls", "assigning", "active",
                 "activations", "minion_done", "ai_draw", "ai_discard", "discard_order", "discard_sorted",
                 "expose_pool", "expose_up", "expose_out", "enrage", "enrage_extra", "next_group", "next_enemy",
                 "extra", "paused", "inventory", "ranks", "flips", "result", "deck", "t", "o", "by_uid",
                 "cumulations", "markers", "locked", "mine", "stolen")

    def alive(self) -> list[int]:
        return [i for i, h in enumerate(self.heroes) if h.hp + h.broken > 0]


def from_battle(b: Battle, deck: Deck, options: Options) -> CBattle:
    """The compact copy of an engine battle."""
    g = CBattle()
    g.deck, g.t, g.o = deck, tables_of(deck), options
    for f in ("encounter", "phase", "round", "roller", "rolls", "assigning", "active", "activations", "enrage",
              "enrage_extra", "next_group", "next_enemy", "extra", "paused", "inventory", "ranks", "flips", "result"):
        setattr(g, f, getattr(b, f))
    g.minion_done = list(b.minion_done)
    g.heroes = []
    for h in b.heroes:
        c = CHero()
        for f in CHero.__slots__:
            setattr(c, f, getattr(h, f))
        c.expose = list(h.expose)
        g.heroes.append(c)
    g.enemies = [c_enemy(e) for e in b.enemies]
    g.by_uid = {e.uid: e for e in g.enemies}
    g.dice = [CDie(d.owner, d.index, d.face, d.place, d.card) for d in b.dice]
    regroup(g)
    g.locked = sum(d.place == "locked" for d in b.dice)  # dice on dice-lock cards (kept by Assign and PickUpLocked)
    g.stolen = sum(d.place == "stolen" for d in b.dice)  # dice on enemies (kept by die steal and its return)
    g.ai_draw = {k: list(v) for k, v in b.ai_draw}
    g.ai_discard = {k: list(v) for k, v in b.ai_discard}
    g.discard_order = [k for k, _ in b.ai_discard]  # the setup's order until a card is discarded (then sorted)
    g.discard_sorted = g.discard_order == sorted(g.discard_order)
    g.expose_pool, g.expose_up, g.expose_out = list(b.expose_pool), list(b.expose_up), list(b.expose_out)
    # The battle cumulation markers among the battle's expose markers (ids never change in a battle).
    markers = g.expose_pool + g.expose_up + g.expose_out + [m for x in g.heroes + g.enemies for m in x.expose]
    g.cumulations = frozenset(m for m in markers if m.partition("#")[0] == "cumulation")
    g.markers = len(markers)
    return g


def regroup(g: CBattle) -> None:
    """Each hero's dice, in the battle's order (``g.mine``): to be called whenever a die is added, removed or
    changes hands."""
    mine: list[list[CDie]] = [[] for _ in g.heroes]
    for d in g.dice:
        mine[d.owner].append(d)
    g.mine = mine


def c_enemy(e: Enemy) -> CEnemy:
    """The mutable copy of an engine enemy."""
    c = CEnemy()
    (c.uid, c.name, c.deck, c.hp, c.max_hp, c.armour, c.armour_down, c.shields, c.command, c.boss, c.objective,
     c.group, c.activated) = (e.uid, e.name, e.deck, e.hp, e.max_hp, e.armour, e.armour_down, e.shields, e.command,
                              e.boss, e.objective, e.group, e.activated)
    c.expose = list(e.expose)
    return c


def to_battle(g: CBattle) -> Battle:
    """The engine battle a compact one stands for (equal to the engine's own for the same game)."""
    heroes = tuple(Hero(**{f: (tuple(h.expose) if f == "expose" else getattr(h, f)) for f in CHero.__slots__})
                   for h in g.heroes)
    enemies = tuple(Enemy(**{f: (tuple(e.expose) if f == "expose" else getattr(e, f)) for f in CEnemy.__slots__})
                    for e in g.enemies)
    dice = tuple(Die(d.owner, d.index, d.face, d.place, d.card) for d in g.dice)
    draw = tuple(sorted((k, tuple(v)) for k, v in g.ai_draw.items()))
    discard = tuple((k, tuple(g.ai_discard[k])) for k in g.discard_order)
    return Battle(g.encounter, heroes, enemies, dice, g.phase, g.round, g.roller, g.rolls, g.assigning, g.active,
                  g.activations, tuple(g.minion_done), draw, discard, tuple(g.expose_pool), tuple(g.expose_up),
                  tuple(g.expose_out), g.enrage, g.enrage_extra, g.next_group, g.next_enemy, g.extra, g.paused,
                  g.inventory, g.ranks, g.flips, g.result)


def clone(g: CBattle) -> CBattle:
    """An independent copy of a compact battle (what play changes in place is copied; values are shared), so a
    search can play many battles on from one table."""
    c = CBattle()
    for f in CBattle.__slots__:  # values (numbers, strings, tuples, the deck's tables); the mutable parts below
        setattr(c, f, getattr(g, f))
    c.flips = list(g.flips) if isinstance(g.flips, list) else g.flips  # (a cumulation takes its order off it)
    c.minion_done = list(g.minion_done)
    c.heroes = [_copy(h, CHero) for h in g.heroes]
    c.enemies = [_copy(e, CEnemy) for e in g.enemies]
    c.by_uid = {e.uid: e for e in c.enemies}
    c.dice = [CDie(d.owner, d.index, d.face, d.place, d.card) for d in g.dice]
    regroup(c)
    c.ai_draw = {k: list(v) for k, v in g.ai_draw.items()}
    c.ai_discard = {k: list(v) for k, v in g.ai_discard.items()}
    c.discard_order = list(g.discard_order)
    c.expose_pool, c.expose_up, c.expose_out = list(g.expose_pool), list(g.expose_up), list(g.expose_out)
    return c


def _copy(x, kind):
    c = kind()
    for f in kind.__slots__:
        setattr(c, f, getattr(x, f))
    c.expose = list(x.expose)
    return c
