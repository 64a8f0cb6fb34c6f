"""A synthetic "game" with a known answer: each game is won with probability ``p`` and lasts a
Poisson(``mean``) number of rounds, so every interval the lab reports can be checked for coverage."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from explorer.lab import MEAN, PROPORTION, LabGame, Metric, register


@dataclass(frozen=True)
class CoinOptions:
    p: float = 0.3
    mean: float = 4.0

    def to_json(self) -> dict:
        return dataclasses.asdict(self)


def metrics(options) -> list[Metric]:
    return [Metric("win_rate", "win rate", PROPORTION), Metric("rounds", "game length (rounds)", MEAN)]


def play_block(options, deck, bots, seed, n) -> dict:
    rng = np.random.Generator(np.random.PCG64(seed))
    return {"win_rate": (rng.random(n) < options.p).astype(float), "rounds": rng.poisson(options.mean, n).astype(float)}


class CoinGame(LabGame):
    def options(self, data=None):
        if isinstance(data, CoinOptions):
            return data
        return CoinOptions(**(data or {}))

    def deck(self, deck=None):
        return None


COIN = CoinGame(name="coin", title="Coin", bots=("none",), default_bots="none", lab_defaults={}, block_size=50,
                metrics=metrics, play_block=play_block, check=lambda o, d, b: None, primary=("win_rate",))
register(COIN)
