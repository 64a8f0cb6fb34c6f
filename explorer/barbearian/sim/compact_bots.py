"""The bots of ``bots.py`` ("random", "greedy") re-expressed on the compact game: the same choice as
the engine's bot in every situation, read from the compact game instead of a seat's view."""
from __future__ import annotations

import numpy as np

from ..planning import to_pairs
from ...core.seeds import child_of
from . import choices, compact, plans, table
from .choices import actions, legal_places, space_allows
from .compact import PASS, READY, Game
from .plans import PLANS, STAND_INS, make_plan, slots_of, weight


class Random:
    """``bots.RandomBot``: uniform among the actions, taking dice back only when nothing else works."""

    passes: frozenset[str] = frozenset()  # decisions it always passes (``choose`` need not be asked)

    def __init__(self, seed: np.random.SeedSequence, k: int):
        self.rng = np.random.Generator(np.random.PCG64(child_of(seed, k)))  # the game seed's child k

    def placements(self, g: Game, seat: int) -> tuple:
        return ()

    def choose(self, g: Game, task, seat: int) -> tuple:
        forward = None
        if task[0] == "place":  # the placements while dice are left, else Ready (take-backs only if stuck)
            p = g.seats[seat]
            forward = legal_places(p, g.board[seat], p.perks.free_agents) if None in p.placement else [READY]
        if not forward:
            acts = actions(g, task, seat)
            forward = [a for a in acts if a[0] != "takeback"] or acts
        # a bound of one draws nothing from the generator (``integers(1)`` is always 0)
        return forward[int(self.rng.integers(len(forward)))] if len(forward) > 1 else forward[0]


class Greedy:
    """``bots.GreedyBot`` re-expressed on the compact game (the same choice in every situation)."""

    passes = frozenset({"mercenaries", "fate"})

    def __init__(self, seed: np.random.SeedSequence, k: int):  # (it draws nothing: no generator)
        self.plan: dict = {}
        self.queue: tuple | None = None
        self.plan_round = -1

    def choose(self, g: Game, task, seat: int) -> tuple:
        name = task[0]
        if name in ("keep_trials", "keep_trial"):
            offer = g.seats[seat].offer
            return ("keep", max(offer, key=lambda c: (g.glory_of[c], -offer.index(c))))
        if name in self.passes:
            return PASS
        if name == "place":
            return self.place(g, seat)
        if name == "window":
            return self.window(g, task, seat)
        acts = actions(g, task, seat)
        if name == "loot":
            return next((a for a in acts if a[0] == "steal_glory"), None) or \
                next((a for a in acts if a[0] == "steal_resources"), acts[0])
        if name in ("give", "pillage"):
            res = g.seats[seat].res
            worth = lambda a: sum(res[compact.RES[r]] for r in a[1])  # noqa: E731
            return max(acts, key=worth) if name == "give" else min(acts, key=worth)
        if name == "six":
            locks = [a for a in acts if a[1] is not None]
            return min(locks, key=lambda a: a[1] != g.seats[seat].clan) if locks else acts[-1]
        if name == "build":  # Glory first, then dice, Upgrades and Specialists
            # ``build_actions`` lists Specialists, Upgrades, Reinforcements, the Grand Offering, Pass
            last = acts[-2][0] if len(acts) > 1 else "pass"
            if last in ("offering", "reinforce"):
                return acts[-2]
            if last == "upgrade":
                return next(a for a in acts if a[0] == "upgrade")
            if last == "specialist":
                res = g.seats[seat].res
                by = {"farm": 0, "forge": 1, "temple": 2}
                return min(acts[:-1], key=lambda a: res[by.get(a[1], 2)])
            return PASS
        return acts[0]

    # -- placement ----------------------------------------------------------------------------
    def place(self, g: Game, seat: int) -> tuple:
        """``GreedyBot.place``: the first allowed placement the plan still wants, then Ready."""
        p = g.seats[seat]
        if self.plan_round != g.round:
            self.plan_round = g.round
            self.plan, self.queue = self.planned(g, seat)
        if self.queue is not None:  # only this seat's own placements happen until it is ready
            return self.queue[len(p.placement) - p.placement.count(None)]
        if None not in p.placement:
            return READY
        board, free = g.board[seat], p.perks.free_agents
        step = next_placement(p.faces, p.placement, board, free, self.plan)
        if step is not None:
            return step
        places = legal_places(p, board, free)
        return places[0] if places else actions(g, ("place",), seat)[0]

    def placements(self, g: Game, seat: int) -> tuple:
        """The placements ``place`` will choose one by one from here until every die is placed
        (nothing happens between them: the seat places all its dice before the next seat)."""
        p = g.seats[seat]
        if self.plan_round != g.round:
            self.plan_round = g.round
            self.plan, self.queue = self.planned(g, seat)
        if self.queue is None:
            return ()
        return self.queue[len(p.placement) - p.placement.count(None):-1]

    def planned(self, g: Game, seat: int) -> tuple[dict, tuple | None]:
        """The plan as (face, space) counts and the placements it makes in turn, then Ready
        (None when the plan leaves a die out: then every step looks at the actions)."""
        p = g.seats[seat]
        faces = p.faces
        board, free = g.board[seat], p.perks.free_agents
        counts: dict[int, int] = {}
        for f in faces:
            counts[f] = counts.get(f, 0) + 1
        fronts = g.n - 1
        at = board.index(g.bg[self.target(g, seat)])
        key = (tuple(sorted(counts.items(), key=weight)), fronts, at, free)
        found = PLANS.get(key)
        if found is None:
            if len(PLANS) > 100_000:
                PLANS.clear()
            spaces = STAND_INS[:fronts] + board[fronts:]
            # The plan reads the faces only as counts, and their order only where two values weigh
            # the same (``make_plan``'s raiders), so faces listed by weight, ties in order of first
            # appearance, make the same plan; Battleground spaces count only by their place on the
            # board, so it is made for stand-in names and then given the real ones.
            plan = make_plan([v for v, k in key[0] for _ in range(k)], spaces, free, STAND_INS[at])
            found = PLANS[key] = (plan, slots_of(plan, spaces, free))
        plan, slots = found
        if slots is not None:  # each die in turn on the first space still wanting its face
            queue, used = [], dict.fromkeys(counts, 0)
            for d, f in enumerate(faces):
                k = used[f]
                wanted = slots.get(f, ())
                if k >= len(wanted):
                    break
                used[f] = k + 1
                queue.append(("place", d, board[wanted[k]]))
            else:
                queue.append(READY)
                return {}, tuple(queue)  # (the counts are read only when there is no queue)
        pairs = dict(to_pairs(plan))
        real = {STAND_INS[k]: board[k] for k in range(fronts)}
        if slots is None:  # a plan that breaks the placement rules: see where ``next_placement`` stops
            queue = placement_queue(tuple(faces), STAND_INS[:fronts] + board[fronts:], free, pairs)
            if queue is not None:
                return pairs, tuple(a if a is READY else ("place", a[1], real.get(a[2], a[2])) for a in queue)
        return {(f, real.get(s, s)): k for (f, s), k in pairs.items()}, None

    @staticmethod
    def target(g: Game, seat: int) -> int:
        """``GreedyBot.target``: the most unlocked Glory colours, then the most Glory, then the nearest."""
        best, top, seats = None, None, g.seats
        for s in g.turn:
            if s != seat:
                q = seats[s]
                colours = 0
                for k in q.unlocked.values():
                    if k:
                        colours += 1
                rank = (colours, q.glory)
                if top is None or rank > top:  # a tie keeps the seat earlier in turn order
                    best, top = s, rank
        return best

    # -- Brawl ----------------------------------------------------------------------------------
    def window(self, g: Game, task, seat: int) -> tuple:
        room = choices.empowerable(g, seat, task) if g.afford(seat, g.price["empower"]) else []
        if not room:
            return PASS
        _, a, b, kind, _, _ = task
        other = b if seat == a else a
        if kind == "clash":
            need = max(0, g.forces[other, seat] + 1 - g.forces[seat, other])
        else:
            force, wall = g.forces[a, b], g.barracks_strength(b)
            if seat == a:
                need = max(0, wall - force)
            else:
                need = max(0, force + 1 - wall) if g.seats[seat].on(compact.BARRACKS) else None
        return ("empower", room[0]) if need == 1 else PASS


MAKERS = {"random": Random, "greedy": Greedy}


def forget_plans() -> None:
    """Forget the remembered plans and tables (for timings that start cold)."""
    table.TABLES.clear()
    plans.forget()


def placement_queue(faces, board, free, plan: dict) -> tuple | None:
    """Every ``next_placement`` from an empty board until all dice are placed, then Ready (None
    when that is not simply each die in turn on the first space still wanting its face).

    With a plan for every die, the first die not yet placed is always the first candidate, and
    its first wanted space is allowed (plans keep to the placement rules, ``planning.group_ok``).
    """
    placement: list = [None] * len(faces)
    todo = dict(plan)
    queue = []
    for d, f in enumerate(faces):
        for s in board:
            if todo.get((f, s), 0) > 0:
                break
        else:
            return None
        if not space_allows(faces, placement, f, s, free):
            return None
        placement[d] = s
        todo[f, s] -= 1
        queue.append(("place", d, s))
    return tuple(queue) + (READY,)


def next_placement(faces, placement, board, free, plan: dict) -> tuple | None:
    """``GreedyBot.place``'s choice among the placements: the first (one die per face shown, then the
    spaces in order) that is allowed and still wanted by ``plan``; None if the plan wants none."""
    todo = dict(plan)
    for f, s in zip(faces, placement):
        if s is not None and (f, s) in todo:
            todo[f, s] -= 1
    seen: set[int] = set()
    for d, f in enumerate(faces):
        if placement[d] is not None or f in seen:
            continue
        seen.add(f)
        for s in board:
            if todo.get((f, s), 0) > 0 and space_allows(faces, placement, f, s, free):
                return ("place", d, s)
    return None
