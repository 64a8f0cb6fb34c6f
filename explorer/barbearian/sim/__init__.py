"""BarBEARian batch simulation: whole games played by bots, seeded per game, on any executor."""
from .games import SIM_ROUND_LIMIT, GameRecord, SimResult, children_of, play_game, simulate, summarize, sweep

__all__ = ["SIM_ROUND_LIMIT", "GameRecord", "SimResult", "children_of", "play_game", "simulate", "summarize", "sweep"]
