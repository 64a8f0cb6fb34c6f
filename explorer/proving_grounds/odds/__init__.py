"""Proving Grounds odds: the exact reroll solver (Step 1: Roll Dice), its goals, and live advice.

``best_odds`` answers any question about the final dice under optimal rerolling; ``advise``
values every legal choice of the board in front of the player; ``quality_report`` judges a game.
"""
from .advice import OBJECTIVES, Advice, Judgement, QualityReport, advise, board_goal, quality_report
from .answers import (
    COLOURS, DRAGONLING, ColourBlindGoal, FACES, Decision, DragonlingDecision, DragonlingGoal, DragonlingPolicyTable,
    DragonlingSolver, FaceAdditiveGoal, PolicyTable, RerollSolver, SolverCache, best_odds,
    final_dice_distribution, policy_odds, solver_for,
)

__all__ = [
    "Advice", "COLOURS", "ColourBlindGoal", "DRAGONLING", "Decision", "DragonlingDecision", "DragonlingGoal",
    "DragonlingPolicyTable", "DragonlingSolver", "FACES", "FaceAdditiveGoal", "Judgement", "OBJECTIVES",
    "PolicyTable", "QualityReport", "RerollSolver", "SolverCache", "advise", "best_odds", "board_goal",
    "final_dice_distribution", "policy_odds", "quality_report", "solver_for",
]
