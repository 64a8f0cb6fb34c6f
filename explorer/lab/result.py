"""The lab's answer: a tidy table of metrics with intervals, and the differences between variants."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass


LIMIT_METRICS = ("round_limit", "step_cap")  # games stopped by a limit rather than by the rules' own end


@dataclass(frozen=True)
class Row:
    """One metric of one variant: estimate with its interval (``low``, ``high``) and standard error."""

    variant: str
    metric: str
    label: str
    kind: str
    n: int
    estimate: float
    low: float
    high: float
    se: float
    value: float | None = None  # the swept option's value, in a sweep

    @property
    def width(self) -> float:
        return self.high - self.low


@dataclass(frozen=True)
class Difference:
    """``variant`` minus ``baseline`` for one metric; ``paired``: from per-game differences under
    common random numbers."""

    metric: str
    label: str
    kind: str
    baseline: str
    variant: str
    estimate: float
    low: float
    high: float
    se: float
    paired: bool
    sentence: str

    @property
    def significant(self) -> bool:
        return not (math.isnan(self.low) or math.isnan(self.high)) and (self.low > 0 or self.high < 0)


@dataclass(frozen=True)
class LabResult:
    """What ``compare`` and ``sweep`` return.

    Attributes:
        game: the game's registered name.
        variants: variant names in the order given (the first is the baseline).
        games: games played per variant.
        rows: one Row per (variant, metric).
        differences: each later variant against the first (or the one before it), per shared metric.
        level: the confidence level of every interval.
        stopped: why the run ended ("target width reached" or "game budget spent").
        option: the swept option (sweeps only).
    """

    game: str
    variants: tuple[str, ...]
    games: tuple[int, ...]
    rows: tuple[Row, ...]
    differences: tuple[Difference, ...]
    level: float
    stopped: str
    seed: int
    option: str | None = None

    def to_records(self) -> list[dict]:
        """The rows as plain dicts (``pandas.DataFrame(result.to_records())`` makes a data frame)."""
        return [asdict(r) for r in self.rows]

    def difference_records(self) -> list[dict]:
        return [{**asdict(d), "significant": d.significant} for d in self.differences]

    def row(self, variant: str, metric: str) -> Row:
        for r in self.rows:
            if r.variant == variant and r.metric == metric:
                return r
        raise KeyError((variant, metric))

    def metric(self, metric: str) -> list[Row]:
        return [r for r in self.rows if r.metric == metric]

    def limits(self) -> str:
        """How many games a limit stopped, variant by variant ("" when the game has no such metric):
        a round limit is an option, not a rule; a step cap stops a game that would not end."""
        out = []
        for key in LIMIT_METRICS:
            rows = self.metric(key)
            if rows:
                counts = ", ".join(f"{r.variant} {round(r.estimate * r.n)} of {r.n}" for r in rows)
                out.append(f"{rows[0].label[0].upper()}{rows[0].label[1:]}: {counts}.")
        return " ".join(out)

    def significant(self) -> list[Difference]:
        return [d for d in self.differences if d.significant]

    def summary(self, metrics=None) -> str:
        """The sentences saying which differences are significant (all metrics, or those given)."""
        ds = [d for d in self.differences if metrics is None or d.metric in metrics]
        if not ds:
            return "Only one variant: nothing to compare."
        sig = [d for d in ds if d.significant]
        head = (f"{len(sig)} of {len(ds)} differences are significant at the {round(self.level * 100)}% level"
                f" ({', '.join(str(g) for g in self.games)} games per variant; {self.stopped}).")
        limits = self.limits()
        return "\n".join([head + (" " + limits if limits else "")] + [d.sentence for d in ds])

    def table(self, metrics=None) -> str:
        """A fixed-width text table of the rows."""
        rows = [r for r in self.rows if metrics is None or r.metric in metrics]
        out = [f"{'variant':18s} {'metric':44s} {'n':>7s} {'estimate':>9s}  interval"]
        for r in rows:
            out.append(f"{r.variant[:18]:18s} {r.label[:44]:44s} {r.n:7d} {r.estimate:9.4f}  [{r.low:.4f}, {r.high:.4f}]")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.table() + "\n" + self.summary()
