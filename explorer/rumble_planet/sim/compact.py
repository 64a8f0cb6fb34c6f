"""A compact, mutable Rumble Planet game for batch simulation: the engine's state over plain lists and ints.

The engine keeps an immutable ``State`` and rebuilds it at every step; a game here keeps the same pieces in one
mutable ``Game`` (and ``Seat`` per player), in the same orders (sorted piles, tiles sorted by space, hands in the
order drawn), so that the same chance draws from the same generator give the same game. The rules on it live in
``compact_rules.py`` (health, the track, tiles, GPS, entering a space), ``compact_attack.py`` (the attack sequence),
``compact_loot.py`` (the Loot Phase, Feats, the end of a turn), ``compact_turn.py`` (the legal actions) and
``compact_play.py`` (what each action does); the bots in ``compact_bots.py``, the game loop in ``quick.py``, the
chance draws in ``compact_draws.py`` and sets of spaces as bits in ``compact_spaces.py``.
``to_state`` builds the engine's ``State`` from a game and ``from_state`` a game from it, which is how
``tests/rumble_planet/test_compact_replay.py`` holds the two to each other at every step. Card numbers, and what a
track makes of a Hero or the tiles make of the Green, are worked out once per content for every game (``Tables``).
"""
from __future__ import annotations

from bisect import insort

import numpy as np

from ...core.memo import kept
from ..board import SPACES, adjacent, ring
from ..cards import Content
from ..effects import AttackMods, Gain, Passive, Protection
from ..options import Options
from ..state import SLOTS, Gear, Player, State, Task, Turn
from ..tile_table import BLOCKING
from .compact_draws import Draws

# -- the cards' numbers, read once --------------------------------------------------------------


class Gearing:
    """One piece of equipment (or a Heroic Object level) as the rules read it: Damage/Defense, Range, effects."""

    __slots__ = ("kind", "damage", "range", "mods", "mp", "defense", "protects", "success", "failure", "obsolete",
                 "cards")

    def __init__(self, kind, damage, rng, effects, defense=0, protects=(), cards=()):
        self.kind, self.damage, self.defense, self.protects, self.cards = kind, damage, defense, frozenset(protects), cards
        passive = Passive()
        mods = AttackMods()
        success, failure = Protection(), Protection()
        for e in effects:  # "Equipment Effects": each trigger's effects, in the order their text shows
            k = e.kind
            if k == "passive":
                passive = e(passive)
            elif k == "on_attack":
                mods = e(mods)
            elif k == "on_successful_protection":
                success = e(success)
            elif k == "on_failed_protection":
                failure = e(failure)
        self.range = None if rng is None else rng + passive.range
        self.mp = passive.mp
        self.mods = mods
        self.success = (success.defense, success.soak, success.reflect, success.heal)
        self.failure = (failure.defense, failure.soak, failure.reflect, failure.heal)
        self.obsolete = tuple(e(Gain()) for e in effects if e.kind == "upon_obsolescence")


class Tables:
    """The content's cards as the compact game reads them (built once per content)."""

    def __init__(self, content: Content):
        self.content = content
        self.kind = {c.id: c.kind for c in content.weapons + content.armor}
        self.names = {h.id: h.name for h in content.heroes}
        self.heroic = {(h.id, i + 1): Gearing("weapon", lv.damage, lv.range, () if lv.effect is None else (lv.effect,))
                       for h in content.heroes for i, lv in enumerate(h.levels)}
        self.placement = {c.id: tuple(e(Gain()) for e in (c.effect1, c.effect2) if e is not None and e.kind == "on_placement")
                          for c in content.weapons + content.armor}
        self.loot = {c.id: tuple(r() for r in c.rewards) for c in content.loot}
        self.gps = {c.id: (c.back, dict(c.face)) for c in content.gps}
        self.feat_level = {c.id: c.level for c in content.feats}
        self.feat_condition = {c.id: c.condition for c in content.feats}
        self.feat_tests = None  # feat id -> (what its condition reads, the least meeting it, its claim): compact_loot
        self._gear: dict = {}
        self._moves: dict = {}
        self.arms: dict = {}  # (Hero, level, *track) -> what they make of the Hero (compact_rules.arms)
        self.greens: dict = {}  # (side, ring shape, fields on their own space, tiles) -> Game.retile's pieces
        self._sides: dict = {}
        # the Weapon and Armor shops, the Loot deck and the GPS deck as setup sorts them
        self.piles = tuple(tuple(sorted(c.id for c in cards))
                           for cards in (content.weapons, content.armor, content.loot, content.gps))

    def side(self, side: str) -> tuple:
        """A side of the board as setup reads it: (each space's altitude, the Teleporters' spaces, the Lootbox
        tokens' spaces sorted, the golden Lootbox's space); the altitudes are read, never changed."""
        found = self._sides.get(side)
        if found is None:
            board = self.content.board(side)
            found = self._sides[side] = ({s: board.altitude(s) for s in SPACES}, tuple(board.teleporters),
                                         tuple(sorted(board.lootboxes)), board.golden)
        return found

    def moves_on(self, side: str, steering: tuple) -> dict:
        """The moves out of each space (``Game.moves_out``, filled in as asked) on a side of the board with these
        Drone and Oil Slick tiles (what a move's MP cost reads), one table for every game that has them."""
        found = self._moves.get((side, steering))
        if found is None:
            if len(self._moves) > 4096:  # a bound on what is remembered over very many games
                self._moves.clear()
            found = self._moves[side, steering] = {}
        return found

    def gear(self, g: tuple) -> Gearing:
        """A piece on the track, ``(main, secondary, boosts)``: crafted +2, +1 a Boost token; the effects that
        show (both of the main card's, effect 2 of a secondary card: "Crafting")."""
        found = self._gear.get(g)
        if found is None:
            main, sec, boosts = g
            card = self.content.card(main)
            effects = [card.effect1, card.effect2] + ([self.content.card(sec).effect2] if sec is not None else [])
            effects = tuple(e for e in effects if e is not None)
            bonus = (2 if sec is not None else 0) + boosts
            cards = (main,) if sec is None else (main, sec)
            if card.kind == "weapon":
                found = Gearing("weapon", card.damage + bonus, card.range, effects, cards=cards)
            else:
                found = Gearing("armor", 0, None, effects, card.defense + bonus, card.protects, cards=cards)
            self._gear[g] = found
        return found


STEERING = ("drone", "oil_slick")  # the tiles a move's MP cost reads (Drone Tile, Oil Slick Tile)
_TABLES: dict = {}
EXPECTED: dict = {}  # attack die -> the targets as an attack sees them -> their mean Injuries (compact_attack)


def tables_of(content: Content) -> Tables:
    """The tables of a content, kept for the last few contents played (a lab run plays one deck for many games)."""
    return kept(_TABLES, Tables, content)


# -- the game ----------------------------------------------------------------------------------


class Seat:
    """One player's pieces (the engine's ``Player``), mutable; a track slot is None or ``(main, secondary, boosts)``."""

    __slots__ = ("hero", "name", "dogniss", "space", "hp", "pp", "credits", "boosts", "hand", "track", "level",
                 "feat_tokens", "lootboxes", "golden", "ko", "arms")

    def __init__(self, hero: str, name: str, hp: int, credits: int):
        self.hero, self.name, self.dogniss = hero, name, "Dogniss" in name
        self.space = None
        self.hp, self.pp, self.credits, self.boosts = hp, 0, credits, 0
        self.hand: list = []
        self.track: list = [None] * SLOTS
        self.level, self.feat_tokens, self.lootboxes = 1, 5, 0
        self.golden = self.ko = False
        self.arms = None  # what the track and the level make of the Hero (compact_rules.arms): None once they change


class Game:
    """One game in progress: the engine's ``State`` fields, the turn's fields inline (``t_*``), and the waiting
    decisions as ``(kind, seat, data)`` tuples, head first."""

    # Slots: a game is read field by field thousands of times, and an object of this many fields keeps no
    # shared-key dict (the interpreter's fast path for instance attributes).
    __slots__ = (
        "o", "content", "tab", "rng", "draws", "integers", "seats", "n", "board_alt", "tiles", "lootboxes", "golden",
        "shop", "discard", "loot_deck", "loot_discard", "gps_top", "gps_deck", "gps_discard", "feat_deck", "feats",
        "bank_credits", "bank_boosts", "stage", "active", "round", "pending", "first_to_goal", "winner", "result",
        "supply", "loot_seen", "goal_mask", "goal_near", "feat_offer", "aimed", "expected", "sorted_tiles", "walls",
        "wall_list", "alt", "hazards", "fields", "moves_from", "t_phase", "t_step", "t_movement", "t_attack", "t_mp",
        "t_fall_from", "t_fallen", "t_used", "t_injured", "t_knockouts", "t_picked", "t_best_hit", "t_criticals",
        "t_to_drop", "t_golden_drop", "t_feats")

    def __init__(self, options: Options, content: Content, rng: np.random.Generator):
        """Setup steps 1, 2, 4, 5 and 6 (the engine's ``setup.initial_state``)."""
        o = self.o = options
        self.content = content
        self.tab = tables_of(content)
        self.rng = rng
        self.draws = Draws(rng)  # every draw of the game from here on (compact_draws)
        self.integers = self.draws.integers
        ids = o.heroes or tuple(h.id for h in content.heroes[: o.players])
        self.seats = [Seat(h, self.tab.names[h], o.max_hp, o.start_credits) for h in ids]
        self.n = len(self.seats)
        self.board_alt, teleporters, lootboxes, self.golden = self.tab.side(o.side)
        self.tiles = dict.fromkeys(teleporters, "teleporter")
        self.lootboxes = list(lootboxes)
        weapons, armor, loot, gps = self.tab.piles
        self.shop = {"weapon": list(weapons), "armor": list(armor)}
        self.discard = {"weapon": [], "armor": []}
        self.loot_deck = list(loot)
        self.loot_discard: list = []
        self.gps_top = None
        self.gps_deck = list(gps)
        self.gps_discard: list = []
        self.feat_deck: list = []
        self.feats: list = []  # [feat id, [seats with a token on it]]
        self.bank_credits = o.bank_credits - o.start_credits * o.players
        self.bank_boosts = o.bank_boosts
        self.stage = "setup"
        self.active = 0
        self.round = 1
        self.pending: list = []
        self.first_to_goal = None
        self.winner = None
        self.result = None
        self.supply = dict(o.tile_supply)
        self.loot_seen = self.goal_mask = self.goal_near = None  # the greedy bot's goals (compact_bots)
        self.feat_offer = None  # the Feats on offer with their tests (compact_loot.claimable_feats)
        # (attack, its profile): the greedy bot's choice, for that attack's play next (quick.play_game plays a bot's
        # choice at once; compact_play.step clears it after any other action)
        self.aimed = None
        self.expected = EXPECTED.setdefault(o.attack_die, {})  # the greedy bot's weighing of attacks (compact_attack)
        self.retile()
        self.new_turn()

    def new_turn(self) -> None:
        """The engine's fresh ``Turn()``."""
        self.t_phase, self.t_step, self.t_movement, self.t_attack = "preparation", 0, "ready", "ready"
        self.t_mp = self.t_fall_from = self.t_fallen = 0
        self.t_used: list = []
        self.t_injured: list = []
        self.t_knockouts = self.t_picked = self.t_best_hit = self.t_criticals = self.t_to_drop = 0
        self.t_golden_drop = False
        self.t_feats: list = []

    # -- the Green ----------------------------------------------------------------------------
    def retile(self) -> None:
        """What the tiles make of the Green, worked out again after a tile comes, goes or moves (or found for the
        same tiles, side and options in an earlier game: ``Tables.greens``): the tiles in the engine's order
        (sorted by space), the blocking ones, each space's altitude ("Drone Tile"), the Injuries for entering it
        ("Turret Tile", "Squirrel Tile": (injuries, spares Agent Dogniss) in tile order), the Defensive Fields
        around it (ruling RP-28) and the moves out of it (their MP cost). None of these is changed in place."""
        o = self.o
        tiles = tuple(sorted(self.tiles.items()))
        key = (o.side, o.ring_shape, o.field_own_space, tiles)
        greens = self.tab.greens
        found = greens.get(key)
        if found is None:
            if len(greens) > 20_000:  # a bound on what is remembered over very many games
                greens.clear()
            found = greens[key] = self._green(tiles)
        self.sorted_tiles = tiles
        self.walls, self.wall_list, self.alt, self.hazards, self.fields, self.moves_from = found

    def _green(self, tiles: tuple) -> tuple:
        """``retile``'s pieces for these tiles (sorted by space)."""
        o = self.o
        alt = dict(self.board_alt)
        hazards: dict = {}
        fields: dict = {}
        for s, t in tiles:
            if t == "drone":
                alt[s] += 1
            elif t in ("turret", "squirrel"):
                for x in ring(s, 1, o.ring_shape):
                    hazards.setdefault(x, []).append((2, False) if t == "turret" else (3, True))
            elif t == "defensive_field":
                for x in ring(s, 1, o.ring_shape) + ((s,) if o.field_own_space else ()):
                    fields[x] = fields.get(x, 0) + 1
        return ({s for s, t in tiles if t in BLOCKING}, [s for s, t in tiles if t in BLOCKING], alt, hazards, fields,
                self.tab.moves_on(o.side, tuple(x for x in tiles if x[1] in STEERING)))

    def moves_out(self, here: str) -> list:
        """Movement Step: (space, MP) for each adjacent space: 1, +1 per level climbed, +1 to leave an Oil Slick."""
        got = self.moves_from.get(here)
        if got is None:
            alt = self.alt
            leave = 2 if self.tiles.get(here) == "oil_slick" else 1
            got = self.moves_from[here] = [(s, leave + max(0, alt[s] - alt[here])) for s in adjacent(here)]
        return got

    def set_tile(self, space: str, tile: str | None) -> None:
        """A tile placed, moved or destroyed ("There can never be more than one tile in the same space")."""
        if tile is None:
            del self.tiles[space]
        else:
            self.tiles[space] = tile
        self.retile()

    def altitude(self, space: str) -> int:
        """Altitude of a space: the board's level, +1 with a Drone tile ("Drone Tile")."""
        return self.alt[space]

    def blocked(self) -> set:
        """Blocked Space: Heroes and blocking tiles (turret, squirrel, energy wall)."""
        out = set(self.walls)
        for p in self.seats:
            if p.space is not None:
                out.add(p.space)
        return out

    def seat_at(self, space: str):
        for i, p in enumerate(self.seats):
            if p.space == space:
                return i
        return None

    def draw_pool(self, shop: str) -> list:
        """The cards a draw can give: the pile, or its discard pile reshuffled when it is empty ("Shortages")."""
        return self.shop[shop] or self.discard[shop]

    def gps_pool(self) -> list:
        """GPS Relocation: the next top card comes from the deck, or the discards when it is empty ("Shortages")."""
        return self.gps_deck or self.gps_discard

    def draw(self, pool):
        """A uniform draw from a pile (``CustomDie.sample``: its draw on the same generator)."""
        return pool[self.integers(len(pool))]

    def to_discard(self, card: str) -> None:
        """A Weapon or Armor card to its shop's discard pile (kept sorted, as the engine keeps it)."""
        insort(self.discard[self.tab.kind[card]], card)


def to_state(g: Game) -> State:
    """The engine's ``State`` for this game (for the replay tests: the two are compared after every step)."""
    players = tuple(Player(p.hero, p.space, p.hp, p.pp, p.credits, p.boosts, tuple(p.hand),
                           tuple(None if x is None else Gear(*x) for x in p.track), p.level, p.feat_tokens,
                           p.lootboxes, p.golden, p.ko) for p in g.seats)
    turn = Turn(g.t_phase, g.t_step, g.t_movement, g.t_attack, g.t_mp, g.t_fall_from, g.t_fallen, tuple(g.t_used),
                tuple(g.t_injured), g.t_knockouts, g.t_picked, g.t_best_hit, g.t_criticals, g.t_to_drop,
                g.t_golden_drop, tuple(g.t_feats))
    return State(g.o, g.content, g.stage, players, tuple(g.sorted_tiles), tuple(g.lootboxes), g.golden,
                 tuple(g.shop["weapon"]), tuple(g.discard["weapon"]), tuple(g.shop["armor"]), tuple(g.discard["armor"]),
                 tuple(g.loot_deck), tuple(g.loot_discard), g.gps_top, tuple(g.gps_deck), tuple(g.gps_discard), None,
                 tuple(g.feat_deck), tuple((f, tuple(toks)) for f, toks in g.feats), g.bank_credits, g.bank_boosts,
                 g.active, g.round, turn, tuple(Task(k, s, d) for k, s, d in g.pending), g.first_to_goal, g.winner,
                 g.result)


def from_state(state: State, rng: np.random.Generator) -> Game:
    """A compact game at the engine's position ``state`` (a full state, not a seat's view), drawing its chance from
    ``rng``: ``to_state(from_state(s, rng)) == s``. For trying every action at a position both ways."""
    g = Game(state.options, state.content, rng)
    for p, q in zip(g.seats, state.players):
        p.space, p.hp, p.pp, p.credits, p.boosts = q.space, q.hp, q.pp, q.credits, q.boosts
        p.hand = list(q.hand)
        p.track = [None if x is None else (x.main, x.secondary, x.boosts) for x in q.track]
        p.level, p.feat_tokens, p.lootboxes, p.golden, p.ko = q.level, q.feat_tokens, q.lootboxes, q.golden, q.knocked_out
        p.arms = None
    g.tiles = dict(state.tiles)
    g.retile()
    g.lootboxes, g.golden = list(state.lootboxes), state.golden
    g.shop = {"weapon": list(state.weapon_shop), "armor": list(state.armor_shop)}
    g.discard = {"weapon": list(state.weapon_discard), "armor": list(state.armor_discard)}
    g.loot_deck, g.loot_discard = list(state.loot_deck), list(state.loot_discard)
    g.gps_top, g.gps_deck, g.gps_discard = state.gps_top, list(state.gps_deck), list(state.gps_discard)
    g.feat_deck = list(state.feat_deck)
    g.feats = [[f, list(toks)] for f, toks in state.feats]
    g.bank_credits, g.bank_boosts = state.bank_credits, state.bank_boosts
    g.stage, g.active, g.round = state.stage, state.active, state.round
    g.pending = [(t.kind, t.seat, t.data) for t in state.pending]
    g.first_to_goal, g.winner, g.result = state.first_to_goal, state.winner, state.result
    t = state.turn
    g.t_phase, g.t_step, g.t_movement, g.t_attack = t.phase, t.step, t.movement, t.attack
    g.t_mp, g.t_fall_from, g.t_fallen = t.mp, t.fall_from, t.fallen
    g.t_used, g.t_injured, g.t_feats = list(t.used), list(t.injured), list(t.feats)
    g.t_knockouts, g.t_picked, g.t_best_hit, g.t_criticals = t.knockouts, t.picked, t.best_hit, t.criticals
    g.t_to_drop, g.t_golden_drop = t.to_drop, t.golden_drop
    return g
