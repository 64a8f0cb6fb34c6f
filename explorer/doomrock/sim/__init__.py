"""Doomrock batch simulation: battles and whole campaigns played by the bots, seeded per game, on any executor."""
from .games import GameRecord, SimResult, children_of, make_bot, mean_se, play_game, simulate, summarize, sweep

__all__ = ["GameRecord", "SimResult", "children_of", "make_bot", "mean_se", "play_game", "simulate", "summarize", "sweep"]
