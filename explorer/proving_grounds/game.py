"""Proving Grounds behind the shared engine protocol (``explorer.core.game.Game``)."""
from __future__ import annotations

from ..core.errors import ContentError
from ..core.game import DataGame
from . import rules
from .cards import Deck, deck_from_json, sample_deck
from .options import Options
from .setup import check_deck
from .state import CODEC, ExhaustDie, PlaceOnChariot, Replace, State, colour


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

    def canonical(self, state: State, action):
        """The listed action ``action`` is equivalent to: two dice of one colour showing one face
        are one choice (after the attacks, one colour), and ``legal_actions`` names one of them."""
        faces = dict(zip(state.pool, state.faces))
        before_attacks = ("attacks",) in state.tasks

        def kind(die):
            if die not in faces:
                return die
            return (colour(die), faces[die]) if before_attacks else (colour(die),)

        def signature(a):
            if isinstance(a, ExhaustDie):
                return "exhaust", kind(a.die)
            if isinstance(a, PlaceOnChariot) and len(set(a.dice)) == len(a.dice):
                return "chariot", a.chariot, tuple(sorted(map(kind, a.dice), key=repr))
            if isinstance(a, Replace):
                whites = [d for d in state.pool if colour(d) == "white"]
                last = faces[whites[-1]] if whites else None
                same = a.white is None or not before_attacks or (a.white in whites and faces[a.white] == last)
                return "replace", a.colour, None if same else kind(a.white)
            return a

        wanted = signature(action)
        return next((a for a in rules.legal_actions(state) if signature(a) == wanted), action)

    legal_actions = staticmethod(rules.legal_actions)
    chance = staticmethod(rules.chance)
    apply = staticmethod(rules.apply)
    is_terminal = staticmethod(rules.is_terminal)

    action_types = tuple(CODEC.classes.values())


GAME = ProvingGrounds()
