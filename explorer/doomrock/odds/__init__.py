"""Exact odds for Assault on Doomrock: the roll phase, damage, LOOT! and TEST.

Pure functions over plain numbers; nothing here needs the rules engine.
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
