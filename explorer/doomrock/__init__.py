"""Assault on Doomrock for 2-4 heroes: content as data, battles against AI decks, the co-op campaign.

Two registered games share these rules: ``doomrock-battle`` (one standalone battle) and
``doomrock`` (the campaign: adventure map with a time budget, then battles).
"""
from .bots import GreedyBot, RandomBot
from .campaign import score
from .campaign_state import (
    Buy, Campaign, Choose, EndCamp, Equip, Explore, KeepAbility, KeepItem, LeaveShop, LevelUp, RollLoot, Sell, SetUp,
    ShuffleEvents, StartBattle, TestStat, Travel, Unequip, VentureForth, Visit,
)
from .cards import Deck
from .deckfile import load_deck, sample_deck
from .game import BATTLE_GAME, GAME
from .options import Options
from .skirmish import BattleState
from .state import (
    CHANCE, PARTY, TERMINAL, Activate, ActivateBoss, ActivateMinion, Assign, Battle, ChooseTarget, Die, DoneAssigning, Enemy,
    EndInitiative, EndRound, Formation, GiveDie, Hero, KeepDice, NoReaction, MakeHeroism, MakeShield, PickUpLocked, PlaceHeroism, PlaceSpawn, Reroll, Roll, RollExtra,
    SetUpBattle, ShuffleExpose, StopHiding, TakeDamage, UseItem,
)
from .views import describe_battle, describe_map

__all__ = [
    "Activate", "ActivateBoss", "ActivateMinion", "Assign", "BATTLE_GAME", "Battle", "BattleState", "Buy", "CHANCE",
    "Campaign", "Choose", "ChooseTarget", "Deck", "Die", "DoneAssigning", "EndCamp", "EndInitiative", "EndRound", "Enemy", "Equip",
    "Explore", "Formation", "GAME", "GiveDie", "GreedyBot", "Hero", "KeepAbility", "KeepDice", "KeepItem", "LeaveShop", "LevelUp",
    "MakeHeroism", "MakeShield", "NoReaction", "Options", "PARTY", "PickUpLocked", "PlaceHeroism", "PlaceSpawn", "RandomBot", "Reroll", "Roll", "RollExtra",
    "RollLoot", "Sell", "SetUp", "SetUpBattle", "ShuffleEvents", "ShuffleExpose", "StartBattle", "StopHiding", "TERMINAL", "TakeDamage",
    "TestStat", "Travel", "Unequip", "UseItem", "VentureForth", "Visit", "describe_battle", "describe_map",
    "load_deck", "sample_deck", "score",
]
