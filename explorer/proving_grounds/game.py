"""Proving Grounds behind the shared engine protocol (``explorer.core.game.Game``)."""
from __future__ import annotations

from ..core.errors import ContentError
from ..core.game import DataGame
from . import rules
from .cards import Deck, deck_from_json, sample_deck
from .options import Options
from .setup import check_deck
from .state import State, action_from_json, action_to_json


class ProvingGrounds(DataGame):
    """The solo real-time dice game; one player (0)."""

    name = "proving-grounds"

    options_type = Options
    load_sample = staticmethod(sample_deck)
    deck_from_json = staticmethod(deck_from_json)

    def initial_state(self, options: Options, content: Deck) -> State:
        state = State(options=options, deck=content)
        problem = check_deck(state)
        if problem:
            raise ContentError(content.source, "file", "-", problem)
        return state

    def current_player(self, state: State) -> int:
        return -1 if state.result else 0

    legal_actions = staticmethod(rules.legal_actions)
    chance = staticmethod(rules.chance)
    apply = staticmethod(rules.apply)
    is_terminal = staticmethod(rules.is_terminal)

    action_to_json = staticmethod(action_to_json)
    action_from_json = staticmethod(action_from_json)


GAME = ProvingGrounds()
