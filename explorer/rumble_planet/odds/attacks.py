"""Exact attack odds: one attack's Injuries by summing ``resolve_attack`` over the attack die's faces,
and the chance to knock opponents out with this turn's attacks, over every order of the weapons.

The engine's own pure functions are the whole model ("Detailed Attack Sequence"): the die's faces come
from ``Options.attack_die`` (repeats weight a face), a face's effect on every target from
``resolve_attack``, and what follows an attack (knock-outs, healing, spikes, shoves) from ``turn.attack``.
Probabilities are exact ``Fraction``s.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from .. import rules, turn
from ..attack import (
    AttackProfile,
    attack_profile,
    resolve_attack,
    targets_in_range,
    weapon_cards,
)
from ...core.errors import IllegalAction
from ..arguments import table_of
from ..loot import settle
from ..state import Attack, State
from . import checks
from .checks import WEAPONS


def die_faces(die: tuple[str, ...]) -> tuple[tuple[str, Fraction], ...]:
    """The distinct faces of the attack die with their chances (a repeated face counts more)."""
    if not isinstance(die, (list, tuple)) or not die or not all(isinstance(f, str) for f in die):
        raise ValueError(f"die must be a non-empty list of faces (such as Options.attack_die), got {die!r}")
    n = len(die)
    return tuple((f, Fraction(k, n)) for f, k in Counter(die).items())


@dataclass(frozen=True)
class TargetOdds:
    """One target of an attack: its Injuries distribution and what it means for its HP."""

    label: str
    seat: int | None
    tile: str | None
    injuries: tuple[tuple[int, Fraction], ...]  # (Injuries, chance), Injuries ascending
    expected: Fraction
    knockout: Fraction  # chance the Hero is knocked out (Injuries >= HP), or a tile destroyed
    by_face: tuple[tuple[str, int], ...]  # Injuries for each distinct face


@dataclass(frozen=True)
class AttackOdds:
    weapon: str
    targets: tuple[TargetOdds, ...]
    knockouts: tuple[tuple[int, Fraction], ...]  # number of Heroes knocked out by this one die (ring attacks)

    @property
    def expected_injuries(self) -> Fraction:
        """Mean Injuries to Heroes, all targets together."""
        return sum((t.expected for t in self.targets if t.seat is not None), Fraction(0))


def profile_odds(profile: AttackProfile, die: tuple[str, ...], hp: dict[int, int] | None = None) -> AttackOdds:
    """The exact odds of one attack profile: ``resolve_attack`` summed over the die's faces.

    Args:
        profile: an ``AttackProfile`` (from ``attack_profile`` or built by hand).
        die: the attack die's faces.
        hp: each target seat's HP, for the knock-out chances (a Hero is out at 0 HP).
    """
    if not isinstance(profile, AttackProfile):
        raise ValueError(f"profile must be an AttackProfile (from attack_profile), got {type(profile).__name__}")
    hp = table_of(hp, "hp") or {}
    faces = die_faces(die)
    per_target = [Counter() for _ in profile.targets]
    by_face = [[] for _ in profile.targets]
    kos: Counter = Counter()
    ko_chance = [Fraction(0)] * len(profile.targets)
    for face, pr in faces:
        hits = resolve_attack(profile, face)
        n_ko = 0
        for i, h in enumerate(hits):
            per_target[i][h.injuries] += pr
            by_face[i].append((face, h.injuries))
            out = h.destroyed if h.tile is not None else (h.seat in hp and h.injuries >= hp[h.seat])
            if out:
                ko_chance[i] += pr
                n_ko += h.seat is not None
        kos[n_ko] += pr
    targets = tuple(
        TargetOdds(t.label, t.seat, t.tile, tuple(sorted(per_target[i].items())),
                   sum((k * p for k, p in per_target[i].items()), Fraction(0)), ko_chance[i], tuple(by_face[i]))
        for i, t in enumerate(profile.targets))
    return AttackOdds(profile.weapon, targets, tuple(sorted(kos.items())))


def attack_odds(state: State, weapon: str, target: str, seat: int | None = None) -> AttackOdds:
    """The exact odds of an attack with ``weapon`` ("heroic" or a slot "1"-"4") on the target at ``target``
    (a what-if: the target need not be in range); a bad argument raises ValueError or IllegalAction."""
    state = checks.state_of(state)
    seat = checks.seat_of(state, seat)
    weapon, target = checks.weapon_of(state, seat, weapon), checks.target_of(state, seat, target)
    profile = attack_profile(state, seat, weapon, target)
    hp = {i: p.hp for i, p in enumerate(state.players) if p.space is not None}
    return profile_odds(profile, state.options.attack_die, hp)


def attack_step_open(state: State) -> bool:
    """II - Action Phase, Attack Limit: the active Hero may still attack now (on the Green, in the Action Phase,
    no decision pending, the attack step not over, fewer than 2 attacks made)."""
    t = state.turn
    p = state.player(state.active)
    return (state.stage == "play" and t.phase == "action" and not state.pending and p.space is not None
            and not p.knocked_out and t.attack != "done" and len(t.used) < 2)


def attack_options(state: State) -> tuple[Attack, ...]:
    """The attacks the active player may make now: each unused weapon on each target in range.

    The same list as the ``Attack`` actions of ``legal_actions`` (Attack Step: "up to 2 attacks, each weapon once"),
    so none outside the Action Phase ("During the Action Phase, you can move across the Green and attack your
    opponents"), once the attack step is over, or while a decision (a teleport's region, a tile's space) is pending.
    """
    checks.state_of(state)
    seat = state.active
    t = state.turn
    if not attack_step_open(state):
        return ()
    return tuple(Attack(w, s) for w in WEAPONS if w not in t.used and weapon_cards(state, seat, w) is not None
                 for s in targets_in_range(state, seat, w))


def outcomes(spec) -> tuple[tuple[object, Fraction], ...]:
    """A chance draw met while an attack settles, outcome by outcome with its chance: a GPS card (a teleport
    after a shove) or any other card or die drawn uniformly from its faces."""
    faces = getattr(spec, "faces", None)
    if faces is None:
        raise IllegalAction(f"the attack odds cannot enumerate {spec!r} (only a card or die drawn from its faces)")
    return die_faces(tuple(faces))


def _after(state: State, action: Attack, face: str, worth) -> Fraction:
    """The value (``worth`` of each end state) of an attack with this face, once what follows it is settled."""
    s, _ = turn.attack(state, action.weapon, action.target, face)
    if s.pending and s.stage == "play":
        s, _ = settle(s, [])
    return _settled(s, state.active, worth)


def _settled(x: State, attacker: int, worth) -> Fraction:
    """Choices and draws still pending after a hit: the attacker's at best (where a shoved Hero goes, which
    region a teleport takes: Controlled Relocation), an opponent's at worst, a draw (the GPS card of a
    teleport) summed over its outcomes by their chances."""
    if not x.pending:
        return worth(x)
    values = []
    for a in rules.legal_actions(x):
        spec = rules.chance(x, a)
        if spec is None:
            values.append(_settled(rules.apply(x, a)[0], attacker, worth))
        else:
            values.append(sum((pr * _settled(rules.apply(x, a, o)[0], attacker, worth) for o, pr in outcomes(spec)),
                              Fraction(0)))
    return max(values) if rules.current_player(x) == attacker else min(values)


def knocked_out(before: State, after: State, goal: tuple[int, ...]) -> int:
    return int(any(after.player(i).knocked_out and not before.player(i).knocked_out for i in goal))


def injuries_dealt(before: State, after: State, goal: tuple[int, ...]) -> int:
    return sum(max(0, before.player(i).hp - after.player(i).hp) for i in goal)


@dataclass(frozen=True)
class Plan:
    """The best way to spend this turn's attacks, by one measure, and its exact value."""

    value: Fraction
    first: Attack | None  # the attack to make first (None: attacking cannot help)
    orders: int  # attack sequences examined


def best_attacks(state: State, goal: tuple[int, ...] | None = None, measure: str = "knockout") -> Plan:
    """Expectimax over this turn's remaining attacks, every weapon order, the second chosen after seeing the first.

    Args:
        state: a state in the active player's Action Phase.
        goal: the seats that count (default: every opponent on the Green).
        measure: "knockout" (chance at least one goal Hero is knocked out) or "injuries" (expected HP taken).
    """
    state = checks.state_of(state)
    goal, measure = checks.goal_of(state, goal), checks.measure_of(measure)
    score = knocked_out if measure == "knockout" else injuries_dealt
    root = state
    count = [0]

    def value(s: State) -> tuple[Fraction, Attack | None]:
        best, first = Fraction(score(root, s, goal)), None
        if measure == "knockout" and best == 1:
            return best, None
        faces = die_faces(s.options.attack_die)
        for a in attack_options(s):
            count[0] += 1
            v = Fraction(0)
            for face, pr in faces:
                v += pr * _after(s, a, face, lambda x: value(x)[0])
            if v > best:
                best, first = v, a
        return best, first

    v, first = value(state)
    return Plan(v, first, count[0])
