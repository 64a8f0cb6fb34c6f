"""Assault on Doomrock behind the shared engine protocol: ``doomrock-battle`` and ``doomrock``."""
from __future__ import annotations

from ..core.game import DataGame
from . import skirmish
from .campaign_state import MAP_ACTIONS
from .deckfile import deck_from_json, sample_deck
from .options import Options
from .state import BATTLE_ACTIONS

ACTIONS = BATTLE_ACTIONS + MAP_ACTIONS
"""Both games' action types: a battle's gear-up offers the map's ``Equip`` and ``Unequip``, so one
vocabulary serves both, and the rules refuse (on replay too) an action the game does not list now."""


class DoomrockBattle(DataGame):
    """One standalone battle. ``current_player`` is 0 (the co-op party), CHANCE or TERMINAL."""

    name = "doomrock-battle"
    options_type = Options
    load_sample = staticmethod(sample_deck)
    deck_from_json = staticmethod(deck_from_json)

    def initial_state(self, options: Options, content):
        return skirmish.initial_state(options, content)

    current_player = staticmethod(skirmish.current_player)
    legal_actions = staticmethod(skirmish.legal_actions)
    chance = staticmethod(skirmish.chance)
    apply = staticmethod(skirmish.apply)
    chance_of_legal = staticmethod(skirmish.chance_of_legal)
    apply_legal = staticmethod(skirmish.apply_legal)
    player_of = staticmethod(skirmish.player_of)
    is_terminal = staticmethod(skirmish.is_terminal)
    action_types = ACTIONS


BATTLE_GAME = DoomrockBattle()


from . import campaign  # noqa: E402


class Doomrock(DataGame):
    """The full co-op campaign: adventure map with a time budget, then battles."""

    name = "doomrock"
    options_type = Options
    load_sample = staticmethod(sample_deck)
    deck_from_json = staticmethod(deck_from_json)

    def initial_state(self, options: Options, content):
        return campaign.initial_state(options, content)

    current_player = staticmethod(campaign.current_player)
    legal_actions = staticmethod(campaign.legal_actions)
    chance = staticmethod(campaign.chance)
    apply = staticmethod(campaign.apply)
    chance_of_legal = staticmethod(campaign.chance_of_legal)
    apply_legal = staticmethod(campaign.apply_legal)
    player_of = staticmethod(campaign.player_of)
    is_terminal = staticmethod(campaign.is_terminal)
    score = staticmethod(campaign.score)
    action_types = ACTIONS


GAME = Doomrock()
