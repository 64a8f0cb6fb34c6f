"""Proving Grounds batch simulation: whole games vectorised with numpy, replayed exactly by the engine in tests."""
from .batch_games import BLOCK, POLICIES, SUPPORTED_MODULES, SimResult, play_batch, play_games, simulate

__all__ = ["BLOCK", "POLICIES", "SUPPORTED_MODULES", "SimResult", "play_batch", "play_games", "simulate"]
