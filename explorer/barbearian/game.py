"""BarBEARian Battlegrounds behind the shared engine protocol (``explorer.core.game.Game``)."""
from __future__ import annotations

from . import plan, rules
from .cards import Deck, deck_from_json, sample_deck
from .options import Options
from .state import State, action_from_json, action_to_json
from .views import view


class Barbearian:
    """2-4 players; seats are numbered clockwise from 0. ``current_player`` is a seat,
    ``state.CHANCE`` while the table rolls or shuffles, or ``state.TERMINAL``."""

    name = "barbearian"

    def default_options(self) -> Options:
        return Options()

    def options_from_json(self, data: dict) -> Options:
        return Options.from_json(data)

    def options_to_json(self, options: Options) -> dict:
        return options.to_json()

    def default_content(self) -> Deck:
        return sample_deck()

    def content_from_json(self, data: dict, source: str) -> Deck:
        return deck_from_json(data, source)

    def content_to_json(self, content: Deck) -> dict:
        return content.to_json()

    def initial_state(self, options: Options, content: Deck) -> State:
        return plan.initial_state(options, content)

    current_player = staticmethod(rules.current_player)
    acting_seats = staticmethod(rules.acting_seats)
    legal_actions = staticmethod(rules.legal_actions)
    chance = staticmethod(rules.chance)
    apply = staticmethod(rules.apply)
    is_terminal = staticmethod(rules.is_terminal)
    view = staticmethod(view)

    def result(self, state: State) -> str | None:
        return state.result

    action_to_json = staticmethod(action_to_json)
    action_from_json = staticmethod(action_from_json)


GAME = Barbearian()
