"""The lab's worked studies: three questions a designer asks, each answered by a seeded run whose
result is stored with the package, so a page shows the answer at once and can play it again.

``python -m explorer.lab.studies`` plays every study again and rewrites the stored results; a test
checks that each stored result is what a fresh run with the same seed gives.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

from ..barbearian.cards import sample_deck
from .result import Difference, LabResult, Row
from .run import Variant, compare, sweep

SEED = 2026
STORED = Path(__file__).with_name("stored")
MODULES = ("dragonling", "chariots", "inspiration", "shields", "conspirators", "sun_and_moon")


@dataclass(frozen=True)
class Study:
    """A question, the run that answers it, and the metrics its chart shows."""

    name: str
    title: str
    question: str  # HTML
    play: Callable[..., LabResult]  # play(progress=None, executor="inline")
    metrics: tuple[str, ...]

    def stored(self) -> LabResult:
        """The result kept with the package (what ``play`` gave when it was last stored)."""
        path = STORED / f"{self.name}.json"
        return result_from_json(json.loads(path.read_text()))


def module_ladder(progress=None, executor="inline") -> LabResult:
    ladder = [Variant("training", {})]
    for k in range(1, len(MODULES) + 1):
        ladder.append(Variant(f"+{k} {MODULES[k - 1]}", {m: True for m in MODULES[:k]}))
    return compare("proving-grounds", ladder, games=1500, seed=SEED, executor=executor, progress=progress,
                   against="previous")  # each step against the one before


def captains_training(progress=None, executor="inline") -> LabResult:
    deck = sample_deck().to_json()
    deck["upgrades"] = [u for u in deck["upgrades"] if u["name"] != "Captain's Training"]
    deck["label"] = "sample deck without Captain's Training"
    return compare("barbearian", [Variant("on", {"players": 2}), Variant("off", {"players": 2}, deck)],
                   games=60, seed=SEED, executor=executor, progress=progress)


def first_player(progress=None, executor="inline") -> LabResult:
    return sweep("barbearian", "players", [2, 3, 4], games=40, seed=SEED, executor=executor, progress=progress)


STUDIES = (
    Study("module_ladder", "The Proving Grounds module ladder",
          "The rulebook adds its six modules one at a time. How much does each step change the win rate and the "
          "length of a game (greedy play, the 60-second timer read as 10 rerolls)? Each step is compared with the "
          "one before; 1,500 games each.", module_ladder, ("win_rate", "rounds", "wounds")),
    Study("captains_training", "BarBEARian: Captain's Training on and off",
          "Captain's Training makes 5s and 6s free agents on the Battleground and in the Barracks. Does the game "
          "change when the card is not in the deck? Variant <i>off</i> plays the sample deck without it (two "
          "greedy players, 60 games each).", captains_training, ("rounds", "glory_margin", "lead_changes", "close_finish")),
    Study("first_player", "BarBEARian: the first-player advantage by player count",
          "The first-player advantage is the first player's win rate minus a fair share (1/2, 1/3 or 1/4). A sweep "
          "over the <i>players</i> option plays each count with the same seeds (40 games each).",
          first_player, ("first_player_advantage", "rounds", "lead_changes")),
)


def study(name: str) -> Study:
    for s in STUDIES:
        if s.name == name:
            return s
    raise ValueError(f"no study {name!r}; the studies are {', '.join(s.name for s in STUDIES)}")


def result_to_json(r: LabResult) -> dict:
    return json.loads(json.dumps(asdict(r), default=list, allow_nan=True))


def result_from_json(data: dict) -> LabResult:
    """A stored result (the numbers as stored; NaN where an interval has no width to report)."""
    def num(x):
        return math.nan if x is None else x
    rows = tuple(Row(**{**r, **{k: num(r[k]) for k in ("estimate", "low", "high", "se")}}) for r in data["rows"])
    diffs = tuple(Difference(**{**d, **{k: num(d[k]) for k in ("estimate", "low", "high", "se")}})
                  for d in data["differences"])
    return LabResult(data["game"], tuple(data["variants"]), tuple(data["games"]), rows, diffs, data["level"],
                     data["stopped"], data["seed"], data.get("option"))


def store_all() -> None:
    STORED.mkdir(exist_ok=True)
    for s in STUDIES:
        r = s.play(executor=None)
        (STORED / f"{s.name}.json").write_text(json.dumps(result_to_json(r), indent=1, allow_nan=True) + "\n")
        print(f"{s.name}: {', '.join(map(str, r.games))} games stored")


if __name__ == "__main__":
    store_all()
