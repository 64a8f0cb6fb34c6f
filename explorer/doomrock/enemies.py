"""Minion Activation and Boss Activations: AI cards resolved top to bottom.

Each line's targets are tried in the order of the alternative-target arrows; a line with no
valid target is skipped. Ties between heroes are broken in party order (DR-5).
"""
from __future__ import annotations

from dataclasses import replace

from ..core.events import Event
from .ai import AIAction
from .cards import Deck, Encounter
from .damage import deal_damage, name_of, place_expose
from .options import Options
from .positions import push_hero, threat
from .state import Battle, Enemy

SECTION = "Battle Sequence: Minion Activation"


def pick(battle: Battle, deck: Deck, uid: str, target: str, active: int | None) -> int | None:
    """The hero a target word names, or None (no such hero)."""
    alive = battle.alive_heroes
    if target == "active":
        return active if active is not None and active in alive else None
    if target.endswith("_adjacent"):
        group = battle.enemy(uid).group
        alive = tuple(i for i in alive if battle.hero(i).group == group)
    if not alive:
        return None
    if target.startswith("highest"):
        best = max(threat(battle, deck, i) for i in alive)
    else:
        best = min(threat(battle, deck, i) for i in alive)
    return next(i for i in alive if threat(battle, deck, i) == best)


def valid(battle: Battle, uid: str, action: AIAction, i: int) -> bool:
    """Can ``action`` be performed against hero ``i`` (otherwise follow the arrow)?"""
    me, hero = battle.enemy(uid), battle.hero(i)
    if action.do == "move":
        engaged_with = {j for j in battle.alive_heroes if battle.hero(j).group == me.group}
        return hero.group == me.group or not engaged_with
    if action.do == "attack":
        return action.range == "any" or hero.group == me.group
    if action.do == "steal":
        return any(d.owner == i and d.place == "card" for d in battle.dice)
    return True


def enrage_bonus(battle: Battle, encounter: Encounter, options: Options) -> int:
    """Enrage: each of the encounter's enrage values reached adds damage to enemy attacks (DR-7)."""
    return sum(battle.enrage >= t for t in encounter.enrage) * options.enraged_bonus


def run_script(battle: Battle, deck: Deck, options: Options, uid: str, script: tuple[AIAction, ...],
               active: int | None, section: str = SECTION) -> tuple[Battle, list[Event]]:
    """Minion Activation: perform the actions of an AI card part from top to bottom."""
    events: list[Event] = []
    for action in script:
        if battle.enemy(uid).defeated or not battle.alive_heroes:
            break
        me = battle.enemy(uid)
        who = name_of(battle, uid)
        if action.target:
            chosen = None
            for t in action.target:
                i = pick(battle, deck, uid, t, active)
                if i is not None and valid(battle, uid, action, i):
                    chosen = i
                    break
            if chosen is None:
                events.append(Event(f"{who} cannot {action.text}: skipped.", section))
                continue
            hero = battle.hero(chosen)
            if action.do == "move":
                if me.group != hero.group:
                    battle = battle.with_enemy(uid, group=hero.group)
                events.append(Event(f"{who} moves adjacent to {hero.name}.", section))
            elif action.do == "attack":
                amount = action.amount + enrage_bonus(battle, deck.card(battle.encounter), options)
                events.append(Event(f"{who} attacks {hero.name} for {amount} damage.", section))
                battle, ev = deal_damage(battle, deck, chosen, amount)
                events += ev
            elif action.do == "expose":
                battle, ev = place_expose(battle, chosen, action.amount)
                events += ev
            elif action.do == "push":
                battle = push_hero(battle, chosen)
                events.append(Event(f"{who} pushes {hero.name} away.", section))
            elif action.do == "steal":
                die = next(d for d in battle.dice if d.owner == chosen and d.place == "card")
                battle = battle.with_die(die, place="stolen", card=uid)
                events.append(Event(f"{who} steals a {die.face} from {hero.name}'s {deck.card(die.card).name}.",
                                    "Battle Effects: Die steal"))
        elif action.do == "enrage":
            battle = replace(battle, enrage=max(0, battle.enrage + action.amount))
            events.append(Event(f"{who} enrages: the enrage value is now {battle.enrage}.", "Boss Activations: Enrage"))
        elif action.do == "shield":
            battle = battle.with_enemy(uid, shields=me.shields + action.amount)
            events.append(Event(f"{who} gains {action.amount} shield(s).", section))
        elif action.do == "heal":
            gained = min(action.amount, me.max_hp - me.hp)
            battle = battle.with_enemy(uid, hp=me.hp + gained)
            events.append(Event(f"{who} heals {gained}.", section))
        elif action.do == "party_damage":
            battle, ev = party_damage(battle, deck, who, action.amount + enrage_bonus(battle, deck.card(battle.encounter), options))
            events += ev
        elif action.do == "spawn":
            battle, ev = spawn(battle, deck, options, uid, action.amount)
            events += ev
    return battle, events


def party_damage(battle: Battle, deck: Deck, who: str, amount: int) -> tuple[Battle, list[Event]]:
    """Party damage: divided among the heroes, never below zero HP; point by point to the hero with
    the most HP left (DR-11); each hero's share is one damage source."""
    shares: dict[int, int] = {}
    left = {i: battle.hero(i).life for i in battle.alive_heroes}
    for _ in range(amount):
        open_ = [i for i in left if left[i] > 0]
        if not open_:
            break
        i = max(open_, key=lambda k: (left[k], -k))
        shares[i] = shares.get(i, 0) + 1
        left[i] -= 1
    events = [Event(f"{who} deals {amount} damage to the party.", "Battle Effects: Party damage")]
    for i, n in sorted(shares.items()):
        battle, ev = deal_damage(battle, deck, i, n)
        events += ev
    return battle, events


def spawn(battle: Battle, deck: Deck, options: Options, uid: str, count: int) -> tuple[Battle, list[Event]]:
    """Enemy spawn: the encounter's first minion kind, limited by the enemy markers left (DR-6)."""
    enc = deck.card(battle.encounter)
    spec = next((s for s in enc.enemies if not s.boss), None)
    events: list[Event] = []
    if spec is None:
        return battle, [Event("There is no minion to spawn.", "Boss Activations: Enemy spawn")]
    group = battle.enemy(uid).group
    for _ in range(count):
        used = sum(e.tokens for e in battle.alive_enemies if not e.boss)
        if used + (spec.hp + 1) // 2 > options.minion_tokens:
            events.append(Event("No enemy markers are left: no more enemies spawn.", "Rules for the Rules"))
            break
        new = Enemy(f"E{battle.next_enemy}", spec.name, enc.deck, spec.hp, spec.hp, spec.armour, 0, spec.shields,
                    spec.command, False, spec.objective, group)
        battle = replace(battle, enemies=battle.enemies + (new,), next_enemy=battle.next_enemy + 1)
        events.append(Event(f"A {spec.name} ({new.uid}) spawns.", "Boss Activations: Enemy spawn"))
    return battle, events
