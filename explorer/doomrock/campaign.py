"""The campaign (``doomrock``): adventure map actions with a time budget, then battles.

``legal_actions`` / ``chance`` / ``apply`` over a ``Campaign``; while a battle is fought the
battle rules (``battle.py``) run inside it.
"""
from __future__ import annotations

from ..core.frozen import replace
from itertools import combinations

from ..core.chance import Dice, Shuffle
from ..core.errors import IllegalAction
from ..core.events import Event
from . import battle as battle_rules
from .adventure import loot_row, push, remove_secret, run, stat, take_damage, waiting
from .campaign_setup import reveal, set_up, setup_chance
from .campaign_state import (
    Buy, Campaign, CampTask, Choose, DrawEvent, EndCamp, Equip, Explore, FreeLevelUps, KeepAbility, KeepItem, KeepTask,
    GlobalEffect, LeaveShop, LevelUp, PartyDamageTask, PickItems,
    RollLoot, Sell, SetUp, ShopTask, ShuffleEvents, StartBattle, TestStat, Travel, Unequip, VentureForth, Visit,
)
from .cards import Choice, Loot, Test
from .effects import STATS
from .items import can_equip, gear_refusal, unequip_refusal
from .needs import check_campaign
from .refusals import explain
from .setup import new_battle
from .state import CHANCE, PARTY, TERMINAL, Roll, RollExtra, SetUpBattle, ShuffleExpose, TakeDamage, UseItem

MAP = "Adventuring: Adventure map actions"
VENTURE = "Adventuring: 4. Venture forth"


def initial_state(options, deck) -> Campaign:
    """Setup: a campaign waiting for ``SetUp`` (the deck must hold enough cards)."""
    check_campaign(deck, options)
    return Campaign(options, deck)


def current_player(c: Campaign) -> int:
    """The party (0), CHANCE while only the table can act, or TERMINAL."""
    if c.result is not None:
        return TERMINAL
    return player_of(legal_actions(c))


CHANCE_ONLY = (SetUp, ShuffleEvents, RollLoot, SetUpBattle, Roll, RollExtra, ShuffleExpose)


def player_of(acts: list) -> int:
    """``current_player`` of an unfinished campaign read from its legal actions (listed once by the simulator)."""
    return CHANCE if acts and all(isinstance(a, CHANCE_ONLY) for a in acts) else PARTY


def is_terminal(c: Campaign) -> bool:
    """Victory and loss conditions: the game is won or lost."""
    return c.result is not None


def locations(c: Campaign):
    """Locations of the current area, then its permanent events (treated as extra locations)."""
    area = c.deck.card(c.area.id)
    return area.locations + tuple(c.deck.card(e).permanent for e in c.area.events)


def affordable(c: Campaign, loc) -> bool:
    """Location entry cost and special requirements ("Location entry cost")."""
    cost = dict(loc.cost)
    alive = [h for h in c.heroes if h.hp > 0]
    return (c.time >= cost.get("time", 0) and c.area.secrets >= cost.get("secret", 0) and c.silver >= cost.get("coin", 0)
            and all(h.heroism >= cost.get("heroism", 0) for h in alive)
            and all(h.shields >= cost.get("shield", 0) for h in alive)
            and (not loc.requires_explored or c.area.secrets == 0))


def legal_actions(c: Campaign) -> list:
    """Exactly the actions the party may take: a pending decision first, else the map actions."""
    if c.result is not None:
        return []
    if c.phase == "setup":
        return [SetUp()]
    if c.phase == "battle":
        return battle_rules.legal_actions(c.battle, c.deck, c.options)
    head = waiting(c)
    n = len(c.heroes)
    if isinstance(head, Loot):
        return [RollLoot()]
    if isinstance(head, Test):
        stats = [s for s in STATS if any(k in (s, "any") for k, _ in head.checks)]
        return [TestStat(i, s) for i in range(n) for s in stats]
    if isinstance(head, Choice):
        return [Choose(k) for k in range(len(head.options))]
    if isinstance(head, KeepTask):
        return [KeepAbility(card) for card in dict.fromkeys(head.cards)]
    if isinstance(head, PartyDamageTask):
        return [TakeDamage(i) for i, r in enumerate(head.room) if r > 0]
    if isinstance(head, FreeLevelUps):
        return [LevelUp(i) for i in range(n) if i not in head.done] if c.ability_deck else [EndCamp()]
    if isinstance(head, PickItems):
        return [KeepItem(it) for it in dict.fromkeys(head.cards)]
    if isinstance(head, CampTask):
        low = min(len(h.abilities) for h in c.heroes)
        ups = [LevelUp(i) for i, h in enumerate(c.heroes)
               if len(h.abilities) == low and c.silver >= len(h.abilities) and c.ability_deck]
        return ups + [EndCamp()]
    if isinstance(head, ShopTask):
        return _shop(c) + [LeaveShop()]
    if isinstance(head, DrawEvent):
        return [ShuffleEvents(head.deck)]
    acts = _gear(c) + [Visit(k) for k, loc in enumerate(locations(c)) if affordable(c, loc)] + _consumables(c)
    if c.time > 0:
        acts += [Travel(k) for k in range(len(c.board)) if k != c.position]
        if c.area.secrets > 0:
            acts.append(Explore())
        if c.area_deck:
            acts.append(VentureForth())
        if c.options.early_final_battle and len(c.encounters) == 1 and c.deck.card(c.area.id).type == "doomrock":
            acts.append(StartBattle())  # the final challenge awaits at Doomrock (DR-28)
    else:
        acts.append(StartBattle())
    return acts


def _gear(c: Campaign) -> list:
    """Items: equip and unequip outside battle."""
    acts = [Unequip(i, it) for i, h in enumerate(c.heroes) for it in dict.fromkeys(h.items)
            if unequip_refusal(c.deck, h, it) is None]
    acts += [Equip(i, it) for i in range(len(c.heroes)) for it in dict.fromkeys(c.inventory) if can_equip(c.deck, c.heroes[i], it)]
    return acts


MAP_USES = ("heal", "shield")  # Use: effects that mean something on the adventure map


def _consumables(c: Campaign) -> list:
    """Items: consumables "may be used and discarded at any time", on the map too (healing, shields; DR-35)."""
    acts = []
    for i, h in enumerate(c.heroes):
        for it in dict.fromkeys(h.items):
            card = c.deck.card(it)
            if card.slot != "consumable" or not card.use or any(e.name not in MAP_USES for e in card.use):
                continue
            if card.target == "hero":
                acts += [UseItem(i, it, f"hero:{j}") for j, o in enumerate(c.heroes) if o.hp > 0]
            else:
                acts.append(UseItem(i, it, "self"))
    return acts


def use_on_map(c: Campaign, action: UseItem) -> tuple[Campaign, list[Event]]:
    """Items: a consumable used on the map heals real HP (up to the maximum) or gives shields, then is discarded."""
    card = c.deck.card(action.item)
    h = c.heroes[action.hero]
    items = list(h.items)
    items.remove(action.item)
    c = c.with_hero(action.hero, items=tuple(items))
    j = action.hero if action.target == "self" else int(action.target.split(":")[1])
    for e in card.use:
        t = c.heroes[j]
        if e.name == "heal":
            c = c.with_hero(j, hp=min(t.max_hp, t.hp + e.param("amount")))
        else:
            c = c.with_hero(j, shields=t.shields + e.param("amount"))
    return c, [Event(f"{h.name} uses {card.name} on {c.heroes[j].name}; it is used up and discarded.", "Items: Using items")]


def _shop(c: Campaign) -> list:
    """SHOP: purchases at the indicated price; sales of one epic or two common items for 1 silver."""
    acts = [Buy(it) for it in dict.fromkeys(c.area.shop) if c.deck.card(it).price <= c.silver]
    inv = sorted(c.inventory)
    acts += [Sell((it,)) for it in dict.fromkeys(inv) if c.deck.card(it).rarity == "epic"]
    commons = [it for it in inv if c.deck.card(it).rarity == "common"]
    acts += [Sell(p) for p in dict.fromkeys(combinations(commons, 2))]
    return acts


def chance(c: Campaign, action):
    """The chance spec of a listed action (an unlisted one needs none: ``apply`` refuses it)."""
    if action not in legal_actions(c):
        return None
    return chance_of_legal(c, action)


def chance_of_legal(c: Campaign, action):
    """``chance`` for an action taken from ``legal_actions(c)`` itself, without listing them again to check it."""
    if isinstance(action, SetUp) and c.phase == "setup":
        return setup_chance(c)
    if c.phase == "battle":
        held = tuple(m for h in c.heroes for m in h.expose)
        return battle_rules.chance(c.battle, c.deck, c.options, action, held)
    if isinstance(action, (RollLoot, TestStat)):
        return Dice(1, "LOOT! die" if isinstance(action, RollLoot) else "TEST die")
    if isinstance(action, KeepAbility) and isinstance(waiting(c), KeepTask):
        head = waiting(c)
        rest = list(head.cards)
        if action.card in rest:
            rest.remove(action.card)
        return Shuffle(c.ability_deck + tuple(rest), "ability deck")
    if isinstance(action, ShuffleEvents):
        return Shuffle(dict(c.event_discard).get(action.deck, ()), f"{action.deck} event discard pile")
    return None


def apply(c: Campaign, action, outcome=None) -> tuple[Campaign, list[Event]]:
    """Play one listed action ("Adventuring", or the battle rules during a battle)."""
    if action not in legal_actions(c):
        raise IllegalAction(explain_map(c, action))
    return apply_legal(c, action, outcome)


def apply_legal(c: Campaign, action, outcome=None) -> tuple[Campaign, list[Event]]:
    """``apply`` for an action taken from ``legal_actions(c)`` and an outcome its spec drew, without checking
    either again (the simulator's fast path; tests replay its games through ``apply``)."""
    if c.phase == "battle":
        b, events = battle_rules.apply_legal(c.battle, c.deck, c.options, action, outcome)
        c = replace(c, battle=b)
        if b.result is not None:
            c, more = finish_battle(c)
            events += more
        return c, events
    if isinstance(action, SetUp):
        c, events = set_up(c, outcome)
    else:
        c, events = _map_action(c, action, outcome)
    c, more = run(c)
    events += more
    c, more = final_victory(c)
    events += more
    if c.phase == "map" and c.result is None and c.options.map_action_limit is not None:
        c = replace(c, map_actions=c.map_actions + 1)
        if c.map_actions >= c.options.map_action_limit:
            c = replace(c, result="defeat", phase="over")
            events.append(Event("The party wandered too long (DR-10): the game is lost.", MAP))
    return c, events


def explain_map(c: Campaign, action) -> str:
    """Why a campaign action is refused, in words."""
    if c.result is not None:
        return f"the game is over: {c.result}"
    if c.phase == "setup":
        return "set up the game first"
    if c.phase == "battle":
        return explain(c.battle, c.deck, action)
    head = waiting(c)
    if isinstance(head, ShopTask) and isinstance(action, (Buy, Sell)):
        return _trade_refused(c, action)
    if isinstance(head, PartyDamageTask) and isinstance(action, TakeDamage) and action.hero in range(len(head.room)):
        return (f"{c.heroes[action.hero].name} may accept no more of this party damage: another point would take "
                f"{c.heroes[action.hero].name}'s HP below zero")
    if head is not None:
        what = {Loot: "a LOOT! roll", Test: "a TEST", Choice: "the event's choice", CampTask: "the camp",
                ShopTask: "the shop visit", KeepTask: "choosing the new ability", DrawEvent: "reshuffling the event deck",
                FreeLevelUps: "the free level ups", PickItems: "choosing the common items",
                PartyDamageTask: "dividing the party damage"}.get(type(head), "an effect")
        return f"finish {what} first"
    if isinstance(action, (Travel, Explore, VentureForth)) and c.time == 0:
        return "no time is left: only actions that cost no time, then the battle"
    if isinstance(action, StartBattle):
        return f"the battle starts when the time runs out ({c.time} time left)"
    if isinstance(action, Travel):
        return "travel to one of the other face-up areas"
    if isinstance(action, Explore):
        return "this area is explored: no secret is left"
    if isinstance(action, VentureForth):
        return "the area deck is empty"
    if isinstance(action, Visit):
        return "the party cannot pay that location's entry cost (or meet its requirement)"
    if isinstance(action, Equip):
        return "that item is not in the inventory, the hero lacks the statistic, or no slot is free"
    if isinstance(action, Unequip):
        return gear_refusal(c.deck, c.heroes, action)
    return "that is not possible now"


def _trade_refused(c: Campaign, action) -> str:
    """SHOP: why a purchase or a sale is not offered."""
    if isinstance(action, Buy):
        if action.item not in c.area.shop:
            return f"this shop does not stock {action.item!r}"
        return f"{c.deck.card(action.item).name} costs {c.deck.card(action.item).price} silver; the party has {c.silver}"
    held = list(c.inventory)
    for it in action.items if isinstance(action.items, tuple) else ():
        if it not in held:
            return f"the party inventory holds no {it!r} to sell"
        held.remove(it)
    return "the shop buys one epic item, or two common items, for 1 silver: that is not such a sale"


def _pay_time(c: Campaign) -> Campaign:
    """Time constraint: spend a time marker from the setting card."""
    return replace(c, time=c.time - 1)


def _globals(c: Campaign) -> tuple:
    """Global effects after travel: unexplored areas in play and the setting card, each led by its card's name."""
    cards = [a.id for a in c.board if a.secrets > 0] + [c.setting]
    return tuple(s for card in cards if c.deck.card(card).on_travel
                 for s in (GlobalEffect(card),) + c.deck.card(card).on_travel)


def _map_action(c: Campaign, action, outcome) -> tuple[Campaign, list[Event]]:
    """Adventuring: the map actions and the decisions of pending effects."""
    d = c.deck
    head = c.pending[0] if c.pending else None
    if isinstance(action, Travel):
        c = replace(_pay_time(c), position=action.area)
        return push(c, _globals(c)), [Event(f"The party travels to {d.card(c.area.id).name} ({c.time} time left).", "Adventuring: 1. Travel")]
    if isinstance(action, Visit):
        return _visit(c, action.location)
    if isinstance(action, Explore):
        c = _pay_time(c)
        c, events = remove_secret(c)
        c = replace(c, pending=c.pending + (DrawEvent(d.card(c.area.id).event_deck, False),))
        return c, [Event(f"The party explores {d.card(c.area.id).name}.", "Adventuring: 3. Explore current area")] + events
    if isinstance(action, VentureForth):
        return _venture(c)
    if isinstance(action, Equip):
        inv = list(c.inventory)
        inv.remove(action.item)
        c = replace(c.with_hero(action.hero, items=c.heroes[action.hero].items + (action.item,)), inventory=tuple(inv))
        return c, [Event(f"{c.heroes[action.hero].name} equips {d.card(action.item).name}.", "Items")]
    if isinstance(action, Unequip):
        items = list(c.heroes[action.hero].items)
        items.remove(action.item)
        c = replace(c.with_hero(action.hero, items=tuple(items)), inventory=c.inventory + (action.item,))
        return c, [Event(f"{c.heroes[action.hero].name} unequips {d.card(action.item).name}.", "Items")]
    if isinstance(action, Buy):
        shop = list(c.area.shop)
        shop.remove(action.item)
        price = d.card(action.item).price
        c = replace(c.with_area(shop=tuple(shop)), silver=c.silver - price, inventory=c.inventory + (action.item,))
        return c, [Event(f"The party buys {d.card(action.item).name} for {price} silver.", "Location Effects: SHOP")]
    if isinstance(action, Sell):
        inv = list(c.inventory)
        for it in action.items:
            inv.remove(it)
        c = replace(c, inventory=tuple(inv), silver=c.silver + 1)
        for it in action.items:  # sold items go under their deck (DR-13)
            rarity = d.card(it).rarity
            c = replace(c, **{rarity: getattr(c, rarity) + (it,)})
        return c, [Event(f"The party sells {' and '.join(d.card(i).name for i in action.items)} for 1 silver.", "Location Effects: SHOP")]
    if isinstance(action, (LeaveShop, EndCamp)):
        return replace(c, pending=c.pending[1:]), []
    if isinstance(action, RollLoot):
        table = head.table or d.card(c.setting).loot
        result = outcome[0] + head.modifier
        row = loot_row(table, result)
        c = replace(c, pending=c.pending[1:])
        text = ", ".join(s.text for s in row.steps if hasattr(s, "text")) or "nothing"
        return push(c, row.steps), [Event(f"LOOT! {head.modifier:+}: the roll is {outcome[0]}, the result {result}: {text}.", "Location Effects: LOOT!")]
    if isinstance(action, TestStat):
        value = stat(c, action.hero, action.stat)
        difficulty = min(diff for k, diff in head.checks if k in (action.stat, "any"))
        total = outcome[0] + value
        passed = total >= difficulty
        c = replace(c, pending=c.pending[1:])
        h = c.heroes[action.hero]
        return push(c, head.passed if passed else head.failed), [Event(
            f"TEST {action.stat.upper()} {difficulty}: {h.name} rolls {outcome[0]}, plus {value} makes {total}: "
            f"{'passed' if passed else 'failed'}.", "Items: TEST")]
    if isinstance(action, Choose):
        c = replace(c, pending=c.pending[1:])
        return push(c, head.options[action.option]), [Event(f"The party chooses option {action.option + 1}.", "Adventuring: Text event")]
    if isinstance(action, TakeDamage):
        return take_damage(c, action.hero)
    if isinstance(action, KeepItem):
        cards = list(head.cards)
        cards.remove(action.item)
        c = replace(c, inventory=c.inventory + (action.item,), pending=c.pending[1:])
        if head.keep > 1 and cards:
            c = push(c, (PickItems(tuple(cards), head.keep - 1),))
        else:
            c = replace(c, common=c.common + tuple(cards))
        return c, [Event(f"The party keeps {d.card(action.item).name}.", "Difficulty and Optional Rules: Quick Play")]
    if isinstance(action, LevelUp):
        h = c.heroes[action.hero]
        cost = 0 if isinstance(head, FreeLevelUps) else len(h.abilities)
        if isinstance(head, FreeLevelUps):
            rest = (FreeLevelUps(head.left - 1, head.done + (action.hero,)),) if head.left > 1 else ()
            c = replace(c, pending=rest + c.pending[1:])
        drawn, rest = c.ability_deck[:3], c.ability_deck[3:]
        c = replace(c, silver=c.silver - cost, ability_deck=rest)
        return push(c, (KeepTask(action.hero, drawn),)), [Event(
            f"{h.name} levels up for {cost} silver and draws {', '.join(d.card(a).name for a in drawn)}.", "Level Up")]
    if isinstance(action, KeepAbility):
        h = c.heroes[head.hero]
        c = replace(c.with_hero(head.hero, abilities=h.abilities + (action.card,)), ability_deck=tuple(outcome),
                    pending=c.pending[1:])
        return c, [Event(f"{h.name} keeps {d.card(action.card).name} and gains 1 extra die.", "Level Up")]
    if isinstance(action, ShuffleEvents):
        c = replace(c, event_draw=_set(c.event_draw, action.deck, tuple(outcome)), event_discard=_set(c.event_discard, action.deck, ()))
        return c, [Event(f"The {action.deck} event deck is reshuffled.", "Adventuring: Perils")]
    if isinstance(action, StartBattle):
        return start_battle(c)
    if isinstance(action, UseItem):
        return use_on_map(c, action)
    raise IllegalAction(f"{action} is not a map action")  # pragma: no cover


def _set(piles, deck, cards):
    d = dict(piles)
    d[deck] = cards
    return tuple(sorted(d.items()))


def _visit(c: Campaign, k: int) -> tuple[Campaign, list[Event]]:
    """Visit location: pay the entry cost, then resolve the effect once, top to bottom."""
    loc = locations(c)[k]
    cost = dict(loc.cost)
    events = [Event(f"The party visits {loc.name}.", "Adventuring: 2. Visit location")]
    c = replace(c, time=c.time - cost.get("time", 0), silver=c.silver - cost.get("coin", 0),
                heroes=tuple(replace(h, heroism=max(0, h.heroism - cost.get("heroism", 0)),
                                     shields=max(0, h.shields - cost.get("shield", 0))) for h in c.heroes))
    steps = tuple(DrawEvent(c.deck.card(c.area.id).event_deck, True) for _ in range(cost.get("peril", 0))) + loc.steps
    c = push(c, steps)
    if cost.get("secret"):
        c, ev = remove_secret(c, cost["secret"])
        events += ev
    return c, events


def _venture(c: Campaign) -> tuple[Campaign, list[Event]]:
    """Venture forth, in the printed order."""
    d = c.deck
    c = _pay_time(c)
    left = c.board[0]
    back = {"common": c.common, "epic": c.epic}
    for it in left.shop:
        back[d.card(it).rarity] += (it,)
    discard = dict(c.event_discard)
    for e in left.events:
        deck = d.card(e).deck
        discard[deck] = discard.get(deck, ()) + (e,)
    c = replace(c, board=c.board[1:], common=back["common"], epic=back["epic"], event_discard=tuple(sorted(discard.items())))
    events = [Event(f"The party pays 1 time to venture forth ({c.time} time left).", VENTURE),
              Event(f"{d.card(left.id).name} is left behind and leaves play.", VENTURE)]
    c, ev = reveal(c)
    c = replace(c, position=len(c.board) - 1)
    kind = d.card(c.area.id).event_deck
    c = push(c, (DrawEvent(kind, True), DrawEvent(kind, False)) + _globals(c))
    return c, events + [Event(e.text, VENTURE) for e in ev] + [Event(f"The party arrives at {d.card(c.area.id).name}.", VENTURE)]


def start_battle(c: Campaign) -> tuple[Campaign, list[Event]]:
    """Time ran out: the next encounter; the final one needs the Doomrock area revealed."""
    if len(c.encounters) == 1 and not c.doomrock_revealed:
        return replace(c, result="defeat", phase="over"), [Event(
            "The final battle is about to start but Doomrock has not been revealed: the game is lost.",
            "Adventuring: Victory and loss conditions")]
    enc = c.encounters[0]
    b = new_battle(c.deck, c.heroes, enc, c.options.formation, c.inventory)
    why = "Time has run out" if c.time == 0 else "The final challenge awaits at Doomrock"
    # The encounter card stays secret until Battle Setup 2 draws it, after formation and gear-up.
    event = Event(f"{why}: a battle begins! Take a formation and gear up; then the encounter card is drawn.", "Battles")
    return replace(c, phase="battle", battle=b, inventory=(), map_actions=0), [event]


def finish_battle(c: Campaign) -> tuple[Campaign, list[Event]]:
    """After a battle: markers discarded, defeated heroes restored to 1 HP, rewards, a new setting."""
    b = c.battle
    markers = b.expose_pool + b.expose_up + b.expose_out + tuple(m for x in b.heroes + b.enemies for m in x.expose)
    if b.result != "victory":
        return replace(c, result="defeat", phase="over"), []
    heroes = tuple(replace(bh, hp=max(1, bh.hp), broken=0, shields=0, heroism=0, heroism_on=(), expose=(), hidden=False,
                           used_items=(), group=0, extra=0, redirected=False)
                   for bh in b.heroes)
    c = replace(c, heroes=heroes, battle=None, expose_pool=markers, inventory=b.inventory, encounters=c.encounters[1:], battles_won=c.battles_won + 1)
    rewards = c.deck.card(c.setting).rewards
    if not c.encounters:  # "the party receives battle rewards ... If the battle was the final battle, heroes win"
        c, events = run(push(replace(c, phase="map"), rewards))
        c, more = final_victory(c)
        won = Event("Victory! The party collects the battle rewards.", "End of Round: Battle victory")
        return c, [won, *events, *more]
    setting = c.settings_deck[0] if c.settings_deck else c.setting
    c = replace(c, phase="map", setting=setting, settings_deck=c.settings_deck[1:], time=c.deck.card(setting).time)
    c = push(c, rewards)
    c, events = run(c)
    return c, [Event(f"Victory! The party collects the battle rewards; the new setting is {c.deck.card(setting).name}.", "End of Round: Battle victory")] + events


def final_victory(c: Campaign) -> tuple[Campaign, list[Event]]:
    """Adventuring, Victory and loss conditions: the game is won once the final battle's rewards are collected."""
    if c.result is None and c.phase == "map" and not c.encounters and not c.pending:
        won = Event("The final battle is won: the heroes win the game!", "Adventuring: Victory and loss conditions")
        return replace(c, result="victory", phase="over"), [won]
    return c, []


def score(c: Campaign) -> int:
    """Scoring: abilities, items, silver, HP; completion and remaining time if won."""
    d = c.deck
    items = c.inventory + tuple(i for h in c.heroes for i in h.items)
    won = c.result == "victory"
    return (3 * sum(d.card(a).starting is None for h in c.heroes for a in h.abilities)
            + sum(1 if d.card(i).rarity == "common" else 2 for i in items) + c.silver + sum(h.hp for h in c.heroes)
            + (10 + 2 * c.time if won else 0))
