"""Bots that choose from ``legal_actions``: ``RandomBot``, ``GreedyBot`` (a greedy party policy) and
``SearchBot`` (information-set MCTS from the party's view).

All work for either game: ``choose(state, actions)`` takes a ``BattleState`` or a ``Campaign``.
"""
from __future__ import annotations

import numpy as np

from ..core.bots import make_bot as core_make_bot
from ..core.search import SearchBot as CoreSearch

from .campaign_state import (
    Buy, Choose, EndCamp, Equip, Explore, KeepAbility, LeaveShop, LevelUp, StartBattle, TestStat, Travel, VentureForth,
    Visit,
)
from .adventure import stat
from .campaign import locations
from .state import (
    Activate, ActivateBoss, ActivateMinion, Assign, DoneAssigning, EndInitiative, EndRound, GiveDie, KeepDice,
    MakeHeroism, MakeShield, NoReaction, PlaceSpawn, Reroll, StopHiding, TakeDamage, UseItem,
)
from .search import rules as search_rules
from .skirmish import BattleState


class RandomBot:
    """Uniformly random legal actions from an injected generator."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def choose(self, state, actions):
        return actions[int(self.rng.integers(len(actions)))]


class GreedyBot:
    """A greedy party: keeps useful dice, hits the weakest reachable enemy hardest, ventures
    towards Doomrock, levels up and buys gear when it can. Ties go to the first listed action."""

    def __init__(self, rng: np.random.Generator | None = None):
        self.rng = rng

    def choose(self, state, actions):
        battle = getattr(state, "battle", None)
        if battle is not None and getattr(state, "phase", "battle") == "battle":
            return self._battle(state.deck, battle, actions)
        return self._map(state, actions)

    # -- battle ---------------------------------------------------------------------------
    def _battle(self, deck, b, actions):
        kinds = {type(a) for a in actions}
        if GiveDie in kinds:  # give up the die on the least valuable card
            return min(actions, key=lambda a: self._card_value(deck, b.die(b.paused.hero, a.die).card))
        if TakeDamage in kinds:  # the hero with the most HP left takes the point
            taken = dict(b.paused.shares)
            takes = [a for a in actions if isinstance(a, TakeDamage)]
            return max(takes, key=lambda a: b.hero(a.hero).life - taken.get(a.hero, 0))
        if PlaceSpawn in kinds:  # a spawned enemy is placed away from the party
            return PlaceSpawn(None)
        if kinds == {StopHiding, NoReaction}:  # an AI card waits for the hidden (DR-45): they stay hidden (threat 0)
            return NoReaction()
        if Reroll in kinds or KeepDice in kinds:
            return self._reroll(deck, b, actions)
        assigns = [a for a in actions if isinstance(a, Assign)]
        if assigns:
            return max(assigns, key=lambda a: self._card_value(deck, a.card))
        for kind in (MakeHeroism, MakeShield):
            made = [a for a in actions if isinstance(a, kind)]
            if made:
                return made[0]
        if DoneAssigning in kinds:
            return DoneAssigning()
        useful = [a for a in actions if isinstance(a, (Activate, UseItem))]
        if useful:
            best = max(useful, key=lambda a: self._activation_value(deck, b, a))
            if self._activation_value(deck, b, best) > 0:
                return best
        for kind in (ActivateMinion, ActivateBoss):
            acts = [a for a in actions if isinstance(a, kind)]
            if acts:
                return acts[0]
        for end in (EndInitiative(), EndRound()):
            if end in actions:
                return end
        return actions[0]

    def _reroll(self, deck, b, actions):
        i = b.roller
        cards = b.hero(i).abilities
        bad = tuple(d.index for d in b.hero_dice(i) if d.place == "rolled"
                    and d.face not in (1, 6) and not any(d.face in deck.card(c).activation.faces for c in cards))
        return Reroll(bad) if bad and Reroll(bad) in actions else KeepDice()

    @staticmethod
    def _card_value(deck, cid) -> int:
        card = deck.card(cid)
        dmg = sum(e.param("amount") for e in card.effects if e.name == "damage")
        return 10 * dmg + (5 if card.lock else 0) + 2 * len(card.effects)

    def _activation_value(self, deck, b, a) -> float:
        card = deck.card(a.card if isinstance(a, Activate) else a.item)
        effects = card.effects if isinstance(a, Activate) else card.use
        heroism = a.heroism if isinstance(a, Activate) else 0
        value = 0.0
        for e in effects:
            if e.name == "damage":
                enemy = b.enemy(a.target)
                value += 10 * (e.param("amount") + heroism) + (20 if e.param("amount") + heroism >= enemy.hp else 0)
                value += 5 if enemy.objective or enemy.boss else 0
            elif e.name in ("expose", "armour_down", "push"):
                value += 3
            elif e.name == "shield":
                value += 2
            elif e.name == "extra_die":
                value += 5
            elif e.name == "heal":
                h = b.hero(int(a.target.split(":")[1]))
                value += 6 * min(e.param("amount"), h.max_hp - h.life)
            elif e.name == "move":
                # Move next to enemies if not engaged yet.
                groups = {x.group for x in b.alive_enemies}
                here = b.hero(a.hero).group
                if here not in groups and a.target.startswith("group:") and int(a.target[6:]) in groups:
                    value += 4
        return value

    # -- map ------------------------------------------------------------------------------
    def _map(self, c, actions):
        kinds = {type(a) for a in actions}
        if TakeDamage in kinds:
            return max(actions, key=lambda a: c.heroes[a.hero].hp + (c.heroes[a.hero].shields if c.options.map_shields else 0))
        if len(actions) == 1:
            return actions[0]
        tests = [a for a in actions if isinstance(a, TestStat)]
        if tests:
            return max(tests, key=lambda a: stat(c, a.hero, a.stat))
        if Choose in kinds:
            return actions[-1] if c.silver < 3 else actions[0]
        if KeepAbility in kinds:
            return actions[0]
        if LevelUp in kinds:
            return next(a for a in actions if isinstance(a, LevelUp))
        if EndCamp in kinds:
            return EndCamp()
        buys = [a for a in actions if isinstance(a, Buy)]
        if buys:
            return max(buys, key=lambda a: c.deck.card(a.item).price)
        if LeaveShop in kinds:
            return LeaveShop()
        equips = [a for a in actions if isinstance(a, Equip)]
        if equips:
            return equips[0]
        if StartBattle in kinds:
            return StartBattle()
        visits = [a for a in actions if isinstance(a, Visit) and self._worth_visiting(c, a)]
        healing = [a for a in visits if self._heals(c, a)]
        if healing and min(h.hp for h in c.heroes) <= 3:
            return healing[0]  # rest before pressing on
        if VentureForth in kinds and not c.doomrock_revealed:
            return VentureForth()
        if visits and c.silver >= 2:
            return visits[0]
        if Explore in kinds:
            return Explore()
        travels = [a for a in actions if isinstance(a, Travel)]
        if travels:
            return travels[0]
        return VentureForth() if VentureForth in kinds else actions[0]

    @staticmethod
    def _worth_visiting(c, a) -> bool:
        """Skip free locations (a free shop with nothing affordable would be visited forever)."""
        loc = locations(c)[a.location]
        if any(getattr(st, "name", "") == "SHOP" for st in loc.steps):
            return any(c.deck.card(i).price <= c.silver for i in c.area.shop)
        return bool(loc.cost)

    @staticmethod
    def _heals(c, a) -> bool:
        loc = locations(c)[a.location]
        return any(getattr(st, "name", "") in ("CAMP", "HP") and (st.name == "CAMP" or st.param("amount") > 0) for st in loc.steps)


class SearchBot:
    """Information-set MCTS (``explorer.core.search``) from the party's view (face-down piles and the secret
    battles unknown), rolling out with ``GreedyBot``; a battle or a campaign, whichever it is handed.

    A battle's decisions are searched on the compact battle (``sim.compact_search``: a copy of the table an
    iteration, greedy rollouts to the end of the round judged by ``search.battle_value``); a Battle Setup the
    compact battle does not play (a campaign's, or one with gear to change) on the engine, with ``depth``-step
    rollouts. The campaign map's choices are the greedy party's unless ``map_search`` (searched on the engine,
    they did no better: ``benchmarks/bots.py``). ``trust``: the share of a decision's iterations credited to the
    greedy choice (``core.search``); 0 by default, as the greedy choice is what the search is there to overturn.
    """

    def __init__(self, rng: np.random.Generator, iterations: int | None = None, seconds: float | None = 0.5,
                 depth: int = 40, trust: float = 0.0, map_search: bool = False):
        from .sim.compact_search import HORIZON, from_action, rules as compact_rules, table  # sim imports this

        self._table, self._from_action, self.map_search = table, from_action, map_search
        self._rules = {False: search_rules(GreedyBot, campaign=False), True: search_rules(GreedyBot, campaign=True),
                       "compact": compact_rules()}
        budget = dict(iterations=iterations, seconds=seconds, trust=trust)
        self._searches = {k: CoreSearch(rng, r, depth=depth if isinstance(k, bool) else HORIZON, **budget)
                          for k, r in self._rules.items()}
        self._greedy = GreedyBot(rng)
        self.rng, self.last_iterations = rng, 0

    def choose(self, state, actions):
        g = self._table(state) if len(actions) > 1 else None
        if g is not None:
            mine = [self._from_action(a) for a in actions]
            search = self._searches["compact"]
            action = actions[mine.index(search.choose(g, mine))]
        elif not (self.map_search or isinstance(state, BattleState) or state.phase == "battle"):
            self.last_iterations = 0
            return self._greedy.choose(state, actions)
        else:
            search = self._searches[not isinstance(state, BattleState)]
            action = search.choose(state, actions)
        self.last_iterations = search.last_iterations
        return action


BOTS = {"greedy": GreedyBot, "random": RandomBot, "search": SearchBot}


def make_bot(kind, rng: np.random.Generator):
    """A bot from its name (one of ``BOTS``) or a picklable factory ``rng -> bot``."""
    return core_make_bot(BOTS, kind, rng, "Doomrock")
