"""Step 2A, Multiple Spaces: "If there are enough dice in the set to move up multiple spaces, you
may do so". With ``climb="choose"`` (ruling PG-4) the player picks how far each such set climbs
before the attacks resolve; the choices hold for this round's attacks only.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.events import Event, count
from . import sections as S
from .attacks import resolve_attack
from .state import Climb, State, colour, evolve
from .tabletop import enemy_mods, pop, round_mods


def dice_on(state: State, n: int) -> list[str]:
    """The colours of the dice attacking enemy #n (the dragonling die joins as white)."""
    dice = [colour(d) for d, f in state.rolled if f == n]
    if state.dragon_slot == n:
        dice.append("white")  # "For purposes of color requirements, it counts as a white die."
    return dice


def climbs_to_choose(state: State) -> list[tuple[int, int]]:
    """Step 2A, Multiple Spaces ("you may do so"): (slot, most spaces) for each set that could climb
    two or more spaces and whose climb is not chosen yet (ruling PG-4, ``climb="choose"``)."""
    if state.options.climb != "choose":
        return []
    mods, chosen, out = round_mods(state), dict(state.climbs), []
    for n in range(1, 7):
        slot = state.slot(n)
        if slot is None or n in chosen:
            continue
        att = resolve_attack(state.enemy(n), slot.marker, slot.shield, dice_on(state, n), enemy_mods(state, n, mods),
                             shields=state.options.shields)
        if att.kind == "set" and att.moved >= 2:
            out.append((n, att.moved))
    return out


def climb(state: State, action: Climb, outcome=None):
    """Step 2A, Multiple Spaces: the player chooses how far this set climbs (at least one space)."""
    _, n, most = state.tasks[0]
    if action.slot != n or not 1 <= action.spaces <= most:
        raise IllegalAction(f"enemy #{n}'s set may climb 1 to {most} spaces")
    text = f"You climb {count(action.spaces, 'space')} on enemy #{n} ({state.enemy(n).name}); the dice allow {most}."
    return evolve(pop(state), climbs=state.climbs + ((n, action.spaces),)), [Event(text, S.MOVE)]
