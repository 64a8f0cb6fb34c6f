"""Items: equipment slots and stat requirements."""
from __future__ import annotations

from .adventure import stat
from .campaign_state import Campaign


def can_equip(c: Campaign, i: int, item: str) -> bool:
    """One armor, one artifact, two 1-hand weapons or one 2-handed; consumables in any free slot;
    the hero's statistic must be at least the requirement."""
    card = c.deck.card(item)
    if any(stat(c, i, s) < v for s, v in card.requires):
        return False
    slots = [c.deck.card(x).slot for x in c.heroes[i].items] + [card.slot]
    armor, artifact = slots.count("armor"), slots.count("artifact")
    hands = slots.count("one_hand") + 2 * slots.count("two_hand")
    if armor > 1 or artifact > 1 or hands > 2:
        return False
    return slots.count("consumable") <= (1 - armor) + (1 - artifact) + (2 - hands)
