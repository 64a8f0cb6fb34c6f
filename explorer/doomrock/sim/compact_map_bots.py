"""The batch bots on the compact campaign map: ``bots.GreedyBot._map`` choosing from ``compact_map_rules.legal``'s
tuples exactly what the engine's bot chooses from the engine's actions (ties to the first listed); the random
party is ``compact_bots.RandomBot`` on the map too (one draw from its generator per decision)."""
from __future__ import annotations

from .compact_bots import RandomBot
from .compact_gear import hero_stat
from .compact_map import CCampaign
from .compact_map_rules import (
    BUY, CHOOSE, ENDCAMP_A, EQUIP, EXPLORE, EXPLORE_A, KEEPABILITY, LEAVE, LEAVE_A, LEVELUP, STARTBATTLE,
    STARTBATTLE_A, TAKE, TEST, TRAVEL, VENTURE, VENTURE_A, VISIT, ENDCAMP,
)


class GreedyMap:
    """``bots.GreedyBot._map``: ventures towards Doomrock, levels up and buys gear when it can."""

    def __init__(self, rng=None):
        self.rng = rng
        self._places: dict[int, tuple] = {}

    def choose(self, m: CCampaign, acts: list) -> tuple:
        tags = {a[0] for a in acts}
        heroes = m.heroes
        if TAKE in tags:
            shields = m.options.map_shields
            return max(acts, key=lambda a: heroes[a[1]].hp + (heroes[a[1]].shields if shields else 0))
        if len(acts) == 1:
            return acts[0]
        if TEST in tags:
            return max((a for a in acts if a[0] == TEST),
                       key=lambda a: hero_stat(m.t, heroes[a[1]].abilities, heroes[a[1]].items, a[2]))
        if CHOOSE in tags:
            return acts[-1] if m.silver < 3 else acts[0]
        if KEEPABILITY in tags:
            return acts[0]
        if LEVELUP in tags:
            return next(a for a in acts if a[0] == LEVELUP)
        if ENDCAMP in tags:
            return ENDCAMP_A
        if BUY in tags:
            items = m.t.items
            return max((a for a in acts if a[0] == BUY), key=lambda a: items[a[1]].price)
        if LEAVE in tags:
            return LEAVE_A
        if EQUIP in tags:
            return next(a for a in acts if a[0] == EQUIP)
        if STARTBATTLE in tags:
            return STARTBATTLE_A
        visits = []
        if VISIT in tags:
            locations = m.t.locations(m.area)
            visits = [a for a in acts if a[0] == VISIT and self._worth_visiting(m, locations[a[1]])]
            healing = [a for a in visits if self._place(locations[a[1]])[1]]
            if healing and min(h.hp for h in heroes) <= 3:
                return healing[0]  # rest before pressing on
        if VENTURE in tags and not m.doomrock_revealed:
            return VENTURE_A
        if visits and m.silver >= 2:
            return visits[0]
        if EXPLORE in tags:
            return EXPLORE_A
        if TRAVEL in tags:
            return next(a for a in acts if a[0] == TRAVEL)
        return VENTURE_A if VENTURE in tags else acts[0]

    def _place(self, loc) -> tuple:
        """Whether a location holds a SHOP, and whether it heals (CAMP, or HP gained), read once."""
        hit = self._places.get(id(loc))
        if hit is None or hit[2] is not loc:
            shop = any(getattr(st, "name", "") == "SHOP" for st in loc.steps)
            heals = any(getattr(st, "name", "") in ("CAMP", "HP") and (st.name == "CAMP" or st.param("amount") > 0)
                        for st in loc.steps)
            hit = self._places[id(loc)] = (shop, heals, loc)
        return hit

    def _worth_visiting(self, m: CCampaign, loc) -> bool:
        """Skip free locations (a free shop with nothing affordable would be visited forever)."""
        if self._place(loc)[0]:
            items = m.t.items
            return any(items[i].price <= m.silver for i in m.area.shop)
        return bool(loc.cost)


MAP_MAKERS = {"random": RandomBot, "greedy": GreedyMap}
