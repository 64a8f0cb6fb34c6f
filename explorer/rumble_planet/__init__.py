"""Rumble Planet for 2, 3 and 4 players: the Green, equipment that wears out, the attack die on body parts."""
from .attack import AttackProfile, Defender, Hit, attack_profile, resolve_attack
from .board import Board, load_board
from .cards import Content, load_deck, sample_content
from .game import GAME
from .options import Options
from .rules import TERMINAL, current_player, legal_actions
from .state import (
    Attack, Boost, Buy, BuyPrestige, ChooseRegion, ClaimFeat, Craft, Decline, Deploy, Draw, DropLootboxes, EndActions,
    EndPreparation, EndTurn, Equip, Gear, Move, MoveTile, OpenGolden, OpenLootbox, PlaceAt, Player, Return, Sell, SetUp,
    StartMovement, State, SwapGear, Taunt, WearOut,
)

__all__ = [
    "Attack", "AttackProfile", "Board", "Boost", "Buy", "BuyPrestige", "ChooseRegion", "ClaimFeat", "Content", "Craft",
    "Decline", "Defender", "Deploy", "Draw", "DropLootboxes", "EndActions", "EndPreparation", "EndTurn", "Equip", "GAME",
    "Gear", "Hit", "Move", "MoveTile", "OpenGolden", "OpenLootbox", "Options", "PlaceAt", "Player", "Return", "Sell",
    "SetUp", "StartMovement", "State", "SwapGear", "TERMINAL", "Taunt", "WearOut", "attack_profile", "current_player",
    "legal_actions", "load_board", "load_deck", "resolve_attack", "sample_content",
]
