"""The compact campaign's map actions ("Adventuring"): what the party may do (``legal``, in
``campaign.legal_actions``' order), the chance an action needs (``draw``, from the generator as
``campaign.chance_of_legal``'s spec samples it) and what it does (``play``: ``campaign.apply_legal`` on the map,
then the pending effects, the final victory and the map action limit), over a ``CCampaign`` changed in place.

Actions are tuples, a tag first (``MAP_TYPES`` names the engine's class of each; ``to_action`` converts). The
campaign's Setup and its battles are not map actions here: ``campaigns.py`` plays them.
"""
from __future__ import annotations

from itertools import combinations

from .. import campaign_state as CS
from .. import state as S
from ..adventure import loot_row
from ..campaign_state import FreeLevelUps, KeepTask, PickItems
from ..cards import Choice, Loot, Test
from ..effects import STATS
from .compact_gear import equip, gear_actions, hero_stat, unequip
from .compact_map import CCampaign
from .compact_map_effects import (
    final_victory, push, remove_secret, reveal, run, start_battle, take_damage, waiting,
)
from .draws import Draws

(TRAVEL, VISIT, EXPLORE, VENTURE, EQUIP, UNEQUIP, BUY, SELL, LEAVE, LOOT, TEST, CHOOSE, LEVELUP, KEEPABILITY,
 KEEPITEM, ENDCAMP, SHUFFLEEVENTS, STARTBATTLE, TAKE, USE) = (
    "travel", "visit", "explore", "venture", "equip", "unequip", "buy", "sell", "leaveshop", "rollloot", "teststat",
    "choose", "levelup", "keepability", "keepitem", "endcamp", "shuffleevents", "startbattle", "take", "item")
MAP_TYPES = {TRAVEL: CS.Travel, VISIT: CS.Visit, EXPLORE: CS.Explore, VENTURE: CS.VentureForth, EQUIP: CS.Equip,
             UNEQUIP: CS.Unequip, BUY: CS.Buy, SELL: CS.Sell, LEAVE: CS.LeaveShop, LOOT: CS.RollLoot,
             TEST: CS.TestStat, CHOOSE: CS.Choose, LEVELUP: CS.LevelUp, KEEPABILITY: CS.KeepAbility,
             KEEPITEM: CS.KeepItem, ENDCAMP: CS.EndCamp, SHUFFLEEVENTS: CS.ShuffleEvents, STARTBATTLE: CS.StartBattle,
             TAKE: S.TakeDamage, USE: S.UseItem}
CHANCE_TAGS = frozenset({LOOT, SHUFFLEEVENTS})  # the table's map actions (``campaign.player_of``)
LEAVE_A, EXPLORE_A, VENTURE_A, STARTBATTLE_A, ENDCAMP_A, LOOT_A = (
    (LEAVE,), (EXPLORE,), (VENTURE,), (STARTBATTLE,), (ENDCAMP,), (LOOT,))


def to_action(a: tuple):
    """The engine's action a compact map action stands for."""
    return MAP_TYPES[a[0]](*a[1:])


# ---- what may be done ---------------------------------------------------------------------

def legal(m: CCampaign) -> list:
    """Exactly the map actions the party may take: a pending decision first, else the map actions
    (``campaign.legal_actions`` on the map)."""
    if m.result is not None:
        return []
    head = waiting(m)
    heroes = m.heroes
    if head is not None:
        kind = type(head)
        if kind is Loot:
            return [LOOT_A]
        if kind is Test:
            stats = [s for s in STATS if any(k in (s, "any") for k, _ in head.checks)]
            return [(TEST, i, s) for i in range(len(heroes)) for s in stats]
        if kind is Choice:
            return [(CHOOSE, k) for k in range(len(head.options))]
        if kind is KeepTask:
            return [(KEEPABILITY, card) for card in dict.fromkeys(head.cards)]
        if kind is CS.PartyDamageTask:
            return [(TAKE, i) for i, r in enumerate(head.room) if r > 0]
        if kind is FreeLevelUps:
            return [(LEVELUP, i) for i in range(len(heroes)) if i not in head.done] if m.ability_deck else [ENDCAMP_A]
        if kind is PickItems:
            return [(KEEPITEM, it) for it in dict.fromkeys(head.cards)]
        if kind is CS.CampTask:
            low = min(len(h.abilities) for h in heroes)
            ups = [(LEVELUP, i) for i, h in enumerate(heroes)
                   if len(h.abilities) == low and m.silver >= len(h.abilities) and m.ability_deck]
            return ups + [ENDCAMP_A]
        if kind is CS.ShopTask:
            return shop(m) + [LEAVE_A]
        return [(SHUFFLEEVENTS, head.deck)]  # an empty event deck with a discard pile
    acts = gear(m)
    t = m.t
    for k, loc in enumerate(t.locations(m.area)):
        if affordable(m, loc):
            acts.append((VISIT, k))
    acts += consumables(m)
    if m.time > 0:
        acts += [(TRAVEL, k) for k in range(len(m.board)) if k != m.position]
        if m.area.secrets > 0:
            acts.append(EXPLORE_A)
        if m.area_deck:
            acts.append(VENTURE_A)
        if m.options.early_final_battle and len(m.encounters) == 1 and m.deck.card(m.area.id).type == "doomrock":
            acts.append(STARTBATTLE_A)  # the final challenge awaits at Doomrock (DR-28)
    else:
        acts.append(STARTBATTLE_A)
    return acts


def affordable(m: CCampaign, loc) -> bool:
    """Location entry cost and special requirements ("Location entry cost")."""
    time, secret, coin, heroism, shields, _ = m.t.cost(loc)
    return (m.time >= time and m.area.secrets >= secret and m.silver >= coin
            and all(h.heroism >= heroism and h.shields >= shields for h in m.heroes if h.hp > 0)
            and (not loc.requires_explored or m.area.secrets == 0))


def gear(m: CCampaign) -> list:
    """Items: equip and unequip outside battle."""
    return gear_actions(m.t, m.heroes, m.inventory)


def consumables(m: CCampaign) -> list:
    """Items: consumables "may be used and discarded at any time", on the map too (healing, shields; DR-35)."""
    acts = []
    t = m.t
    for i, h in enumerate(m.heroes):
        for it in dict.fromkeys(h.items):
            if not t.on_map[it]:
                continue
            if t.target[it] == "hero":
                acts += [(USE, i, it, f"hero:{j}") for j, o in enumerate(m.heroes) if o.hp > 0]
            else:
                acts.append((USE, i, it, "self"))
    return acts


def shop(m: CCampaign) -> list:
    """SHOP: purchases at the indicated price; sales of one epic or two common items for 1 silver."""
    items = m.t.items
    acts = [(BUY, it) for it in dict.fromkeys(m.area.shop) if items[it].price <= m.silver]
    inv = sorted(m.inventory)
    acts += [(SELL, (it,)) for it in dict.fromkeys(inv) if items[it].rarity == "epic"]
    commons = [it for it in inv if items[it].rarity == "common"]
    acts += [(SELL, p) for p in dict.fromkeys(combinations(commons, 2))]
    return acts


# ---- chance ---------------------------------------------------------------------------------

def draw(m: CCampaign, a: tuple, rng: Draws):
    """The outcome ``campaign.chance_of_legal``'s spec would sample for ``a`` (the same draws), or None."""
    tag = a[0]
    if tag == LOOT or tag == TEST:
        return rng.dice(1)
    if tag == KEEPABILITY:
        rest = list(m.pending[-1].cards)
        rest.remove(a[1])
        cards = m.ability_deck + rest
        return [cards[i] for i in rng.order(len(cards))]
    if tag == SHUFFLEEVENTS:
        cards = m.event_discard.get(a[1], ())
        return [cards[i] for i in rng.order(len(cards))]
    return None


# ---- doing it -------------------------------------------------------------------------------

def play(m: CCampaign, a: tuple, outcome=None) -> None:
    """One listed map action with its outcome, then the pending effects (``adventure.run``), the final victory
    and the map action limit (DR-10), as ``campaign.apply_legal`` plays it."""
    _map_action(m, a, outcome)
    run(m)
    final_victory(m)
    limit = m.options.map_action_limit
    if m.phase == "map" and m.result is None and limit is not None:
        m.map_actions += 1
        if m.map_actions >= limit:  # the party wandered too long (DR-10)
            m.result, m.phase = "defeat", "over"


def _globals(m: CCampaign) -> tuple:
    """Global effects after travel: unexplored areas in play and the setting card, each led by its card's name."""
    card, g = m.deck.card, m.t.globals
    out: tuple = ()
    for cid in [a.id for a in m.board if a.secrets > 0] + [m.setting]:
        steps = card(cid).on_travel
        if steps:
            out += (g[cid],) + steps
    return out


def _map_action(m: CCampaign, a: tuple, outcome) -> None:
    """Adventuring: the map actions and the decisions of pending effects (``campaign._map_action``)."""
    tag = a[0]
    d = m.deck
    pending = m.pending
    if tag == TRAVEL:
        m.time -= 1
        m.position = a[1]
        push(m, _globals(m))
    elif tag == VISIT:
        _visit(m, a[1])
    elif tag == EXPLORE:
        m.time -= 1
        remove_secret(m)
        pending.insert(0, m.t.perils[m.area.id][1])  # (at the end of the queue)
    elif tag == VENTURE:
        _venture(m)
    elif tag == EQUIP:
        equip(m.heroes[a[1]], m.inventory, a[2])
    elif tag == UNEQUIP:
        unequip(m.heroes[a[1]], m.inventory, a[2])
    elif tag == BUY:
        m.area.shop.remove(a[1])
        m.silver -= m.t.items[a[1]].price
        m.inventory.append(a[1])
    elif tag == SELL:
        for it in a[1]:
            m.inventory.remove(it)
        m.silver += 1
        for it in a[1]:  # sold items go under their deck (DR-13)
            getattr(m, m.t.items[it].rarity).append(it)
    elif tag == LEAVE or tag == ENDCAMP:
        pending.pop()
    elif tag == LOOT:
        head = pending.pop()
        row = loot_row(head.table or d.card(m.setting).loot, outcome[0] + head.modifier)
        push(m, row.steps)
    elif tag == TEST:
        head = pending.pop()
        h = m.heroes[a[1]]
        value = hero_stat(m.t, h.abilities, h.items, a[2])
        difficulty = min(diff for k, diff in head.checks if k in (a[2], "any"))
        push(m, head.passed if outcome[0] + value >= difficulty else head.failed)
    elif tag == CHOOSE:
        push(m, pending.pop().options[a[1]])
    elif tag == TAKE:
        take_damage(m, a[1])
    elif tag == KEEPITEM:
        head = pending.pop()
        cards = list(head.cards)
        cards.remove(a[1])
        m.inventory.append(a[1])
        if head.keep > 1 and cards:
            pending.append(PickItems(tuple(cards), head.keep - 1))
        else:
            m.common += cards
    elif tag == LEVELUP:
        _level_up(m, a[1])
    elif tag == KEEPABILITY:
        head = pending.pop()
        h = m.heroes[head.hero]
        h.abilities = h.abilities + (a[1],)
        m.ability_deck = list(outcome)
    elif tag == SHUFFLEEVENTS:
        m.event_draw[a[1]] = list(outcome)
        m.event_discard[a[1]] = []
    elif tag == STARTBATTLE:
        start_battle(m)
    elif tag == USE:
        _use_on_map(m, a[1], a[2], a[3])
    else:  # pragma: no cover
        raise ValueError(f"{a} is not a compact map action")


def _visit(m: CCampaign, k: int) -> None:
    """Visit location: pay the entry cost, then resolve the effect once, top to bottom."""
    loc = m.t.locations(m.area)[k]
    time, secret, coin, heroism, shields, peril = m.t.cost(loc)
    m.time -= time
    m.silver -= coin
    for h in m.heroes:
        h.heroism, h.shields = max(0, h.heroism - heroism), max(0, h.shields - shields)
    steps = (m.t.perils[m.area.id][0],) * peril + loc.steps
    push(m, steps)
    if secret:
        remove_secret(m, secret)


def _venture(m: CCampaign) -> None:
    """Venture forth, in the printed order."""
    d = m.deck
    m.time -= 1
    left = m.board.pop(0)
    items = m.t.items
    back = {"common": m.common, "epic": m.epic}
    for it in left.shop:
        back[items[it].rarity].append(it)
    for e in left.events:
        m.event_discard.setdefault(d.card(e).deck, []).append(e)
    reveal(m)
    m.position = len(m.board) - 1
    push(m, m.t.perils[m.area.id] + _globals(m))


def _level_up(m: CCampaign, i: int) -> None:
    """Level Up: pay silver (nothing in Quick Play's free level ups) and draw 3 ability cards."""
    h = m.heroes[i]
    head = m.pending[-1]
    free = type(head) is FreeLevelUps
    cost = 0 if free else len(h.abilities)
    if free:
        m.pending.pop()
        if head.left > 1:
            m.pending.append(FreeLevelUps(head.left - 1, head.done + (i,)))
    drawn = tuple(m.ability_deck[:3])
    del m.ability_deck[:3]
    m.silver -= cost
    m.pending.append(KeepTask(i, drawn))


def _use_on_map(m: CCampaign, i: int, item: str, target: str) -> None:
    """Items: a consumable used on the map heals real HP (up to the maximum) or gives shields, then is discarded."""
    h = m.heroes[i]
    items = list(h.items)
    items.remove(item)
    h.items = tuple(items)
    t = m.heroes[i if target == "self" else int(target.split(":")[1])]
    for name, amount in m.t.uses[item]:
        if name == "heal":
            t.hp = min(t.max_hp, t.hp + amount)
        else:
            t.shields += amount
