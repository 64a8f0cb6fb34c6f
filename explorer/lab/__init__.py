"""The playtesting lab: rule variants of any game side by side, with honest confidence intervals.

A variant is the game's options (its options JSON) plus an optional deck. ``compare`` plays every
variant with the game's batch simulator and bots, with common random numbers, on local
processes or any ``concurrent.futures.Executor`` (a Dask client's too), and returns a tidy table
(``LabResult.rows``, ``to_records()``) with Wilson intervals for rates, normal intervals for
means, and each variant's difference from the first with a sentence saying whether it is
significant. ``sweep`` does the same over one numeric option.

Example::

    from explorer import lab
    r = lab.compare("proving-grounds", {"training": {}, "shields": {"shields": True}}, games=20_000, seed=1)
    print(r.summary())
"""
from .games import MEAN, PROPORTION, LabGame, Metric, lab_game, lab_games, register
from .result import Difference, LabResult, Row
from .run import Variant, block_seed, compare, sweep
from .stats import wilson
from . import new_games  # noqa: E402,F401  (registers Doomrock and Rumble Planet with their simulators)

__all__ = ["MEAN", "PROPORTION", "Difference", "LabGame", "LabResult", "Metric", "Row", "Variant", "block_seed",
           "compare", "lab_game", "lab_games", "register", "sweep", "wilson"]
