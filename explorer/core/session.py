"""A game session: the list of states, so undo, redo, jump and replay are free.

Chance outcomes come from the session's seeded ``numpy.random.Generator`` or are
typed in by the user ("table dice"); both are logged with the action, so a saved
game replays exactly. The generator's state is kept with every step: undoing and
playing the same action again gives the same dice.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .errors import IllegalAction, SaveFileError
from .events import Event
from .game import Game, get_game
from .validate import check_legal

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
        self.options = options if options is not None else self.game.default_options()
        self.content = content if content is not None else self.game.default_content()
        self.seed = int(np.random.SeedSequence().entropy % 2**63) if seed is None else int(seed)
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
            IllegalAction: the action is malformed or not one of ``legal_actions()``, or the typed
                outcome is not a possible one; nothing changes.
        """
        state = self.state
        check_legal(self.game, state, action)
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
        """Load a saved game; a corrupt or foreign file raises ``SaveFileError`` naming the file."""
        path = Path(path)
        try:
            data = json.loads(path.read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise SaveFileError(f"{path}: not a readable save file ({e})") from None
        try:
            return cls.from_json(data, game=game)
        except SaveFileError as e:
            raise SaveFileError(f"{path}: {e}") from None

    @classmethod
    def from_json(cls, data: Any, game: Game | None = None) -> "Session":
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError("not a Rules Explorer save file (field 'format')")
        if data.get("version") != SAVE_VERSION:
            raise SaveFileError(f"save version {data.get('version')!r} is not supported (expected {SAVE_VERSION})")
        try:
            game = game or get_game(data.get("game"))
        except ValueError as e:
            raise SaveFileError(f"field 'game': {e}") from None
        if data.get("game") != game.name:
            raise SaveFileError(f"this save is for {data.get('game')!r}, not {game.name!r}")
        for key, kind in (("seed", int), ("options", dict), ("content", dict), ("steps", list), ("cursor", int)):
            if not isinstance(data.get(key), kind):
                raise SaveFileError(f"field '{key}' is missing or not a {kind.__name__}")
        try:
            options = game.options_from_json(data["options"])
            content = game.content_from_json(data["content"], "saved deck")
        except ValueError as e:
            raise SaveFileError(f"field 'options'/'content': {e}") from None
        session = cls(game, options, content, seed=data["seed"])
        for i, step in enumerate(data["steps"], 1):
            try:
                action = game.action_from_json(step["action"])
                source = step["source"]
                if source == "rng":
                    session.play(action)
                    if session._steps[-1].outcome != step["outcome"]:
                        raise SaveFileError(f"step {i}: outcome does not match the seed")
                else:
                    session.play(action, None if source == "none" else step["outcome"])
            except (KeyError, TypeError, ValueError) as e:
                if isinstance(e, SaveFileError):
                    raise
                raise SaveFileError(f"step {i}: {e}") from None
        if not 0 <= data["cursor"] <= len(session._steps):
            raise SaveFileError(f"field 'cursor' is {data['cursor']}, outside 0-{len(session._steps)}")
        session._cursor = data["cursor"]
        return session
