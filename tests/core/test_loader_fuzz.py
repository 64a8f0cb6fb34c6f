"""Fuzz every loader: a corrupted save or deck file ends in the project's own error, quickly.

A seeded mutation fuzzer starts from valid files (a Proving Grounds and a BarBEARian save, both
shipped decks) and corrupts them the ways a disk, an editor or a hostile upload can: truncated,
bytes flipped, values replaced by the wrong type, 1,000-deep nesting, 5,000-digit numbers,
negative and huge numbers, unknown fields, missing fields. Each loader must either load the file
(some mutations are harmless, e.g. a new label) or raise ``SaveFileError``/``ContentError``,
within a second of CPU time.
"""
from __future__ import annotations

import json
import time
from importlib import resources

import numpy as np
import pytest

from explorer.barbearian import Options as BBOptions
from explorer.barbearian import load_deck as load_bb_deck
from explorer.barbearian.bots import RandomBot
from explorer.core import ContentError, SaveFileError, Session
from explorer.proving_grounds import Options as PGOptions
from explorer.proving_grounds import load_deck as load_pg_deck
from explorer.proving_grounds.bots import RandomPlayer

CASES = 1000
DEEP = "[" * 1000 + "]" * 1000
HUGE = "9" * 5000
WRONG = [None, True, False, -5, -1, 0, 1, 7, 10**30, 2**64, 1.5, float("nan"), "", "x", "chaos", [], {}, [1, "a"],
         {"x": 1}, [[]], {"effect": []}, "__DEEP__", "__HUGE__", "__NEG_HUGE__"]


def _save(game: str) -> dict:
    if game == "proving-grounds":
        s = Session(game, PGOptions.with_modules("dragonling", "chariots", "inspiration", "shields", "conspirators",
                                                 "sun_and_moon", timer_rerolls=3), seed=4)
        bot = RandomPlayer(np.random.default_rng(1))
        choose = lambda: bot.choose(s.state, s.legal_actions())  # noqa: E731
    else:
        s = Session(game, BBOptions(players=2), seed=4)
        bot = RandomBot(np.random.default_rng(1))
        choose = lambda: bot.choose(s.state, s.legal_actions())  # noqa: E731
    for _ in range(12):
        if s.is_over():
            break
        s.play(choose())
    return s.to_json()


def _deck(package: str) -> dict:
    return json.loads((resources.files(package) / "content" / "sample_deck.json").read_text())


def _nodes(tree, path=()):
    """Every (container, key) pair in a JSON tree, so a mutation can reach any value."""
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield tree, k
            yield from _nodes(v, path + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield tree, i
            yield from _nodes(v, path + (i,))


def _dump(tree) -> bytes:
    text = json.dumps(tree)
    return (text.replace('"__DEEP__"', DEEP).replace('"__HUGE__"', HUGE).replace('"__NEG_HUGE__"', "-" + HUGE)
            .encode())


def corrupt(base: dict, rng: np.random.Generator) -> bytes:
    """One corrupted copy of ``base``: 1-3 tree mutations, then perhaps a byte-level one."""
    tree = json.loads(json.dumps(base))
    for _ in range(int(rng.integers(1, 4))):
        nodes = list(_nodes(tree))
        parent, key = nodes[int(rng.integers(len(nodes)))]
        kind = int(rng.integers(6))
        if kind <= 2:  # a wrong value of any type
            parent[key] = WRONG[int(rng.integers(len(WRONG)))]
        elif kind == 3 and isinstance(parent, dict):  # a missing field
            del parent[key]
        elif kind == 3:
            parent.append(parent[key])
        elif kind == 4:  # an unknown field
            target = parent[key] if isinstance(parent[key], dict) else (parent if isinstance(parent, dict) else tree)
            target["zz_unknown"] = WRONG[int(rng.integers(len(WRONG)))]
        else:  # a number nudged out of range
            if isinstance(parent[key], int) and not isinstance(parent[key], bool):
                parent[key] = parent[key] + int(rng.choice([-100, -1, 1, 100, 10**6]))
    raw = _dump(tree)
    cut = int(rng.integers(4))
    if cut == 0:  # truncated
        raw = raw[: int(rng.integers(len(raw)))]
    elif cut == 1:  # bytes flipped
        b = bytearray(raw)
        for _ in range(int(rng.integers(1, 4))):
            b[int(rng.integers(len(b)))] = int(rng.integers(256))
        raw = bytes(b)
    return raw


def fuzz(tmp_path, base: dict, load, error: type, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    path = tmp_path / "fuzzed.json"
    counts = {"loaded": 0, "refused": 0}
    slowest = 0.0
    for i in range(CASES):
        raw = corrupt(base, rng)
        path.write_bytes(raw)
        start = time.process_time()  # CPU time: other work on a busy machine does not count
        try:
            load(path)
            counts["loaded"] += 1
        except error as e:
            assert str(path) in str(e), f"case {i}: the error does not name the file: {e}"
            counts["refused"] += 1
        except Exception as e:  # the bug this test exists to find
            pytest.fail(f"case {i}: raw {type(e).__name__}: {str(e)[:300]}\nfile: {raw[:400]!r}")
        took = time.process_time() - start
        slowest = max(slowest, took)
        assert took < 1.0, f"case {i} took {took:.2f} s of CPU time"
    assert counts["refused"] > CASES // 2, counts  # the fuzzer really corrupts
    return counts


@pytest.mark.parametrize("game", ["proving-grounds", "barbearian"])
def test_fuzzed_saves_end_in_save_file_error(tmp_path, game):
    fuzz(tmp_path, _save(game), Session.load, SaveFileError, seed=1 if game == "barbearian" else 2)


def test_fuzzed_proving_grounds_decks_end_in_content_error(tmp_path):
    fuzz(tmp_path, _deck("explorer.proving_grounds"), load_pg_deck, ContentError, seed=3)


def test_fuzzed_barbearian_decks_end_in_content_error(tmp_path):
    fuzz(tmp_path, _deck("explorer.barbearian"), load_bb_deck, ContentError, seed=4)
