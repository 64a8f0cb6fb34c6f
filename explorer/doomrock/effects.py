"""Card effects as data: ability, heroism, lock, item and map effects, each a name plus parameters.

The rulebook describes ability, item, event and area cards without printing them, so deck
files name effects from this registry. Battle effects are carried out by ``abilities.py``
and map effects by ``adventure.py``; this module only declares and validates them.
"""
from __future__ import annotations

from ..core import effects as core
from ..core.effects import Param

STATS = ("str", "agi", "int")

AMOUNT = Param(int, lambda v: 1 <= v <= 10, "a whole number 1-10", 1)
SIGNED = Param(int, lambda v: -10 <= v <= 10 and v != 0, "a non-zero whole number -10..10")
RANGE = Param(str, lambda v: v in ("adjacent", "any"), "'adjacent' or 'any'", "adjacent")
STAT = Param(str, lambda v: v in STATS, f"one of {', '.join(STATS)}")
MOD = Param(int, lambda v: -6 <= v <= 6, "a whole number -6..6", 0)
RARITY = Param(str, lambda v: v in ("common", "epic"), "'common' or 'epic'", "common")

REGISTRY = core.EffectRegistry(none_text="none")
EFFECTS = REGISTRY.effects

# What an ability's target is, by effect: the card's target kind is the one its effects need.
TARGET_OF = {"damage": "enemy", "expose": "enemy", "push": "enemy", "armour_down": "enemy",
             "move": "group", "heal": "hero"}


def _declare(kind: str, name: str, text: str, **params: Param) -> None:
    REGISTRY.register(kind, name, text, **params)(lambda *a, **k: None)


# Ability activation effects ("Ability Card Anatomy: Activation effect"), also item Use: effects.
_declare("ability", "damage", "deal {amount} damage ({range} enemy)", amount=AMOUNT, range=RANGE)
_declare("ability", "expose", "place {count} expose marker(s) on the target", count=AMOUNT)
_declare("ability", "push", "push the target")
_declare("ability", "armour_down", "reduce the target's armour by {amount}", amount=AMOUNT)
_declare("ability", "move", "move")
_declare("ability", "shield", "gain {amount} shield(s)", amount=AMOUNT)
_declare("ability", "heal", "heal a hero for {amount}", amount=AMOUNT)
_declare("ability", "hide", "become hidden")
_declare("ability", "extra_die", "roll {amount} extra dice this round", amount=AMOUNT)
# Heroism effects, multiplied by the heroism spent ("Heroism effect").
_declare("heroism", "bonus_damage", "+{amount} damage per heroism", amount=AMOUNT)
_declare("heroism", "bonus_shield", "+{amount} shield per heroism", amount=AMOUNT)
_declare("heroism", "bonus_heal", "+{amount} healing per heroism", amount=AMOUNT)
_declare("heroism", "bonus_expose", "+{amount} expose marker per heroism", amount=AMOUNT)
# Passive effects: of a card with a locked die ("Dice lock") or of an equipped item.
_declare("passive", "armour", "+{amount} armour", amount=AMOUNT)
_declare("passive", "threat", "+{amount} threat", amount=AMOUNT)
_declare("passive", "stat", "+{amount} {stat}", stat=STAT, amount=AMOUNT)
# Map effects ("Location Effects"); `TEST` and `CHOICE` nest effects and are read by cards.py.
_declare("map", "SHIELD", "SHIELD {amount:+}", amount=SIGNED)
_declare("map", "EXPOSE", "EXPOSE {amount:+}", amount=SIGNED)
_declare("map", "HEROISM", "HEROISM {amount:+}", amount=SIGNED)
_declare("map", "SILVER", "{amount:+} silver", amount=SIGNED)
_declare("map", "HP", "HP {amount:+}", amount=SIGNED)
_declare("map", "TIME", "{amount:+} time", amount=SIGNED)
_declare("map", "PARTY_DAMAGE", "the party is dealt {amount} damage", amount=AMOUNT)
_declare("map", "PERIL", "PERIL")
_declare("map", "CAMP", "CAMP")
_declare("map", "SHOP", "SHOP")
_declare("map", "ITEM", "gain {count} {rarity} item(s)", rarity=RARITY, count=AMOUNT)
_declare("map", "LOOT", "LOOT! {modifier:+}", modifier=MOD)
_declare("map", "NOTHING", "nothing")


class EffectRef(core.EffectRef):
    registry = REGISTRY

    def param(self, name: str, default=None):
        return dict(self.params).get(name, default)
