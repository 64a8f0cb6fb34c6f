"""Items on the compact campaign and at a compact Battle Setup: statistics, slots and stat requirements ("Items",
the engine's ``items`` module over the deck's ``MapTables`` and mutable heroes), and the gear-up choices both list.
"""
from __future__ import annotations

EQUIP, UNEQUIP = "equip", "unequip"


def hero_stat(t, abilities: tuple, items, name: str) -> int:
    """``items.hero_stat``: a statistic from the hero's ability cards with it, plus equipped items that raise it."""
    stat = t.stat
    n = 0
    for a in abilities:
        if stat[a] == name:
            n += 1
    for it in items:
        for s, amount in t.raises[it]:
            if s == name:
                n += amount
    return n


def can_equip(t, h, item: str) -> bool:
    """``items.can_equip``: one armor, one artifact, two 1-hand weapons or one 2-handed; consumables in any free
    slot; the hero's statistic must be at least the requirement."""
    card = t.items[item]
    for s, v in card.requires:
        if hero_stat(t, h.abilities, h.items, s) < v:
            return False
    slots = [t.items[x].slot for x in h.items] + [card.slot]
    armor, artifact = slots.count("armor"), slots.count("artifact")
    hands = slots.count("one_hand") + 2 * slots.count("two_hand")
    if armor > 1 or artifact > 1 or hands > 2:
        return False
    return slots.count("consumable") <= (1 - armor) + (1 - artifact) + (2 - hands)


def may_unequip(t, h, item: str) -> bool:
    """``items.unequip_refusal`` is None: taking ``item`` off leaves every other item's requirement met."""
    rest = list(h.items)
    rest.remove(item)
    for other in dict.fromkeys(rest):
        requires = t.items[other].requires
        if requires:
            without = [x for x in rest if x != other]  # as when it was equipped
            for s, need in requires:
                if hero_stat(t, h.abilities, without, s) < need:
                    return False
    return True


def gear_actions(t, heroes: list, inventory) -> list:
    """Items: every ``Unequip`` the heroes may make, then every ``Equip`` from the inventory (as the map and
    Battle Setup 1 list them), kept per party (cards and items) and inventory."""
    key = (tuple([(h.abilities, h.items) for h in heroes]), tuple(inventory))
    acts = t.gear.get(key)
    if acts is None:
        if len(t.gear) >= 4096:
            t.gear.clear()
        acts = [(UNEQUIP, i, it) for i, h in enumerate(heroes) if h.items for it in dict.fromkeys(h.items)
                if may_unequip(t, h, it)]
        if inventory:
            acts += [(EQUIP, i, it) for i, h in enumerate(heroes) for it in dict.fromkeys(inventory)
                     if can_equip(t, h, it)]
        acts = t.gear[key] = tuple(acts)
    return list(acts)


def equip(h, inventory: list, item: str) -> None:
    """A hero equips ``item`` from the inventory."""
    inventory.remove(item)
    h.items = h.items + (item,)


def unequip(h, inventory: list, item: str) -> None:
    """A hero takes ``item`` off into the inventory."""
    items = list(h.items)
    items.remove(item)
    h.items = tuple(items)
    inventory.append(item)
