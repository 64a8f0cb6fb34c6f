"""The attack sequence ("Detailed Attack Sequence"): a pure resolution, and the profile it reads.

``resolve_attack(profile, face)`` is the whole of steps 5-8 for one face of the attack die: it
knows nothing of the state, so exact odds can be built on it by summing over the die's faces.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalAction
from ..core.events import count
from ..core.frozen import replace
from .arguments import seat_of, space_of, state_of
from .board import aligned, range_distance, ring
from .effects import AttackMods, Passive, Protection
from .health import altitude, fields_around, visible_effects
from .options import BODY_PARTS, CRITICAL
from .state import HEROIC, SLOTS, State
from .tile_table import BLOCKING
from .words import the_tile


SLOT_NAMES = tuple(str(i) for i in range(1, SLOTS + 1))
WEAPONS = (HEROIC,) + SLOT_NAMES  # Attack Step 1: the Heroic Object or a slot
FACES = BODY_PARTS + (CRITICAL,)


@dataclass(frozen=True)
class ArmorPiece:
    """One Armor on the defender's track as the attack sees it (Defense with crafting and Boosts)."""

    name: str
    defense: int
    protects: tuple[str, ...]
    on_success: tuple = ()  # EffectRefs
    on_failure: tuple = ()


@dataclass(frozen=True)
class Defender:
    """One target: a Hero (``seat``) or a blocking tile (``tile``, destroyed by ``threshold`` Injuries at once)."""

    label: str
    damage: int  # the attack's total Damage against this target (altitude and alignment included)
    armor: tuple[ArmorPiece, ...] = ()
    fields: int = 0  # Defensive Fields around the target (+2 Defense each)
    seat: int | None = None
    tile: str | None = None
    threshold: int = 0


@dataclass(frozen=True)
class AttackProfile:
    weapon: str
    targets: tuple[Defender, ...]  # the initial target first
    center: str = ""  # the initial target's space
    squirrel: bool = False  # an "on attack" effect places the Squirrel tile next to the initial target
    shove: int = 0  # an "on attack" effect moves the initial target this many spaces farther away


@dataclass(frozen=True)
class Hit:
    """What one face of the die does to one target (steps 5-8)."""

    label: str
    face: str
    damage: int
    defense: int
    injuries: int
    reflect: int = 0
    heal: int = 0
    seat: int | None = None
    tile: str | None = None
    destroyed: bool = False
    protections: tuple[str, ...] = ()  # each protection effect that applied, naming its Armor, for the log


def _protections(used, before_soak: int) -> tuple[str, ...]:
    """Protection effects in words, each with its Armor ("Chest Plate's padding stops 2 Injuries"); padding
    stops only what is left to stop, in the order the Armor sits on the track."""
    out, left = [], before_soak
    for armor, e in used:
        d = e(Protection())
        what = e.name
        if d.soak:
            stopped = min(left, d.soak)
            left -= stopped
            out.append(f"{armor}'s {what} stops {count(stopped, 'Injury', 'Injuries')}" if stopped
                       else f"{armor}'s {what} has nothing left to stop")
        if d.defense:
            out.append(f"{armor}'s {what} adds {d.defense} Defense")
        if d.reflect:
            out.append(f"{armor}'s {what} deal {count(d.reflect, 'Injury', 'Injuries')} to the attacker")
        if d.heal:
            out.append(f"{armor}'s {what} heals {d.heal} HP after the hit")
    return tuple(out)


def resolve_attack(profile: AttackProfile, face: str) -> tuple[Hit, ...]:
    """Steps 5-8 for every target, one die for all ("Multiple Targets").

    Args:
        profile: the attack as built by ``attack_profile``.
        face: the attack die's face, a body part or "critical".
    Returns:
        One ``Hit`` per target, in the profile's order.
    """
    hits = []
    for t, defense, injuries, prot, used, destroyed in _resolved(profile, face):
        field = (f"+{2 * t.fields} Defense from {count(t.fields, 'Defensive Field')}",) if t.fields and face != CRITICAL else ()
        hits.append(Hit(t.label, face, t.damage, defense, injuries, prot.reflect, prot.heal, t.seat, t.tile, destroyed,
                        field + _protections(used, max(0, t.damage - defense))))
    return tuple(hits)


def injuries_by_target(profile: AttackProfile, face: str) -> tuple[tuple[int | None, int, bool], ...]:
    """``resolve_attack`` in numbers only, for a bot weighing many attacks: (seat or None for a tile, Injuries,
    tile destroyed) per target, in the profile's order, without the protections' words."""
    return tuple((t.seat, injuries, destroyed) for t, _, injuries, _, _, destroyed in _resolved(profile, face))


def _resolved(profile: AttackProfile, face: str) -> list:
    """Steps 5-8 for every target: (target, Defense, Injuries, protection, armor effects used, destroyed)."""
    if not isinstance(profile, AttackProfile):
        raise ValueError(f"profile must be an AttackProfile (from attack_profile), got {type(profile).__name__}")
    if face not in FACES:
        raise ValueError(f"face must be one of {', '.join(FACES)}, got {face!r}")
    out = []
    critical = face == CRITICAL
    for t in profile.targets:
        prot = Protection()
        defense = 0
        used = []
        for a in t.armor:
            covered = not critical and face in a.protects
            for e in (a.on_success if covered else a.on_failure):
                prot = e(prot)
                used.append((a.name, e))
            if covered:
                defense += a.defense
        defense = 0 if critical else defense + prot.defense + 2 * t.fields
        injuries = max(0, max(0, t.damage - defense) - prot.soak)
        out.append((t, defense, injuries, prot, used, t.tile is not None and injuries >= t.threshold))
    return out


def weapon_cards(state: State, seat: int, weapon: str):
    """(base Damage, Range, visible effects) of a weapon named "heroic" or by its slot "1"-"4"."""
    p = state.player(seat)
    if weapon == HEROIC:
        hero = state.content.hero(p.hero)
        lv = hero.levels[p.level - 1]
        return hero.heroic_name, lv.damage, lv.range, () if lv.effect is None else (lv.effect,)
    if weapon not in SLOT_NAMES:
        return None
    g = p.track[int(weapon) - 1]
    if g is None or state.content.card(g.main).kind != "weapon":
        return None
    main = state.content.card(g.main)
    dmg = main.damage + (2 if g.secondary else 0) + g.boosts
    return main.name, dmg, main.range, visible_effects(state, g)


def weapon_range(state: State, seat: int, weapon: str) -> int | None:
    """Step 2: the weapon's Range with passive bonuses (None if it is not a usable weapon)."""
    w = weapon_cards(state, seat, weapon)
    if w is None:
        return None
    p = Passive()
    for e in w[3]:
        if e.kind == "passive":
            p = e(p)
    return w[2] + p.range


def armor_of(state: State, seat: int) -> tuple[ArmorPiece, ...]:
    """Step 7: each Armor on the track with its Defense (+2 crafted, +1 a Boost token) and protection effects."""
    out = []
    for g in state.player(seat).track:
        if g is not None and state.content.card(g.main).kind == "armor":
            main = state.content.card(g.main)
            effects = visible_effects(state, g)
            out.append(ArmorPiece(main.name, main.defense + (2 if g.secondary else 0) + g.boosts, main.protects,
                                  tuple(e for e in effects if e.kind == "on_successful_protection"),
                                  tuple(e for e in effects if e.kind == "on_failed_protection")))
    return tuple(out)


def weapon_of(state: State, seat: int, weapon) -> str:
    """"heroic" or an equipment slot "1"-"4" that holds a Weapon (Attack Step 1: choose a weapon)."""
    if weapon not in WEAPONS:
        raise ValueError(f"weapon must be one of {', '.join(map(repr, WEAPONS))}, got {weapon!r}")
    if weapon_cards(state, seat, weapon) is None:
        held = state.player(seat).track[int(weapon) - 1]
        what = "is empty" if held is None else f"holds {state.content.card(held.main).name}, not a Weapon"
        raise IllegalAction(f"slot {weapon} of {state.name(seat)}'s equipment track {what}")
    return weapon


def target_of(state: State, seat: int, target) -> str:
    """A space of the Green holding an opposing Hero or a blocking tile (Attack Step 2: choose a target)."""
    space_of(target, "target")
    aim = state.seat_at(target)
    if aim == seat:
        raise IllegalAction(f"{state.name(seat)} cannot attack their own space {target}")
    if aim is None and state.tile_at(target) not in BLOCKING:
        raise IllegalAction(f"{target} holds no opposing Hero and no blocking tile to attack")
    return target


def attack_profile(state: State, seat: int, weapon: str, target: str) -> AttackProfile:
    """Steps 1-3 and 6: the weapon, the targets in its area and each target's Damage (on-attack effects applied).

    A what-if: the target need not be in range, but it must hold an opposing Hero or a blocking tile.
    """
    state = state_of(state)
    seat = seat_of(state, seat)
    weapon, target = weapon_of(state, seat, weapon), target_of(state, seat, target)
    name, base, _, effects = weapon_cards(state, seat, weapon)
    mods = AttackMods()
    for e in effects:
        if e.kind == "on_attack":
            mods = e(mods)
    here = state.player(seat).space
    center = target
    spaces = [center]
    if mods.radius:
        area = ring(center, mods.radius, state.options.ring_shape)
        spaces += [p.space for i, p in enumerate(state.players) if i != seat and p.space in area]
    targets = []
    for sp in spaces:
        dmg = base + mods.damage + max(0, altitude(state, here) - altitude(state, sp))
        if aligned(here, center, state.options.aligned_diagonals):  # "All effects that apply to the initial target also apply to each additional target."
            dmg += mods.aligned_damage
        t_seat = state.seat_at(sp)
        if t_seat is not None:
            targets.append(Defender(state.name(t_seat), dmg, armor_of(state, t_seat), fields_around(state, sp), seat=t_seat))
        else:
            tile = state.tile_at(sp)
            targets.append(Defender(the_tile(tile, sp), dmg, tile=sp, threshold=BLOCKING[tile]))
    return AttackProfile(name, tuple(targets), center, mods.squirrel, mods.shove)


def targets_in_range(state: State, seat: int, weapon: str) -> tuple[str, ...]:
    """Step 2: the spaces of opposing Heroes and blocking tiles within the weapon's Range."""
    rng = weapon_range(state, seat, weapon)
    here = state.player(seat).space
    if rng is None or here is None:
        return ()
    shape = state.options.range_shape
    out = [p.space for i, p in enumerate(state.players) if i != seat and p.space is not None
           and range_distance(here, p.space, shape) <= rng]
    out += [s for s, t in state.tiles if t in BLOCKING and range_distance(here, s, shape) <= rng]
    return tuple(out)


def with_bonus(profile: AttackProfile, damage: int) -> AttackProfile:
    """The same attack with extra Damage on every target (for what-if questions)."""
    return replace(profile, targets=tuple(replace(t, damage=t.damage + damage) for t in profile.targets))
