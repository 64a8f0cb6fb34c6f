"""Exact odds for Assault on Doomrock: the roll phase, damage, LOOT! and TEST.

Pure functions over plain numbers; only ``advice`` and ``threat`` (imported on their own) read the engine's
battle state (``threat.round_threat``: the chance each hero is defeated by this round's enemy activations).

    >>> from explorer.doomrock.odds import RollPhaseSolver, best_activations
    >>> cards = [([(5,), (6,)], 2), ([(6, 6)], 1)]        # "5 or 6" x2, "two 6s" x1
    >>> round(best_activations(4, cards), 4)              # expected sets, 2 rerolls
    2.0862
    >>> solver = RollPhaseSolver(4, cards)
    >>> solver.best_keep((1, 5, 6, 6), 2).kept            # reroll the 1, hoping for a 5 or 6
    (5, 6, 6)
"""

from .assignment import Assignment, best_assignment
from .checks import loot_odds, loot_reward, pass_chance, pass_chance_any
from .damage import (
    ExposeMarkers,
    ExposeStock,
    Placement,
    consume,
    damage_odds,
    hp_lost,
    place,
    revealed_odds,
    source_damage,
)
from .objective import Objective
from .roll_phase import (
    DecisionReport,
    KeepChoice,
    MoveQuality,
    RollPhaseSolver,
    best_activations,
)

__all__ = [
    "Assignment", "DecisionReport", "ExposeMarkers", "ExposeStock", "KeepChoice", "MoveQuality", "Objective",
    "Placement", "RollPhaseSolver", "best_activations", "best_assignment", "consume", "damage_odds", "hp_lost",
    "loot_odds", "loot_reward", "pass_chance", "pass_chance_any", "place", "revealed_odds", "source_damage",
]
