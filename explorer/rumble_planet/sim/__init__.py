"""Rumble Planet batch simulation: whole games with the bots, seeded per game, on any executor."""
from .games import (
    BOTS,
    GameRecord,
    SimResult,
    heroes_for,
    play_game,
    play_quick,
    replay_seed,
    simulate,
    summarize,
)

__all__ = ["BOTS", "GameRecord", "SimResult", "heroes_for", "play_game", "play_quick", "replay_seed", "simulate", "summarize"]
