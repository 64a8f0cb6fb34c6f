"""Proving Grounds: the training game and all six modules."""
from .cards import Deck, load_deck, sample_deck
from .game import GAME
from .options import MODULES, Options
from .state import (
    AssignDragonling, ChaosReroll, ChooseEnemy, Climb, ExhaustDie, PlaceOnChariot, Replace, Reroll, Roll,
    RollActivation, RotateDial, SetUp, State, Stop, TakeSunDie, TimeUp,
)

__all__ = [
    "AssignDragonling", "ChaosReroll", "ChooseEnemy", "Climb", "Deck", "ExhaustDie", "GAME", "MODULES", "Options",
    "PlaceOnChariot", "Replace", "Reroll", "Roll", "RollActivation", "RotateDial", "SetUp", "State", "Stop",
    "TakeSunDie", "TimeUp", "load_deck", "sample_deck",
]
