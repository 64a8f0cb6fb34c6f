"""The one bot protocol every game shares.

Each game's ``bots`` module has ``BOTS`` (name -> class, each built as ``cls(rng)``) and
``make_bot(kind, rng)``; a bot's ``choose(state, actions)`` returns one of ``actions``. A bot is told
only what its seat may see: where a game has secrets, its search bot decides from the game's ``view``.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from .errors import IllegalAction


def make_bot(bots: dict[str, Callable[[np.random.Generator], Any]], kind, rng: np.random.Generator, game: str):
    """A bot from its name in ``bots`` or from a factory ``rng -> bot``; an unknown name is refused with the
    bots there are."""
    if isinstance(kind, str):
        if kind not in bots:
            raise IllegalAction(f"unknown {game} bot {kind!r}; bots are {', '.join(bots)}")
        return bots[kind](rng)
    if callable(kind):
        return kind(rng)
    raise IllegalAction(f"a {game} bot is a name ({', '.join(bots)}) or a factory rng -> bot, got {kind!r}")
