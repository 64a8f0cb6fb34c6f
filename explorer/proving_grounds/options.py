"""Proving Grounds options: the six modules and every number the rulebook leaves unprinted."""
from __future__ import annotations

from ..core.content import options_from_json
from ..core.files import shorten, whole_number

from dataclasses import asdict, dataclass

MODULES = ("dragonling", "chariots", "inspiration", "shields", "conspirators", "sun_and_moon")
COLOURS = ("white", "blue", "green", "yellow")
DRAGONLING_FACES = ("talon", "tail", "teeth", "wing", "chaos")
ICONS = ("talon", "tail", "teeth")
CLIMBS = ("choose", "max")  # ruling PG-4
EARLY_WOUNDS = ("at_once", "step_2b")  # ruling PG-6
SUN_DIE_RETURNS = ("anywhere", "from_pool")  # ruling PG-12

# what an option editor offers: the readings of a word option, the items of a list option
CHOICES = {"climb": CLIMBS, "early_wounds": EARLY_WOUNDS, "sun_die_return": SUN_DIE_RETURNS}
ITEMS = {"dragonling_faces": DRAGONLING_FACES}
# Bounds on the numbers a user may set (a save file is user input): generous for variants, small
# enough that no option builds a huge board or an endless game.
MAX_TIMER_REROLLS = 1000
MAX_HEALTH_SPACES = 20
MAX_DEFEATS_TO_WIN = 100


@dataclass(frozen=True)
class Options:
    """One frozen value per game; defaults are the training game with documented readings.

    Attributes:
        dragonling, chariots, inspiration, shields, conspirators, sun_and_moon: modules 1-6.
        timer_rerolls: the 60-second timer as a number of set rerolls (analysis and
            simulation), 0-1000; None plays in real time (the clock is outside the engine,
            which accepts "time is up").
        health_spaces: spaces on the health track, 3-20; reaching the last one loses. The
            rulebook does not print it; 6 spaces means five wounds lose, as reviews of the
            published game report.
        stack_space: the health space (0 = top left) holding the stack of coloured dice,
            1 to health_spaces - 2.
        dragonling_faces: the six faces of the dragonling die (the rulebook names the
            results but not how many faces show each).
        defeats_to_win: enemies to defeat, 1-100 ("Winning the Game": eight).
        climb: a set that could climb several spaces: "choose" (as printed, "you may do so": the
            player picks how many, at least one) or "max" (always as far as the dice allow). Ruling PG-4.
        early_wounds: a marker pushed to the bottom space by a chariot or conspirator before the
            attacks: "at_once" (the wound is suffered when the marker reaches the bottom space) or
            "step_2b" (checked at Step 2B, after this round's attacks, which may lift it). Ruling PG-6.
        sun_die_return: the die gained from the dial last round: "anywhere" (it returns to the dial
            from the pool, the exhaustion track or the reserve) or "from_pool" (only from the dice
            pool; an exhausted or reserved one stays with the player). Ruling PG-12.
    """

    dragonling: bool = False
    chariots: bool = False
    inspiration: bool = False
    shields: bool = False
    conspirators: bool = False
    sun_and_moon: bool = False
    timer_rerolls: int | None = None
    health_spaces: int = 6
    stack_space: int = 2
    dragonling_faces: tuple[str, ...] = ("talon", "tail", "teeth", "wing", "chaos", "chaos")
    defeats_to_win: int = 8
    climb: str = "choose"
    early_wounds: str = "at_once"
    sun_die_return: str = "anywhere"

    def __post_init__(self):
        for m in MODULES:
            if not isinstance(getattr(self, m), bool):
                raise ValueError(f"options.{m} must be True or False, got {shorten(getattr(self, m))}")
        if self.timer_rerolls is not None:
            whole_number("options.timer_rerolls", self.timer_rerolls, 0, MAX_TIMER_REROLLS)
        whole_number("options.health_spaces", self.health_spaces, 3, MAX_HEALTH_SPACES)
        whole_number("options.stack_space", self.stack_space, 1, self.health_spaces - 2)
        faces = self.dragonling_faces
        if not isinstance(faces, (list, tuple)) or len(faces) != 6 or any(not isinstance(f, str) or f not in DRAGONLING_FACES for f in faces):
            raise ValueError(f"options.dragonling_faces must be a list of six of {', '.join(DRAGONLING_FACES)}, got {shorten(faces)}")
        object.__setattr__(self, "dragonling_faces", tuple(faces))
        whole_number("options.defeats_to_win", self.defeats_to_win, 1, MAX_DEFEATS_TO_WIN)
        for name, allowed in (("climb", CLIMBS), ("early_wounds", EARLY_WOUNDS), ("sun_die_return", SUN_DIE_RETURNS)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                raise ValueError(f"options.{name} must be one of {', '.join(allowed)}, got {shorten(value)}")

    @property
    def modules(self) -> tuple[str, ...]:
        return tuple(m for m in MODULES if getattr(self, m))

    @classmethod
    def with_modules(cls, *modules: str, **kw) -> "Options":
        unknown = [m for m in modules if m not in MODULES]
        if unknown:
            raise ValueError(f"unknown module {unknown[0]!r}; modules are {', '.join(MODULES)}")
        return cls(**{m: True for m in modules}, **kw)

    def to_json(self) -> dict:
        d = asdict(self)
        d["dragonling_faces"] = list(self.dragonling_faces)
        return d

    @classmethod
    def from_json(cls, data: dict) -> "Options":
        return options_from_json(cls, data)
