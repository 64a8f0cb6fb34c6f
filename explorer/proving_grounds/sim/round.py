"""The three steps of a round (and Step 2B's wounds) for a whole batch of games.

Every decision is ``bots.GreedyPlayer``'s rule, vectorised: the same choice in the same
state. ``g`` holds the columns (games) a step works on; slots are 0-based rows (enemy #n is
row n - 1) and dice are rows 0-13 (W1-W8, B1-B2, G1-G2, Y1-Y2).
"""
from __future__ import annotations

import numpy as np

from .batch import (
    BOX,
    EX0,
    EX2,
    EX_OFF,
    POOL,
    RESERVE,
    STACK,
    STACK_DICE,
    STACK_ORDER,
    Batch,
)
from .tables import COUNT, DIE_COLOUR

FACES = np.arange(1, 7)[:, None]
DICE = np.arange(14)[:, None]
COLOURED = (DIE_COLOUR > 0)[:, None]
COLOUR_DICE = ((8, 9), (10, 11), (12, 13))  # blue, green, yellow: first and last die (pool order)
STACK_ROWS = [STACK_DICE[c] for c in STACK_ORDER]


def alive(b: Batch) -> np.ndarray:
    return np.flatnonzero(~b.over)


# -- Step 1: Roll Dice ------------------------------------------------------------------------

def roll(b: Batch) -> None:
    """Step 1: roll every die in the dice pool once (and the dragonling die, Module 1)."""
    g = alive(b)
    draw = b.integers(g, 1, 7, 14, "roll")
    b.face[:, g] = np.where(b.loc[:, g] == POOL, draw, 0)
    if b.o.dragonling:
        b.dragon[g] = b.t.DRAGON_FACE[b.integers(g, 0, 6, what="dragonling")]


def rolling(b: Batch, place) -> None:
    """Step 1, What Is a Set?: GreedyPlayer rerolls the largest set that scores nothing
    (ties: the higher number) until every set scores or the timer (PG-3) runs out.

    Args:
        place: Module 2's placement step (or None): it goes first at each decision.
    """
    g = alive(b)
    t = b.t
    budget = np.maximum(0, b.o.timer_rerolls + t.EXTRA_REROLLS[b.ms[g]] - b.timer_cut[g])
    base, marker = b.slot_base(g), b.marker[:, g]  # markers do not move while rolling
    while g.size:
        keys = b.keys(g)
        cnt = COUNT[keys]
        value = (t.lookup(base + keys) & 15) - marker
        placed = place(b, g, cnt, value) if place else np.zeros(len(g), bool)
        can = (b.rerolls[g] < budget) & ~placed
        score = np.where((cnt >= 2) & (value <= 0) & can, cnt * 8 + FACES, 0)
        go = score.max(axis=0) > 0
        r = g[go]
        if r.size:
            f = score[:, go].argmax(axis=0) + 1
            old = b.face[:, r]
            b.face[:, r] = np.where(old == f, b.integers(r, 1, 7, 14, "reroll"), old)
            b.rerolls[r] += 1
        keep = go | placed
        g, budget, base, marker = g[keep], budget[keep], base[:, keep], marker[:, keep]


# -- Step 2: Resolve Attacks --------------------------------------------------------------------

def attacks(b: Batch) -> None:
    """Step 2A: Move Battle Markers (from the tables), then Step 2B: Check for Defeat or Wounds."""
    b.attacks_pending = False
    g = alive(b)
    t = b.t
    keys = b.keys(g)
    if b.o.dragonling:  # the dragonling die joins as a white die (ruling PG-11)
        ds = b.dragon_slot[g]
        hit = np.flatnonzero(ds > 0)
        keys[ds[hit] - 1, hit] += 1
    present = b.present(g)
    saved = b.wing[:, g]
    vals = b.attack_values(g, keys, saved)
    safe = t.SAFE_SINGLES[b.ms[g]]
    if (safe > 0).any():  # "the first N singles each round": unsaved singles in slot order
        kind = vals >> 6 & 3
        open_ = ~b.shield[:, g] if b.o.shields else np.ones_like(saved)
        for n in range(6):
            use = (kind[n] == 1) & ~saved[n] & (safe > 0) & open_[n] & present[n]
            saved[n] |= use
            safe = safe - use
        vals = b.attack_values(g, keys, saved)
    after = (vals & 15).astype(np.int64)
    b.marker[:, g] = after
    b.shield[:, g] = (vals & 16).astype(bool)
    b.hits[:, g] = (vals & 32).astype(bool)
    b.sets[:, g] = (vals >> 6 & 3) == 2
    b.attacked[:, g] = (COUNT[keys] > 0) & present
    beaten = present & (after >= t.TOP[b.card[:, g]])
    n_beaten = beaten.sum(axis=0)
    if n_beaten.any():  # Defeating an Enemy: the card leaves the encounter board
        b.card[:, g] = np.where(beaten, t.NC, b.card[:, g])
        b.marker[:, g] = np.where(beaten, 0, after)
        b.shield[:, g] &= ~beaten
        b.defeated[g] += n_beaten
        b.reveal_due[g] += n_beaten
    wounded = present & ~beaten & (after == 0)
    for n in range(6):  # wounds in slot order (ruling PG-8)
        r = g[wounded[n]]
        r = r[~b.over[r]]
        if r.size:
            wound(b, r, np.full(len(r), n))


def exhaust_choice(b: Batch, g: np.ndarray, want: np.ndarray | None = None) -> np.ndarray:
    """Step 2B, Suffering Wounds ("Add one of your dice to the exhaustion track", PG-5, PG-20):
    GreedyPlayer's die (-1: none), a white die if any, else a coloured die; among those, the
    one whose number scores most now.

    The choices are one die per colour once the attacks have resolved, and one die per
    (colour, face) before (the die then leaves this round's attack); each choice is the last
    such die in pool order, and ties go to the choice listed first.

    Args:
        want: a colour asked for (``exhaust_die``): one of that colour if you have one, -1 any.
    """
    cand = b.loc[:, g] == POOL
    if want is not None:
        of = cand & (DIE_COLOUR[:, None] == want)
        cand = np.where(of.any(axis=0), of, cand)
    if b.attacks_pending:
        return _exhaust_by_face(b, g, cand)
    white = cand[:8]
    has_white = white.any(axis=0)
    die = np.where(has_white, 7 - np.argmax(white[::-1], axis=0), -1)
    col = np.flatnonzero(~has_white & cand.any(axis=0))
    if col.size:
        r, c = g[col], cand[:, col]
        value = b.face_values(r)
        k = np.arange(len(r))
        best, best_v = np.full(len(r), -1), np.full(len(r), -10**6)
        for first, last in COLOUR_DICE:
            rep = np.where(c[last], last, np.where(c[first], first, -1))
            f = b.face[np.maximum(rep, 0), r]
            f = np.where(f == 0, 1, f)  # a die not rolled this round counts as showing 1
            v = np.where(rep >= 0, value[f - 1, k], -10**6)
            better = v > best_v
            best, best_v = np.where(better, rep, best), np.where(better, v, best_v)
        die[col] = best
    return die


def _exhaust_by_face(b: Batch, g: np.ndarray, cand: np.ndarray) -> np.ndarray:
    """exhaust_choice before the attacks: choices are (colour, face) pairs."""
    face = b.face[:, g]
    value = np.take_along_axis(b.face_values(g), np.maximum(face, 1) - 1, axis=0)
    score = np.where(cand, COLOURED * 10**6 - value * 32 + DICE, 10**9)
    first = score.argmin(axis=0)
    k = np.arange(len(g))
    same = cand & (DIE_COLOUR[:, None] == DIE_COLOUR[first]) & (face == face[first, k])
    return np.where(cand.any(axis=0), 13 - np.argmax(same[::-1], axis=0), -1)


def wound(b: Batch, g: np.ndarray, slots: np.ndarray) -> None:
    """Step 2B, Suffering Wounds: exhaust a die, health down one (the last space loses at
    once), reset the enemy's battle marker; then Replacing Dice."""
    b.move(g, exhaust_choice(b, g), EX0)
    b.health[g] += 1
    lost = b.health[g] >= b.o.health_spaces - 1
    b.end(g[lost], won=False)
    g, slots = g[~lost], slots[~lost]
    b.marker[slots, g] = b.t.START[b.card[slots, g]]
    if not b.o.sun_and_moon:
        replace_dice(b, g)


def replace_dice(b: Batch, g: np.ndarray) -> None:
    """Replacing Dice: on the stack's space, GreedyPlayer takes the stack colour most needed
    (ties: stack order) for the last white die in the pool; none without a white die (PG-7)."""
    g = g[(b.loc[np.ix_(STACK_ROWS, g)] == STACK).any(axis=0) & (b.health[g] == b.stack_space[g])]
    if not g.size:
        return
    b.stack_space[g] += 1
    white = b.last_white(g)
    g, white = g[white >= 0], white[white >= 0]
    need = b.need(g)
    score = np.where(b.loc[np.ix_(STACK_ROWS, g)] == STACK, need[list(STACK_ORDER)] * 2 + 1, -1)
    pick = np.array(STACK_ROWS)[score.argmax(axis=0)]
    b.move(g, white, BOX)  # the replaced white die goes to the game box
    b.move(g, pick, POOL)


def marker_down(b: Batch, g: np.ndarray, slots: np.ndarray, spaces) -> None:
    """An effect moves a battle marker down; reaching the bottom space is a wound at once (PG-6)."""
    ok = b.card[slots, g] < b.t.NC
    g, slots = g[ok], slots[ok]
    spaces = np.broadcast_to(spaces, ok.shape)[ok]
    after = np.maximum(0, b.marker[slots, g] - spaces)
    b.marker[slots, g] = after
    hit = after == 0
    if hit.any():
        wound(b, g[hit], slots[hit])


# -- Step 3: Recover ------------------------------------------------------------------------------

def recover(b: Batch) -> None:
    """Step 3: Recover; retrieve the reserve; draw enemy cards (and chariots); check victory."""
    g = alive(b)
    t = b.t
    loc = b.loc[:, g]
    loc = np.where((loc >= EX0) & (loc <= EX2), loc + 1, loc)
    loc[(loc == EX_OFF) | (loc == RESERVE)] = POOL
    b.loc[:, g] = loc
    b.face[:, g] = 0
    for n in range(6):  # For each empty slot, draw the top card of the enemy deck (PG-19: none left)
        r = g[(b.card[n, g] == t.NC) & (b.dpos[g] < t.NC)]
        if r.size:
            c = b.deck[b.dpos[r], r]
            b.card[n, r], b.marker[n, r], b.shield[n, r] = c, t.START[c], False
            b.dpos[r] += 1
    if b.o.chariots:
        draw_chariots(b, g)
    b.rerolls[g] = b.timer_cut[g] = b.ce[g] = b.h1[g] = b.h2[g] = b.dragon_slot[g] = 0
    b.ms[g] = t.COMBO[b.insp[g], 0, 0, 0]
    b.dragon[g] = -1
    for a in (b.wing, b.hits, b.attacked, b.sets):
        a[:, g] = False
    b.last_sun[g] = b.sun[g]
    b.attacks_pending = True
    won = b.defeated[g] >= b.o.defeats_to_win
    b.end(g[won], won=True)
    b.round[g[~won]] += 1


def draw_chariots(b: Batch, g: np.ndarray) -> None:
    """Module 2: reveal a chariot card, and another if the exhaustion track is empty (PG-9: none left)."""
    n_cards = len(b.t.deck.chariots)
    empty = ~((b.loc[:, g] >= EX0) & (b.loc[:, g] <= EX2)).any(axis=0)
    for i in (0, 1):
        ok = b.chpos[g] < n_cards
        r = g[ok & empty] if i else g[ok]
        b.chin[i, r] = b.chdeck[b.chpos[r], r]
        b.chpos[r] += 1
