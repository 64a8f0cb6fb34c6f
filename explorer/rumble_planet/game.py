"""Rumble Planet behind the shared engine protocol (``explorer.core.game.Game``)."""
from __future__ import annotations

from ..core.game import DataGame
from . import rules
from .cards import Content, deck_from_json, sample_content
from .hidden import view
from .options import Options
from .setup import initial_state
from .state import ACTIONS, State


class RumblePlanet(DataGame):
    """2-4 players; seats are numbered in turn order from 0. ``current_player`` is a seat or ``rules.TERMINAL``."""

    name = "rumble-planet"
    options_type = Options
    load_sample = staticmethod(sample_content)
    deck_from_json = staticmethod(deck_from_json)

    def initial_state(self, options: Options, content: Content) -> State:
        return initial_state(options, content)

    current_player = staticmethod(rules.current_player)
    legal_actions = staticmethod(rules.legal_actions)
    chance = staticmethod(rules.chance)
    apply = staticmethod(rules.apply)
    is_terminal = staticmethod(rules.is_terminal)
    action_types = ACTIONS
    view = staticmethod(view)


GAME = RumblePlanet()
