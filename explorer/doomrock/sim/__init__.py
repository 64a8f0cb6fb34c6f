"""Doomrock batch simulation: battles and whole campaigns played by the bots, seeded per game, on any executor."""
from .games import (
    SIM_LIMITS, GameRecord, SimResult, children_of, fast_game, hit_limit, make_bot, mean_se, play_game, sim_options,
    simulate, summarize, sweep,
)

__all__ = ["GameRecord", "SIM_LIMITS", "SimResult", "children_of", "fast_game", "hit_limit", "make_bot", "mean_se",
           "play_game", "sim_options", "simulate", "summarize", "sweep"]
