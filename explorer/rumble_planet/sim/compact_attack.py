"""The Detailed Attack Sequence on the compact game: weapons, targets in range, each target's Damage and Defense,
and one face of the die resolved in numbers (the engine's ``attack`` module without its words)."""
from __future__ import annotations

from ..board import SPACES, aligned, range_distance, ring
from ..state import HEROIC
from ..tile_table import BLOCKING
from .compact import Game
from .compact_rules import arms, gain_pp, heal, injure, offer_tile, tile_spots

WEAPONS = (HEROIC, "1", "2", "3", "4")
CRITICAL = "critical"


def _rows(shape: str) -> dict:
    """Each space's Range distance to every space (ruling RP-9: orthogonal, or by ring)."""
    return {a: {b: range_distance(a, b, shape) for b in SPACES} for a in SPACES}


RANGE_ROWS = {shape: _rows(shape) for shape in ("distance", "ring")}  # Range counted as ruling RP-9 reads it


class Scene:
    """What every attack of the active player reads, worked out once for all of them: the attacker's space and
    altitude, the Heroes on the Green by space."""

    __slots__ = ("seat", "here", "a_here", "where")

    def __init__(self, g: Game):
        self.seat = g.active
        self.here = g.seats[self.seat].space
        self.a_here = g.alt[self.here]
        self.where = {p.space: i for i, p in enumerate(g.seats) if p.space is not None}



def weapon_of(g: Game, p, weapon: str):
    """Step 1: the chosen weapon's numbers (the Heroic Object at the Hero's level, or the piece in that slot)."""
    return g.tab.heroic[p.hero, p.level] if weapon == HEROIC else g.tab.gear(p.track[int(weapon) - 1])


def profile(g: Game, weapon: str, target: str, scene: Scene | None = None, w=None):
    """Steps 1-3 and 6 for the active player's legal attack: (mods, [(seat or None, Damage, armor, fields, tile
    threshold)], the initial target first); ``w``: the weapon's numbers, if looked up already (``weapon_of``)."""
    sc = scene or Scene(g)
    seat, here = sc.seat, sc.here
    if w is None:
        w = weapon_of(g, g.seats[seat], weapon)
    mods = w.mods
    if mods.radius:
        area = ring(target, mods.radius, g.o.ring_shape)
        spaces = [target] + [q.space for i, q in enumerate(g.seats) if i != seat and q.space in area]
    else:
        spaces = (target,)
    alt = g.alt
    base = w.damage + mods.damage + (mods.aligned_damage if mods.aligned_damage
                                     and aligned(here, target, g.o.aligned_diagonals) else 0)
    out = []
    for sp in spaces:
        dmg = base + max(0, sc.a_here - alt[sp])
        t_seat = sc.where.get(sp)
        if t_seat is not None:
            q = g.seats[t_seat]
            out.append((t_seat, dmg, (q.arms or arms(g, t_seat))[3], g.fields.get(sp, 0), 0))
        else:
            out.append((None, dmg, (), 0, BLOCKING[g.tiles[sp]]))
    return mods, out


def resolve(target, face: str) -> tuple:
    """Steps 5-8 for one target: (Injuries, reflected Injuries, healing, tile destroyed)."""
    t_seat, dmg, armor, fields, threshold = target
    critical = face == CRITICAL
    p_def = soak = reflect = heal_ = defense = 0
    for a in armor:
        covered = not critical and face in a.protects
        d, s, r, h = a.success if covered else a.failure
        p_def += d
        soak += s
        reflect += r
        heal_ += h
        if covered:
            defense += a.defense
    defense = 0 if critical else defense + p_def + 2 * fields
    injuries = max(0, max(0, dmg - defense) - soak)
    return injuries, reflect, heal_, t_seat is None and injuries >= threshold


def attack(g: Game, weapon: str, target: str, face: str, profiled: tuple | None = None) -> None:
    """Detailed Attack Sequence: one die, every target in the area, Injuries, PP for injuring (``profiled``: the
    attack's ``profile`` at this position, if worked out already)."""
    seat = g.active
    attacker = g.seats[seat]
    origin = attacker.space
    mods, targets = profiled or profile(g, weapon, target)
    before = tile_spots(g, "squirrel", target, False) if mods.squirrel and attacker.dogniss else None
    g.t_attack = "open"
    g.t_used.append(weapon)
    if g.t_movement == "open":
        g.t_movement = "done"
    best = hit = 0
    for k, t in enumerate(targets):
        injuries, reflect, healing, destroyed = resolve(t, face)
        t_seat = t[0]
        if t_seat is None:  # a tile is only ever the initial target (the area adds opposing Heroes only)
            if destroyed:
                g.set_tile(target, None)
            continue
        best = max(best, injuries)
        if k == 0:
            hit = injuries  # the initial target's, which a push adds to (ruling RP-37)
        injure(g, t_seat, injuries)
        if injuries > 0:  # the PP for injuring follows the Injuries it is for
            attack_injured(g, seat, t_seat)
        heal(g, t_seat, healing)
        if reflect and not attacker.ko:
            injure(g, seat, reflect)
    victim = targets[0][0]
    if mods.shove and victim is not None and g.seats[victim].space is not None:
        push = (str(victim), str(mods.shove), origin)
        g.pending.append(("shove", seat, push + (str(hit),) if g.o.push_injuries == "the_attacks" else push))
    if before is not None:
        offer_tile(g, "squirrel", target, own_space=False, before=before)
    g.t_best_hit = max(g.t_best_hit, best)
    g.t_criticals += face == CRITICAL


def attack_injured(g: Game, seat: int, victim: int) -> None:
    """Ways to Gain or Lose PP: "Attack and injure an opponent (once per turn, per opponent) +1 PP"."""
    if victim not in g.t_injured:
        g.t_injured.append(victim)
        gain_pp(g, seat, 1)


def push_injured(g: Game, seat: int, victim: int, hit: int, suffered: int) -> None:
    """The Injuries a push causes are the attack's with ``options.push_injuries="the_attacks"`` (ruling RP-37,
    ``turn.push_injured``): they injure the opponent and add to the attack's ``hit`` Injuries on them."""
    if suffered > 0:
        g.t_best_hit = max(g.t_best_hit, hit + suffered)
        attack_injured(g, seat, victim)


def attack_values(g: Game, attacks: list, profiles: list | None = None) -> list:
    """The greedy bot's weighing of each attack (``weighing.expected_injuries``): mean Injuries to opponents over the
    die's faces, tiles counting 0.1 for being destroyed, added face by face in the die's order; each attack's
    ``profile`` goes to ``profiles`` if given."""
    scene = Scene(g)
    memo = g.expected
    if len(memo) > 200_000:  # a bound on what is remembered over very many games
        memo.clear()
    p = g.seats[scene.seat]
    out = []
    weapon = w = None
    for a in attacks:  # the attacks come weapon by weapon (compact_turn.attack_actions)
        if a.weapon != weapon:
            weapon = a.weapon
            w = weapon_of(g, p, weapon)
        found = profile(g, weapon, a.target, scene, w)
        if profiles is not None:
            profiles.append(found)
        key = tuple(found[1])  # (seat or None, Damage, Armor, Fields, threshold) of each target
        found = memo.get(key)
        if found is None:
            found = memo[key] = _expected(key, g.o.attack_die)
        out.append(found)
    return out


def _expected(targets: list, faces: tuple) -> float:
    """The mean over the die's faces of the Injuries to opposing Heroes, 0.1 for a tile destroyed."""
    total = 0.0
    hits = {}
    for face in faces:
        got = hits.get(face)
        if got is None:
            got = hits[face] = [(t[0], resolve(t, face)) for t in targets]
        for t_seat, (injuries, _, _, destroyed) in got:
            total += injuries if t_seat is not None else 0.1 * destroyed
    return total / len(faces)
