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

from ..attack import attack_profile, resolve_attack, weapon_cards, weapon_range
from ..board import aligned, range_distance
from ..health import altitude
from ..state import Attack, State
from ..tile_table import BLOCKING
from . import checks
from .attacks import WEAPONS, attack_options, attack_step_open


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
    seats = [seat for seat, _ in hp]
    where = {seat: i for i, seat in enumerate(seats)}
    start = tuple(h for _, h in hp)
    opts = [(weapon, where.get(aim, -1), aim if aim not in where else None,
             tuple((o.chance, tuple((where[s], n, heal) for s, n, heal in o.hits if s in where), o.tiles, o.reflect)
                   for o in outs))
            for weapon, aim, outs in options]
    memo: dict = {}

    def score(cur: tuple) -> tuple[float, float]:
        return float(sum(max(0, a - b) for a, b in zip(start, cur))), (1.0 if 0 in cur else 0.0)

    def step(cur: tuple, own: int, used: frozenset, left: int, tiles: frozenset):
        key = (cur, own, used, left, tiles)
        if key in memo:
            return memo[key]
        best_i, best_k = score(cur)
        first_i = first_k = None
        if left > 0 and own > 0:
            for weapon, idx, tile, outs in opts:
                if weapon in used or (idx >= 0 and cur[idx] == 0) or (tile is not None and tile in tiles):
                    continue
                ei = ek = 0.0
                for chance, hits, broken, reflect in outs:
                    nxt = list(cur)
                    for i, n, heal in hits:
                        if nxt[i] == 0:
                            continue
                        h = max(0, nxt[i] - n)
                        nxt[i] = min(max_hp, h + heal) if h > 0 else 0
                    vi, vk, _, _ = step(tuple(nxt), max(0, own - reflect), used | {weapon}, left - 1,
                                        tiles | frozenset(broken) if broken else tiles)
                    ei += chance * vi
                    ek += chance * vk
                if ei > best_i + 1e-12:
                    best_i, first_i = ei, (weapon, seats[idx] if idx >= 0 else tile)
                if ek > best_k + 1e-12:
                    best_k, first_k = ek, (weapon, seats[idx] if idx >= 0 else tile)
        memo[key] = (best_i, best_k, first_i, first_k)
        return memo[key]

    i, k, fi, fk = step(start, own_hp, frozenset(), attacks, frozenset())
    return Value(i, k, fk or fi)


def options_at(state: State, seat: int, here: str, cache: dict) -> tuple:
    """The attacks available from ``here``: the engine's weapons and Ranges (computed once a map), its targets by distance.

    Equal to ``attack_options`` for the attacker standing at ``here`` (tests compare them space by space).
    """
    if "weapons" not in cache:
        t = state.turn
        cache["weapons"] = tuple((w, weapon_range(state, seat, w)) for w in WEAPONS
                                 if w not in t.used and weapon_cards(state, seat, w) is not None)
        cache["aims"] = tuple(p.space for i, p in enumerate(state.players) if i != seat and p.space is not None) + tuple(
            s for s, tile in state.tiles if tile in BLOCKING)
    shape = state.options.range_shape
    return tuple(Attack(w, aim) for w, rng in cache["weapons"] for aim in cache["aims"] if range_distance(here, aim, shape) <= rng)


def attack_value(state: State, seat: int | None = None, cache: dict | None = None) -> Value:
    """The best this turn's remaining attacks can do from the attacker's current space.

    Args:
        seat: the active player's seat (None: the same); the remaining attacks are theirs ("Attack Step"), so
            another seat is refused rather than answered with the active player's attacks.
        cache: shared between calls on the same position with the attacker elsewhere (a map of spaces):
            an attack's outcomes depend on the attacker's space only through its altitude and alignment.
    """
    seat = checks.active_seat(checks.state_of(state), seat, "attack_value")
    if cache is not None and not isinstance(cache, dict):
        raise ValueError(f"cache must be a dict (or None), got {type(cache).__name__}")
    here = state.player(seat).space
    if cache is None:
        acts = attack_options(state)
    else:
        acts = options_at(state, seat, here, cache) if attack_step_open(state) else ()
    if not acts:
        return Value(0.0, 0.0, None)
    opts, keys = [], []
    alt = altitude(state, here)
    for a in acts:
        key = (a.weapon, a.target, alt, aligned(here, a.target, state.options.aligned_diagonals))
        if cache is None or key not in cache:
            outs = outcomes(state, seat, a.weapon, a.target)
            if cache is not None:
                cache[key] = outs
        else:
            outs = cache[key]
        aim = state.seat_at(a.target)
        opts.append((a.weapon, a.target if aim is None else aim, outs))
        keys.append(key)
    hp = tuple((i, p.hp) for i, p in enumerate(state.players) if i != seat and p.space is not None)
    args = (hp, state.player(seat).hp, state.options.max_hp, 2 - len(state.turn.used))
    if cache is None:
        return solve(tuple(opts), *args)
    sig = ("solve", tuple(keys)) + args
    if sig not in cache:
        cache[sig] = solve.__wrapped__(tuple(opts), *args)
    return cache[sig]
