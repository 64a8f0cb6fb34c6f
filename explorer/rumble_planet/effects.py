"""Card effects as data: each is a registered name, a trigger (its kind) and validated parameters.

Triggers follow "Equipment Effects": passive, on placement, upon obsolescence, on attack, on
successful protection, on failed protection. Loot rewards ("Loot Cards") and Feat conditions are
registered here too. Every function is pure: it returns modifiers or a reward that the rules apply.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.effects import EffectRef as _EffectRef
from ..core.effects import EffectRegistry, Param
from ..core.frozen import replace
from .tile_table import TILES
from .words import a_tile

EFFECTS = EffectRegistry()
TRIGGERS = ("passive", "on_placement", "upon_obsolescence", "on_attack", "on_successful_protection", "on_failed_protection")
WEAPON_TRIGGERS = ("passive", "on_placement", "upon_obsolescence", "on_attack")
ARMOR_TRIGGERS = ("passive", "on_placement", "upon_obsolescence", "on_successful_protection", "on_failed_protection")

_small = Param(int, lambda v: 1 <= v <= 6, "a whole number 1-6")
_count = Param(int, lambda v: 1 <= v <= 10, "a whole number 1-10")


class EffectRef(_EffectRef):
    registry: ClassVar[EffectRegistry] = EFFECTS


def parse_effect(entry, field_name: str, data, kinds: tuple[str, ...]) -> EffectRef:
    return EffectRef.parse(entry, field_name, data, kinds)


@dataclass(frozen=True)
class AttackMods:
    """What "on attack" effects change: extra Damage and the attack's area (0, Ring 1, Extended Ring 2)."""

    damage: int = 0
    radius: int = 0
    aligned_damage: int = 0  # extra Damage against an aligned target
    squirrel: bool = False  # Agent Dogniss places the Squirrel tile next to the initial target
    shove: int = 0  # spaces the initial target is moved farther away after the hit


@dataclass(frozen=True)
class Passive:
    """What visible passive effects add while the card is on the equipment board."""

    mp: int = 0
    range: int = 0


@dataclass(frozen=True)
class Protection:
    """What protection effects change in one attack."""

    defense: int = 0  # added to the Defense total (lost on a critical hit)
    soak: int = 0  # Injuries prevented after Defense, even on a critical hit
    reflect: int = 0  # Injuries the attacker suffers
    heal: int = 0  # HP the defender heals after the hit


@dataclass(frozen=True)
class Gain:
    """A one-off reward (on placement, upon obsolescence): Credits, healing, Boost tokens, a tile."""

    credits: int = 0
    heal: int = 0
    boosts: int = 0
    tile: str | None = None


# -- passive ------------------------------------------------------------------------
@EFFECTS.register("passive", "light_frame", "Passive: +{amount} Movement Point(s).", amount=_small)
def light_frame(p: Passive, amount: int) -> Passive:
    return replace(p, mp=p.mp + amount)


@EFFECTS.register("passive", "long_barrel", "Passive: this weapon has +{amount} Range.", amount=_small)
def long_barrel(p: Passive, amount: int) -> Passive:
    return replace(p, range=p.range + amount)


# -- on attack ------------------------------------------------------------------------
@EFFECTS.register("on_attack", "power_shot", "On attack: +{amount} Damage.", amount=_small)
def power_shot(m: AttackMods, amount: int) -> AttackMods:
    return replace(m, damage=m.damage + amount)


@EFFECTS.register("on_attack", "ring", "On attack: Ring - every opponent within 1 space of the initial target is also targeted.")
def ring_attack(m: AttackMods) -> AttackMods:
    return replace(m, radius=max(m.radius, 1))


@EFFECTS.register("on_attack", "extended_ring", "On attack: Extended Ring - every opponent within 2 spaces of the initial target is also targeted.")
def extended_ring_attack(m: AttackMods) -> AttackMods:
    return replace(m, radius=2)


@EFFECTS.register("on_attack", "squirrel", "On attack: place the Squirrel tile in a free space next to the initial target (Agent Dogniss only).")
def squirrel(m: AttackMods) -> AttackMods:
    return replace(m, squirrel=True)


@EFFECTS.register("on_attack", "shove", "On attack: after the hit, move the initial target {amount} space(s) farther from you.",
                  amount=Param(int, lambda v: 1 <= v <= 3, "a whole number 1-3"))
def shove(m: AttackMods, amount: int) -> AttackMods:
    return replace(m, shove=m.shove + amount)


@EFFECTS.register("on_attack", "sniper", "On attack: +{amount} Damage if the target is aligned with you.", amount=_small)
def sniper(m: AttackMods, amount: int) -> AttackMods:
    return replace(m, aligned_damage=m.aligned_damage + amount)


# -- protection -------------------------------------------------------------------------
@EFFECTS.register("on_successful_protection", "brace", "On successful protection: +{amount} Defense.", amount=_small)
def brace(p: Protection, amount: int) -> Protection:
    return replace(p, defense=p.defense + amount)


@EFFECTS.register("on_successful_protection", "spikes", "On successful protection: the attacker suffers {amount} Injury(ies).", amount=_small)
def spikes(p: Protection, amount: int) -> Protection:
    return replace(p, reflect=p.reflect + amount)


@EFFECTS.register("on_failed_protection", "padding", "On failed protection: suffer {amount} Injury(ies) fewer.", amount=_small)
def padding(p: Protection, amount: int) -> Protection:
    return replace(p, soak=p.soak + amount)


@EFFECTS.register("on_failed_protection", "medkit", "On failed protection: heal {amount} HP after the hit.", amount=_small)
def medkit(p: Protection, amount: int) -> Protection:
    return replace(p, heal=p.heal + amount)


# -- on placement / upon obsolescence ---------------------------------------------------------
for _kind in ("on_placement", "upon_obsolescence"):
    _when = "On placement" if _kind == "on_placement" else "Upon obsolescence"
    EFFECTS.register(_kind, f"{_kind}:credits", f"{_when}: take {{amount}} Credits from the bank.", amount=_small)(
        lambda g, amount: replace(g, credits=g.credits + amount))
    EFFECTS.register(_kind, f"{_kind}:heal", f"{_when}: heal {{amount}} HP.", amount=_small)(
        lambda g, amount: replace(g, heal=g.heal + amount))
    EFFECTS.register(_kind, f"{_kind}:boost", f"{_when}: take {{amount}} Boost token(s) from the bank.", amount=_small)(
        lambda g, amount: replace(g, boosts=g.boosts + amount))
    EFFECTS.register(_kind, f"{_kind}:tile", f"{_when}: place {{tile}} in your space or a free space next to it.",
                     tile=Param(str, lambda v: v in TILES and v != "squirrel", "a tile other than the squirrel", show=a_tile))(
        lambda g, tile: replace(g, tile=tile))


# -- loot rewards ("Loot Cards") -------------------------------------------------------------------
LOOT = ("weapon", "armor", "credits", "healing", "replacement", "teleporter_replacement", "gear_swap")
EFFECTS.register("loot", "weapon", "Weapon: draw a card from the Weapon store.")(lambda: ("weapon", 0))
EFFECTS.register("loot", "armor", "Armor: draw a card from the Armor store.")(lambda: ("armor", 0))
EFFECTS.register("loot", "credits", "Credits: take {amount} Credits from the bank.", amount=_count)(lambda amount: ("credits", amount))
EFFECTS.register("loot", "healing", "Healing: heal {amount} HP.", amount=_count)(lambda amount: ("healing", amount))
EFFECTS.register("loot", "replacement", "Replacement: move to an adjacent space.")(lambda: ("replacement", 0))
EFFECTS.register("loot", "teleporter_replacement", "Teleporter Replacement: replace 1 teleporter in an adjacent space.")(
    lambda: ("teleporter_replacement", 0))
EFFECTS.register("loot", "gear_swap", "Gear Swap: swap two adjacent pieces of equipment on your track.")(lambda: ("gear_swap", 0))


# -- feat conditions: functions of (this turn's record, the active hero's altitude, crafted pieces) ----------
@dataclass(frozen=True)
class FeatView:
    injured: int  # opponents injured by your attacks this turn
    knockouts: int
    picked: int  # lootboxes picked up this turn
    best_hit: int  # most Injuries in one attack on one target
    criticals: int
    altitude: int
    crafted: int


EFFECTS.register("feat", "injure_opponents", "Injure {count} different opponent(s) this turn.", count=_count)(
    lambda v, count: v.injured >= count)
EFFECTS.register("feat", "knock_out", "Knock out {count} opponent(s) this turn.", count=_count)(lambda v, count: v.knockouts >= count)
EFFECTS.register("feat", "pick_up_lootboxes", "Pick up {count} lootbox(es) this turn.", count=_count)(lambda v, count: v.picked >= count)
EFFECTS.register("feat", "big_hit", "Inflict {count}+ Injuries in one attack.", count=_count)(lambda v, count: v.best_hit >= count)
EFFECTS.register("feat", "critical_hit", "Land a critical hit this turn.")(lambda v: v.criticals >= 1)
EFFECTS.register("feat", "high_ground", "Stand at altitude {level} or higher.", level=Param(int, lambda v: 1 <= v <= 3, "1-3"))(
    lambda v, level: v.altitude >= level)
EFFECTS.register("feat", "crafter", "Have {count} crafted piece(s) of equipment.", count=Param(int, lambda v: 1 <= v <= 4, "1-4"))(
    lambda v, count: v.crafted >= count)
