"""A game session: the list of states, so undo, redo, jump and replay are free.

Chance outcomes come from the session's seeded ``numpy.random.Generator`` or are
typed in by the user ("table dice"); both are logged with the action, so a saved
game replays exactly. The generator's state is kept with every step: undoing and
playing the same action again gives the same dice.
"""
from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .errors import IllegalAction, SaveFileError
from .events import Event
from .files import shorten, read_json, whole_number
from .game import Game, get_game
from .validate import check_legal, check_saveable

SAVE_FORMAT = "rules-explorer-save"
SAVE_VERSION = 1


@dataclass(frozen=True)
class Step:
    """One played action with its outcome, the state after it and what happened."""

    action: Any
    outcome: Any
    source: str  # "rng", "table" or "none"
    state: Any
    events: tuple[Event, ...]
    rng_state: dict


class Session:
    """Plays one game: history, undo/redo, jump, replay, save and load."""

    def __init__(self, game: Game | str, options: Any = None, content: Any = None, seed: int | None = None):
        self.game = get_game(game) if isinstance(game, str) else game
        self.options = options_for(self.game, options)
        self.content = content if content is not None else self.game.default_content()
        if seed is None:
            self.seed = int(np.random.SeedSequence().entropy % 2**63)
        else:  # a numpy integer is a whole number too; a bool, a float or a negative one is not a seed
            self.seed = check_seed(int(seed) if isinstance(seed, np.integer) else seed)
        self._rng = np.random.Generator(np.random.PCG64(self.seed))
        self._initial = self.game.initial_state(self.options, self.content)
        self._initial_rng = self._rng.bit_generator.state
        self._steps: list[Step] = []
        self._cursor = 0  # number of steps in effect

    # -- reading -----------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._steps[self._cursor - 1].state if self._cursor else self._initial

    @property
    def steps(self) -> list[Step]:
        """Steps in effect (up to the cursor)."""
        return self._steps[: self._cursor]

    @property
    def history_length(self) -> int:
        """All recorded steps, including undone ones that can be redone."""
        return len(self._steps)

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def events(self) -> list[Event]:
        return [e for s in self.steps for e in s.events]

    def legal_actions(self) -> list[Any]:
        return list(self.game.legal_actions(self.state))

    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    def result(self) -> str | None:
        return self.game.result(self.state)

    # -- playing -----------------------------------------------------------------
    def play(self, action: Any, outcome: Any = None) -> list[Event]:
        """Apply ``action``; draw its chance outcome unless ``outcome`` is given (table dice).

        Raises:
            IllegalAction: the action is malformed or not one of ``legal_actions()``, the typed
                outcome is not a possible one, or the action could not be saved; nothing changes.
        """
        state = self.state
        action = check_legal(self.game, state, action)
        check_saveable(self.game, action)
        spec = self.game.chance(state, action)
        rng = np.random.Generator(np.random.PCG64())
        rng.bit_generator.state = self._rng_state_at(self._cursor)
        if spec is None:
            if outcome is not None:
                raise IllegalAction(f"{action} involves no chance; no outcome can be given")
            source = "none"
        elif outcome is None:
            outcome, source = spec.sample(rng), "rng"
        else:
            outcome, source = spec.validate(outcome), "table"
        new_state, events = self.game.apply(state, action, outcome)
        step = Step(action, outcome, source, new_state, tuple(events), rng.bit_generator.state)
        del self._steps[self._cursor :]
        self._steps.append(step)
        self._cursor += 1
        return list(events)

    def _rng_state_at(self, cursor: int) -> dict:
        return self._steps[cursor - 1].rng_state if cursor else self._initial_rng

    # -- history -----------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._steps)

    def undo(self) -> None:
        if not self.can_undo:
            raise IllegalAction("nothing to undo")
        self._cursor -= 1

    def redo(self) -> None:
        if not self.can_redo:
            raise IllegalAction("nothing to redo")
        self._cursor += 1

    def jump(self, step: int) -> None:
        """Go to the state after ``step`` recorded steps (0 is the start)."""
        if not isinstance(step, (int, np.integer)) or not 0 <= step <= len(self._steps):
            raise IllegalAction(f"step must be between 0 and {len(self._steps)}, got {step!r}")
        self._cursor = int(step)

    def replay(self) -> "Session":
        """A new session rebuilt from this one's actions and outcomes (they must agree)."""
        return Session.from_json(self.to_json(), game=self.game)

    # -- saving ------------------------------------------------------------------
    def to_json(self) -> dict:
        g = self.game
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": g.name,
            "seed": self.seed,
            "options": g.options_to_json(self.options),
            "content": g.content_to_json(self.content),
            "steps": [
                {"action": g.action_to_json(s.action), "outcome": s.outcome, "source": s.source}
                for s in self._steps
            ],
            "cursor": self._cursor,
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1))

    @classmethod
    def load(cls, path: str | Path, game: Game | None = None) -> "Session":
        """Load a saved game; a corrupt, oversized or foreign file raises ``SaveFileError`` naming
        the file and the field."""
        data = read_json(path, "save file", lambda problem: SaveFileError(f"{path}: {problem}"))
        try:
            return cls.from_json(data, game=game)
        except SaveFileError as e:
            raise SaveFileError(f"{path}: {e}") from None

    @classmethod
    def from_json(cls, data: Any, game: Game | None = None) -> "Session":
        """Rebuild a session from ``to_json`` data, replaying every step.

        Raises:
            SaveFileError: naming the field (or step) that is wrong; never a raw error.
        """
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError("not a Rules Explorer save file (field 'format')")
        version = data.get("version")
        if isinstance(version, bool) or version != SAVE_VERSION:
            raise SaveFileError(f"save version {shorten(version)} is not supported (expected {SAVE_VERSION})")
        name = data.get("game")
        if not isinstance(name, str):
            raise SaveFileError(f"field 'game' must be a game's name, got {shorten(name)}")
        try:
            game = game or get_game(name)
        except ValueError as e:
            raise SaveFileError(f"field 'game': {e}") from None
        if name != game.name:
            raise SaveFileError(f"this save is for {name!r}, not {game.name!r}")
        for key, kind in (("seed", int), ("options", dict), ("content", dict), ("steps", list), ("cursor", int)):
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, kind):
                raise SaveFileError(f"field '{key}' is missing or not a {kind.__name__}")
        with _field("seed"):
            check_seed(data["seed"])
        with _field("options"):
            options = game.options_from_json(data["options"])
        with _field("content"):
            content = game.content_from_json(data["content"], "saved deck")
        with _field("options", "fields 'options' and 'content'"):
            session = cls(game, options, content, seed=data["seed"])
        for i, step in enumerate(data["steps"], 1):
            with _field(f"steps[{i - 1}]", f"step {i}"):
                if not isinstance(step, dict) or set(step) != {"action", "outcome", "source"}:
                    raise SaveFileError(f"step {i}: must be an object with action, outcome and source")
                action = game.action_from_json(step["action"])
                source = step["source"]
                if source == "rng":
                    session.play(action)
                    if session._steps[-1].outcome != step["outcome"]:
                        raise SaveFileError(f"step {i}: outcome does not match the seed")
                elif source in ("table", "none"):
                    session.play(action, None if source == "none" else step["outcome"])
                else:
                    raise SaveFileError(f"step {i}: field 'source' must be rng, table or none, got {shorten(source)}")
        if not 0 <= data["cursor"] <= len(session._steps):
            raise SaveFileError(f"field 'cursor' is {shorten(data['cursor'])}, outside 0-{len(session._steps)}")
        session._cursor = data["cursor"]
        return session


MAX_SEED = 2**64 - 1


def options_for(game: Game, options: Any) -> Any:
    """A game's options from what a caller gave: None (the defaults), the game's own options value, or a dict of
    its fields (read as a save file's options are, so a bad field is named).

    Raises:
        ValueError: for any other value, saying what the game's options are.
    """
    if options is None:
        return game.default_options()
    if isinstance(options, dict):
        return game.options_from_json(options)
    kind = getattr(game, "options_type", None)
    if kind is not None and not isinstance(options, kind):
        raise ValueError(f"options for {game.name} must be its {kind.__module__}.{kind.__name__} or a dict of its "
                         f"fields, got {shorten(options)}")
    return options


def check_seed(seed: Any) -> int:
    """A session seed: a whole number 0 to 2**64 - 1 (what ``numpy.random.PCG64`` is given)."""
    return whole_number("seed", seed, 0, MAX_SEED)


@contextmanager
def _field(field: str, label: str | None = None):
    """Report any failure inside as a ``SaveFileError`` naming the save file's field.

    Options, decks and actions validate themselves and raise ``ValueError`` (``ContentError``,
    ``IllegalAction``); the other types catch what a malformed value can still provoke deep in a
    conversion (a list where a name is hashed, 1,000 nested lists), so no raw error escapes."""
    try:
        yield
    except SaveFileError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError) as e:
        where = label or f"field '{field}'"
        raise SaveFileError(f"{where}: {_short_message(e)}") from None


def _short_message(e: Exception) -> str:
    text = str(e) if not isinstance(e, RecursionError) else "nested too deeply"
    return text if len(text) <= 300 else text[:297] + "..."
