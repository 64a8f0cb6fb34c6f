"""The batch bots on the compact battle: ``bots.RandomBot`` and ``bots.GreedyBot``'s battle policy, choosing from
``compact_rules.legal``'s tuples exactly what the engine's bots choose from the engine's actions (ties to the
first listed, the random bot's one draw from its own generator per decision)."""
from __future__ import annotations

from .compact import CBattle
from .compact_effects import targets, threats, usable_items
from .compact_play import fresh_roll_phase
from .compact_rules import (
    ACTIVATE, ASSIGN, BOSS, DONE_A, ENDINIT_A, ENDROUND_A, GIVE, HEROISM, ITEM, KEEP, KEEP_A, MINION, REROLL, ROLL_A,
    SHIELD, SPAWN, TAKE, assign_actions, hero_dice, items, most_heroism, ready, reroll_choices,
)


class RandomBot:
    """``bots.RandomBot``: a uniformly random legal action from an injected generator (a ``draws.Draws``)."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, g: CBattle, acts: list) -> tuple:
        return acts[self.rng.below(len(acts))]

    def roll_choice(self, g: CBattle):
        """``choose(g, legal(g))`` for the roller (``fresh_roll_phase``), listing only the roller's choices: the
        roll (the table's, no draw), a re-roll or keep, a die to place; None where dice may be picked up first."""
        if g.rolls == 0:
            return None if g.locked and g.o.locked_dice == "optional" else ROLL_A
        acts = reroll_choices(g, g.roller) if not g.assigning else assign_actions(g, g.roller, True)
        return acts[self.rng.below(len(acts))]


class GreedyBot:
    """``bots.GreedyBot._battle``: keeps useful dice, hits the weakest reachable enemy hardest."""

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, g: CBattle, acts: list) -> tuple:
        tags = {a[0] for a in acts}
        cards = g.t.cards
        if GIVE in tags:  # give up the die on the least valuable card
            hero = g.paused.hero
            worth = {d.index: cards[d.card].value for d in g.mine[hero] if d.place == "card"}
            return min(acts, key=lambda a: worth[a[1]])
        if TAKE in tags:  # the hero with the most HP left takes the point
            taken = dict(g.paused.shares)
            takes = [a for a in acts if a[0] == TAKE]
            return max(takes, key=lambda a: g.heroes[a[1]].hp + g.heroes[a[1]].broken - taken.get(a[1], 0))
        if SPAWN in tags:  # a spawned enemy is placed away from the party
            return (SPAWN, None)
        if REROLL in tags or KEEP in tags:
            return self._reroll(g, acts)
        if ASSIGN in tags:
            best, top = None, -1
            for a in acts:
                if a[0] == ASSIGN and cards[a[2]].value > top:
                    best, top = a, cards[a[2]].value
            return best
        for tag in (HEROISM, SHIELD):
            if tag in tags:
                return next(a for a in acts if a[0] == tag)
        if DONE_A in acts:
            return DONE_A
        if ACTIVATE in tags or ITEM in tags:
            best, top = None, None
            for a in acts:
                if a[0] == ACTIVATE or a[0] == ITEM:
                    v = self._activation_value(g, a)
                    if top is None or v > top:
                        best, top = a, v
            if top > 0:
                return best
        for tag in (MINION, BOSS):
            if tag in tags:
                return next(a for a in acts if a[0] == tag)
        for end in (ENDINIT_A, ENDROUND_A):
            if end in acts:
                return end
        return acts[0]

    def shortcut(self, g: CBattle):
        """``choose(g, legal(g))`` read straight from the battle where that is quicker: the roll phase from the
        dice, the first minion or boss to activate, the best activation or item; None where the legal
        list is needed (a paused AI card, a die to give back or to place)."""
        phase = g.phase
        if phase == "roll":
            return self.roll_choice(g) if fresh_roll_phase(g) else None
        if g.paused is not None or (not g.expose_pool and g.expose_up) or g.o.heavy_planning:
            return None
        by_uid = g.by_uid
        for d in g.dice:
            p = d.place
            if p == "stolen":
                if by_uid[d.card].hp <= 0:
                    return None
            elif p == "waiting" or p == "rolled":
                return None
        usable = items(g) if usable_items(g) else ()  # (listed after the activations, before the minions)
        if phase == "minions":
            if usable:
                best, top = self._best_of(g, usable, None, None)
                if top > 0:
                    return best
            fresh = [e for e in g.enemies if e.hp > 0 and not e.boss and not e.activated]
            if g.active is not None:
                return (MINION, g.active, fresh[0].uid, None) if fresh else None
            minions = fresh or [e for e in g.enemies if e.hp > 0 and not e.boss]
            waiting = [i for i in g.alive() if i not in g.minion_done]
            if not waiting or not minions:
                return None
            every = threats(g)
            values = [every[i] for i in waiting]
            return (MINION, waiting[values.index(max(values))], minions[0].uid, None)
        if phase == "boss":
            if usable:
                best, top = self._best_of(g, usable, None, None)
                if top > 0:
                    return best
            return next(((BOSS, e.uid) for e in g.enemies if e.hp > 0 and e.boss and not e.activated), None)
        if phase == "initiative" or phase == "actions":
            best, top = self._best_activation(g, phase == "initiative")
            if usable:
                best, top = self._best_of(g, usable, best, top)
            if top is not None and top > 0:
                return best
            return ENDINIT_A if phase == "initiative" else ENDROUND_A
        return None

    def _best_of(self, g: CBattle, acts, best, top) -> tuple:
        """The first of ``acts`` worth more than ``top`` (the best so far, None: none yet) and its worth."""
        value = self._activation_value
        for a in acts:
            v = value(g, a)
            if top is None or v > top:
                best, top = a, v
        return best, top

    def _best_activation(self, g: CBattle, initiative: bool) -> tuple:
        """The first of ``activations(g, initiative)`` worth the most, and its worth (None: there is none), weighing
        one heroism count per card and target: a card's worth grows with the heroism spent when it deals damage
        (the most it may spend is listed after every smaller count) and does not change otherwise (no heroism is
        listed first)."""
        value = self._activation_value
        best, top = None, None
        for i, h, cid, c in ready(g, initiative):
            n = most_heroism(g, h, cid, c) if c.damages else 0
            for t in targets(g, i, c):
                a = (ACTIVATE, i, cid, t, n)
                v = value(g, a)
                if top is None or v > top:
                    best, top = a, v
        return best, top

    @staticmethod
    def roll_choice(g: CBattle):
        """The roller's choice (``fresh_roll_phase``): the roll, the re-roll or the die to place, read from the
        dice."""
        if g.rolls == 0:
            return ROLL_A
        i = g.roller
        if not g.assigning:
            useful = g.t.faces(g.heroes[i].abilities)
            bad = tuple([d.index for d in g.mine[i] if d.place == "rolled" and d.face not in useful])
            return (REROLL, bad) if bad else KEEP_A
        mine, held = hero_dice(g, i)
        fits = g.t.fits(g.heroes[i].abilities)
        best, top, six, one = None, -1, None, None
        for d in mine:
            if d.place != "rolled":
                continue
            f = d.face
            for cid, capacity, value in fits[f]:
                if held.get(cid, 0) < capacity and value > top:
                    best, top = (ASSIGN, d.index, cid), value
            if f == 6 and six is None:
                six = (HEROISM, d.index)
            elif f == 1 and one is None:
                one = (SHIELD, d.index)
        return best or six or one or DONE_A

    @staticmethod
    def _reroll(g: CBattle, acts: list) -> tuple:
        i = g.roller
        useful = g.t.faces(g.heroes[i].abilities)
        bad = tuple([d.index for d in g.mine[i] if d.place == "rolled" and d.face not in useful])
        return (REROLL, bad) if bad and (REROLL, bad) in acts else KEEP_A

    @staticmethod
    def _activation_value(g: CBattle, a: tuple) -> float:
        """``bots.GreedyBot._activation_value``, effect by effect from the card's ``worth``."""
        flat, damage, heals, moves = g.t.cards[a[2]].worth
        target = a[3]
        value = float(flat)
        if damage:
            heroism = a[4] if a[0] == ACTIVATE else 0
            enemy = g.by_uid[target]
            hp, bonus = enemy.hp, 5 if enemy.objective or enemy.boss else 0
            for amount in damage:
                amount += heroism
                value += 10 * amount + (20 if amount >= hp else 0) + bonus
        if heals:
            h = g.heroes[int(target.split(":")[1])]
            for amount in heals:
                value += 6 * min(amount, h.max_hp - h.hp - h.broken)
        if moves:  # move next to enemies if not engaged yet
            near = {x.group for x in g.enemies if x.hp > 0}
            if g.heroes[a[1]].group not in near and target.startswith("group:") and int(target[6:]) in near:
                value += 4 * moves
        return value


MAKERS = {"random": RandomBot, "greedy": GreedyBot}
