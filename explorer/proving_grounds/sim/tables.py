"""Lookup tables for the batch simulator, read from the cards and the plain engine's own rule functions.

The batch simulator never re-implements Step 2A: every battle-marker movement it uses is a
cached answer of ``attacks.resolve_attack`` for one (round modifiers, enemy card, battle
marker, shield, saved single, dice showing the enemy's number). Answers are computed on
first use, so a table costs only what the simulated games actually meet.

Dice keys: the dice showing one number are packed in 10 bits, white count in bits 0-3 and
blue, green and yellow counts in two bits each (4-5, 6-7, 8-9). The 14 attack dice of
"Components" have fixed indices: W1-W8 are 0-7, B1-B2 8-9, G1-G2 10-11, Y1-Y2 12-13.
"""
from __future__ import annotations

from dataclasses import fields, replace
from functools import cache

import numpy as np

from ...core.errors import ContentError
from ..attacks import resolve_attack
from ..cards import Deck
from ..effects import EFFECTS, EffectRef, Modifiers
from ..options import COLOURS, ICONS, Options
from ..setup import check_deck, usable_inspirations
from ..state import State

DICE = tuple(f"W{i}" for i in range(1, 9)) + ("B1", "B2", "G1", "G2", "Y1", "Y2")
DIE_COLOUR = np.array([0] * 8 + [1, 1, 2, 2, 3, 3], dtype=np.int64)
COLOUR_SHIFT = (0, 4, 6, 8)  # white, blue, green, yellow inside one number's 10 bits
KEY_BITS = 10
KEYS = 1 << KEY_BITS

# Modifiers fields that resolve_attack reads; round modifiers equal on these share one table.
RESOLUTION_FIELDS = ("weights", "single_extra_down", "unattacked_down", "max_climb", "colour_blind", "shield_bash")
# Every Modifiers field the simulator knows how to play; a new field means a new rule to cover.
KNOWN_FIELDS = RESOLUTION_FIELDS + (
    "safe_singles", "wing_singles", "dragonling_any", "chariot_pair_single", "reserve_skip",
    "activation_ignore", "moon_mercy", "sun_on_set", "extra_rerolls",
)
IMMEDIATE = {"slot_down": 1, "exhaust_die": 2, "choose_enemy_down": 3, "shorter_timer": 4}
DRAGON_FACES = ("talon", "tail", "teeth", "wing", "chaos")


def key_of(white: int, blue: int = 0, green: int = 0, yellow: int = 0) -> int:
    """The 10-bit key of the dice showing one number."""
    return white | blue << 4 | green << 6 | yellow << 8


def colours_of(key: int) -> list[str]:
    """The dice colours a key stands for (the dragonling die counts as white, ruling PG-11)."""
    counts = (key & 15, key >> 4 & 3, key >> 6 & 3, key >> 8 & 3)
    return [c for c, n in zip(COLOURS, counts) for _ in range(n)]


def _face_lut() -> np.ndarray:
    """LUT[die * 7 + face]: the die's contribution to a packed roll (face 0: not rolled)."""
    lut = np.zeros((14, 7), dtype=np.int64)
    for i in range(14):
        for f in range(1, 7):
            lut[i, f] = 1 << (KEY_BITS * (f - 1) + COLOUR_SHIFT[DIE_COLOUR[i]])
    return lut.ravel()


FACE_LUT = _face_lut()
DIE_OFFSET = 7 * np.arange(14, dtype=np.int64)
FACE_SHIFT = KEY_BITS * np.arange(6, dtype=np.int64)
COUNT = np.array([(k & 15) + (k >> 4 & 3) + (k >> 6 & 3) + (k >> 8 & 3) for k in range(KEYS)], dtype=np.int64)

# a resolved attack packed in an int16: after-marker (bits 0-3), shield (4), hit (5), kind (6-7), known (8)
KIND_CODE = {"none": 0, "single": 1, "set": 2}
KNOWN = 1 << 8


def encode(att) -> int:
    """Pack an ``attacks.Attack`` (see above)."""
    return att.after | att.shield << 4 | att.hit << 5 | KIND_CODE[att.kind] << 6 | KNOWN


@cache
def _resolve(enemy, marker: int, shielded: bool, key: int, mods: Modifiers, shields: bool, saved: bool) -> int:
    """Step 2A for one enemy (``attacks.resolve_attack``), packed."""
    return encode(resolve_attack(enemy, marker, shielded, colours_of(key), mods, shields=shields, saved=saved))


def fold(effects) -> Modifiers:
    """Round modifiers, as ``tabletop.round_mods`` builds them: inspiration first, then round effects in order."""
    mods = Modifiers()
    for e in effects:
        if e is not None:
            mods = e.modify(mods)
    return mods


def check_supported(options: Options, deck: Deck) -> None:
    """Raise NotImplementedError for a card effect, Modifiers field or reading the simulator cannot play.

    ``climb="choose"`` is played as the simulated player's choice to climb as far as the dice allow
    (what ``GreedyPlayer`` chooses); the other readings of rulings PG-6 and PG-12 are not simulated.
    """
    for name, simulated in (("early_wounds", "at_once"), ("sun_die_return", "anywhere")):
        if getattr(options, name) != simulated:
            raise NotImplementedError(f"batch simulation plays only {name}={simulated!r} (ruling "
                                      f"{'PG-6' if name == 'early_wounds' else 'PG-12'}), not {getattr(options, name)!r}")
    unknown = sorted({f.name for f in fields(Modifiers)} - set(KNOWN_FIELDS))
    if unknown:
        raise NotImplementedError(f"batch simulation does not cover the modifier field {unknown[0]!r}")
    groups = [("enemy abilities", [a for e in deck.enemies for a in e.abilities])]
    if options.chariots:
        groups.append(("Module 2: Chariots", [c.effect for c in deck.chariots]))
    if options.inspiration:
        groups.append(("Module 3: Inspiration", [c.effect for c in deck.inspirations]))
    if options.conspirators:
        groups.append(("Module 5: Conspirators", [c.effect for c in deck.conspirators]))
    for where, effects in groups:
        for e in effects:
            if e.name not in EFFECTS or (e.kind == "immediate" and e.name not in IMMEDIATE):
                raise NotImplementedError(f"batch simulation does not cover the effect {e.name!r} ({where})")
    if max(e.top for e in deck.enemies) > 15:
        raise NotImplementedError("batch simulation covers battle tracks of at most 15 spaces")


class Tables:
    """Everything the batch simulator looks up for one deck and one set of options.

    Round modifiers are numbered ("modsets"): ``COMBO[inspiration, conspirator effect,
    first chariot effect, second chariot effect]`` is the modset of that round (index 0:
    none), folded in the engine's order (``tabletop.round_mods``).
    """

    def __init__(self, options: Options, deck: Deck):
        problem = check_deck(State(options=options, deck=deck))
        if problem:  # as the engine's Game.initial_state
            raise ContentError(deck.source, "file", "-", problem)
        check_supported(options, deck)
        self.options, self.deck = options, deck
        self._enemy_tables(deck)
        self._modsets(options, deck)
        self._module_cards(options, deck)
        shape = (self.n_res, self.NC + 1, self.NM, 2, 2, KEYS)
        self.res = np.zeros(int(np.prod(shape)), dtype=np.int16)  # zero pages: filled on first use
        self.res_shape = shape
        empty = self.res.reshape(shape)[:, self.NC]
        empty[...] = KNOWN  # an empty slot: nothing moves (marker kept at 0)
        self._emods: dict[tuple[int, int], Modifiers] = {}

    # -- cards --------------------------------------------------------------------------------

    def _enemy_tables(self, deck: Deck) -> None:
        """Enemy Card Anatomy as arrays; index NC is an empty slot."""
        enemies = deck.enemies
        self.enemies = enemies
        self.NC = len(enemies)
        self.NM = max(e.top for e in enemies)
        n = self.NC + 1
        self.START = np.zeros(n, np.int8)
        self.TOP = np.full(n, 99, np.int8)
        self.ICON = np.zeros(n, np.int8)  # 0 none, 1 talon, 2 tail, 3 teeth
        self.NEED_COLOURS = np.zeros((n, self.NM + 1, 4), np.int8)  # GreedyPlayer's needed_colours
        self.SUN_NEED = np.zeros((n, self.NM + 1), np.int8)  # need of the next space (GreedyPlayer._sun_score)
        for i, e in enumerate(enemies):
            self.START[i], self.TOP[i] = e.start, e.top
            self.ICON[i] = ICONS.index(e.icon) + 1 if e.icon else 0
            for m in range(self.NM + 1):
                space = e.track[min(m, e.top - 1)]
                self.SUN_NEED[i, m] = space.need
                if m < e.top:
                    for c in space.colours:
                        self.NEED_COLOURS[i, m, COLOURS.index(c)] += 1

    def _modsets(self, options: Options, deck: Deck) -> None:
        """Every round's possible modifiers: the inspiration power (Module 3 Setup: only cards of
        modules in play), an active conspirator (Module 5) and up to two activated chariots
        (Module 2: one or two are revealed each round and all resolve)."""
        state = State(options=options, deck=deck)
        self.inspirations = tuple(usable_inspirations(state)) if options.inspiration else ()
        self.consp_effects = _distinct_modifiers(deck.conspirators) if options.conspirators else ()
        self.chariot_effects = _distinct_modifiers(deck.chariots) if options.chariots else ()
        ins = (None,) + tuple(c.effect for c in self.inspirations)
        cons = (None,) + self.consp_effects
        chs = (None,) + self.chariot_effects
        ids: dict[Modifiers, int] = {}
        combo = np.zeros((len(ins), len(cons), len(chs), len(chs)), np.int32)
        for a, ia in enumerate(ins):
            for b, cb in enumerate(cons):
                for c, hc in enumerate(chs):
                    for d, hd in enumerate(chs):
                        combo[a, b, c, d] = ids.setdefault(fold((ia, cb, hc, hd)), len(ids))
        self.COMBO = combo
        self.modsets = list(ids)
        res_ids: dict[tuple, int] = {}
        self.RES_OF = np.array([res_ids.setdefault(_projection(m), len(res_ids)) for m in self.modsets], np.int64)
        self.res_mods = [None] * len(res_ids)
        for m, r in zip(self.modsets, self.RES_OF):
            if self.res_mods[r] is None:
                self.res_mods[r] = m
        self.n_res = len(res_ids)

        def col(f, dtype=np.int64):
            return np.array([f(m) for m in self.modsets], dtype)

        self.EXTRA_REROLLS = col(lambda m: m.extra_rerolls)
        self.SAFE_SINGLES = col(lambda m: m.safe_singles)
        self.WING_SINGLES = col(lambda m: m.wing_singles)
        self.DRAGON_ANY = col(lambda m: sum(1 << i for i, f in enumerate(ICONS) if f in m.dragonling_any))
        self.IGNORE = col(lambda m: sum(1 << f for f in m.activation_ignore))
        self.MOON_MERCY = col(lambda m: m.moon_mercy, bool)
        self.SUN_ON_SET = col(lambda m: m.sun_on_set, bool)
        self.PAIR_SINGLE = col(lambda m: m.chariot_pair_single, bool)
        self.RESERVE_SKIP = col(lambda m: m.reserve_skip, bool)

    def _module_cards(self, options: Options, deck: Deck) -> None:
        """Chariot and conspirator cards as (kind, parameters) arrays; kind 0 is a modifier."""
        self.CH = _card_arrays(deck.chariots, self.chariot_effects) if options.chariots else None
        self.CH_FACE = np.array([c.face or 0 for c in deck.chariots], np.int64)
        self.CP = _card_arrays(deck.conspirators, self.consp_effects) if options.conspirators else None
        self.CP_NUMBER = np.array([c.number for c in deck.conspirators], np.int64)
        faces = options.dragonling_faces
        self.DRAGON_FACE = np.array([DRAGON_FACES.index(f) for f in faces], np.int8)

    # -- Step 2A, tabulated ------------------------------------------------------------------

    def index(self, res, card, marker, shield, saved, key):
        """Flat table index (all arguments broadcast; arrays of ints)."""
        _, nc, nm, _, _, _ = self.res_shape
        return ((((res * nc + card) * nm + marker) * 2 + shield) * 2 + saved) * KEYS + key

    def lookup(self, flat: np.ndarray) -> np.ndarray:
        """Packed Step 2A outcomes for flat indices, computing the ones not seen before."""
        vals = self.res[flat]
        missing = vals == 0
        if missing.any():
            self._fill(np.unique(flat[missing]))
            vals = self.res[flat]
        return vals

    def _fill(self, flat: np.ndarray) -> None:
        _, nc, nm, _, _, _ = self.res_shape
        shields = self.options.shields
        out = np.empty(len(flat), np.int16)
        for j, i in enumerate(flat.tolist()):
            key, rest = i & (KEYS - 1), i >> KEY_BITS
            saved, shield, rest = rest & 1, rest >> 1 & 1, rest >> 2
            marker, rest = rest % nm, rest // nm
            card, res = rest % nc, rest // nc
            out[j] = _resolve(self.enemies[card], marker, bool(shield), key, self.enemy_mods(res, card), shields, bool(saved))
        self.res[flat] = out

    def enemy_mods(self, res: int, card: int) -> Modifiers:
        """Round modifiers plus the enemy's own abilities, as ``tabletop.enemy_mods`` builds them."""
        m = self._emods.get((res, card))
        if m is None:
            m = self.res_mods[res]
            for ability in self.enemies[card].abilities:
                m = ability.modify(m)
            self._emods[(res, card)] = m
        return m


def _projection(m: Modifiers) -> tuple:
    return tuple(getattr(m, f) for f in RESOLUTION_FIELDS)


def _distinct_modifiers(cards) -> tuple[EffectRef, ...]:
    return tuple(dict.fromkeys(c.effect for c in cards if c.effect.kind == "modifier"))


def _card_arrays(cards, modifier_effects) -> dict[str, np.ndarray]:
    """Per card: KIND (0 modifier or an IMMEDIATE code), EFFECT (1-based modifier index),
    SLOT, SPACES, COLOUR (-1 any), REROLLS."""
    out = {k: np.zeros(len(cards), np.int64) for k in ("KIND", "EFFECT", "SLOT", "SPACES", "COLOUR", "REROLLS")}
    for i, c in enumerate(cards):
        e, p = c.effect, dict(c.effect.params)
        if e.kind == "modifier":
            out["EFFECT"][i] = modifier_effects.index(e) + 1
            continue
        out["KIND"][i] = IMMEDIATE[e.name]
        out["SLOT"][i] = p.get("slot", 0)
        out["SPACES"][i] = p.get("spaces", 0)
        colour = p.get("colour")
        out["COLOUR"][i] = COLOURS.index(colour) if colour else -1
        out["REROLLS"][i] = p.get("rerolls", 0)
    return out


_CACHE: dict[tuple[Options, Deck], Tables] = {}


def tables_for(options: Options, deck: Deck) -> Tables:
    """The (per-process) tables of one deck and options; reused across simulations."""
    key = (replace(options, timer_rerolls=None), deck)
    t = _CACHE.get(key)
    if t is None:
        if len(_CACHE) >= 16:
            _CACHE.pop(next(iter(_CACHE)))
        t = _CACHE[key] = Tables(options, deck)
    return t
