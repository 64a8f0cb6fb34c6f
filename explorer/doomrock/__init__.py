"""Assault on Doomrock for 2-4 heroes: content as data, battles against AI decks, the co-op campaign."""
from .cards import Deck, load_deck, sample_deck
from .options import Options
from .state import (
    CHANCE, PARTY, TERMINAL, Activate, ActivateBoss, ActivateMinion, Assign, Battle, Die, DoneAssigning, Enemy,
    EndInitiative, EndRound, Hero, KeepDice, MakeHeroism, MakeShield, PlaceHeroism, Reroll, Roll, RollExtra, SetUpBattle, ShuffleExpose, UseItem,
)

__all__ = [
    "Activate", "ActivateBoss", "ActivateMinion", "Assign", "Battle", "CHANCE", "Deck", "Die", "DoneAssigning", "Enemy",
    "EndInitiative", "EndRound", "Hero", "KeepDice", "MakeHeroism", "MakeShield", "Options", "PARTY", "PlaceHeroism", "Reroll", "Roll", "RollExtra",
    "SetUpBattle", "ShuffleExpose", "TERMINAL", "UseItem", "load_deck", "sample_deck",
]
