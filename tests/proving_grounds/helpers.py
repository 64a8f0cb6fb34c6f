"""Shared helpers for Proving Grounds tests: build decks and sessions with every outcome fixed."""
from __future__ import annotations

import copy

from explorer.core import Session
from explorer.proving_grounds import Options
from explorer.proving_grounds.cards import deck_from_json, sample_deck

SAMPLE = sample_deck()


def sample_json() -> dict:
    return copy.deepcopy(SAMPLE.to_json())


def session(options: Options | None = None, deck=None, seed: int = 0) -> Session:
    return Session("proving-grounds", options or Options(), deck or SAMPLE, seed=seed)


def deck(data: dict, source: str = "test deck"):
    return deck_from_json(data, source)
