"""BarBEARian batch simulation: whole games played by bots, seeded per game, on any executor."""
from .games import GameRecord, SimResult, children_of, play_game, simulate, summarize, sweep

__all__ = ["GameRecord", "SimResult", "children_of", "play_game", "simulate", "summarize", "sweep"]
