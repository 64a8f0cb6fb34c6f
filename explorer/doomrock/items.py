"""Items: statistics, equipment slots and stat requirements ("Items")."""
from __future__ import annotations

from ..core.frozen import replace

from .cards import Deck
from .state import Hero


def hero_stat(deck: Deck, hero: Hero, name: str) -> int:
    """A statistic: the hero's ability cards with it, plus equipped items that raise it."""
    base = sum(deck.card(a).stat == name for a in hero.abilities)
    return base + sum(e.param("amount") for it in hero.items for e in deck.card(it).passive
                      if e.name == "stat" and e.param("stat") == name)


def can_equip(deck: Deck, hero: Hero, item: str) -> bool:
    """One armor, one artifact, two 1-hand weapons or one 2-handed; consumables in any free slot;
    the hero's statistic must be at least the requirement."""
    card = deck.card(item)
    if any(hero_stat(deck, hero, s) < v for s, v in card.requires):
        return False
    slots = [deck.card(x).slot for x in hero.items] + [card.slot]
    armor, artifact = slots.count("armor"), slots.count("artifact")
    hands = slots.count("one_hand") + 2 * slots.count("two_hand")
    if armor > 1 or artifact > 1 or hands > 2:
        return False
    return slots.count("consumable") <= (1 - armor) + (1 - artifact) + (2 - hands)


def unequip_refusal(deck: Deck, hero: Hero, item: str) -> str | None:
    """Items: "In order to equip an item, a hero must meet the stat requirement": taking off an item that
    raises a statistic must not leave another equipped item's requirement unmet. Returns why not, or None."""
    if item not in hero.items:
        return f"{hero.name} has no {deck.card(item).name if deck.has(item) else repr(item)} equipped"
    rest = list(hero.items)
    rest.remove(item)
    for other in dict.fromkeys(rest):
        without = replace(hero, items=tuple(x for x in rest if x != other))  # as when it was equipped
        for stat, need in deck.card(other).requires:
            have = hero_stat(deck, without, stat)
            if have < need:
                return (f"{hero.name} cannot unequip {deck.card(item).name}: {deck.card(other).name} requires "
                        f"{stat} {need} and without it {hero.name} would have {stat} {have}")
    return None


def gear_refusal(deck: Deck, heroes: tuple[Hero, ...], action) -> str:
    """Why an ``Unequip`` is refused, in words (a stat requirement it would break, or a bad hero or item)."""
    if not (isinstance(action.hero, int) and not isinstance(action.hero, bool) and 0 <= action.hero < len(heroes)):
        return f"there is no hero number {action.hero!r}"
    hero = heroes[action.hero]
    if not isinstance(action.item, str):
        return f"{action.item!r} is not an item"
    return unequip_refusal(deck, hero, action.item) or "that item cannot be unequipped now"
