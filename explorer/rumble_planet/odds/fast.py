"""A fast model of this turn's attacks for the board overlay, built from the engine's attack profiles.

``best_attacks`` walks the engine's own states and is exact in every case; this model keeps only what
changes between two attacks from the same space (HP, knock-outs, healing, spikes on the attacker,
destroyed tiles), so it is quick enough for every reachable space at once. It does not follow a shove
or a Level-Up! between the two attacks; tests check it against ``best_attacks`` where neither happens.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..attack import attack_profile, resolve_attack
from ..state import State
from .attacks import attack_options


@dataclass(frozen=True)
class Outcome:
    """What one attack does on one face: (seat, Injuries, healing) per Hero hit, tiles destroyed, spikes."""

    chance: float
    hits: tuple[tuple[int, int, int], ...]
    tiles: tuple[str, ...]
    reflect: int


def outcomes(state: State, seat: int, weapon: str, target: str) -> tuple[Outcome, ...]:
    """The attack die's distinct faces, each resolved by ``resolve_attack`` on the engine's profile."""
    profile = attack_profile(state, seat, weapon, target)
    die = state.options.attack_die
    out = []
    for face, k in Counter(die).items():
        hits = resolve_attack(profile, face)
        out.append(Outcome(k / len(die), tuple((h.seat, h.injuries, h.heal) for h in hits if h.seat is not None),
                           tuple(h.tile for h in hits if h.tile is not None and h.destroyed),
                           sum(h.reflect for h in hits)))
    return tuple(out)


@dataclass(frozen=True)
class Value:
    expected_injuries: float  # best expected HP taken from opponents with this turn's attacks
    knockout: float  # best chance to knock out at least one opponent
    first: tuple[str, str] | None  # (weapon, target) to start with for the best knock-out chance (else injuries)


@lru_cache(maxsize=4096)
def solve(options: tuple, hp: tuple[tuple[int, int], ...], own_hp: int, max_hp: int, attacks: int) -> Value:
    """Expectimax over up to ``attacks`` attacks, each weapon once, the second chosen after the first's result.

    Args:
        options: ((weapon, target seat or tile space, outcomes), ...) for every attack available.
        hp: (seat, HP) of every opponent on the Green.
        own_hp: the attacker's HP (spikes can knock the attacker out, which ends the attack step).
    """
    start = dict(hp)

    def step(cur: dict, own: int, used: frozenset, left: int, tiles: frozenset) -> tuple[float, float, tuple | None, tuple | None]:
        inj = float(sum(start[s] - cur[s] for s in start))
        ko = 1.0 if any(cur[s] == 0 for s in start) else 0.0
        best_i, best_k, first_i, first_k = inj, ko, None, None
        if left == 0 or own == 0 or ko == 1.0 and inj >= sum(start.values()):
            return best_i, best_k, first_i, first_k
        for weapon, aim, outs in options:
            if weapon in used or (aim in cur and cur[aim] == 0) or aim in tiles:
                continue
            ei = ek = 0.0
            for o in outs:
                nxt = dict(cur)
                for seat, n, heal in o.hits:
                    if nxt[seat] == 0:
                        continue
                    h = max(0, nxt[seat] - n)
                    if h > 0:
                        h = min(max_hp, h + heal)
                    nxt[seat] = h
                own2 = max(0, own - o.reflect)
                vi, vk, _, _ = step(nxt, own2, used | {weapon}, left - 1, tiles | set(o.tiles))
                ei += o.chance * vi
                ek += o.chance * vk
            if ei > best_i + 1e-12:
                best_i, first_i = ei, (weapon, aim)
            if ek > best_k + 1e-12:
                best_k, first_k = ek, (weapon, aim)
        return best_i, best_k, first_i, first_k

    i, k, fi, fk = step(dict(hp), own_hp, frozenset(), attacks, frozenset())
    return Value(i, k, fk or fi)


def attack_value(state: State, seat: int | None = None) -> Value:
    """The best this turn's remaining attacks can do from the attacker's current space."""
    seat = state.active if seat is None else seat
    acts = attack_options(state)
    if not acts:
        return Value(0.0, 0.0, None)
    opts = []
    for a in acts:
        aim = state.seat_at(a.target)
        opts.append((a.weapon, a.target if aim is None else aim, outcomes(state, seat, a.weapon, a.target)))
    hp = tuple((i, p.hp) for i, p in enumerate(state.players) if i != seat and p.space is not None)
    return solve(tuple(opts), hp, state.player(seat).hp, state.options.max_hp, 2 - len(state.turn.used))
