"""The dragonling die in the reroll solver (Module 1: The Dragonling): goal, final values, rolls.

Module 1, Gameplay: the dragonling die is rolled with the opening roll and may be
rerolled along with any set; after the timer it is used once:

* talon, tail or teeth may join the dice showing f to attack enemy #f when that
  enemy has the matching icon (or an inspiration lets the result attack any
  enemy); it needs a die already showing f (ruling PG-11) and counts as one
  white die in every respect (PG-22);
* wing may save single(s) from moving their marker down (PG-16);
* chaos must reroll every coloured die before the attacks (PG-24).

The die never changes which attack dice can be rerolled, so a dice state with
the dragonling is a pair (attack dice, dragonling result). Its final value is the
best use of the result, computed for every attack-dice state at once from the
same per-face tables as :class:`FaceAdditiveGoal`.

Roll convention: a roll is the attack dice as ``(colour, face)`` pairs plus one
``("dragonling", result)`` pair anywhere in the list, e.g.
``[("white", 3), ("blue", 3), ("dragonling", "tail")]``.
"""

from __future__ import annotations

import functools
import itertools
import numbers
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..options import DRAGONLING_FACES, ICONS
from .goals import FaceAdditiveGoal, call_term, stop_values
from .inputs import FACES, Dice, Goal, validate_roll
from .space import _PoolLayout, layout_for

DRAGONLING = "dragonling"
#: Options.dragonling_faces' default (ruling PG-2).
DEFAULT_DRAGONLING_FACES = ("talon", "tail", "teeth", "wing", "chaos", "chaos")

Table = Callable[[int, int, tuple[str, ...]], Any]


@dataclass(frozen=True)
class DragonOutcomes:
    """Final values of every (dragonling result, attack-dice state), and how the result was used.

    Attributes:
        names: the distinct results, in the order the die's faces first show them.
        probabilities: chance of each result on one roll of the die.
        values: ``values[r, s]``: goal value of attack-dice state ``s`` with result ``r``.
        joins: per talon/tail/teeth result, the face whose dice it joins in each state (0: unused).
        saves: per wing result, ``(6, n_states)`` booleans: the singles it saves.
    """

    names: tuple[str, ...]
    probabilities: np.ndarray
    values: np.ndarray
    joins: Mapping[str, np.ndarray]
    saves: Mapping[str, np.ndarray]


class DragonlingGoal:
    """A face-additive goal plus what each dragonling result can add to it (Module 1).

    Why per-face tables: Step 2 resolves the dice showing f against enemy #f
    alone, and the dragonling result changes one face's dice at a time (joins
    them, or saves their single), so every use of the die is a per-face term.

    Args:
        table: ``table(face, n_white, colours) -> number``, as for
            :class:`FaceAdditiveGoal`: the value of the dice showing ``face``.
        faces: the six faces of the dragonling die (``Options.dragonling_faces``).
        targets: per result (talon, tail, teeth), the faces f whose enemy #f it
            may attack: enemies with that icon, or all of them when an
            inspiration allows it. Results not listed attack no one.
        with_dragon: ``with_dragon(face, n_white, colours)``: the value of the
            dice showing ``face`` with the dragonling die joining them. Default:
            ``table(face, n_white + 1, colours)``, since it counts as a white die
            in every respect (rulings PG-11, PG-22). Only called for
            ``n_white + len(colours) >= 1`` when used.
        saved: ``saved(face, n_white, colours)``: the value of a single die
            showing ``face`` when the wing result saves it; called only for one
            die. Default None: the wing result changes nothing.
        wing_singles: how many singles one wing result may save (1 by the
            rulebook; a power may allow more).

    Raises:
        TypeError, ValueError: a bad argument, named in the message.
    """

    def __init__(
        self,
        table: Table,
        faces: Iterable[str] = DEFAULT_DRAGONLING_FACES,
        *,
        targets: Mapping[str, Iterable[int]] | None = None,
        with_dragon: Table | None = None,
        saved: Table | None = None,
        wing_singles: int = 1,
    ):
        self.board = FaceAdditiveGoal(table)
        self.faces = _check_faces(faces)
        self.targets = _check_targets(targets or {})
        if with_dragon is not None and not callable(with_dragon):
            raise TypeError(f"with_dragon: expected a callable (face, n_white, colours), got {with_dragon!r}")
        if saved is not None and not callable(saved):
            raise TypeError(f"saved: expected a callable (face, n_white, colours) or None, got {saved!r}")
        if isinstance(wing_singles, bool) or not isinstance(wing_singles, numbers.Integral) \
                or not 0 <= wing_singles <= 6:
            raise ValueError(f"wing_singles: expected a whole number 0-6, got {wing_singles!r}")
        self.wing_singles = int(wing_singles)
        self.joined = FaceAdditiveGoal(
            with_dragon or (lambda face, n_white, colours: table(face, n_white + 1, colours))
        )
        self.saved = saved
        self.names = tuple(dict.fromkeys(self.faces))
        counts = Counter(self.faces)
        self.probabilities = np.array([counts[n] / 6.0 for n in self.names])
        self._parts: dict[tuple, _Parts] = {}
        self._outcomes: dict[tuple, DragonOutcomes] = {}

    def __repr__(self) -> str:
        return f"DragonlingGoal(faces={self.faces}, targets={dict(self.targets)})"

    # ---- one roll

    def __call__(self, roll: Iterable[Any]) -> float:
        """Value of one final roll, dragonling pair included, using the result as well as possible."""
        dice, name = split_roll(roll, None, self.faces)
        return self.final_value(dice, name)

    def final_value(self, dice: Dice, name: str) -> float:
        """Value of attack dice with dragonling result ``name`` (Module 1: Gameplay)."""
        shown = _shown(dice)
        base = sum(self.board.term(f, *shown[f]) for f in FACES)
        if name == "chaos":  # PG-24: every coloured die lands anew, then the attacks resolve
            white = [(c, f) for c, f in dice if c == "white"]
            coloured = [c for c, _ in dice if c != "white"]
            outcomes = [
                sum(self.board.term(f, *s[f]) for f in FACES)
                for s in (_shown(white + list(zip(coloured, faces)))
                          for faces in itertools.product(FACES, repeat=len(coloured)))
            ]
            return float(np.mean(outcomes))
        gains = [0.0]
        if name in ICONS:
            gains += [
                self.joined.term(f, *shown[f]) - self.board.term(f, *shown[f])
                for f in self.targets.get(name, ()) if shown[f][0] + len(shown[f][1]) >= 1
            ]
            return base + max(gains)
        if name == "wing" and self.saved is not None:
            singles = [f for f in FACES if shown[f][0] + len(shown[f][1]) == 1]
            gains = sorted((self._saved_term(f, *shown[f]) - self.board.term(f, *shown[f])
                            for f in singles), reverse=True)
            return base + sum(g for g in gains[: self.wing_singles] if g > 0)
        return base

    def _saved_term(self, face: int, n_white: int, colours: tuple[str, ...]) -> float:
        return call_term(self.saved, "saved", face, n_white, colours)

    # ---- every state at once

    def parts(self, layout: _PoolLayout) -> _Parts:
        """Per-face terms of every attack-dice state of a layout (computed once per layout)."""
        if layout.key not in self._parts:
            self._parts[layout.key] = _Parts(self, layout)
        return self._parts[layout.key]

    def outcomes(self, layout: _PoolLayout) -> DragonOutcomes:
        """Final values of every (result, state), with the best use of each result."""
        if layout.key not in self._outcomes:
            self._outcomes[layout.key] = self.parts(layout).best_uses()
        return self._outcomes[layout.key]

    def values_under(self, layout: _PoolLayout, uses: DragonOutcomes) -> np.ndarray:
        """Final values when the dragonling result is used as ``uses`` says (another goal's choice)."""
        return self.parts(layout).values_under(uses)

    def cache_key(self, pool: tuple[str, ...]) -> tuple:
        """Equal for goals whose tables agree on this pool, so they may share a solve."""
        parts = self.parts(layout_for(pool))
        return (
            DRAGONLING, self.faces, tuple(sorted((k, tuple(sorted(v))) for k, v in self.targets.items())),
            self.wing_singles, parts.board.shape, parts.board.tobytes(),
            parts.joined.tobytes(), parts.saved.tobytes(),
        )


class _Parts:
    """One goal's per-face tables, read at the attack-dice states of one layout face by face.

    Only the base values are kept per state; a face's gains are read from the
    small tables when needed, so a goal stays small however many are cached.
    """

    def __init__(self, goal: DragonlingGoal, layout: _PoolLayout):
        self.goal, self.layout = goal, layout
        self.board = goal.board.face_tables(layout)
        self.joined = goal.joined.face_tables(layout)
        self.saved = self._saved_gains()
        self.totals = layout.face_totals  # (6, n_states): dice showing each face
        self.base = np.zeros(layout.n_states)
        for f in FACES:  # face by face, as FaceAdditiveGoal.stop_values adds them
            self.base += self._row(self.board, f)

    def _row(self, tables: np.ndarray, face: int) -> np.ndarray:
        return tables.reshape(-1).take(_table_index(self.layout)[face - 1])

    def join_gain(self, face: int) -> np.ndarray:
        """What the result joining the dice showing ``face`` adds, in every state."""
        return self._row(self.joined, face) - self._row(self.board, face)

    def save_gains(self) -> np.ndarray | None:
        """What saving each face's single adds, ``(6, n_states)``; None if the wing saves nothing."""
        if self.goal.saved is None:
            return None
        return np.array([self._row(self.saved, f) for f in FACES])

    def _saved_gains(self) -> np.ndarray:
        """What saving a single adds, at the counts of one die (zero elsewhere)."""
        layout = self.layout
        gains = np.zeros_like(self.board)
        if self.goal.saved is None:
            return gains
        for g, colour in enumerate(layout.colours):
            counts = tuple(int(i == g) for i in range(len(layout.colours)))
            n_white, colours = (1, ()) if colour == "white" else (0, (colour,))
            for face in FACES:
                at = (face - 1,) + counts
                gains[at] = self.goal._saved_term(face, n_white, colours) - self.board[at]
        gains.flags.writeable = False
        return gains

    def best_uses(self) -> DragonOutcomes:
        """Each result's best use in every state (Module 1: the player chooses after the timer)."""
        goal, n_states = self.goal, self.layout.n_states
        values, joins, saves = [], {}, {}
        for name in goal.names:
            if name == "chaos":
                values.append(chaos_average(self.layout, self.base))
            elif name in ICONS:
                # PG-11: it joins dice already showing f; the lowest face wins a tie.
                best = np.zeros(n_states)
                face = np.zeros(n_states, dtype=np.int8)
                for f in sorted(goal.targets.get(name, ())):
                    gain = self.join_gain(f)
                    better = (gain > best) & (self.totals[f - 1] >= 1)
                    best[better] = gain[better]
                    face[better] = f
                joins[name] = face
                values.append(self.base + best)
            elif name == "wing":
                gains = self.save_gains()
                if gains is None:
                    saves[name] = np.zeros((6, n_states), dtype=bool)
                    values.append(self.base)
                else:
                    saves[name] = self._wing_choice(gains)
                    values.append(self.base + (saves[name] * gains).sum(axis=0))
            else:
                values.append(self.base)
        return DragonOutcomes(goal.names, goal.probabilities, np.array(values), joins, saves)

    def _wing_choice(self, gain: np.ndarray) -> np.ndarray:
        """The singles a wing result saves: the largest positive gains, lower face first on ties."""
        single = self.totals == 1
        if self.goal.wing_singles == 1:  # the rulebook's wing: one pass over the faces
            best = np.zeros(gain.shape[1])
            face = np.full(gain.shape[1], -1)
            for f in range(6):
                better = single[f] & (gain[f] > best)
                best[better] = gain[f][better]
                face[better] = f
            return face == np.arange(6)[:, None]
        gain = np.where(single, gain, 0.0)
        order = np.argsort(-gain, axis=0, kind="stable")[: self.goal.wing_singles]
        chosen = np.zeros(gain.shape, dtype=bool)
        np.put_along_axis(chosen, order, True, axis=0)
        return chosen & single & (gain > 0)

    def values_under(self, uses: DragonOutcomes) -> np.ndarray:
        """This goal's final values with the result used as another goal chose."""
        out = []
        for name in uses.names:
            if name == "chaos":
                out.append(chaos_average(self.layout, self.base))
            elif name in uses.joins:
                gain = np.zeros(self.layout.n_states)
                for f in FACES:
                    where = uses.joins[name] == f
                    if where.any():
                        gain[where] = self.join_gain(f)[where]
                out.append(self.base + gain)
            elif name in uses.saves and self.goal.saved is not None:
                out.append(self.base + (uses.saves[name] * self.save_gains()).sum(axis=0))
            else:
                out.append(self.base)
        return np.array(out)


def outcome_values(layout: _PoolLayout, goal: Goal, uses: DragonOutcomes) -> np.ndarray:
    """Final values of any goal per (result, state), the result used as ``uses`` chose.

    A plain goal sees only the attack dice: the same dice for every result but
    chaos, which rerolls the coloured dice first (PG-24).
    """
    if isinstance(goal, DragonlingGoal):
        return goal.values_under(layout, uses)
    plain = stop_values(layout, goal)
    chaos = None
    rows = []
    for name in uses.names:
        if name == "chaos":
            if chaos is None:
                chaos = chaos_average(layout, plain)
            rows.append(chaos)
        else:
            rows.append(plain)
    return np.array(rows)


def chaos_average(layout: _PoolLayout, values: np.ndarray) -> np.ndarray:
    """Every state's value averaged over its coloured dice landing anew (chaos, ruling PG-24)."""
    table = values.reshape(layout.shape)
    for g, (colour, group) in enumerate(zip(layout.colours, layout.groups)):
        if colour != "white":
            mean = np.tensordot(table, group.opening_probabilities, axes=([g], [0]))
            table = np.broadcast_to(np.expand_dims(mean, g), layout.shape)
    return np.ascontiguousarray(table).reshape(-1)


# --------------------------------------------------------------------------
# Helpers.


@functools.lru_cache(maxsize=8)
def _table_index(layout: _PoolLayout) -> np.ndarray:
    """Flat index into a whole per-face table of each state's dice showing each face: ``(6, n_states)``."""
    index = np.zeros((6,) + layout.shape, dtype=np.intp)
    axes = len(layout.groups)
    stride = 1
    for g in reversed(range(axes)):
        counts = layout.groups[g].face_counts  # (6, n_full)
        index += counts.reshape((6,) + (1,) * g + (-1,) + (1,) * (axes - g - 1)) * stride
        stride *= layout.sizes[g] + 1
    index += np.arange(6).reshape((6,) + (1,) * axes) * stride  # face f's table starts at f * stride
    index.flags.writeable = False
    return index.reshape(6, -1)


def _shown(dice: Iterable[tuple[str, int]]) -> dict[int, tuple[int, tuple[str, ...]]]:
    """Per face: white dice showing it and the sorted colours of the others."""
    white = Counter(f for c, f in dice if c == "white")
    colours = {f: [] for f in FACES}
    for c, f in dice:
        if c != "white":
            colours[f].append(c)
    return {f: (white[f], tuple(sorted(colours[f]))) for f in FACES}


def _check_faces(faces: Iterable[str]) -> tuple[str, ...]:
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Iterable):
        raise TypeError(f"faces: expected six dragonling results, got {faces!r}")
    faces = tuple(faces)
    if len(faces) != 6 or any(f not in DRAGONLING_FACES for f in faces):
        raise ValueError(f"faces: expected six of {', '.join(DRAGONLING_FACES)}, got {faces!r}")
    return faces


def _check_targets(targets: Mapping[str, Iterable[int]]) -> dict[str, frozenset[int]]:
    if not isinstance(targets, Mapping):
        raise TypeError(f"targets: expected a mapping result -> faces, got {targets!r}")
    checked = {}
    for name, faces in targets.items():
        if name not in ICONS:
            raise ValueError(f"targets: {name!r} is not one of {', '.join(ICONS)}")
        faces = frozenset(faces)
        if any(isinstance(f, bool) or not isinstance(f, numbers.Integral) or not 1 <= f <= 6 for f in faces):
            raise ValueError(f"targets: {name} lists {sorted(faces, key=str)}; faces are 1-6")
        checked[name] = frozenset(int(f) for f in faces)
    return checked


def split_roll(roll: Iterable[Any], pool: Iterable[str] | None, names: Iterable[str], name: str = "roll"):
    """Split a roll into canonical attack dice and the dragonling result.

    Args:
        roll: ``(colour, face)`` pairs plus exactly one ``("dragonling", result)``.
        pool: the attack dice's colours, or None to accept any.
        names: the results the die can show.

    Raises:
        TypeError, ValueError: as for ``validate_roll``; also a missing,
            repeated or unknown dragonling result.
    """
    if isinstance(roll, (str, bytes)) or not isinstance(roll, Iterable):
        raise TypeError(f"{name}: expected a list of (colour, face) pairs, got {roll!r}")
    dice = list(roll)
    at = [i for i, die in enumerate(dice) if _is_dragonling(die)]
    if len(at) != 1:
        raise ValueError(
            f"{name}: expected one ({DRAGONLING!r}, result) pair, got {len(at)} "
            "(Module 1: the dragonling die is rolled with the dice)"
        )
    result = dice.pop(at[0])[1]
    names = tuple(names)
    if result not in names:
        raise ValueError(
            f"{name}: dragonling result {result!r}; this die shows {', '.join(dict.fromkeys(names))}"
        )
    if pool is None:  # any colours: validate_roll still names a bad die
        pool = [die[0] if isinstance(die, (tuple, list)) and die else "white" for die in dice]
    return validate_roll(dice, pool, name=name), result


def _is_dragonling(die: Any) -> bool:
    return isinstance(die, (tuple, list)) and len(die) == 2 and die[0] == DRAGONLING
