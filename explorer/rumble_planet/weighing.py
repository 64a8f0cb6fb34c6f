"""How the bots weigh an attack: the greedy bot picks by it and the search bot's rollouts play by it, so both
read it from here (below either of them)."""
from __future__ import annotations

from .attack import attack_profile, injuries_by_target
from .state import Attack, State


def expected_injuries(state: State, action: Attack) -> float:
    """Mean Injuries to opponents over the attack die's faces (tiles count a little, for clearing the way)."""
    profile = attack_profile(state, state.active, action.weapon, action.target)
    faces = state.options.attack_die
    total = 0.0
    hits = {}  # a face the die repeats is resolved once (and still added face by face, in the die's order)
    for face in faces:
        if face not in hits:
            hits[face] = injuries_by_target(profile, face)
        for seat, injuries, destroyed in hits[face]:
            total += injuries if seat is not None else 0.1 * destroyed
    return total / len(faces)
