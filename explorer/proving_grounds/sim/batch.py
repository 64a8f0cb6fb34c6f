"""The state of many Proving Grounds games at once, as numpy arrays with one column per game.

Arrays are (items, games): (14, n) for the attack dice, (6, n) for the enemy slots, (n,) for
one value per game, so that elementwise work runs along the long game axis.

Each attack die has a location (dice pool, exhaustion track space, stack, box, dial,
reserve, chariot) and a face (0 unless rolled and in the dice pool), so "the last white die
in the dice pool" means the same die as in the engine. Randomness comes from one generator
per block of games; columns stay sorted by block, so a block's draws never depend on which
other blocks share the batch (results do not depend on chunking).
"""
from __future__ import annotations

import numpy as np

from .tables import DIE_COLOUR, DIE_OFFSET, FACE_LUT, FACE_SHIFT, KEYS, Tables

POOL, EX0, EX1, EX2, EX_OFF, STACK, BOX, DIAL, RESERVE, CH0 = range(10)  # die locations; CH0 + i: chariot i
W_LAST = 7  # W1-W8 are dice 0-7
STACK_DICE = {2: 11, 3: 13, 1: 9}  # G2, Y2, B2: the stack of Game Setup, in its order
STACK_ORDER = (2, 3, 1)
# pick score: lowest colour first (W, B, G, Y), then the last die of that colour (pool order)
FIRST_KIND_LAST_DIE = ((3 - DIE_COLOUR) * 16 + np.arange(14))[:, None]
DIE_OFFSET_COL = DIE_OFFSET[:, None]
FACE_SHIFT_COL = FACE_SHIFT[:, None]

GAME_ARRAYS = (
    "blk", "gid", "loc", "face", "card", "marker", "shield", "deck", "dpos", "defeated", "health", "stack_space",
    "round", "insp", "ms", "ce", "h1", "h2", "rerolls", "timer_cut", "over", "won",
    "sun", "last_sun", "lent", "dial_seq", "cdeck", "crev", "reveal_due",
    "chdeck", "chpos", "chin", "placed", "dragon", "dragon_slot", "wing", "hits", "attacked", "sets",
)


class Batch:
    """Games played in lockstep, round by round; finished games are dropped now and then."""

    def __init__(self, tables: Tables, block_sizes: list[int], seeds: list[np.random.SeedSequence], trace: list | None = None):
        t, o = tables, tables.options
        self.t, self.o = t, o
        self.gens = [np.random.Generator(np.random.PCG64(s)) for s in seeds]
        self.nb = len(block_sizes)
        n = int(sum(block_sizes))
        self.blk = np.repeat(np.arange(self.nb), block_sizes)
        self.all = np.arange(n)
        self.gid = np.arange(n)  # game number in this batch
        self.trace = trace
        z = lambda *items, dt=np.int64: np.zeros(items + (n,), dt)
        # Game Setup: five white dice and one green, yellow and blue in the pool; W6-W8 exhausted
        self.loc = np.full((14, n), STACK, np.int8)
        self.loc[[0, 1, 2, 3, 4, 8, 10, 12]] = POOL
        self.loc[5], self.loc[6], self.loc[7] = EX0, EX1, EX2
        self.dial_seq = z(14)
        if o.sun_and_moon:  # Module 6: the coloured dice go on the dial instead of the health track
            self.loc[[11, 13, 9]] = DIAL
            self.dial_seq[[11, 13, 9]] = np.array([0, 1, 2])[:, None]
        self.dial_next = 3
        self.face = z(14)
        self.deck = self.shuffle(t.NC, "enemies")
        self.card = self.deck[:6].copy()
        self.marker = t.START[self.card].astype(np.int64)
        self.shield = z(6, dt=bool)
        self.dpos = np.full(n, 6)
        self.defeated, self.health, self.round = z(), z(), np.ones(n, np.int64)
        self.stack_space = np.full(n, o.stack_space)
        self.insp = self.integers(self.all, 0, len(t.inspirations), what="inspiration") + 1 if o.inspiration else z()
        self.ce, self.h1, self.h2 = z(), z(), z()
        self.ms = t.COMBO[self.insp, 0, 0, 0].astype(np.int64)
        self.rerolls, self.timer_cut = z(), z()
        self.over, self.won = z(dt=bool), z(dt=bool)
        self.sun, self.last_sun, self.lent = z(), z(), np.full(n, -1)
        self.cdeck = self.shuffle(len(t.deck.conspirators), "conspirators") if o.conspirators else z(1)
        self.crev = np.ones(n, np.int64) if o.conspirators else z()  # Module 5 Setup reveals one
        self.reveal_due = z()
        self.chdeck = self.shuffle(len(t.deck.chariots), "chariots") if o.chariots else z(1)
        self.chin = np.full((2, n), -1)
        self.chpos = z()
        if o.chariots:  # Module 2 Setup: reveal the top chariot card
            self.chin[0] = self.chdeck[0]
            self.chpos[:] = 1
        self.placed = z(2, dt=bool)
        self.dragon, self.dragon_slot = np.full(n, -1), z()
        self.wing, self.hits, self.attacked, self.sets = z(6, dt=bool), z(6, dt=bool), z(6, dt=bool), z(6, dt=bool)
        self.results: list[np.ndarray] = []
        self.attacks_pending = True  # this round's attacks are still to resolve

    # -- randomness (one generator per block) ---------------------------------------------

    def _split(self, cols: np.ndarray) -> list[tuple[int, int]]:
        if self.nb == 1:
            return [(0, len(cols))]
        counts = np.bincount(self.blk[cols], minlength=self.nb)
        return [(b, int(c)) for b, c in enumerate(counts) if c]

    def integers(self, cols, low, high, per_game=None, what=""):
        """Uniform int8 integers in [low, high): (n,) or (per_game, n), from each game's block."""
        shape = (lambda c: (c,)) if per_game is None else (lambda c: (per_game, c))
        parts = [self.gens[b].integers(low, high, size=shape(c), dtype=np.int8) for b, c in self._split(cols)]
        if not parts:
            return np.zeros(shape(0), np.int8)
        return self._traced(what, cols, parts[0] if len(parts) == 1 else np.concatenate(parts, axis=-1))

    def shuffle(self, n_cards: int, what=""):
        """Game Setup: an independently shuffled deck (card indices, top first) for every game."""
        parts = [self.gens[b].permuted(np.tile(np.arange(n_cards), (c, 1)), axis=1) for b, c in self._split(self.all)]
        return self._traced(what, self.all, np.ascontiguousarray(np.concatenate(parts).T))

    def _traced(self, what: str, cols, out):
        """Record what the first game drew (``trace``: a list, or None), to replay it in the engine."""
        if self.trace is not None:
            hit = np.flatnonzero(self.gid[cols] == 0)
            if hit.size:
                self.trace.append((what, out[..., hit[0]].tolist()))
        return out

    # -- dice ---------------------------------------------------------------------------

    def keys(self, cols: np.ndarray) -> np.ndarray:
        """(6, cols): the key of the dice showing each number (rolled dice in the dice pool)."""
        pack = FACE_LUT[self.face[:, cols] + DIE_OFFSET_COL].sum(axis=0)
        return (pack >> FACE_SHIFT_COL) & (KEYS - 1)

    def slot_base(self, cols: np.ndarray, saved=0) -> np.ndarray:
        """(6, cols) table index of enemies #1-#6 as they stand (add a dice key to look up)."""
        t = self.t
        return t.index(t.RES_OF[self.ms[cols]], self.card[:, cols], self.marker[:, cols], self.shield[:, cols], saved, 0)

    def attack_values(self, cols: np.ndarray, keys: np.ndarray, saved=0) -> np.ndarray:
        """(6, cols) packed Step 2A outcomes of these dice against enemies #1-#6 as they stand."""
        return self.t.lookup(self.slot_base(cols, saved) + keys)

    def face_values(self, cols: np.ndarray, keys: np.ndarray | None = None) -> np.ndarray:
        """GreedyPlayer.face_value for every number: net battle-track steps of the dice showing it."""
        keys = self.keys(cols) if keys is None else keys
        return (self.attack_values(cols, keys) & 15) - self.marker[:, cols]

    def present(self, cols: np.ndarray) -> np.ndarray:
        return self.card[:, cols] < self.t.NC

    def need(self, cols: np.ndarray) -> np.ndarray:
        """GreedyPlayer.needed_colours: colours in the next requirement of the enemies in play, (4, cols)."""
        return self.t.NEED_COLOURS[self.card[:, cols], self.marker[:, cols]].sum(axis=0).T

    def move(self, cols: np.ndarray, dice: np.ndarray, where: int) -> None:
        """Move one die per game (-1: none) to a location; a die leaving the roll shows no face."""
        ok = dice >= 0
        c, d = cols[ok], dice[ok]
        self.loc[d, c] = where
        self.face[d, c] = 0

    def last_white(self, cols: np.ndarray) -> np.ndarray:
        """The last white die in the dice pool (pool order), or -1."""
        w = self.loc[:8, cols] == POOL
        return np.where(w.any(axis=0), W_LAST - np.argmax(w[::-1], axis=0), -1)

    # -- bookkeeping -----------------------------------------------------------------------

    def finish(self, force: bool = False) -> None:
        """Record finished games (game, won, round, wounds, defeated) and drop them from the
        arrays; done when a quarter of the games are finished (or ``force``), as copying costs."""
        done = self.over
        n_done = int(done.sum())
        if not n_done or (not force and n_done * 4 < len(done)):
            return
        self.results.append(np.stack([self.gid[done], self.won[done], self.round[done], self.health[done], self.defeated[done]], 1))
        keep = ~done
        for name in GAME_ARRAYS:
            setattr(self, name, getattr(self, name)[..., keep])
        self.all = np.arange(len(self.blk))

    def end(self, cols: np.ndarray, won: bool) -> None:
        self.over[cols] = True
        self.won[cols] = won
