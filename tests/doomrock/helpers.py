"""Shared test helpers: the sample deck and a random player."""
import numpy as np

from explorer.core import Session
from explorer.doomrock import sample_deck

DECK = sample_deck()


def play_random(s: Session, seed: int, max_steps: int = 20_000) -> str:
    rng = np.random.default_rng(seed)
    for _ in range(max_steps):
        if s.is_over():
            return s.result()
        acts = s.legal_actions()
        s.play(acts[int(rng.integers(len(acts)))])
    raise AssertionError(f"no result after {max_steps} steps")
