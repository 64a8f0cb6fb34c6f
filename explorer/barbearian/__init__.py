"""BarBEARian Battlegrounds for 2, 3 and 4 players: rules, hidden information, odds, bots, simulation."""
from .cards import Deck, TrialCard, UpgradeCard, load_deck, sample_deck
from .game import GAME
from .options import CLANS, RESOURCES, Options
from .state import (
    CHANCE, HIDDEN, TERMINAL, BuyUpgrade, ChangeFate, DrawTrials, Empower, GiveResources, GrandOffering, HireMercenary,
    HireSpecialist, KeepTrial, Pass, Place, Ready, Reinforce, RollDice, SetUp, State, StealGlory, StealResources,
    TakeBack, TakeResources, TempleSix, WalkAway,
)
from .views import HotSeat, Seat, view

__all__ = [
    "BuyUpgrade", "CHANCE", "CLANS", "ChangeFate", "Deck", "DrawTrials", "Empower", "GAME", "GiveResources",
    "GrandOffering", "HIDDEN", "HireMercenary", "HireSpecialist", "HotSeat", "Seat", "KeepTrial", "Options", "Pass", "Place",
    "RESOURCES", "Ready", "Reinforce", "RollDice", "SetUp", "State", "StealGlory", "StealResources", "TERMINAL",
    "TakeBack", "TakeResources", "TempleSix", "TrialCard", "UpgradeCard", "WalkAway", "load_deck", "sample_deck", "view",
]
