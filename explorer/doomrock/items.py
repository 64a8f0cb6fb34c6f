"""Items: statistics, equipment slots and stat requirements ("Items")."""
from __future__ import annotations

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
