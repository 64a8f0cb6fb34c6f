"""Adventuring: map effects ("Location Effects"), perils and events, LOOT!, TEST, CAMP and SHOP.

Effects wait in ``Campaign.pending`` and resolve top to bottom; ``run`` resolves every effect
that needs no decision and stops at the first one that does.
"""
from __future__ import annotations

from ..core.frozen import replace

from ..core.events import Event
from .campaign_state import (
    Campaign, CampTask, DrawEvent, FreeLevelUps, GlobalEffect, KeepTask, PartyDamageTask, PickItems, ShopTask,
)
from .cards import Choice, Loot, LootRow, Setting, Test
from .items import hero_stat

SECTION = "Adventuring: Location Effects"
DECISIONS = (Loot, Test, Choice, CampTask, ShopTask, KeepTask, FreeLevelUps, PickItems, PartyDamageTask)


def stat(c: Campaign, i: int, name: str) -> int:
    """A statistic of hero ``i`` ("Items": ability cards with it plus equipped items)."""
    return hero_stat(c.deck, c.heroes[i], name)


def pile(piles: tuple, deck: str) -> tuple[str, ...]:
    return dict(piles).get(deck, ())


def set_pile(piles: tuple, deck: str, cards: tuple[str, ...]) -> tuple:
    d = dict(piles)
    d[deck] = tuple(cards)
    return tuple(sorted(d.items()))


def waiting(c: Campaign):
    """The pending effect that needs the party (or chance), or None."""
    if not c.pending:
        return None
    head = c.pending[0]
    if isinstance(head, DECISIONS):
        return head
    if isinstance(head, DrawEvent) and not pile(c.event_draw, head.deck) and pile(c.event_discard, head.deck):
        return head
    return None


def push(c: Campaign, steps: tuple) -> Campaign:
    """Put effects at the head of the queue (they resolve next, top to bottom)."""
    return replace(c, pending=tuple(steps) + c.pending)


def run(c: Campaign) -> tuple[Campaign, list[Event]]:
    """Resolve pending effects until one needs a decision (or none are left)."""
    events: list[Event] = []
    while c.pending and c.result is None and waiting(c) is None:
        head, c = c.pending[0], replace(c, pending=c.pending[1:])
        c, ev = _resolve(c, head)
        events += ev
    return c, events


def _resolve(c: Campaign, step) -> tuple[Campaign, list[Event]]:
    """Location Effects: one map effect (SHIELD, EXPOSE, HEROISM, silver, HP, PERIL, CAMP, SHOP...)."""
    if isinstance(step, DrawEvent):
        return draw_event(c, step)
    if isinstance(step, GlobalEffect):
        return c, [global_effect(c, step.card)]
    name, n = step.name, step.param("amount")
    if name in ("SHIELD", "HEROISM"):
        attr = name.lower() + ("s" if name == "SHIELD" else "")
        before, c = c.heroes, replace(c, heroes=tuple(replace(h, **{attr: max(0, getattr(h, attr) + n)}) for h in c.heroes))
        changes = [getattr(h, attr) - getattr(was, attr) for h, was in zip(c.heroes, before)]
        return c, [_each_hero(c, changes, n, f"{name.lower()} marker", step.text)]
    if name == "EXPOSE":
        return expose(c, n)
    if name == "SILVER":
        before, c = c.silver, replace(c, silver=max(0, c.silver + n))
        return c, [Event(f"The party {_applied(c.silver - before, n)} silver (now {c.silver}).", SECTION)]
    if name == "TIME":
        before, c = c.time, replace(c, time=max(0, c.time + n))
        return c, [Event(f"The party {_applied(c.time - before, n)} time: {c.time} time marker{'s' * (c.time != 1)} left.",
                         "Adventuring: Time constraint")]
    if name == "HP":
        return hp(c, n)
    if name == "PARTY_DAMAGE":
        return party_damage(c, n)
    if name == "PERIL":
        return push(c, (DrawEvent(c.deck.card(c.area.id).event_deck, True),)), [Event("The party must suffer a PERIL.", "Adventuring: Perils")]
    if name == "CAMP":
        return push(c, (CampTask(),)), [Event("The party makes camp.", "Level Up")]
    if name == "SHOP":
        return push(c, (ShopTask(),)), [Event("The party visits the SHOP.", "Location Effects: SHOP")]
    if name == "ITEM":
        return gain_items(c, step.param("rarity"), step.param("count"))
    return c, []  # NOTHING


def _applied(change: int, asked: int) -> str:
    """"gains 2" / "loses 1" for what really changed; "loses 1 of 2" when a count stopped at zero."""
    verb = "gains" if asked > 0 else "loses"
    return f"{verb} {abs(change)}" + (f" of {abs(asked)}" if change != asked else "")


def global_effect(c: Campaign, card_id: str) -> Event:
    """Area Card Anatomy / Encounter Deck Setup, Global effect: the card whose effect follows."""
    card = c.deck.card(card_id)
    setting = isinstance(card, Setting)
    what = "the setting card" if setting else "the unexplored area"
    return Event(f"Global effect of {what} {card.name}: {steps_text(card.on_travel)}.",
                 "Encounter Deck Setup: Global effect" if setting else "Area Card Anatomy: Global effect")


def steps_text(steps: tuple) -> str:
    """Map effects in words: an effect's own text, or what the party will be asked for."""
    words = {Test: "a TEST", Choice: "a choice", Loot: "a LOOT! roll"}
    return ", ".join(words.get(type(s)) or s.text for s in steps)


def gain_items(c: Campaign, rarity: str, count: int) -> tuple[Campaign, list[Event]]:
    """Received items go to the shared party inventory (an empty deck gives nothing, DR-13)."""
    deck = c.common if rarity == "common" else c.epic
    got, rest = deck[:count], deck[count:]
    c = replace(c, inventory=c.inventory + got, **{rarity: rest})
    names = ", ".join(c.deck.card(i).name for i in got) or "nothing (the deck is empty)"
    return c, [Event(f"The party gains {names}.", "Items")]


def expose(c: Campaign, n: int) -> tuple[Campaign, list[Event]]:
    """EXPOSE +/-: face-down markers from the pool; lost markers go back under the pool (DR-12)."""
    heroes, pool = list(c.heroes), c.expose_pool
    for k, h in enumerate(heroes):
        if n > 0:
            got, pool = pool[:n], pool[n:]
            heroes[k] = replace(h, expose=h.expose + got)
        else:
            keep, back = h.expose[: max(0, len(h.expose) + n)], h.expose[max(0, len(h.expose) + n):]
            heroes[k], pool = replace(h, expose=keep), pool + back
    changes = [len(h.expose) - len(was.expose) for h, was in zip(heroes, c.heroes)]
    c = replace(c, heroes=tuple(heroes), expose_pool=pool)
    return c, [_each_hero(c, changes, n, "face-down expose marker", f"EXPOSE {n:+}")]


def _each_hero(c: Campaign, changes: list[int], asked: int, noun: str, effect: str) -> Event:
    """A map effect on each hero, with what each really gained or lost (a count stops at zero, a pool runs out)."""
    plural = lambda k: f"{abs(k)} {noun}{'s' * (abs(k) != 1)}"
    verb = "gains" if asked > 0 else "loses"
    if all(k == asked for k in changes):
        return Event(f"Each hero {verb} {plural(asked)} ({effect}).", SECTION)
    each = ", ".join(f"{h.name} {verb} {plural(k)}" for h, k in zip(c.heroes, changes))
    return Event(f"{effect}: {each}.", SECTION)


def hp(c: Campaign, n: int) -> tuple[Campaign, list[Event]]:
    """HP +/-: healing up to the maximum, or damage to each hero (shields may prevent it)."""
    if n > 0:
        healed = [min(h.max_hp, h.hp + n) - h.hp for h in c.heroes]
        c = replace(c, heroes=tuple(replace(h, hp=h.hp + k) for h, k in zip(c.heroes, healed)))
        if all(k == n for k in healed):
            return c, [Event(f"Each hero heals {n} HP.", SECTION)]
        each = ", ".join(f"{h.name} heals {k} HP (now {h.hp}/{h.max_hp})" for h, k in zip(c.heroes, healed))
        return c, [Event(f"HP +{n}, up to the maximum: {each}.", SECTION)]
    events = []
    for i in range(len(c.heroes)):
        c, ev = wound(c, i, -n)
        events += ev
    return check_defeat(c, events)


def wound(c: Campaign, i: int, n: int) -> tuple[Campaign, list[Event]]:
    """HP -: damage to one hero on the map; shields may prevent it (DR-11)."""
    h = c.heroes[i]
    blocked = min(h.shields, n) if c.options.map_shields else 0
    lost = min(h.hp, n - blocked)
    c = c.with_hero(i, shields=h.shields - blocked, hp=h.hp - lost)
    return c, [Event(f"{h.name} takes {lost} damage" + (f" ({blocked} prevented by shields)" if blocked else "") + f": {h.hp - lost} HP left.", SECTION)]


def map_share_room(options, hp: int, shields: int) -> int:
    """Battle Effects, Party damage: "A hero may not accept an amount of damage that would reduce his or her HP
    below zero." The points a hero may accept on the map: the HP left, plus the shields that will absorb points
    (``map_shields``) unless ``options.party_damage_limit == "hp"`` caps the share at the HP (DR-11)."""
    absorbing = shields if options.map_shields and options.party_damage_limit != "hp" else 0
    return max(0, hp) + absorbing


def party_damage(c: Campaign, n: int) -> tuple[Campaign, list[Event]]:
    """Party damage: "the damage may be divided between any number of heroes as they see fit"."""
    alive = [i for i, h in enumerate(c.heroes) if h.hp > 0]
    event = Event(f"The party is dealt {n} damage to divide among the heroes.", "Player Aid: Party damage")
    room = tuple(map_share_room(c.options, h.hp, h.shields) for h in c.heroes)
    if len(alive) == 1:
        c, ev = wound(c, alive[0], min(n, room[alive[0]]))
        return check_defeat(c, [event] + ev)
    return push(c, (PartyDamageTask(n, room),)), [event]


def take_damage(c: Campaign, i: int) -> tuple[Campaign, list[Event]]:
    """One point of the party damage to hero ``i``; when all is divided (or no hero may accept more: the rest
    is lost), defeated heroes are checked."""
    task = c.pending[0]
    c, events = wound(c, i, 1)
    room = tuple(r - (k == i) for k, r in enumerate(task.room))
    if task.left > 1 and any(room):
        return replace(c, pending=(PartyDamageTask(task.left - 1, room),) + c.pending[1:]), events
    return check_defeat(replace(c, pending=c.pending[1:]), events)


def check_defeat(c: Campaign, events: list[Event]) -> tuple[Campaign, list[Event]]:
    """Defeated heroes on the map are restored to 1 HP, unless all are defeated: the game is lost."""
    if all(h.hp <= 0 for h in c.heroes):
        events.append(Event("All heroes are defeated on the adventure map: the game is lost.", "Adventuring: Victory and loss conditions"))
        return replace(c, result="defeat", phase="over", pending=()), events
    for i, h in enumerate(c.heroes):
        if h.hp <= 0:
            c = c.with_hero(i, hp=1)
            events.append(Event(f"{h.name} is defeated and restored to 1 HP.", "Adventuring: Defeated heroes"))
    return c, events


def draw_event(c: Campaign, task: DrawEvent) -> tuple[Campaign, list[Event]]:
    """Perils and events: the first keyword of the area picks the deck; permanent events stay."""
    draw = pile(c.event_draw, task.deck)
    if not draw:
        return c, [Event(f"The {task.deck} event deck is empty: nothing happens.", "Adventuring: Perils")]
    card_id, draw = draw[0], draw[1:]
    ev = c.deck.card(card_id)
    c = replace(c, event_draw=set_pile(c.event_draw, task.deck, draw))
    if task.peril:
        c = replace(c, event_discard=set_pile(c.event_discard, task.deck, pile(c.event_discard, task.deck) + (card_id,)))
        return push(c, ev.peril), [Event(f"Peril: {ev.name}.", "Adventuring: Perils")]
    if ev.permanent is not None:
        c = c.with_area(events=c.area.events + (card_id,))
        return c, [Event(f"Event: {ev.name} stays in play as a location of this area.", "Adventuring: Permanent event")]
    c = replace(c, event_discard=set_pile(c.event_discard, task.deck, pile(c.event_discard, task.deck) + (card_id,)))
    return push(c, ev.steps), [Event(f"Event: {ev.name}.", "Adventuring: Event card types")]


def loot_row(table: tuple[LootRow, ...], result: int) -> LootRow:
    """LOOT!: out-of-range results gain the lowest or highest reward."""
    rows = [r for r in table if r.low <= result]
    return rows[-1] if rows else table[0]


def remove_secret(c: Campaign, n: int = 1) -> tuple[Campaign, list[Event]]:
    """Removing the last secret marker gains the exploration bonus immediately."""
    left = c.area.secrets - n
    c = c.with_area(secrets=left)
    if left == 0:
        area = c.deck.card(c.area.id)
        return push(c, area.bonus), [Event(f"{area.name} is explored: exploration bonus!", "Area Card Anatomy: Exploration bonus")]
    return c, []
