"""BarBEARian Battlegrounds behind the shared engine protocol (``explorer.core.game.Game``)."""
from __future__ import annotations

from ..core.game import DataGame
from . import plan, rules
from .cards import Deck, deck_from_json, sample_deck
from .options import Options
from .state import ACTIONS, State
from .views import view


class Barbearian(DataGame):
    """2-4 players; seats are numbered clockwise from 0. ``current_player`` is a seat,
    ``state.CHANCE`` while the table rolls or shuffles, or ``state.TERMINAL``."""

    name = "barbearian"

    options_type = Options
    load_sample = staticmethod(sample_deck)
    deck_from_json = staticmethod(deck_from_json)

    def initial_state(self, options: Options, content: Deck) -> State:
        return plan.initial_state(options, content)

    current_player = staticmethod(rules.current_player)
    acting_seats = staticmethod(rules.acting_seats)
    legal_actions = staticmethod(rules.legal_actions)
    chance = staticmethod(rules.chance)
    apply = staticmethod(rules.apply)
    is_terminal = staticmethod(rules.is_terminal)
    view = staticmethod(view)

    action_types = tuple(ACTIONS.values())


GAME = Barbearian()
