"""``doomrock-battle``: one standalone battle (an encounter, a party and AI decks chosen by options).

The party is the heroes named by ``options.heroes`` (else the deck's first heroes), each with
the trait card in the same place in the deck, at full HP and with no markers (DR-21).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.frozen import replace

from . import battle as rules
from .cards import Deck
from .needs import check_battle
from .options import Options
from .setup import make_hero, new_battle
from .state import CHANCE, PARTY, TERMINAL, Battle, Roll, RollExtra, SetUpBattle, ShuffleExpose


@dataclass(frozen=True)
class BattleState:
    options: Options
    deck: Deck
    battle: Battle

    @property
    def result(self) -> str | None:
        return self.battle.result


def party(deck: Deck, options: Options) -> tuple:
    """The standalone battle's heroes (DR-21)."""
    ids = options.heroes or tuple(h.id for h in deck.heroes[: options.players])
    return tuple(make_hero(deck, h, deck.traits[k % len(deck.traits)].id) for k, h in enumerate(ids))


def encounter_of(deck: Deck, options: Options) -> str:
    """The standalone battle's encounter card (``options.encounter``)."""
    if options.encounter is None:
        return next(e.id for e in deck.encounters if e.tier == 1)
    return options.encounter


def initial_state(options: Options, deck: Deck) -> BattleState:
    """Battle Setup step 1: the party in formation, waiting for ``SetUpBattle`` (the deck must hold
    what the options name)."""
    check_battle(deck, options)
    items = options.items
    return BattleState(options, deck, new_battle(deck, party(deck, options), encounter_of(deck, options),
                                                 options.formation, items))


CHANCE_ACTIONS = (SetUpBattle, Roll, RollExtra, ShuffleExpose)


def current_player(state: BattleState) -> int:
    """The party (0), CHANCE while only the table can act, or TERMINAL."""
    if state.battle.result is not None:
        return TERMINAL
    return player_of(rules.legal_actions(state.battle, state.deck, state.options))


def player_of(acts: list) -> int:
    """``current_player`` of an unfinished battle read from its legal actions (listed once by the simulator)."""
    return CHANCE if acts and all(isinstance(a, CHANCE_ACTIONS) for a in acts) else PARTY


def legal_actions(state: BattleState) -> list:
    """Battle Sequence: the listed actions of the standalone battle."""
    return rules.legal_actions(state.battle, state.deck, state.options)


def chance(state: BattleState, action):
    """The chance spec of a listed action, or None."""
    return rules.chance(state.battle, state.deck, state.options, action)


def apply(state: BattleState, action, outcome=None):
    """Play one listed action of the standalone battle."""
    b, events = rules.apply(state.battle, state.deck, state.options, action, outcome)
    return replace(state, battle=b), events


def chance_of_legal(state: BattleState, action):
    """``chance`` for an action from ``legal_actions(state)`` itself, without checking it again."""
    return rules.chance_of_legal(state.battle, state.deck, state.options, action)


def apply_legal(state: BattleState, action, outcome=None):
    """``apply`` for an action from ``legal_actions(state)`` and an outcome its spec drew, without checking again."""
    b, events = rules.apply_legal(state.battle, state.deck, state.options, action, outcome)
    return replace(state, battle=b), events


def is_terminal(state: BattleState) -> bool:
    """The battle is won or lost."""
    return state.battle.result is not None
