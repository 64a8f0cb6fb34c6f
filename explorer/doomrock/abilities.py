"""Hero Action Phase: targets, activation conditions and the effects of abilities and items.

Ability activation (Player Aid): choose targets, remove dice from the card, spend heroism,
apply the effects to the targets, top to bottom.
"""
from __future__ import annotations

from ..core.frozen import replace

from ..core.events import Event
from .cards import Deck
from .damage import deal_damage, name_of, place_expose
from .positions import enemy_armour, engaged, move_hero, move_targets, push_enemy, surrounded
from .roll_phase import dice_word
from .state import Battle, Die

SECTION = "Battle Sequence: Hero Action Phase"


def reach(effects) -> str:
    """The reach of an enemy-targeting card (ruling DR-1; the rulebook prints no range rule): its first
    damage effect's range, adjacent for a push, any enemy for a card with neither (marks, traps)."""
    for e in effects:
        if e.name == "damage":
            return e.param("range")
        if e.name == "push":
            return "adjacent"
    return "any"


def targets(battle: Battle, i: int, kind: str, effects) -> tuple[str, ...]:
    """Valid targets of a card ("Limitation": no applicable target, no activation)."""
    h = battle.hero(i)
    if kind == "enemy":
        near = reach(effects) == "adjacent"
        return tuple(e.uid for e in battle.alive_enemies if not near or e.group == h.group)
    if kind == "group":
        return move_targets(battle, i)
    if kind == "hero":
        return tuple(f"hero:{j}" for j in battle.alive_heroes)
    return ("self",)


def reactions(battle: Battle, deck: Deck, i: int) -> tuple[str, ...]:
    """Reaction abilities of hero ``i`` with a full set of dice and their condition met."""
    h = battle.hero(i)
    out = []
    for cid in dict.fromkeys(h.abilities):
        card = deck.card(cid)
        ready = sum(d.place == "card" for d in battle.on_card(i, cid)) >= card.activation.dice
        if card.reaction and not card.lock and ready and condition_met(battle, i, card.condition):
            out.append(cid)
    return tuple(out)


def usable_items(battle: Battle, deck: Deck) -> bool:
    """Does any undefeated hero hold an item whose Use: effect is still unused this round?"""
    return any(deck.card(it).use and it not in battle.hero(i).used_items for i in battle.alive_heroes
               for it in battle.hero(i).items)


def condition_met(battle: Battle, i: int, condition: str | None) -> bool:
    """Activation condition: a prioritized exception listed at the bottom of the card."""
    if condition == "not_surrounded":
        return not surrounded(battle, i)
    if condition == "engaged":
        return engaged(battle, i)
    if condition == "not_engaged":
        return not engaged(battle, i)
    return True


def resolve(battle: Battle, deck: Deck, i: int, effects, heroism_effects, heroism: int, target: str,
            label: str, options: Options | None = None) -> tuple[Battle, list[Event]]:
    """Apply a card's effects (with ``heroism`` markers spent on its heroism effect) to ``target``."""
    bonus = {name: 0 for name in ("bonus_damage", "bonus_shield", "bonus_heal", "bonus_expose")}
    for e in heroism_effects:
        bonus[e.name] += e.param("amount") * heroism
    hero = battle.hero(i)
    # "Initiative Phase": initiative enabled abilities activated before the enemies act.
    section = "Battle Sequence: Initiative Phase" if battle.phase == "initiative" else SECTION
    events = [Event(f"{hero.name} activates {label}" + (f" on {_target_name(battle, target)}" if target != "self" else "")
                    + (f", spending {heroism} heroism" if heroism else "") + ".", section)]
    # Push: "If damage is dealt during a push effect, the damage is dealt after the push move takes place."
    if any(e.name == "push" for e in effects):
        effects = tuple(e for e in effects if e.name == "push") + tuple(e for e in effects if e.name != "push")
    for e in effects:
        if battle.hero(i).defeated and e.name != "heal":
            break
        if e.name == "damage":
            if target not in {x.uid for x in battle.alive_enemies}:
                continue
            amount = e.param("amount") + bonus.pop("bonus_damage", 0)
            battle, ev = deal_damage(battle, deck, target, amount, options=options)
        elif e.name == "expose":
            if target not in {x.uid for x in battle.alive_enemies}:
                continue
            battle, ev = place_expose(battle, target, e.param("count") + bonus.pop("bonus_expose", 0), deck, options)
        elif e.name == "push":
            if target not in {x.uid for x in battle.alive_enemies}:
                continue
            battle, ev = push_enemy(battle, target), [Event(f"{name_of(battle, target)} is pushed away.", section)]
        elif e.name == "armour_down":
            en, before = battle.enemy(target), enemy_armour(battle, target)
            battle = battle.with_enemy(target, armour_down=en.armour_down + e.param("amount"))
            ev = [Event(f"{name_of(battle, target)}'s armour is reduced by {before - enemy_armour(battle, target)}"
                        + (f" (now {enemy_armour(battle, target)})." if before else " (it is already 0)."), section)]
        elif e.name == "move":
            battle, ev = move_hero(battle, i, target), [Event(f"{hero.name} moves to {_target_name(battle, target)}.", "Battle Basics and Positioning: Moving")]
        elif e.name == "shield":
            n = e.param("amount") + bonus.pop("bonus_shield", 0)
            battle, ev = battle.with_hero(i, shields=battle.hero(i).shields + n), [Event(f"{hero.name} gains {n} shield{'s' * (n != 1)}.", section)]
        elif e.name == "heal":
            j = int(target.split(":")[1])
            battle, ev = heal(battle, j, e.param("amount") + bonus.pop("bonus_heal", 0))
        elif e.name == "extra_die":
            battle, ev = extra_dice(battle, i, e.param("amount"))
        elif e.name == "hide":
            battle, ev = battle.with_hero(i, hidden=True), [Event(f"{hero.name} is hidden.", "Battle Effects: Hidden")]
        else:  # pragma: no cover - the registry admits no other ability effect
            raise ValueError(e.name)
        events += ev
    # Heroism effects with no matching activation effect apply to the hero ("Heroism effect").
    if bonus.get("bonus_shield"):
        battle = battle.with_hero(i, shields=battle.hero(i).shields + bonus["bonus_shield"])
        events.append(Event(f"{hero.name} gains {bonus['bonus_shield']} shield{'s' * (bonus['bonus_shield'] != 1)}.", section))
    if bonus.get("bonus_heal"):
        battle, ev = heal(battle, i, bonus["bonus_heal"])
        events += ev
    return battle, events


def extra_dice(battle: Battle, i: int, n: int) -> tuple[Battle, list[Event]]:
    """Extra dice: rolled and assigned at once; the pool shrinks again at the end of the round."""
    start = max((d.index for d in battle.dice if d.owner == i), default=-1) + 1
    new = tuple(Die(i, start + k, place="waiting") for k in range(n))
    h = battle.hero(i)
    battle = replace(battle.with_hero(i, extra=h.extra + n), dice=battle.dice + new)
    return battle, [Event(f"{h.name} gains {n} extra {dice_word(n)} for this round.", "Battle Effects: Extra dice")]


def heal(battle: Battle, j: int, amount: int) -> tuple[Battle, list[Event]]:
    """Healing: in battle a hero gains broken hit points, never above the maximum."""
    h = battle.hero(j)
    gained = max(0, min(amount, h.max_hp - h.life))
    return battle.with_hero(j, broken=h.broken + gained), [Event(f"{h.name} heals {gained} (broken HP).", "Battle Effects: Healing")]


def _target_name(battle: Battle, target: str) -> str:
    if target.startswith("hero:"):
        return battle.hero(int(target.split(":")[1])).name
    if target == "new":
        return "a new group"
    if target.startswith("group:"):
        return f"group {target.split(':')[1]}"
    return name_of(battle, target)


def spend_dice(battle: Battle, i: int, card: str, count: int) -> Battle:
    """Remove one set of dice from the card: they are spent."""
    dice = [d for d in battle.on_card(i, card) if d.place == "card"][:count]
    for d in dice:
        battle = battle.with_die(d, place="spent", card=None, face=None)
    return battle


def use_item(battle: Battle, deck: Deck, i: int, item: str, target: str,
             options: Options | None = None) -> tuple[Battle, list[Event]]:
    """Using items: once per round; a consumable is discarded after use."""
    card = deck.card(item)
    hero = battle.hero(i)
    items = tuple(x for x in hero.items if x != item) if card.slot == "consumable" else hero.items
    battle = battle.with_hero(i, used_items=hero.used_items + (item,), items=items)
    battle, events = resolve(battle, deck, i, card.use, (), 0, target, card.name, options)
    if card.slot == "consumable":
        events.append(Event(f"{hero.name}'s {card.name} is used up and discarded.", "Items: Using items"))
    return battle, events
