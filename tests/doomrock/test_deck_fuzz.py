"""Fuzzing the deck loader: any mutation of a deck file loads or raises ContentError, nothing else."""
import copy
import json

from hypothesis import given, strategies as st

from explorer.core import ContentError
from explorer.doomrock import sample_deck
from explorer.doomrock.deckfile import deck_from_json

RAW = sample_deck().raw

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6), st.just([]), st.just({}),
                   st.lists(st.integers(-1, 7), max_size=3), st.just([["agi", 4]]), st.just({"effect": "HP", "amount": -1}),
                   st.just(10**30))


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


ALL = [p for p in paths(RAW) if p]


@given(st.lists(st.tuples(st.sampled_from(ALL), VALUES, st.booleans()), min_size=1, max_size=3))
def test_mutated_decks_load_or_raise_content_error(mutations):
    data = copy.deepcopy(RAW)
    for path, value, delete in mutations:
        node = data
        try:
            for k in path[:-1]:
                node = node[k]
            if delete and isinstance(node, dict):
                node.pop(path[-1], None)
            else:
                node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        deck_from_json(json.loads(json.dumps(data)), "fuzz.json")
    except ContentError:
        pass


OPTION_FIELDS = list(__import__("explorer.doomrock", fromlist=["Options"]).Options().to_json())


@given(st.dictionaries(st.sampled_from(OPTION_FIELDS), VALUES, max_size=4))
def test_options_from_json_accept_or_raise_value_error(data):
    from explorer.doomrock import Options
    try:
        o = Options.from_json(data)
    except ValueError:
        return
    assert Options.from_json(o.to_json()) == o
