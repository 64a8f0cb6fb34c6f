"""A ``tqdm.auto`` progress bar as the lab's ``progress(done, total)`` callback (a widget bar in notebooks)."""
from __future__ import annotations

from tqdm.auto import tqdm


class tqdm_progress:  # named like the bar it draws
    """Draws one bar for one run: created on the first call, closed when every game is done."""

    def __init__(self, desc: str = "games"):
        self.desc = desc
        self.bar = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = tqdm(total=total, desc=self.desc, unit="game")
        self.bar.update(done - self.bar.n)
        if done >= total:
            self.bar.close()
