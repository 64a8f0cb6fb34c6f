"""Proving Grounds options: the six modules and every number the rulebook leaves unprinted."""
from __future__ import annotations

from ..core.content import options_from_json

from dataclasses import asdict, dataclass

MODULES = ("dragonling", "chariots", "inspiration", "shields", "conspirators", "sun_and_moon")
COLOURS = ("white", "blue", "green", "yellow")
DRAGONLING_FACES = ("talon", "tail", "teeth", "wing", "chaos")
ICONS = ("talon", "tail", "teeth")


@dataclass(frozen=True)
class Options:
    """One frozen value per game; defaults are the training game with documented readings.

    Attributes:
        dragonling, chariots, inspiration, shields, conspirators, sun_and_moon: modules 1-6.
        timer_rerolls: the 60-second timer as a number of set rerolls (analysis and
            simulation); None plays in real time (the clock is outside the engine, which
            accepts "time is up").
        health_spaces: spaces on the health track; reaching the last one loses. The
            rulebook does not print it; 6 spaces means five wounds lose, as reviews of the
            published game report.
        stack_space: the health space (0 = top left) holding the stack of coloured dice.
        dragonling_faces: the six faces of the dragonling die (the rulebook names the
            results but not how many faces show each).
        defeats_to_win: enemies to defeat ("Winning the Game": eight).
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

    def __post_init__(self):
        for m in MODULES:
            if not isinstance(getattr(self, m), bool):
                raise ValueError(f"options.{m} must be True or False, got {getattr(self, m)!r}")
        if self.timer_rerolls is not None and (isinstance(self.timer_rerolls, bool) or not isinstance(self.timer_rerolls, int) or self.timer_rerolls < 0):
            raise ValueError(f"options.timer_rerolls must be None or a whole number >= 0, got {self.timer_rerolls!r}")
        if not isinstance(self.health_spaces, int) or self.health_spaces < 2:
            raise ValueError(f"options.health_spaces must be at least 2, got {self.health_spaces!r}")
        if not isinstance(self.stack_space, int) or not 1 <= self.stack_space < self.health_spaces - 1:
            raise ValueError(f"options.stack_space must be between 1 and {self.health_spaces - 2}, got {self.stack_space!r}")
        faces = tuple(self.dragonling_faces)
        object.__setattr__(self, "dragonling_faces", faces)
        if len(faces) != 6 or any(f not in DRAGONLING_FACES for f in faces):
            raise ValueError(f"options.dragonling_faces must be six of {DRAGONLING_FACES}, got {faces!r}")
        if not isinstance(self.defeats_to_win, int) or self.defeats_to_win < 1:
            raise ValueError(f"options.defeats_to_win must be at least 1, got {self.defeats_to_win!r}")

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
