"""Sets of spaces of the Green as the bits of an int (bit ``i`` for ``board.SPACES[i]``), for the compact game's
searches by distance: the spaces within each distance of a space are one table lookup, a union of them one ``|``.
"""
from __future__ import annotations

from ..board import SPACES, distance

BIT = {s: 1 << i for i, s in enumerate(SPACES)}  # a space's bit
FARTHEST = max(distance(a, b) for a in SPACES for b in SPACES)  # Distances: the most spaces apart on the Green


def _balls(here: str) -> list:
    """The spaces within each distance of ``here`` (Distances): ``[within 0, within 1, ..., within FARTHEST]``."""
    layers = [0] * (FARTHEST + 1)
    for s in SPACES:
        layers[distance(here, s)] |= BIT[s]
    for d in range(1, len(layers)):
        layers[d] |= layers[d - 1]
    return layers


BALLS = {s: _balls(s) for s in SPACES}


def bits_of(spaces) -> int:
    """The set of ``spaces`` as bits."""
    out = 0
    for s in spaces:
        out |= BIT[s]
    return out


def spaces_of(bits: int) -> tuple:
    """The spaces of a set of bits, in ``SPACES`` order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(SPACES[low.bit_length() - 1])
        bits ^= low
    return tuple(out)


def placement(targets: tuple, blocked) -> tuple:
    """``board.impossible_placement(targets, blocked)``: the free targets, or else the free spaces nearest them (one
    space farther away at a time, in ``SPACES`` order), found by rings of bits rather than space by space."""
    if not targets:
        return ()
    free = [t for t in targets if t not in blocked]
    if free:
        return tuple(dict.fromkeys(free))
    open_ = ~bits_of(blocked)
    for d in range(1, FARTHEST + 1):
        ball = 0
        for t in targets:
            ball |= BALLS[t][d]
        found = ball & open_  # every space nearer the targets is blocked: the free ones d away
        if found:
            return spaces_of(found)
    return ()
