"""Helpers for the input-boundary tests: values as a notebook might hand them over, random play."""
from __future__ import annotations

import numpy as np


def numpyish(value, arrays: bool = True):
    """``value`` with every bool, int and str (at any depth) as a numpy scalar; with ``arrays``, a
    non-empty list of ints as a numpy array."""
    if isinstance(value, bool):
        return np.bool_(value)
    if isinstance(value, int):
        return np.int64(value)
    if isinstance(value, str):
        return np.str_(value)
    if isinstance(value, tuple):
        return tuple(numpyish(v, arrays) for v in value)
    if isinstance(value, list):
        if arrays and value and all(type(v) is int for v in value):
            return np.array(value)
        return [numpyish(v, arrays) for v in value]
    if isinstance(value, dict):
        return {numpyish(k, arrays): numpyish(v, arrays) for k, v in value.items()}
    return value


def exactly_python(value) -> bool:
    """No numpy value (nor any other type a save file cannot hold) anywhere in ``value``."""
    if type(value) in (tuple, list):
        return all(exactly_python(v) for v in value)
    if type(value) is dict:
        return all(exactly_python(k) and exactly_python(v) for k, v in value.items())
    return type(value) in (bool, int, float, str, type(None))


def random_play(s, rng: np.random.Generator, steps: int):
    """Random legal play of ``s`` for up to ``steps`` steps: yields the action about to be played
    (the session still before it), then plays it."""
    for _ in range(steps):
        if s.is_over():
            return
        legal = s.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        yield action
        s.play(action)
