"""A compact, mutable BarBEARian game for batch simulation: the engine's rules over plain lists.

The engine (``rules``, ``plan``, ``brawl``, ``harvest``, ``trials``) keeps an immutable state and a
task queue; this module keeps the same task queue (as a stack, head last) and the same pieces in
mutable per-game objects, and draws chance from the same generator in the same order, so that a
game played here equals the engine's game for the same seed. ``tests/barbearian/test_compact_replay.py``
replays games both ways, decision by decision, to keep the two from drifting apart.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from ..cards import Deck
from ..economy import feasible
from ..options import RESOURCES, Options
from ..state import BARRACKS

RES = {r: i for i, r in enumerate(RESOURCES)}
ECONOMY = (("farm", 0), ("forge", 1), ("temple", 2))
PASS = ("pass",)
READY = ("ready",)


def cost_of(cost) -> tuple[tuple[int, int], ...]:
    return tuple((RES[r], n) for r, n in cost)


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
        self.bonus = [perks.bonus(r) for r in RESOURCES]
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
        self.bg = [f"battleground:{c}" for c in o.clans]
        self.seats = [Seat(o, c, deck.perks(())) for c in o.clans]
        self.requirements = requirements  # card id -> (seat, game) -> bool
        self.glory_of = {c.id: c.glory for c in deck.trials}
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
        self.forces: dict[tuple[int, int], int] = {}
        self.boost = [0] * self.n
        self.clashed: set[tuple[int, int]] = set()
        self.winner: int | None = None
        self.result: str | None = None
        self.listed: tuple | None = None  # (task, its actions) just listed by ``skip_empty``
        self.round_tasks: dict[int, list[tuple]] = {}  # a round's tasks (reversed) by first player
        self.price = {k: cost_of(o.price(k)) for k in
                      ("mercenary", "change_fate", "empower", "specialist", "reinforcements", "grand_offering")}
        self.upgrade_cost = [(c.id, cost_of(c.cost)) for c in deck.upgrades]
        self.cost_of_card = dict(self.upgrade_cost)
        self.cheapest = min(sum(k for _, k in cost) for cost in  # the least Resource value any purchase needs
                            [self.price["specialist"], self.price["reinforcements"], self.price["grand_offering"]]
                            + [cost for _, cost in self.upgrade_cost])

    # -- reading the table ------------------------------------------------------------------------
    def order(self) -> list[int]:
        """Turn order from the first player (kept in ``turn``; ``set_first`` changes it)."""
        return self.turn

    def set_first(self, first: int) -> None:
        self.first = first
        self.turn = [(first + i) % self.n for i in range(self.n)]
        self.board = [self.spaces(s) for s in range(self.n)]

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
        values = [p.res[i] for p in self.seats]
        o = self.o
        got = amount
        if sum(values) + amount > o.token_ones:
            while got > 0:
                trial = list(values)
                trial[seat] += got
                if feasible(trial, o.token_ones, o.token_threes):
                    break
                got -= 1
        self.seats[seat].res[i] += got

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
        """``brawl.resource_choices``: every way to hand over ``n`` Resources (fewer if fewer held)."""
        res = self.seats[giver].res
        k = min(n, sum(res))
        held = [r for r in RESOURCES if res[RES[r]]]
        return [c for c in combinations_with_replacement(held, k) if all(c.count(r) <= res[RES[r]] for r in held)]

    def hand_over(self, giver: int, taker: int, choice) -> None:
        g, t = self.seats[giver].res, self.seats[taker].res
        for r in choice:
            g[RES[r]] -= 1
            t[RES[r]] += 1

    def loot_size(self, raider: int) -> int:
        return 2 + self.seats[raider].perks.loot_bonus

    # -- the task machine ----------------------------------------------------------------------------
    def advance(self, checked: bool = False) -> None:
        """``rules.advance``: automatic tasks, Trial checks and choiceless decisions.

        The engine checks the Trials before every step; a check is left out here only when the
        last check found nothing and what happened since cannot meet a Trial (``checked``: the
        caller's step was one of ``QUIET_ACTIONS``; the automatic tasks in ``QUIET_TASKS``).
        """
        tasks = self.tasks
        while tasks and self.result is None:
            if not checked:
                self.check_trials()
                if self.result is not None:
                    break
            task = tasks[-1]
            auto = AUTO.get(task[0])
            if auto is not None:
                auto(self, task)
                checked = task[0] in QUIET_TASKS
                continue
            if not skip_empty(self, task):
                break
            checked = False

    def check_trials(self) -> None:
        """``trials.check_trials``: met Trials are revealed, scored, and two more drawn."""
        if self.first is None:
            return
        seats = self.seats
        done = None
        for s in self.turn:
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
    g.revealed, g.boost, g.clashed, g.forces = True, [0] * g.n, set(), {}
    for seat, p in enumerate(g.seats):
        bonus = p.perks.raid_bonus
        for t in range(g.n):
            if t != seat:
                dice = p.on((g.bg[t],))
                if dice:
                    g.forces[seat, t] = sum(dice) + bonus


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
    seat = task[1]
    g.tasks.pop()
    p = g.seats[seat]
    sixes = 0
    dice = {"farm": 0, "forge": 0, "temple": 0}
    for f, s in zip(p.faces, p.placement):
        if s in dice:
            if s == "temple" and f == 6:
                sixes += 1
            else:
                dice[s] += 1
    for space, i in ECONOMY:
        g.gain(seat, i, dice[space] + p.spec.get(space, 0) + p.bonus[i])
    g.push(*[("six", seat)] * sixes)


def cleanup(g: Game, task) -> None:
    g.tasks.pop()
    for p in g.seats:
        p.mercs, p.faces, p.placement, p.ready, p.raided, p.repelled = 0, [], [], False, set(), 0
    g.set_first((g.first + 1) % g.n)
    g.mercs_left, g.revealed, g.forces, g.boost, g.clashed = g.o.mercenary_dice, False, {}, [0] * g.n, set()
    g.push(("round",))


# Steps after which no Trial can have become met: they move no Resource, Glory, Specialist, Upgrade or
# die, reveal nothing and win or lose no raid (placements count only once revealed, ruling BB-17).
QUIET_TASKS = frozenset({"round", "brawl", "raid", "clash", "cleanup"})
QUIET_ACTIONS = frozenset({"place", "takeback", "ready", "pass"})

AUTO = {"round": start_round, "reveal": reveal, "brawl": brawl_turn, "clash": clash, "raid": raid,
        "break": break_through, "gather": gather, "cleanup": cleanup}


# -- decisions: what may be chosen (in the engine's order) and what a choice does --------------------

def representatives(faces, dice) -> list[int]:
    seen: dict[int, int] = {}
    for d in dice:
        seen.setdefault(faces[d], d)
    return list(seen.values())


def space_ok(p: Seat, face: int, space: str, free) -> bool:
    """``plan._space_problem`` is None."""
    return space_allows(p.faces, p.placement, face, space, free)


def space_allows(faces, placement, face: int, space: str, free) -> bool:
    """``space_ok`` on a seat's faces and a placement of them."""
    if space == "farm" and face > 3 or space == "forge" and face < 4:
        return False
    there = [f for f, s in zip(faces, placement) if s == space]
    if not there:
        return True
    if not (space.startswith("battleground:") or space in BARRACKS):
        free = frozenset()
    return len({f for f in there if f not in free} | ({face} - free)) <= 1


def legal_places(p: Seat, board: list[str], free) -> list[tuple]:
    """Every ``("place", die, space)`` allowed now, in ``plan.place_actions``' order (``space_ok`` for all)."""
    values: dict[str, set[int]] = {}  # the faces already on each space that are not free agents there
    for f, s in zip(p.faces, p.placement):
        if s is not None:
            group = values.setdefault(s, set())
            if not (free and f in free and (s.startswith("battleground:") or s in BARRACKS)):
                group.add(f)
    seen: set[int] = set()
    out = []
    for d, f in enumerate(p.faces):
        if p.placement[d] is not None or f in seen:
            continue
        seen.add(f)
        for s in board:
            if s == "farm" and f > 3 or s == "forge" and f < 4:
                continue
            group = values.get(s)
            if group is None:
                out.append(("place", d, s))
                continue
            own = set() if free and f in free and (s.startswith("battleground:") or s in BARRACKS) else {f}
            if len(group | own) <= 1:
                out.append(("place", d, s))
    return out


def place_actions(g: Game, seat: int) -> list[tuple]:
    p = g.seats[seat]
    board = g.board[seat]
    free = p.perks.free_agents
    unplaced = [d for d in range(len(p.faces)) if p.placement[d] is None]
    acts = legal_places(p, board, free)
    placed: dict[tuple[int, str], int] = {}
    for d, s in enumerate(p.placement):
        if s is not None:
            placed.setdefault((p.faces[d], s), d)
    acts += [("takeback", d) for d in placed.values()]
    if not unplaced:
        acts.append(READY)
    return acts


def empowerable(g: Game, seat: int, task) -> list[str]:
    _, a, b, kind, _, _ = task
    other = b if seat == a else a
    if kind == "clash" or seat == a:
        return [g.bg[other]]
    return ["barracks"] if g.seats[seat].on(BARRACKS) else []


def loot_actions(g: Game, a: int, d: int) -> list[tuple]:
    defender = g.seats[d]
    glory = [("steal_glory", c) for c in defender.unlocked_colours()]
    if g.seats[a].perks.pillaging:
        return glory
    return glory + ([("steal_resources",)] if sum(defender.res) else [("walk",)] if glory else [])


def build_actions(g: Game, seat: int) -> list[tuple]:
    p = g.seats[seat]
    if sum(p.res) < g.cheapest:  # nothing on sale is affordable
        return [PASS]
    acts: list[tuple] = []
    if g.afford(seat, g.price["specialist"]):
        acts += [("specialist", s) for s in g.o.specialist_spaces if g.supply[s] > 0]
    res, copies = p.res, g.copies
    for cid, cost in g.upgrade_cost:
        if cid in p.upgrades or copies[cid] <= 0:
            continue
        for i, k in cost:
            if res[i] < k:
                break
        else:
            acts.append(("upgrade", cid))
    if p.active < g.o.clan_dice and g.afford(seat, g.price["reinforcements"]):
        acts.append(("reinforce",))
    if p.reserve > 0 and g.afford(seat, g.price["grand_offering"]):
        acts.append(("offering",))
    return acts + [PASS]


def actions(g: Game, task, seat: int) -> list[tuple]:
    """``rules.legal_actions(state, seat)`` as tuples, in the same order."""
    name = task[0]
    if name in ("keep_trials", "keep_trial"):
        return [("keep", c) for c in g.seats[seat].offer]
    if name == "mercenaries":
        return ([("hire",)] if g.mercs_left > 0 and g.afford(seat, g.price["mercenary"]) else []) + [PASS]
    if name == "fate":
        p = g.seats[seat]
        acts = []
        if g.afford(seat, g.price["change_fate"]):
            for d in representatives(p.faces, range(len(p.faces))):
                acts += [("fate", d, f) for f in range(1, 7) if f != p.faces[d]]
        return acts + [PASS]
    if name == "place":
        return place_actions(g, seat)
    if name == "window":
        acts = [("empower", s) for s in empowerable(g, seat, task)] if g.afford(seat, g.price["empower"]) else []
        return acts + [PASS]
    if name == "loot":
        return loot_actions(g, task[1], task[2])
    if name in ("give", "pillage"):
        giver = task[1] if name == "give" else task[2]
        return [("resources", c) for c in g.resource_choices(giver, task[3])]
    if name == "six":
        return [("six", c) for c in g.seats[seat].unlocked_colours()] + [("six", None)]
    if name == "build":
        listed, g.listed = g.listed, None
        return listed[1] if listed is not None and listed[0] is task else build_actions(g, seat)
    raise ValueError(f"no decision in task {task!r}")


def acting_seat(g: Game, task) -> int:
    name = task[0]
    if name == "keep_trials":
        return next(s for s in g.order() if g.seats[s].offer)
    if name == "place":
        return next(s for s in g.order() if not g.seats[s].ready)
    if name == "window":
        return task[4]
    return task[1]


def play(g: Game, task, seat: int, act: tuple) -> None:
    """The engine's handler for ``act`` in ``task`` (``rules.HANDLERS``)."""
    name, kind = task[0], act[0]
    tasks = g.tasks
    p = g.seats[seat]
    if kind == "place":
        p.placement[act[1]] = act[2]
    elif kind == "ready":
        p.ready = True
        if all(q.ready for q in g.seats):
            tasks.pop()
    elif kind == "takeback":
        p.placement[act[1]] = None
    elif kind == "pass":
        if name == "window":
            pass_window(g, task)
        else:
            tasks.pop()
    elif kind == "keep":
        g.keep(seat, act[1])
    elif kind == "hire":
        g.pay(seat, g.price["mercenary"])
        p.mercs += 1
        g.mercs_left -= 1
    elif kind == "fate":
        g.pay(seat, g.price["change_fate"])
        p.faces[act[1]] = act[2]
    elif kind == "empower":
        _, a, b, wkind, turn, _ = task
        g.pay(seat, g.price["empower"])
        if act[1] == "barracks":
            g.boost[seat] += 1
        else:
            other = b if seat == a else a
            g.forces[seat, other] += 1
        tasks[-1] = ("window", a, b, wkind, b if turn == a else a, 0)
    elif kind == "steal_glory":
        _, a, d = task
        tasks.pop()
        g.steal_glory(a, d, act[1])
        if g.result is None and g.seats[a].perks.pillaging and sum(g.seats[d].res) > 0:
            g.push(("pillage", a, d, g.loot_size(a)))
    elif kind == "steal_resources":
        _, a, d = task
        tasks.pop()
        g.push(("give", d, a, g.loot_size(a)))
    elif kind == "walk":
        tasks.pop()
    elif kind == "resources":
        giver, taker = (task[1], task[2]) if name == "give" else (task[2], task[1])
        tasks.pop()
        g.hand_over(giver, taker, act[1])
    elif kind == "six":
        tasks.pop()
        if act[1] is None:
            g.gain(seat, 2, 2)
        else:
            p.unlocked[act[1]] -= 1
            p.locked[act[1]] = p.locked.get(act[1], 0) + 1
    elif kind == "specialist":
        g.pay(seat, g.price["specialist"])
        p.spec[act[1]] += 1
        g.supply[act[1]] -= 1
    elif kind == "upgrade":
        g.pay(seat, g.cost_of_card[act[1]])
        p.upgrades += (act[1],)
        p.perks = g.deck.perks(p.upgrades)
        p.bonus = [p.perks.bonus(r) for r in RESOURCES]
        g.copies[act[1]] -= 1
    elif kind == "reinforce":
        g.pay(seat, g.price["reinforcements"])
        p.active += 1
    elif kind == "offering":
        g.pay(seat, g.price["grand_offering"])
        g.gain_reserve_glory(seat, 1)
    else:
        raise ValueError(f"unknown action {act!r}")


def pass_window(g: Game, task) -> None:
    _, a, b, kind, turn, passes = task
    if passes + 1 >= 2:
        g.tasks.pop()
    else:
        g.tasks[-1] = ("window", a, b, kind, b if turn == a else a, passes + 1)


def skip_empty(g: Game, task) -> bool:
    """``rules._skip_empty_decision``: True when the head task passed by itself."""
    name = task[0]
    if name in ("mercenaries", "fate", "build", "window"):
        seat = task[4] if name == "window" else task[1]
        if name == "mercenaries":
            empty = not (g.mercs_left > 0 and g.afford(seat, g.price["mercenary"]))
        elif name == "fate":
            empty = not g.afford(seat, g.price["change_fate"])
        elif name == "window":
            empty = not (g.afford(seat, g.price["empower"]) and empowerable(g, seat, task))
        else:
            acts = build_actions(g, seat)
            g.listed = (task, acts)  # the decision about to be asked for lists these
            empty = acts == [PASS]
        if not empty:
            return False
        if name == "window":
            pass_window(g, task)
        else:
            g.tasks.pop()
        return True
    if name == "six":
        if g.seats[task[1]].unlocked_colours():
            return False
        play(g, task, task[1], ("six", None))
        return True
    if name == "loot":
        _, a, d = task
        acts = loot_actions(g, a, d)
        if not acts:
            g.tasks.pop()
            if g.seats[a].perks.pillaging and sum(g.seats[d].res) > 0:
                g.push(("pillage", a, d, g.loot_size(a)))
            return True
        if acts == [("steal_resources",)]:
            play(g, task, a, acts[0])
            return True
        return False
    if name in ("give", "pillage"):
        acts = actions(g, task, task[1])
        if len(acts) == 1:
            play(g, task, task[1], acts[0])
            return True
        if not acts:
            g.tasks.pop()
            return True
        return False
    if name == "keep_trial":
        offer = g.seats[task[1]].offer
        if len(offer) == 1:
            g.keep(task[1], offer[0])
            return True
        if not offer:
            g.tasks.pop()
            return True
        return False
    if name == "draw_trials" and not g.trial_deck:
        g.tasks.pop()
        if g.tasks and g.tasks[-1][0] == "keep_trial" and g.tasks[-1][1] == task[1]:
            g.tasks.pop()
        return True
    return False


# -- chance ------------------------------------------------------------------------------------------

def chance(g: Game, task) -> None:
    """The table acts: the same draws from the same generator as ``rules.chance(...).sample``."""
    name, rng = task[0], g.rng
    g.tasks.pop()
    if name == "roll":
        for p in g.seats:
            p.faces = rng.integers(1, 7, size=p.active + p.mercs).tolist()
            p.placement = [None] * len(p.faces)
            p.ready = False
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
