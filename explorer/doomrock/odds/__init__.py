"""Exact odds for Assault on Doomrock: the roll phase, damage, LOOT! and TEST.

Pure functions over plain numbers; nothing here needs the rules engine.
"""

from .assignment import Assignment, best_assignment
from .objective import Objective
from .roll_phase import DecisionReport, KeepChoice, MoveQuality, RollPhaseSolver, best_activations

__all__ = [
    "Assignment", "DecisionReport", "KeepChoice", "MoveQuality", "Objective", "RollPhaseSolver",
    "best_activations", "best_assignment",
]
