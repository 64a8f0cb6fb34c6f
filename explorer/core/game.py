"""The engine protocol every game implements, so one session, one conformance test
and one widget toolkit serve all four games (in the spirit of OpenSpiel's API)."""
from __future__ import annotations

import functools
import importlib
from typing import Any, Protocol, Sequence

from .actions import ActionCodec
from .events import Event


class Game(Protocol):
    """A game is a set of pure functions over immutable states.

    ``apply`` never mutates its input; an illegal action raises ``IllegalAction``,
    so the caller's state is untouched by construction.
    """

    name: str
    action_types: tuple[type, ...]  # every action class the rules can offer; saves hold exactly these

    def default_options(self) -> Any: ...
    def options_from_json(self, data: dict) -> Any: ...
    def options_to_json(self, options: Any) -> dict: ...
    def default_content(self) -> Any: ...
    def content_from_json(self, data: dict, source: str) -> Any: ...
    def content_to_json(self, content: Any) -> dict: ...

    def initial_state(self, options: Any, content: Any) -> Any: ...
    def current_player(self, state: Any) -> int: ...
    def legal_actions(self, state: Any) -> Sequence[Any]: ...
    def chance(self, state: Any, action: Any) -> Any | None:
        """The chance spec the action needs (see ``explorer.core.chance``), or None."""
    def apply(self, state: Any, action: Any, outcome: Any = None) -> tuple[Any, list[Event]]: ...
    def is_terminal(self, state: Any) -> bool: ...
    def result(self, state: Any) -> str | None: ...
    def action_to_json(self, action: Any) -> dict: ...
    def action_from_json(self, data: dict) -> Any: ...


class DataGame:
    """The plumbing every game shares: options and decks as JSON through the game's own types.

    A subclass sets ``name``, ``options_type`` (a frozen dataclass with ``to_json``/``from_json``),
    ``load_sample`` (the shipped deck), ``deck_from_json`` and ``action_types`` (every action class its
    rules can offer), and provides the rules. The save codec is made from ``action_types``, so an
    action the game offers is an action its save files can hold.
    """

    name: str
    options_type: type
    action_types: tuple[type, ...]

    def default_options(self):
        return self.options_type()

    def options_from_json(self, data: dict):
        return self.options_type.from_json(data)

    def options_to_json(self, options) -> dict:
        return options.to_json()

    def default_content(self):
        return self.load_sample()

    def content_from_json(self, data: dict, source: str):
        return self.deck_from_json(data, source)

    def content_to_json(self, content) -> dict:
        return content.to_json()

    def result(self, state) -> str | None:
        return state.result

    @functools.cached_property
    def codec(self) -> ActionCodec:
        """The save codec of ``action_types``."""
        return ActionCodec(*self.action_types)

    def action_to_json(self, action) -> dict:
        return self.codec.to_json(action)

    def action_from_json(self, data):
        return self.codec.from_json(data)


_REGISTRY: dict[str, str] = {
    "proving-grounds": "explorer.proving_grounds.game:GAME",
    "barbearian": "explorer.barbearian.game:GAME",
    "doomrock-battle": "explorer.doomrock.game:BATTLE_GAME",
    "doomrock": "explorer.doomrock.game:GAME",
    "rumble-planet": "explorer.rumble_planet.game:GAME",
}


def get_game(name: str) -> Game:
    """The registered game called ``name`` (imported on first use)."""
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(_REGISTRY))}") from None
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def game_names() -> list[str]:
    """Every registered game's name, in registration order."""
    return list(_REGISTRY)


def game_package(name: str) -> str:
    """The package that holds the game called ``name`` (its bots, odds and simulators live there)."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[name].split(":")[0].rsplit(".", 1)[0]
