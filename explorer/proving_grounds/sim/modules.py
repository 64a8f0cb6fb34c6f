"""The modules' own steps for a whole batch of games: Modules 1, 2, 5 and 6.

(Module 3, Inspiration, and Module 4, Shields, only change the tables: see ``tables``.)
Every decision is ``bots.GreedyPlayer``'s rule, vectorised; layout as in ``round``.
"""
from __future__ import annotations

import numpy as np

from .batch import CH0, DIAL, EX0, FIRST_KIND_LAST_DIE, POOL, RESERVE, Batch
from .round import COLOURED, alive, exhaust_choice, marker_down
from .tables import COUNT, DIE_COLOUR

MODIFIER, SLOT_DOWN, EXHAUST, CHOOSE_ENEMY, SHORTER_TIMER = range(5)
WING, CHAOS = 3, 4  # dragonling results (tables.DRAGON_FACES)


# -- effects of chariots and conspirators -------------------------------------------------------

def fire(b: Batch, g: np.ndarray, cards: np.ndarray, arrays: dict) -> np.ndarray:
    """Module 2 / Module 5: a chariot or conspirator activates; immediate effects happen now
    (``effects.py``: PG-6 for markers, PG-20 for exhausted dice). Returns which games' effect
    is a modifier instead (it joins this round's modifiers)."""
    kind = arrays["KIND"][cards]
    for k in (SLOT_DOWN, EXHAUST, CHOOSE_ENEMY, SHORTER_TIMER):
        sel = kind == k
        if not sel.any():
            continue
        r, c = g[sel], cards[sel]
        keep = ~b.over[r]
        r, c = r[keep], c[keep]
        if k == SLOT_DOWN:
            marker_down(b, r, arrays["SLOT"][c] - 1, arrays["SPACES"][c])
        elif k == EXHAUST:
            b.move(r, exhaust_choice(b, r, arrays["COLOUR"][c]), EX0)
        elif k == CHOOSE_ENEMY:  # GreedyPlayer: the enemy whose marker is highest (the safest to hurt)
            present = b.present(r)
            slot = np.where(present, b.marker[:, r], -1).argmax(axis=0)
            ok = present.any(axis=0)
            marker_down(b, r[ok], slot[ok], arrays["SPACES"][c[ok]])
        else:
            b.timer_cut[r] += arrays["REROLLS"][c]
    return kind == MODIFIER


def _set_modset(b: Batch, g: np.ndarray) -> None:
    b.ms[g] = b.t.COMBO[b.insp[g], b.ce[g], b.h1[g], b.h2[g]]


# -- Module 5: Conspirators ---------------------------------------------------------------------

def reveal_conspirators(b: Batch) -> None:
    """Module 5: reveal one conspirator for each enemy defeated last round."""
    g = alive(b)
    b.crev[g] = np.minimum(b.cdeck.shape[0], b.crev[g] + b.reveal_due[g])
    b.reveal_due[g] = 0


def activate_conspirator(b: Batch) -> None:
    """Module 5: roll one attack die; the revealed conspirator with that number is active."""
    g = alive(b)
    t = b.t
    face = b.integers(g, 1, 7, what="activation")
    quiet = (t.IGNORE[b.ms[g]] >> face & 1).astype(bool)
    active = np.full(len(g), -1)
    for j in range(b.cdeck.shape[0]):
        c = b.cdeck[j, g]
        active = np.where((j < b.crev[g]) & (t.CP_NUMBER[c] == face) & ~quiet, c, active)
    sel = active >= 0
    g, cards = g[sel], active[sel]
    mod = fire(b, g, cards, t.CP)
    r = g[mod]
    b.ce[r] = t.CP["EFFECT"][cards[mod]]
    _set_modset(b, r)


# -- Module 6: Sun and Moon ---------------------------------------------------------------------

def rotate_dial(b: Batch) -> None:
    """Module 6: GreedyPlayer faces the enemy whose next space needs fewest dice, never the
    same slot two rounds in a row (ties: the lowest slot)."""
    g = alive(b)
    t = b.t
    score = np.where(b.present(g), -t.SUN_NEED[b.card[:, g], b.marker[:, g]].astype(np.int64), -99)
    last = b.last_sun[g]
    had = np.flatnonzero(last > 0)
    score[last[had] - 1, had] = -10**6
    b.sun[g] = score.argmax(axis=0) + 1


def sun_and_moon(b: Batch) -> None:
    """Module 6: return last round's sun die to the dial (PG-12), then the moon effect
    (PG-14, a wound at once) and the sun effect (GreedyPlayer takes the most needed colour)."""
    g = alive(b)
    t = b.t
    lent = b.lent[g]
    back = lent >= 0
    if back.any():
        r, d = g[back], lent[back]
        b.move(r, d, DIAL)
        b.dial_seq[d, r] = b.dial_next + np.arange(len(r))
        b.dial_next += len(r)
        b.lent[r] = -1
    k = np.arange(len(g))
    sun = b.sun[g] - 1
    moon = (sun + 3) % 6
    ms = b.ms[g]
    gain = b.hits[sun, g] | (t.SUN_ON_SET[ms] & b.sets[sun, g])
    spared = b.hits[moon, g] | (t.MOON_MERCY[ms] & b.attacked[moon, g])
    down = ~spared & b.present(g)[moon, k]
    marker_down(b, g[down], moon[down], 1)
    r = g[gain]
    r = r[~b.over[r]]
    on_dial = b.loc[:, r] == DIAL
    has = on_dial.any(axis=0)
    r, on_dial = r[has], on_dial[:, has]
    if r.size:
        need = b.need(r)
        score = np.where(on_dial, need[DIE_COLOUR] * 10**6 - b.dial_seq[:, r], -10**9)
        die = score.argmax(axis=0)
        b.move(r, die, POOL)
        b.lent[r] = die


# -- Module 2: Chariots -------------------------------------------------------------------------

def place_on_chariots(b: Batch, g: np.ndarray, cnt: np.ndarray, value: np.ndarray) -> np.ndarray:
    """Module 2, while rolling: GreedyPlayer stops a chariot when the dice it takes would score
    nothing (every die of that number, or a number that scores nothing); first chariot first."""
    t = b.t
    placed = np.zeros(len(g), bool)
    pair_single = t.PAIR_SINGLE[b.ms[g]]
    k = np.arange(len(g))
    for i in (0, 1):
        card = b.chin[i, g]
        open_ = (card >= 0) & ~b.placed[i, g] & ~placed
        if not open_.any():
            continue
        need = t.CH_FACE[np.maximum(card, 0)]
        fi = np.maximum(need, 1) - 1
        c_f, v_f = cnt[fi, k], value[fi, k]
        by_face = open_ & (need > 0) & (c_f >= 1) & ((c_f == 1) | (v_f <= 0))
        ok = ((cnt >= 2) & ((cnt == 2) | (value <= 0))) | (pair_single & (cnt == 1))
        by_pair = open_ & (need == 0) & ok.any(axis=0)
        go = by_face | by_pair
        if not go.any():
            continue
        sel = np.flatnonzero(go)
        r = g[sel]
        f = np.where(by_face[sel], need[sel], ok[:, sel].argmax(axis=0) + 1)
        shows = b.face[:, r] == f
        first = shows.argmax(axis=0)
        shows_after = shows.copy()
        shows_after[first, np.arange(len(r))] = False
        two = by_pair[sel] & (cnt[f - 1, sel] >= 2)
        one_die = np.where(by_face[sel], np.where(shows, FIRST_KIND_LAST_DIE, -1).argmax(axis=0), first)
        b.move(r, one_die, CH0 + i)
        b.move(r, np.where(two, shows_after.argmax(axis=0), -1), CH0 + i)
        b.placed[i, r] = True
        placed[sel] = True
    return placed


def resolve_chariots(b: Batch) -> None:
    """Module 2: in the order drawn, a stopped chariot sends its dice to the reserve; any other
    chariot activates (modifiers join this round's effects)."""
    t = b.t
    for i in (0, 1):
        g = alive(b)
        g = g[b.chin[i, g] >= 0]
        cards = b.chin[i, g]
        stopped = b.placed[i, g]
        r = g[stopped]
        if r.size:
            back = np.where(t.RESERVE_SKIP[b.ms[r]], POOL, RESERVE)
            loc = b.loc[:, r]
            b.loc[:, r] = np.where(loc == CH0 + i, back, loc)
        r, c = g[~stopped], cards[~stopped]
        mod = fire(b, r, c, t.CH)
        r, e = r[mod], t.CH["EFFECT"][c[mod]]
        first = b.h1[r] == 0
        b.h1[r[first]] = e[first]
        b.h2[r[~first]] = e[~first]
        _set_modset(b, r)
        b.chin[i, g] = -1
        b.placed[i, g] = False


# -- Module 1: The Dragonling ----------------------------------------------------------------------

def dragonling(b: Batch) -> None:
    """Module 1, after the timer: chaos rerolls the coloured dice; talon, tail or teeth join
    the attack where GreedyPlayer gains most (not if every gain is negative); wing saves the
    first singles in slot order."""
    g = alive(b)
    t = b.t
    face = b.dragon[g]
    r = g[face == CHAOS]
    if r.size:
        old = b.face[:, r]
        b.face[:, r] = np.where(COLOURED & (old > 0), b.integers(r, 1, 7, 14, "chaos"), old)
    r, f = g[face < WING], face[face < WING]
    if r.size:
        keys = b.keys(r)
        icon = (t.ICON[b.card[:, r]] == f + 1) | (t.DRAGON_ANY[b.ms[r]] >> f & 1).astype(bool)
        target = b.present(r) & (COUNT[keys] > 0) & icon
        gain = np.where(target, b.face_values(r, keys + 1) - b.face_values(r, keys), -10**6)
        ok = gain.max(axis=0) >= 0
        b.dragon_slot[r[ok]] = gain[:, ok].argmax(axis=0) + 1
    r = g[face == WING]
    if r.size:
        target = b.present(r) & (COUNT[b.keys(r)] == 1)
        b.wing[:, r] = target & (np.cumsum(target, axis=0) <= t.WING_SINGLES[b.ms[r]])
