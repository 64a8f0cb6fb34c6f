"""A compact, mutable BarBEARian game for batch simulation: the engine's rules over plain lists.

The engine (``rules``, ``plan``, ``brawl``, ``harvest``, ``trials``) keeps an immutable state and a
task queue; this module keeps the same task queue (as a stack, head last) and the same pieces in
mutable per-game objects, and draws chance from the same generator in the same order, so that a
game played here equals the engine's game for the same seed. The decisions (what may be chosen and
what a choice does) and ``advance`` are in ``choices.py``. ``tests/barbearian/test_compact_replay.py``
replays games both ways, decision by decision, to keep the two from drifting apart.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from ..cards import Deck
from ..economy import split_tokens
from ..options import RESOURCES, Options
from ..state import BARRACKS
from .table import RES, table_of

ECONOMY = (("farm", 0), ("forge", 1), ("temple", 2))
GATHERS = dict(ECONOMY)  # a Village space's Resource
PASS = ("pass",)
READY = ("ready",)


class Seat:
    """One clan's pieces (the engine's ``Player``), mutable."""

    __slots__ = ("clan", "active", "unlocked", "locked", "glory", "reserve", "res", "spec", "upgrades", "perks", "bonus",
                 "trial", "req", "offer", "mercs", "faces", "placement", "ready", "raided", "repelled")

    def __init__(self, o: Options, clan: str, perks):
        self.clan = clan
        self.active = o.start_dice
        self.unlocked = {clan: o.start_glory} if o.start_glory else {}
        self.locked: dict[str, int] = {}
        self.glory = o.start_glory
        self.reserve = o.glory_per_clan - o.start_glory
        self.res = [o.start_resources] * 3
        self.spec = {s: 0 for s in o.specialist_spaces}
        self.upgrades: tuple[str, ...] = ()
        self.perks = perks
        self.bonus: list[list[int]] = [[], [], []]  # each Upgrade card's gather bonus, by resource
        self.trial: str | None = None
        self.req = None
        self.offer: list[str] = []
        self.mercs = 0
        self.faces: list[int] = []
        self.placement: list = []
        self.ready = False
        self.raided: set[int] = set()
        self.repelled = 0

    def unlocked_colours(self) -> list[str]:
        """The engine's ``Player.unlocked_colours``: colours with an unlocked token, in sorted order."""
        return sorted(c for c, k in self.unlocked.items() if k)

    def on(self, spaces) -> list[int]:
        return [f for f, s in zip(self.faces, self.placement) if s in spaces]


class Game:
    """One game in progress. ``tasks`` is the engine's queue reversed (the head is ``tasks[-1]``)."""

    def __init__(self, options: Options, deck: Deck, rng: np.random.Generator, requirements):
        o = self.o = options
        self.deck = deck
        self.rng = rng
        self.n = o.players
        self.clans = o.clans
        t = table_of(o, deck)
        self.bg, self.front, self.glory_of, self.price = t.bg, t.front, t.glory_of, t.price
        self.upgrade_cost, self.cost_of_card, self.upgrade_offers = t.upgrade_cost, t.cost_of_card, t.upgrade_offers
        self.specialist_offers, self.caps, self.within, self.cheapest = t.specialist_offers, t.caps, t.within, t.cheapest
        self.effect_of, self.bonus_of, self.boards, self.round_tasks = t.effect_of, t.bonus_of, t.boards, t.round_tasks
        self.seats = [Seat(o, c, t.perks) for c in o.clans]
        self.requirements = requirements  # card id -> (seat, game) -> bool
        self.tasks: list[tuple] = [("setup",)]
        self.round = 0
        self.first: int | None = None
        self.turn = list(range(self.n))
        self.board = [self.spaces(s) for s in range(self.n)]
        self.mercs_left = o.mercenary_dice
        self.supply = {s: o.specialist_supply for s in o.specialist_spaces}
        self.copies = {c.id: o.players for c in deck.upgrades}
        self.trial_deck = sorted(deck.trials_for(o.players))
        self.revealed = False
        self.on_show: dict[int, tuple[int, int]] = {}  # ``shown`` by seat, while revealed
        self.forces: dict[tuple[int, int], int] = {}
        self.boost = [0] * self.n
        self.clashed: set[tuple[int, int]] = set()
        self.winner: int | None = None
        self.result: str | None = None
        self.listed: tuple | None = None  # (task, its actions) just listed by ``skip_empty``

    # -- reading the table ------------------------------------------------------------------------
    def order(self) -> list[int]:
        """Turn order from the first player (kept in ``turn``; ``set_first`` changes it)."""
        return self.turn

    def set_first(self, first: int) -> None:
        self.first = first
        known = self.boards.get(first)
        if known is None:
            self.turn = [(first + i) % self.n for i in range(self.n)]
            known = self.boards[first] = (self.turn, [self.spaces(s) for s in range(self.n)])
        self.turn, self.board = known

    def distance(self, seat: int) -> int:
        return (seat - (self.first or 0)) % self.n

    def spaces(self, seat: int) -> list[str]:
        """``plan.spaces``: a Battleground space per opponent in turn order, then the Village spaces."""
        return [self.bg[t] for t in self.turn if t != seat] + ["barracks_1", "barracks_2", "farm", "forge", "temple"]

    def afford(self, seat: int, cost) -> bool:
        res = self.seats[seat].res
        for i, k in cost:
            if res[i] < k:
                return False
        return True

    def pay(self, seat: int, cost) -> None:
        res = self.seats[seat].res
        for i, k in cost:
            res[i] -= k

    def shown(self, seat: int) -> tuple[int, int]:
        """A revealed placement as the Trials read it: (dice on the Battleground, the most dice of one
        value on one space). Dice stay put from Reveal to Cleanup, so it is counted once a round."""
        got = self.on_show.get(seat)
        if got is None:
            p = self.seats[seat]
            front = 0
            groups: dict[tuple, int] = {}
            for x, f in zip(p.placement, p.faces):
                if x:
                    if x.startswith("battleground"):
                        front += 1
                    groups[x, f] = groups.get((x, f), 0) + 1
            got = self.on_show[seat] = (front, max(groups.values(), default=0))
        return got

    def barracks_strength(self, seat: int) -> int:
        p = self.seats[seat]
        return sum(p.on(BARRACKS)) + self.boost[seat] + p.perks.sentries + p.spec.get("barracks", 0)

    def push(self, *tasks: tuple) -> None:
        self.tasks.extend(reversed(tasks))

    # -- pieces ------------------------------------------------------------------------------------
    def gain(self, seat: int, i: int, amount: int) -> None:
        """``economy.gain``: from the common pool, cut short when its tokens run out."""
        if amount <= 0:
            return
        seats = self.seats
        total = 0
        for p in seats:
            total += p.res[i]
        got = amount
        o = self.o
        if total + amount > o.token_ones:
            values = [p.res[i] for p in seats]
            # ``economy.feasible`` in closed form: the 3-value tokens in use are every holder's
            # value // 3, or all of them when they run short, and 1s make up the rest.
            own = values[seat]
            others = sum(v // 3 for v in values) - own // 3
            while got > 0 and total + got - 3 * min(others + (own + got) // 3, o.token_threes) > o.token_ones:
                got -= 1
        seats[seat].res[i] += got

    def check_win(self, seat: int) -> None:
        if self.result is None and self.seats[seat].glory >= self.o.glory_to_win:
            self.winner, self.result, self.tasks = seat, "win", []

    def gain_reserve_glory(self, seat: int, count: int) -> None:
        p = self.seats[seat]
        got = min(count, p.reserve)
        if got:
            p.unlocked[p.clan] = p.unlocked.get(p.clan, 0) + got
            p.glory += got
            p.reserve -= got
        self.check_win(seat)

    def steal_glory(self, raider: int, defender: int, colour: str) -> None:
        d, a = self.seats[defender], self.seats[raider]
        d.unlocked[colour] -= 1
        d.glory -= 1
        a.unlocked[colour] = a.unlocked.get(colour, 0) + 1
        a.glory += 1
        self.check_win(raider)

    def resource_choices(self, giver: int, n: int) -> list[tuple[str, ...]]:
        """``brawl.resource_choices``: every way to hand over ``n`` Resource tokens (or ``n`` Resources of
        value one with ``loot_resources="value"``), fewer if fewer are held; one entry per unit of value."""
        res = self.seats[giver].res
        if self.o.loot_resources == "value":
            k = min(n, sum(res))
            held = [r for r in RESOURCES if res[RES[r]]]
            return [c for c in combinations_with_replacement(held, k) if all(c.count(r) <= res[RES[r]] for r in held)]
        tokens: dict[tuple[str, int], int] = {}  # ``brawl.held_tokens``, in (resource, value) order
        for i, r in enumerate(RESOURCES):
            (ones, threes), _ = self.tokens_of(giver, i)
            for value, k in ((1, ones), (3, threes)):
                if k:
                    tokens[r, value] = k
        kinds = list(tokens)
        k = min(n, sum(tokens.values()))
        return [tuple(r for r, value in c for _ in range(value)) for c in combinations_with_replacement(kinds, k)
                if all(c.count(t) <= tokens[t] for t in kinds)]

    def tokens_of(self, seat: int, i: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """``economy.tokens``: the seat's (ones, threes) of resource ``i`` and the common pool's."""
        held, pool = split_tokens([p.res[i] for p in self.seats], self.o.token_ones, self.o.token_threes)
        return held[seat], pool

    def hand_over(self, giver: int, taker: int, choice) -> None:
        g, t = self.seats[giver].res, self.seats[taker].res
        for r in choice:
            g[RES[r]] -= 1
            t[RES[r]] += 1

    def loot_size(self, raider: int) -> int:
        return 2 + self.seats[raider].perks.loot_bonus

    # -- the task machine ----------------------------------------------------------------------------
    def check_trials(self, only: int | None = None) -> None:
        """``trials.check_trials``: met Trials are revealed, scored, and two more drawn (``only``: the
        one seat whose Trial can have become met since the last check, which found none)."""
        if self.first is None:
            return
        seats = self.seats
        done = None
        for s in self.turn if only is None else (only,):
            req = seats[s].req
            if req is not None and req(self, s):
                done = (done or []) + [s]
        if done is None:
            return
        draws: list[tuple] = []
        for s in done:
            if self.result is not None:
                break
            card = seats[s].trial
            seats[s].trial = seats[s].req = None
            self.gain_reserve_glory(s, self.glory_of[card])
            draws += [("draw_trials", s), ("keep_trial", s)]
        if self.result is None:
            self.push(*draws)

    def keep(self, seat: int, card: str) -> None:
        """``plan.keep_trial``."""
        p = self.seats[seat]
        rest = list(p.offer)
        rest.remove(card)
        p.trial, p.req, p.offer = card, self.requirements[card], []
        if rest:
            self.trial_deck = sorted(self.trial_deck + rest)
        if self.tasks[-1][0] == "keep_trial" or not any(q.offer for q in self.seats):
            self.tasks.pop()


# -- automatic tasks ---------------------------------------------------------------------------------

def start_round(g: Game, task) -> None:
    g.tasks.pop()
    limit = g.o.round_limit
    if limit is not None and g.round >= limit:
        best = max(p.glory for p in g.seats)
        top = [s for s in range(g.n) if g.seats[s].glory == best]
        g.winner = top[0] if len(top) == 1 else None
        g.result, g.tasks = "limit", []
        return
    g.round += 1
    todo = g.round_tasks.get(g.first)
    if todo is None:
        order = g.order()
        todo = g.round_tasks[g.first] = list(reversed(
            [("mercenaries", s) for s in order] + [("roll",)] + [("fate", s) for s in order] + [("place",), ("reveal",)]
            + [("brawl", s) for s in order] + [("gather", s) for s in order] + [("build", s) for s in order]
            + [("cleanup",)]))
    g.tasks.extend(todo)


def reveal(g: Game, task) -> None:
    g.tasks.pop()
    n = g.n
    forces = {}
    g.revealed, g.boost, g.clashed, g.forces, g.on_show = True, [0] * n, set(), forces, {}
    front = g.front
    for seat, p in enumerate(g.seats):
        pips = [0] * n  # each opponent's Battleground: the pips there (every die shows at least 1)
        for f, s in zip(p.faces, p.placement):
            t = front.get(s)
            if t is not None:
                pips[t] += f
        bonus = p.perks.raid_bonus
        for t in range(n):
            if pips[t] and t != seat:
                forces[seat, t] = pips[t] + bonus


def nearer_first(g: Game, a: int, b: int) -> int:
    return a if g.distance(a) < g.distance(b) else b


def brawl_turn(g: Game, task) -> None:
    seat = task[1]
    g.tasks.pop()
    out: list[tuple] = []
    for k in range(1, g.n):
        t = (seat + k) % g.n
        if (seat, t) not in g.forces:
            continue
        if (t, seat) in g.forces and (min(seat, t), max(seat, t)) not in g.clashed:
            out += [("window", seat, t, "clash", nearer_first(g, seat, t), 0), ("clash", seat, t)]
        out.append(("raid", seat, t))
    g.push(*out)


def clash(g: Game, task) -> None:
    _, a, b = task
    g.tasks.pop()
    g.clashed.add((min(a, b), max(a, b)))
    f = g.forces
    if (a, b) not in f or (b, a) not in f:
        return
    fa, fb = f[a, b], f[b, a]
    if fa != fb:
        big, small, fbig, fsmall = (a, b, fa, fb) if fa > fb else (b, a, fb, fa)
        f[big, small] = fbig - fsmall
        del f[small, big]
    elif g.o.clash_tie == "both_fall":
        del f[a, b], f[b, a]
    else:
        f[a, b] = f[b, a] = 0


def raid(g: Game, task) -> None:
    _, a, t = task
    g.tasks.pop()
    if (a, t) in g.forces:
        g.push(("window", a, t, "raid", nearer_first(g, a, t), 0), ("break", a, t))


def break_through(g: Game, task) -> None:
    _, a, t = task
    g.tasks.pop()
    force = g.forces.pop((a, t))
    if force >= g.barracks_strength(t):
        g.seats[a].raided.add(t)
        g.push(("loot", a, t))
    else:
        g.seats[t].repelled += 1


def gather(g: Game, task) -> None:
    """``harvest.gather``: each space's dice and Specialists, then each Upgrade card's bonus, one gain each."""
    seat = task[1]
    g.tasks.pop()
    p = g.seats[seat]
    sixes = 0
    dice = [0, 0, 0]
    for f, s in zip(p.faces, p.placement):
        i = GATHERS.get(s)
        if i is not None:
            if i == 2 and f == 6:
                sixes += 1
            else:
                dice[i] += 1
    spec, bonus = p.spec, p.bonus
    for space, i in ECONOMY:
        amount = dice[i] + spec.get(space, 0)
        if amount:
            g.gain(seat, i, amount)
        for amount in bonus[i]:
            g.gain(seat, i, amount)
    if sixes:
        g.tasks.extend([("six", seat)] * sixes)


def cleanup(g: Game, task) -> None:
    g.tasks.pop()
    for p in g.seats:
        p.mercs, p.faces, p.placement, p.ready, p.raided, p.repelled = 0, [], [], False, set(), 0
    g.set_first((g.first + 1) % g.n)
    g.mercs_left, g.revealed, g.forces, g.boost, g.clashed = g.o.mercenary_dice, False, {}, [0] * g.n, set()
    g.push(("round",))


# Steps after which no Trial can have become met. Every Trial requirement asks for at least so much of
# something (``quick.REQUIREMENTS``); these steps gain no Resource, Glory, Specialist, Upgrade or die,
# reveal nothing and win or lose no raid; some pay a price, which only lowers what a seat holds
# (placements and faces count only once revealed, ruling BB-17).
QUIET_TASKS = frozenset({"round", "brawl", "raid", "clash", "cleanup"})
# Choices that change only the chooser's pieces (and the common supply, which no requirement reads).
OWN_ACTIONS = frozenset({"specialist", "upgrade", "reinforce", "offering"})
QUIET_ACTIONS = frozenset({"place", "takeback", "ready", "pass", "hire", "fate", "empower", "steal_resources", "walk"})

AUTO = {"round": start_round, "reveal": reveal, "brawl": brawl_turn, "clash": clash, "raid": raid,
        "break": break_through, "gather": gather, "cleanup": cleanup}


# -- chance ------------------------------------------------------------------------------------------

def chance(g: Game, task) -> None:
    """The table acts: the same draws from the same generator as ``rules.chance(...).sample``."""
    name, rng = task[0], g.rng
    g.tasks.pop()
    if name == "roll":
        # One draw for every seat's dice: PCG64 hands out 32-bit halves from a buffer kept in its
        # state, so one call of n + m dice draws what calls of n and then m dice draw.
        seats = g.seats
        faces = rng.integers(1, 7, size=sum(p.active + p.mercs for p in seats)).tolist()
        at = 0
        for p in seats:
            k = p.active + p.mercs
            p.faces = faces[at:at + k]
            p.placement = [None] * k
            p.ready = False
            at += k
    elif name == "setup":
        g.set_first(int(rng.integers(0, g.n)))
        order = [g.trial_deck[i] for i in rng.permutation(len(g.trial_deck))]
        g.trial_deck = sorted(order[2 * g.n:])
        for s, p in enumerate(g.seats):
            p.offer = order[2 * s: 2 * s + 2]
        g.push(("keep_trials",), ("round",))
    elif name == "draw_trials":
        order = [g.trial_deck[i] for i in rng.permutation(len(g.trial_deck))]
        g.trial_deck = sorted(order[2:])
        g.seats[task[1]].offer = order[:2]
    else:
        raise ValueError(f"no chance in task {task!r}")


CHANCE = {"setup", "roll", "draw_trials"}
