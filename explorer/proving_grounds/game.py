"""Proving Grounds behind the shared engine protocol (``explorer.core.game.Game``)."""
from __future__ import annotations

from ..core.errors import ContentError
from . import rules
from .cards import Deck, deck_from_json, sample_deck
from .options import Options
from .setup import check_deck
from .state import State, action_from_json, action_to_json


class ProvingGrounds:
    """The solo real-time dice game; one player (0)."""

    name = "proving-grounds"

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

    def result(self, state: State) -> str | None:
        return state.result

    action_to_json = staticmethod(action_to_json)
    action_from_json = staticmethod(action_from_json)


GAME = ProvingGrounds()
