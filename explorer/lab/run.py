"""Run variants side by side: seeded blocks of games on any executor, sequential stopping, sweeps.

Block ``j`` of every variant is played from ``SeedSequence(seed).spawn(...)[j]``, so variants share
their random numbers block by block (common random numbers: differences are measured per game,
with much less noise) and a result depends only on the arguments, never on which executor or
how many workers played the blocks.
"""
from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.errors import SimulationError
from . import stats
from .games import PROPORTION, LabGame, lab_game
from .result import Difference, LabResult, Row

MAX_GAMES = 10_000_000  # per variant: a budget, not a structure, but bounded all the same
WAVES = (1, 1, 2, 4)  # blocks per wave while stopping sequentially, then doubling


@dataclass(frozen=True)
class Variant:
    """A rule variant: the game's options (its options JSON, or an options value) and a deck
    (None: the sample deck; a deck value, a deck JSON dict or a file path)."""

    name: str
    options: Any = None
    deck: Any = None


def _variants(variants) -> list[Variant]:
    if isinstance(variants, dict):
        variants = [Variant(k, v) for k, v in variants.items()]
    out = []
    for i, v in enumerate(variants):
        if isinstance(v, Variant):
            out.append(v)
        elif isinstance(v, dict):
            out.append(Variant(f"variant {chr(65 + i)}" if i < 26 else f"variant {i + 1}", v))
        else:
            raise ValueError(f"a variant must be a Variant or an options dict, got {v!r}")
    if not out:
        raise ValueError("compare needs at least one variant")
    names = [v.name for v in out]
    if len(set(names)) != len(names):
        raise ValueError(f"variant names must differ, got {names}")
    return out


def block_seed(seed: int, j: int) -> np.random.SeedSequence:
    """Block ``j``'s seed: ``SeedSequence(seed).spawn(j + 1)[j]``, without spawning the others."""
    return np.random.SeedSequence(seed, spawn_key=(j,))


def _play(game_name: str, options, deck, bots, seed: int, j: int, n: int) -> dict[str, np.ndarray]:
    """One block (top level: an executor pickles it and looks the game up in its own process)."""
    g = lab_game(game_name)
    return g.play_block(options, deck, bots, block_seed(seed, j), n)


def compare(game: str, variants, games: int = 1000, seed: int = 0, bots=None, executor: Executor | str | None = None,
            progress: Callable[[int, int], None] | None = None, target_width: float | dict | None = None,
            level: float = 0.95, against: str = "first") -> LabResult:
    """Play every variant and compare them with the first.

    Args:
        game: a registered game name ("proving-grounds", "barbearian", ...).
        variants: Variants, options dicts, or {name: options dict}; the first is the baseline.
        games: the game budget per variant.
        seed: a whole number >= 0; the same seed gives the same result on any executor.
        bots: the game's bot (Proving Grounds: "greedy" or "never"; BarBEARian: "greedy", "random",
            "odds" or one per seat); None: the game's default.
        executor: None plays on local processes (this process when there is a single block);
            "inline" in this process; or any ``concurrent.futures.Executor`` (a Dask client's
            ``get_executor()`` works).
        progress: ``progress(games_done, games_planned)`` after each block (in a notebook,
            ``widgets.lab.tqdm_progress()`` draws a ``tqdm.auto`` bar).
        target_width: stop early once every interval is narrower than this: a number applies to
            every proportion metric, a {metric: width} dict to the metrics named.
        level: confidence level of the intervals.
        against: "first" compares every variant with the first; "previous" with the one before
            it (a ladder of rule changes, step by step).
    """
    if against not in ("first", "previous"):
        raise ValueError(f"against must be 'first' or 'previous', got {against!r}")
    g = lab_game(game)
    vs = _variants(variants)
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be a whole number between 1 and {MAX_GAMES}, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    stats.z_for(level)
    bots = g.default_bots if bots is None else bots
    prepared = []
    for v in vs:
        options, deck = g.options(v.options), g.deck(v.deck)
        g.check(options, deck, bots)
        prepared.append((v.name, options, deck))
    widths = _widths(g, prepared, target_width)
    n_blocks = -(-int(games) // g.block_size)
    sizes = [g.block_size] * (n_blocks - 1) + [int(games) - g.block_size * (n_blocks - 1)]
    waves = [n_blocks] if widths is None else _waves(n_blocks)
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be callable as progress(done, total), got {progress!r}")
    own = None
    if executor is None and n_blocks * len(vs) > 1:
        executor = own = ProcessPoolExecutor(max_workers=os.cpu_count() or 1)
    elif executor == "inline":
        executor = None
    elif executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor, 'inline' or None, got {executor!r}")
    blocks: list[list[dict]] = [[] for _ in vs]
    done, total, start, stopped = 0, int(games) * len(vs), 0, "game budget spent"
    try:
        for wave in waves:
            jobs = [(i, j) for j in range(start, start + wave) for i in range(len(vs))]
            out = {}
            for (i, j), res in _run(executor, g, prepared, bots, seed, sizes, jobs):
                out[i, j] = res
                done += sizes[j]
                if progress is not None:
                    progress(done, total)
            for (i, j) in sorted(out, key=lambda k: (k[1], k[0])):
                blocks[i].append(out[i, j])
            start += wave
            if widths is not None and start < n_blocks:
                rows = _rows(g, prepared, blocks, level)
                if all(r.width < widths[r.metric] for r in rows if r.metric in widths and not math.isnan(r.width)):
                    stopped = "target width reached"
                    break
        else:
            if widths is not None:
                rows = _rows(g, prepared, blocks, level)
                if all(r.width < widths[r.metric] for r in rows if r.metric in widths):
                    stopped = "target width reached"
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)
    rows = _rows(g, prepared, blocks, level)
    played = tuple(sum(len(next(iter(b.values()))) for b in bl) for bl in blocks)
    return LabResult(g.name, tuple(v[0] for v in prepared), played, tuple(rows),
                     tuple(_differences(g, prepared, blocks, level, against)), level, stopped, int(seed))


def sweep(game: str, option: str, values: Sequence, base=None, deck=None, **kw) -> LabResult:
    """``compare`` over one option's values (a price, a track length, a Glory target), the first
    value as the baseline; rows carry the value in ``Row.value``."""
    g = lab_game(game)
    names = g.options().to_json()
    if option not in names:
        raise ValueError(f"{option!r} is not an option of {g.name}; options: {', '.join(names)}")
    if base is not None and not isinstance(base, dict):
        raise ValueError("sweep's base must be a dict of the game's options JSON")
    base_json = dict(base or {})  # only what the base changes: the rest follows the swept value (clans by players)
    values = list(values)
    if not values:
        raise ValueError("sweep needs at least one value")
    vs = [Variant(f"{option}={v}", {**base_json, option: v}, deck) for v in values]
    r = compare(game, vs, **kw)
    by_name = {v.name: val for v, val in zip(vs, values)}
    rows = tuple(dataclasses.replace(row, value=by_name[row.variant]) for row in r.rows)
    return dataclasses.replace(r, rows=rows, option=option)


def _waves(n_blocks: int) -> list[int]:
    out, left, k = [], n_blocks, 0
    while left > 0:
        w = WAVES[k] if k < len(WAVES) else out[-1] * 2
        out.append(min(w, left))
        left -= out[-1]
        k += 1
    return out


def _widths(g: LabGame, prepared, target_width) -> dict | None:
    if target_width is None:
        return None
    keys = {m.key: m for _, o, _ in prepared for m in g.metrics(o)}
    if isinstance(target_width, dict):
        for k, w in target_width.items():
            if k not in keys:
                raise ValueError(f"target_width names {k!r}, not a metric of {g.name}; metrics: {', '.join(keys)}")
            if not (isinstance(w, (int, float)) and w > 0):
                raise ValueError(f"target_width for {k!r} must be a positive number, got {w!r}")
        return dict(target_width)
    if isinstance(target_width, bool) or not isinstance(target_width, (int, float)) or not 0 < target_width:
        raise ValueError(f"target_width must be a positive number or a {{metric: width}} dict, got {target_width!r}")
    return {k: float(target_width) for k, m in keys.items() if m.kind == PROPORTION}


def _failed(g: LabGame, prepared, seed, key, error: BaseException) -> SimulationError:
    """A block that raised, as a message naming the game, the variant and the seed that replay it."""
    i, j = key
    return SimulationError(f"{g.title}: a block of variant {prepared[i][0]!r} failed (seed {seed}, block {j}: "
                           f"lab.run.block_seed({seed}, {j})): {type(error).__name__}: {error}")


def _run(executor, g: LabGame, prepared, bots, seed, sizes, jobs):
    """Yield ((variant, block), metric arrays) as blocks finish; a block that raises becomes a
    ``SimulationError`` naming the game and seed (the other blocks are cancelled)."""
    if executor is None:
        for i, j in jobs:
            _, options, deck = prepared[i]
            try:
                res = _play(g.name, options, deck, bots, seed, j, sizes[j])
            except Exception as e:
                raise _failed(g, prepared, seed, (i, j), e) from e
            yield (i, j), res
        return
    futures = {executor.submit(_play, g.name, prepared[i][1], prepared[i][2], bots, seed, j, sizes[j]): (i, j)
               for i, j in jobs}
    done = as_completed(futures) if all(isinstance(f, Future) for f in futures) else iter(futures)
    for f in done:
        try:
            res = f.result()
        except Exception as e:
            for other in futures:
                getattr(other, "cancel", lambda: None)()
            raise _failed(g, prepared, seed, futures[f], e) from e
        yield futures[f], res


def _column(blocks: list[dict], key: str) -> np.ndarray:
    return np.concatenate([b[key] for b in blocks]) if blocks else np.zeros(0)


def _rows(g: LabGame, prepared, blocks, level: float) -> list[Row]:
    rows = []
    for (name, options, _), bl in zip(prepared, blocks):
        for m in g.metrics(options):
            v = _column(bl, m.key)
            v = v[~np.isnan(v)]
            n = len(v)
            if m.kind == PROPORTION:
                k = int(round(v.sum()))
                p = k / n if n else math.nan
                lo, hi = stats.wilson(k, n, level)
                se = math.sqrt(p * (1 - p) / n) if n else math.nan
                rows.append(Row(name, m.key, m.label, m.kind, n, p - m.offset, lo - m.offset, hi - m.offset, se))
            else:
                mean, se, _ = stats.mean_se(v)
                lo, hi = stats.normal_interval(mean, se, level)
                rows.append(Row(name, m.key, m.label, m.kind, n, mean, lo, hi, se))
    return rows


def _differences(g: LabGame, prepared, blocks, level: float, against: str = "first") -> list[Difference]:
    out = []
    for i in range(1, len(prepared)):
        k = 0 if against == "first" else i - 1
        (base_name, base_opts, _), (name, options, _) = prepared[k], prepared[i]
        base_metrics = {m.key: m for m in g.metrics(base_opts)}
        for m in g.metrics(options):
            if m.key not in base_metrics:
                continue
            a = _column(blocks[k], m.key) - base_metrics[m.key].offset
            b = _column(blocks[i], m.key) - m.offset
            paired = len(a) == len(b) and not (np.isnan(a).any() or np.isnan(b).any())
            est, se, lo, hi = stats.difference(a, b, paired, level)
            text = stats.sentence(m.label[0].upper() + m.label[1:], base_name, name, est, lo, hi, m.kind, level)
            out.append(Difference(m.key, m.label, m.kind, base_name, name, est, lo, hi, se, paired, text))
    return out
