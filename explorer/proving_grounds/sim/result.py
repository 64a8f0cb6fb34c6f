"""The summary of many simulated games, kept as exact integer sums so results merge in any order."""
from __future__ import annotations

from dataclasses import dataclass, fields
from math import sqrt

import numpy as np


@dataclass(frozen=True)
class SimResult:
    """Win rate, rounds to win, wounds and defeated enemies over ``n`` games.

    Only integer sums and sums of squares are stored: merging two results is exact and does
    not depend on the order, so a simulation split over any workers gives the same result.
    """

    n: int = 0
    wins: int = 0
    rounds_won: int = 0  # sum of rounds over won games ("Winning the Game": end of that round)
    rounds_won_sq: int = 0
    wounds: int = 0  # sum over games of wounds suffered (health spaces moved down)
    wounds_sq: int = 0
    defeated: int = 0  # sum over games of enemies defeated
    defeated_sq: int = 0

    @classmethod
    def from_games(cls, won, rounds, wounds, defeated) -> SimResult:
        """Summarise per-game values (sequences of equal length)."""
        won = np.asarray(won, bool)
        rounds, wounds, defeated = (np.asarray(a, np.int64) for a in (rounds, wounds, defeated))
        rw = rounds[won]
        return cls(
            n=len(won), wins=int(won.sum()),
            rounds_won=int(rw.sum()), rounds_won_sq=int((rw * rw).sum()),
            wounds=int(wounds.sum()), wounds_sq=int((wounds * wounds).sum()),
            defeated=int(defeated.sum()), defeated_sq=int((defeated * defeated).sum()),
        )

    def __add__(self, other: SimResult) -> SimResult:
        if not isinstance(other, SimResult):
            return NotImplemented
        return SimResult(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})

    def merge(self, *others: SimResult) -> SimResult:
        """This result and others as one (the games of all of them)."""
        out = self
        for o in others:
            out = out + o
        return out

    @staticmethod
    def merge_all(results) -> SimResult:
        out = SimResult()
        for r in results:
            out = out + r
        return out

    # -- estimates and their standard errors ------------------------------------------------

    @property
    def win_rate(self) -> float:
        return self.wins / self.n if self.n else float("nan")

    @property
    def win_rate_se(self) -> float:
        p = self.win_rate
        return sqrt(p * (1 - p) / self.n) if self.n else float("nan")

    @property
    def mean_rounds(self) -> float:
        """Mean rounds to win, among won games."""
        return _mean(self.wins, self.rounds_won)

    @property
    def mean_rounds_se(self) -> float:
        return _se(self.wins, self.rounds_won, self.rounds_won_sq)

    @property
    def mean_wounds(self) -> float:
        return _mean(self.n, self.wounds)

    @property
    def mean_wounds_se(self) -> float:
        return _se(self.n, self.wounds, self.wounds_sq)

    @property
    def mean_defeated(self) -> float:
        return _mean(self.n, self.defeated)

    @property
    def mean_defeated_se(self) -> float:
        return _se(self.n, self.defeated, self.defeated_sq)

    def summary(self) -> dict[str, float]:
        """Every estimate with its standard error (``*_se``), for printing or a data frame."""
        out: dict[str, float] = {"n": self.n}
        for name in ("win_rate", "mean_rounds", "mean_wounds", "mean_defeated"):
            out[name], out[name + "_se"] = getattr(self, name), getattr(self, name + "_se")
        return out

    def __str__(self) -> str:
        return (f"{self.n} games: win rate {self.win_rate:.4f} ± {self.win_rate_se:.4f}, "
                f"rounds to win {self.mean_rounds:.3f} ± {self.mean_rounds_se:.3f}, "
                f"wounds {self.mean_wounds:.3f} ± {self.mean_wounds_se:.3f}, "
                f"defeated {self.mean_defeated:.3f} ± {self.mean_defeated_se:.3f}")


def _mean(n: int, s: int) -> float:
    return s / n if n else float("nan")


def _se(n: int, s: int, ss: int) -> float:
    """Standard error of a mean from exact sums (sample variance, n - 1)."""
    if n < 2:
        return float("nan")
    var = (ss - s * s / n) / (n - 1)
    return sqrt(max(var, 0.0) / n)
