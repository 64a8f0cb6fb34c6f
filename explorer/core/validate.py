"""The one boundary where outside actions are checked, so every game gets it for free.

An action is a frozen dataclass whose field annotations say what each field holds. A value from
outside (a widget, a save file, a notebook) must match them exactly: a bool is not a number, 1.0
is not a die, a list is not a tuple of dice. A numpy scalar is taken as the Python value it stands
for (``np.int64(1)`` is 1), and the action is rebuilt with it, so what is applied and saved is plain.
Then the action must be one the rules list now.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import numbers
import types
import typing
from typing import Any

from .errors import IllegalAction
from .files import shorten
from .values import plain


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _matches(value: Any, hint: Any) -> bool:
    if hint is Any:
        return True
    if hint is type(None) or hint is None:
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, numbers.Real) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, a) for a in args)
    if origin is typing.Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(v, args[0]) for v in value)
        return len(value) == len(args) and all(_matches(v, a) for v, a in zip(value, args))
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # an annotation this checker does not read is the game's own business


def _describe(hint: Any) -> str:
    if hint is type(None) or hint is None:
        return "None"
    if isinstance(hint, type) and not typing.get_args(hint):
        return {"int": "a whole number", "bool": "true or false", "str": "a text", "float": "a number"}.get(
            hint.__name__, hint.__name__)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(a) for a in args)
    if origin is typing.Literal:
        return "one of " + ", ".join(map(repr, args))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of {_describe(args[0])}s"
        return f"a tuple of {len(args)}"
    return str(hint)


def check_action_fields(action: Any) -> Any:
    """The action with plain field values; refused if it is not a game's action value or a field
    has the wrong type.

    Returns:
        ``action`` itself, or a copy whose numpy scalars are Python values (``np.int64(1)`` -> 1,
        ``np.True_`` -> True), so the action applied is the one a save file holds.

    Raises:
        IllegalAction: naming the action and the field, e.g. ``Reroll.face must be a whole number, got True``.
    """
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        raise IllegalAction(f"{shorten(action)} is not an action")
    cls = type(action)
    hints = _hints(cls)
    changed = {}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        hint = hints.get(f.name, Any)
        value_plain = plain(value)
        if not _matches(value_plain, hint):
            raise IllegalAction(f"{cls.__name__}.{f.name} must be {_describe(hint)}, got {shorten(value)}")
        if value_plain is not value and f.init:
            changed[f.name] = value_plain
    return dataclasses.replace(action, **changed) if changed else action


def check_legal(game: Any, state: Any, action: Any) -> Any:
    """The action to apply (with plain field values, see ``check_action_fields``); refused if it is
    not one of ``game.legal_actions(state)`` (or equivalent to one).

    A game may define ``canonical(state, action)`` mapping an action to the listed one it is
    provably equivalent to (two identical dice are one choice). The game's own ``apply`` is asked
    first for its reason, so the message says why (``3 is a single ...``) where it can.
    """
    action = check_action_fields(action)
    legal = game.legal_actions(state)
    if action in legal:
        return action
    canonical = getattr(game, "canonical", None)
    if canonical is not None and canonical(state, action) in legal:
        return action
    try:
        game.apply(state, action, None)
    except IllegalAction:
        raise
    except Exception:  # noqa: BLE001 - any other failure of an unlisted action is still just illegal
        pass
    raise IllegalAction(f"{action} is not allowed now" + _offer(legal))


def _offer(legal: list) -> str:
    if not legal:
        return " (nothing can be done now)"
    shown = ", ".join(map(str, legal[:6]))
    return f"; allowed now: {shown}" + (f" and {len(legal) - 6} more" if len(legal) > 6 else "")


def check_saveable(game: Any, action: Any) -> None:
    """Refuse an action the game could not read back from its save file, before it is played.

    A session's save holds every played action; one that does not come back as itself would make
    the whole game unloadable, so it is refused while the state can still stay unchanged.

    Raises:
        IllegalAction: naming the action and why it cannot be saved.
    """
    try:
        back = game.action_from_json(json.loads(json.dumps(game.action_to_json(action))))
    except (ValueError, TypeError) as e:
        raise IllegalAction(f"{action} cannot be written to a save file: {e}") from None
    if back != action:
        raise IllegalAction(f"{action} cannot be written to a save file: it would be read back as {back}")
