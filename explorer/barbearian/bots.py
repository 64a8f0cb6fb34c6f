"""Bots: random, greedy and odds-aware players (for tests, teaching and simulation).

A bot sees only its own view (``views.view(state, seat)``) and that seat's legal actions,
and returns one of them. Randomness is an injected ``numpy.random.Generator``.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from ..core.bots import make_bot as core_make_bot
from ..core.search import SearchBot as CoreSearch
from . import odds
from .brawl import barracks_strength
from .odds.stance_values import stance_values  # the same reading judges players' placements (odds.quality)
from .planning import Plan, economy_plan, fill, realize, to_pairs
from .plan import spaces as village_spaces
from .state import (
    BuyUpgrade, ChangeFate, Empower, GrandOffering, HireMercenary, HireSpecialist, KeepTrial, Pass, Place, Ready,
    Reinforce, State, StealGlory, StealResources, TakeBack, battleground,
)
from .search import rules as search_rules


class RandomBot:
    """Uniform among the legal actions (taking dice back only when nothing else is possible)."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, view: State, actions: list):
        forward = [a for a in actions if not isinstance(a, TakeBack)] or actions
        return forward[int(self.rng.integers(len(forward)))]


class GreedyBot:
    """Guards the Barracks with its strongest group, fills Farm, Forge and Temple, raids the Glory
    leader with what is left, empowers only when one +1 decides a fight, and buys Glory first."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self._plans: dict[tuple, Counter] = {}

    # -- the dispatcher --------------------------------------------------------------------
    def choose(self, view: State, actions: list):
        seat = view.viewer
        first = actions[0]
        if isinstance(first, KeepTrial):
            return max(actions, key=lambda a: (view.deck.card(a.card).glory, -actions.index(a)))
        phase = view.phase
        if phase == "mercenaries":
            return self.mercenaries(view, seat, actions)
        if phase == "fate":
            return self.fate(view, seat, actions)
        if phase == "place":
            return self.place(view, seat, actions)
        if phase == "window":
            return self.window(view, seat, actions)
        if phase == "loot":
            return self.loot(view, seat, actions)
        if phase in ("give", "pillage"):
            return self.resources(view, seat, actions, giving=phase == "give")
        if phase == "six":
            locks = [a for a in actions if a.lock is not None]
            return min(locks, key=lambda a: a.lock != view.clan(seat)) if locks else actions[-1]
        if phase == "build":
            return self.build(view, seat, actions)
        return actions[0]

    # -- Plan phase --------------------------------------------------------------------------
    def mercenaries(self, view: State, seat: int, actions: list):
        return Pass(seat)

    def fate(self, view: State, seat: int, actions: list):
        return Pass(seat)

    def place(self, view: State, seat: int, actions: list):
        p = view.players[seat]
        key = (seat, view.round, p.faces)
        if key not in self._plans:
            self._plans = {key: to_pairs(self.plan(view, seat))}
        todo = self._plans[key] - Counter((f, s) for f, s in zip(p.faces, p.placement) if s)
        for a in actions:
            if isinstance(a, Place) and todo[(p.faces[a.die], a.space)] > 0:
                return a
        if Ready(seat) in actions:
            return Ready(seat)
        places = [a for a in actions if isinstance(a, Place)]
        return places[0] if places else actions[0]

    def plan(self, view: State, seat: int) -> Plan:
        """The highest group guards the Barracks, the economy takes what it can, the rest raids."""
        p = view.players[seat]
        spaces = village_spaces(view, seat)
        free = view.deck.perks(p.upgrades).free_agents
        left = Counter(p.faces)
        guard = max(left, key=lambda v: (v * left[v], v))
        fixed = {"barracks_1": [guard] * left[guard]}
        del left[guard]
        plan = economy_plan([f for f in p.faces if f != guard], ["farm", "forge", "temple"], free) or {}
        for space, fs in plan.items():
            if space in ("farm", "forge", "temple"):
                fixed[space] = fs
                left.subtract(fs)
        left = +left
        target = self.target(view, seat)
        for v, space in zip(sorted(left, key=lambda v: -v * left[v]), [battleground(view.clan(target)), "barracks_2"]):
            fixed[space] = [v] * left[v]
            del left[v]
        return fill(fixed, left, spaces, free, ["barracks_2"]) or economy_plan(list(p.faces), spaces, free) or {}

    def target(self, view: State, seat: int) -> int:
        """The opponent with the most unlocked Glory (the nearest in turn order on a tie)."""
        others = [s for s in view.turn_order() if s != seat]
        return max(others, key=lambda s: (len(view.players[s].unlocked_colours), view.players[s].glory_count, -others.index(s)))

    # -- Brawl phase -------------------------------------------------------------------------
    def window(self, view: State, seat: int, actions: list):
        empowers = [a for a in actions if isinstance(a, Empower)]
        if not empowers:
            return Pass(seat)
        need = self.empowers_to_win(view, seat)
        return empowers[0] if need == 1 else Pass(seat)

    def empowers_to_win(self, view: State, seat: int) -> int | None:
        """Empowers ``seat`` needs to win the open clash or raid (0: winning already; None: cannot)."""
        _, a, b, kind, _, _ = view.task
        other = b if seat == a else a
        if kind == "clash":
            mine, theirs = view.force(seat, other), view.force(other, seat)
            return max(0, theirs + 1 - mine)
        force, wall = view.force(a, b), barracks_strength(view, b)
        if seat == a:
            return max(0, wall - force)
        return max(0, force + 1 - wall) if view.players[seat].on("barracks") else None

    def loot(self, view: State, seat: int, actions: list):
        glory = [a for a in actions if isinstance(a, StealGlory)]
        if glory:
            return glory[0]
        return next((a for a in actions if isinstance(a, StealResources)), actions[0])

    def resources(self, view: State, seat: int, actions: list, giving: bool):
        p = view.players[seat]
        if giving:  # give what we hold most of
            return max(actions, key=lambda a: sum(p.resource(r) for r in a.resources))
        return min(actions, key=lambda a: sum(p.resource(r) for r in a.resources))

    # -- Build phase -------------------------------------------------------------------------
    BUILD_ORDER = (GrandOffering, Reinforce, BuyUpgrade, HireSpecialist)

    def build(self, view: State, seat: int, actions: list):
        for kind in self.BUILD_ORDER:
            found = [a for a in actions if isinstance(a, kind)]
            if found:
                if kind is HireSpecialist:
                    p = view.players[seat]
                    by = {"farm": "honey", "forge": "ore", "temple": "faith"}
                    return min(found, key=lambda a: p.resource(by.get(a.space, "faith")))
                return found[0]
        return Pass(seat)


class OddsBot(GreedyBot):
    """Uses ``odds``: hires mercenaries while they raise its raid odds, reads the public rolls
    through clash matrices to choose what to send and what to keep home, and empowers as far as
    its resources make a fight winnable."""

    HIRE_GAIN = 0.1  # minimum rise in raid odds that justifies a mercenary

    def mercenaries(self, view: State, seat: int, actions: list):
        if HireMercenary(seat) not in actions:
            return Pass(seat)
        p = view.players[seat]
        dice = p.active + p.mercenaries
        wall = self.typical_barracks(view, seat)
        ct = bool(view.deck.perks(p.upgrades).free_agents)
        gain = odds.raid_success(dice + 1, wall, captains_training=ct) - odds.raid_success(dice, wall, captains_training=ct)
        return HireMercenary(seat) if gain >= self.HIRE_GAIN and p.mercenaries < 2 else Pass(seat)

    def typical_barracks(self, view: State, seat: int) -> int:
        """A guess at an opponent's Barracks: the mean best pair of half their dice, plus Sentries."""
        walls = []
        for s, q in enumerate(view.players):
            if s != seat:
                dist = odds.barracks_strength(max(1, q.active // 2), sentries=view.deck.perks(q.upgrades).sentries)
                walls.append(float(sum(k * v for k, v in dist.items())))
        return int(round(sorted(walls)[len(walls) // 2]))

    def fate(self, view: State, seat: int, actions: list):
        p = view.players[seat]
        best, gain = Pass(seat), 0
        base = _strongest(p.faces)
        for a in actions:
            if isinstance(a, ChangeFate):
                faces = list(p.faces)
                faces[a.die] = a.face
                g = _strongest(faces) - base
                if g > gain:
                    best, gain = a, g
        return best if gain >= 4 else Pass(seat)

    def plan(self, view: State, seat: int) -> Plan:
        p = view.players[seat]
        spaces = village_spaces(view, seat)
        free = view.deck.perks(p.upgrades).free_agents
        values = stance_values(view, seat)
        mine, score, attack_target = values.stances, values.score, values.target
        for i in np.argsort(-score, kind="stable"):
            s = mine[int(i)]
            target = attack_target[int(i)]
            for a, b1, b2 in realize(list(p.faces), s.attack, s.barracks, s.dice, free):
                fixed = {k: v for k, v in ((battleground(view.clan(target)), a), ("barracks_1", b1), ("barracks_2", b2)) if v}
                plan = economy_plan(list(p.faces), spaces, free, fixed)
                if plan is not None:
                    return plan
        return super().plan(view, seat)

    def window(self, view: State, seat: int, actions: list):
        empowers = [a for a in actions if isinstance(a, Empower)]
        if not empowers:
            return Pass(seat)
        need = self.empowers_to_win(view, seat)
        if need is None or need == 0:
            return Pass(seat)
        p = view.players[seat]
        affordable = min(p.resource(r) // n for r, n in view.options.price_empower) if view.options.price_empower else need
        return empowers[0] if need <= affordable else Pass(seat)


def _strongest(faces) -> int:
    c = Counter(faces)
    return max((v * k for v, k in c.items()), default=0)


class SearchBot(CoreSearch):
    """Information-set MCTS (``explorer.core.search``) from the seat's view, rolling out with ``GreedyBot``."""

    def __init__(self, rng: np.random.Generator, iterations: int | None = None, seconds: float | None = 0.5,
                 depth: int = 30):
        super().__init__(rng, search_rules(GreedyBot), iterations=iterations, seconds=seconds, depth=depth)

    def choose(self, view: State, actions: list):
        """Never takes a die back while anything else is possible (a die taken back and placed again
        would loop for ever, as ``RandomBot`` knows)."""
        forward = [a for a in actions if not isinstance(a, TakeBack)] or actions
        return super().choose(view, forward)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "odds": OddsBot, "search": SearchBot}


def make_bot(kind, rng: np.random.Generator):
    """A bot from its name (one of ``BOTS``) or a factory ``rng -> bot``."""
    return core_make_bot(BOTS, kind, rng, "BarBEARian")

