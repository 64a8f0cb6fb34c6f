"""Battle Basics and Positioning: groups, adjacent and distant, engaged, surrounded, threat.

Every character has a group number; characters in the same group are adjacent to each other,
all others are distant. A move or push to "new" opens a new, distant group.
"""
from __future__ import annotations

from ..core.frozen import replace

from .cards import Deck
from .state import Battle


def hero_passives(battle: Battle, deck: Deck, i: int, name: str) -> int:
    """The sum of a passive effect from the hero's locked cards and equipped items."""
    total = 0
    h = battle.hero(i)
    locked = {d.card for d in battle.dice if d.owner == i and d.place == "locked"}
    for cid in locked:
        total += sum(e.param("amount") for e in deck.card(cid).passive if e.name == name)
    for iid in h.items:
        total += sum(e.param("amount") for e in deck.card(iid).passive if e.name == name)
    return total


def threat(battle: Battle, deck: Deck, i: int) -> int:
    """Threat value ("Minion Activation: Threat value"); a hidden hero has threat zero."""
    h = battle.hero(i)
    return 0 if h.hidden else h.threat + hero_passives(battle, deck, i, "threat")


def hero_armour(battle: Battle, deck: Deck, i: int) -> int:
    """Armor of a hero: from locked abilities and equipped items."""
    return hero_passives(battle, deck, i, "armour")


def enemy_armour(battle: Battle, uid: str) -> int:
    """Armour: "Armor reduction is cumulative, but may not reduce armor below zero"."""
    e = battle.enemy(uid)
    return max(0, e.armour - e.armour_down)


def enemies_in(battle: Battle, group: int) -> tuple[str, ...]:
    """Undefeated enemies of a group."""
    return tuple(e.uid for e in battle.alive_enemies if e.group == group)


def heroes_in(battle: Battle, group: int) -> tuple[int, ...]:
    """Undefeated heroes of a group."""
    return tuple(i for i in battle.alive_heroes if battle.hero(i).group == group)


def engaged(battle: Battle, i: int) -> bool:
    """Engaged: a hero adjacent to at least one enemy."""
    return bool(enemies_in(battle, battle.hero(i).group))


def enemy_engaged_with(battle: Battle, uid: str) -> tuple[int, ...]:
    """Engaged: the heroes adjacent to an enemy."""
    return heroes_in(battle, battle.enemy(uid).group)


def surrounded(battle: Battle, i: int) -> bool:
    """Surrounded: adjacent to twice the number of enemies as heroes in the group; never when hidden."""
    h = battle.hero(i)
    if h.hidden:
        return False
    return len(enemies_in(battle, h.group)) >= 2 * len(heroes_in(battle, h.group))


def groups(battle: Battle) -> tuple[int, ...]:
    """The groups in use (every character in a group is adjacent to every other)."""
    used = {battle.hero(i).group for i in battle.alive_heroes} | {e.group for e in battle.alive_enemies}
    return tuple(sorted(used))


def move_hero(battle: Battle, i: int, target: str) -> Battle:
    """Moving: to an existing group ("group:N") or to a new, distant group ("new")."""
    if target == "new":
        return replace(battle.with_hero(i, group=battle.next_group), next_group=battle.next_group + 1)
    return battle.with_hero(i, group=int(target.split(":")[1]))


def push_hero(battle: Battle, i: int) -> Battle:
    """Push: a compulsory move out of the current group into a new, distant group."""
    return move_hero(battle, i, "new")


def push_enemy(battle: Battle, uid: str) -> Battle:
    """Push: an enemy moves out of its group into a new, distant group."""
    return replace(battle.with_enemy(uid, group=battle.next_group), next_group=battle.next_group + 1)


def move_targets(battle: Battle, i: int) -> tuple[str, ...]:
    """Moving: to any other group, or to a new, distant group."""
    own = battle.hero(i).group
    return tuple(f"group:{g}" for g in groups(battle) if g != own) + ("new",)
