"""Step 2A: Move Battle Markers, as a pure function of one enemy and the dice assigned to it.

Kept apart from the round machinery so the exact odds solver can tabulate it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .cards import EnemyCard, Space
from .effects import Modifiers


@dataclass(frozen=True)
class Attack:
    """What one enemy's dice did this round."""

    kind: str  # "none", "single" or "set"
    before: int
    after: int
    hit: bool = False  # the marker moved up ("you have scored a hit on this enemy")
    shield: bool = False  # shield after the attack
    note: str = ""

    @property
    def moved(self) -> int:
        return self.after - self.before


def climb(dice: Sequence[tuple[str, int]], spaces: Sequence[Space], colour_blind: frozenset[str] = frozenset()) -> int:
    """Step 2A, "Multiple Spaces": how many spaces a set moves up, each space needing its own dice.

    Args:
        dice: (colour, weight) per die; weight 2 for "counts as two dice".
        spaces: the requirements of the spaces above the marker, nearest first.
        colour_blind: colours that count as white for colour requirements.
    """
    kinds = Counter(("white" if c in colour_blind else c, w) for c, w in dice)
    return _climb(tuple(sorted(kinds.items())), tuple(spaces))


@lru_cache(maxsize=65536)
def _climb(kinds: tuple[tuple[tuple[str, int], int], ...], spaces: tuple[Space, ...]) -> int:
    if not spaces:
        return 0
    space, best = spaces[0], 0
    for used in _subsets(kinds):
        if _satisfies(used, space):
            left = tuple((k, n - used.get(k, 0)) for k, n in kinds if n - used.get(k, 0) > 0)
            best = max(best, 1 + _climb(left, spaces[1:]))
            if best == len(spaces):
                break
    return best


def _subsets(kinds):
    """Every sub-multiset of the dice, as {kind: count}."""
    out = [{}]
    for k, n in kinds:
        out = [{**s, k: i} if i else s for s in out for i in range(n + 1)]
    return out


def _satisfies(used: dict, space: Space) -> bool:
    if sum(w * n for (_, w), n in used.items()) < space.need:
        return False
    have = Counter()
    for (c, _), n in used.items():
        have[c] += n
    return all(have[c] >= k for c, k in Counter(space.colours).items())


def resolve_attack(
    enemy: EnemyCard,
    marker: int,
    shielded: bool,
    colours: Sequence[str],
    mods: Modifiers,
    *,
    shields: bool = False,
    saved: bool = False,
) -> Attack:
    """Step 2A for one enemy (with Module 4: Shields when ``shields`` is on).

    Args:
        colours: the colour of each die assigned to this enemy (the dragonling die as "white").
        mods: this enemy's modifiers (its abilities plus the round's).
        saved: a wing result (Module 1) or a power protects a single from moving the marker down.
    """
    if not colours:
        down = mods.unattacked_down
        after = max(0, marker - down)
        return Attack("none", marker, after, shield=shielded, note="not attacked" + (f": marker down {down}" if down else ""))
    size = sum(mods.weight(c) for c in colours)
    kind = "set" if size >= 2 else "single"
    if shields and shielded:
        if kind == "single":
            return Attack(kind, marker, marker, shield=False, note="the single breaks the shield")
        if mods.shield_bash:
            return Attack(kind, marker, marker, shield=False, note="the set knocks the shield away")
        return Attack(kind, marker, max(0, marker - 1), shield=True, note="the set strikes the shield: marker down one")
    if kind == "single":
        if saved:
            return Attack(kind, marker, marker, shield=shielded, note="the single is saved: the marker stays")
        down = 1 + mods.single_extra_down
        return Attack(kind, marker, max(0, marker - down), shield=shielded, note=f"the enemy scores a hit: marker down {down}")
    up = climb([(c, mods.weight(c)) for c in colours], enemy.track[marker:], mods.colour_blind)
    if mods.max_climb is not None:
        up = min(up, mods.max_climb)
    if up:
        return Attack(kind, marker, marker + up, hit=True, shield=shielded, note=f"you score a hit: marker up {up}")
    if shields:
        return Attack(kind, marker, marker, shield=True, note="incorrect combination: the enemy raises its shield")
    return Attack(kind, marker, marker, shield=shielded, note="incorrect combination: nothing happens")
