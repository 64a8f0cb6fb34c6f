"""Decks as data: the shipped sample loads, and bad deck files are refused naming file, card and field."""
import json

import pytest

from explorer.core import ContentError
from explorer.rumble_planet import load_deck

from .helpers import CONTENT


def test_sample_is_labelled_and_complete():
    assert CONTENT.sample and "not the published" in CONTENT.label
    assert all(b.sample and "not the published" in b.label for b in CONTENT.boards)
    assert sum(f.level == 1 for f in CONTENT.feats) >= 5 and sum(f.level == 2 for f in CONTENT.feats) >= 5
    assert all(len(h.levels) == 2 for h in CONTENT.heroes)
    kinds = {e.kind for c in CONTENT.weapons + CONTENT.armor for e in (c.effect1, c.effect2) if e is not None}
    assert kinds == {"passive", "on_placement", "upon_obsolescence", "on_attack", "on_successful_protection", "on_failed_protection"}


def _deck(tmp_path, data):
    p = tmp_path / "deck.json"
    p.write_text(json.dumps(data))
    return p


def test_round_trip(tmp_path):
    assert load_deck(_deck(tmp_path, CONTENT.to_json())) == CONTENT


@pytest.mark.parametrize("where,change,entry,field", [
    ("weapons", {"damage": -1}, "weapons[0] (W01)", "damage"),
    ("weapons", {"effect1": {"effect": "fly"}}, "weapons[0] (W01)", "effect1.effect"),
    ("weapons", {"effect1": {"effect": "brace", "amount": 1}}, "weapons[0] (W01)", "effect1.effect"),
    ("weapons", {"effect1": {"effect": "power_shot", "amount": 99}}, "weapons[0] (W01)", "effect1.amount"),
    ("armor", {"protects": ["tail"]}, "armor[0] (A01)", "protects"),
    ("armor", {"shiny": True}, "armor[0] (A01)", "shiny"),
    ("armor", {"protects": [["head"]]}, "armor[0] (A01)", "protects"),  # was "TypeError: unhashable type: 'list'"
    ("gps", {"face": {"NW": "J10", "NE": "B10", "SE": "I10", "SW": "I1"}}, "gps[0] (G01)", "face.NW"),
    ("gps", {"back": "N"}, "gps[0] (G01)", "back"),
    ("loot", {"rewards": []}, "loot[0] (L01)", "rewards"),
    ("feats", {"level": 3}, "feats[0] (F01)", "level"),
    ("heroes", {"heroic": {"id": "X", "name": "X", "levels": []}}, "heroes[0] (H1)", "levels"),
])
def test_bad_cards_are_refused(tmp_path, where, change, entry, field):
    data = CONTENT.to_json()
    data[where][0] = {**data[where][0], **change}
    with pytest.raises(ContentError) as e:
        load_deck(_deck(tmp_path, data))
    assert field in e.value.field and (e.value.entry == entry or entry in e.value.entry), e.value
    assert str(tmp_path) in str(e.value)


def test_duplicate_ids_and_short_feat_decks(tmp_path):
    data = CONTENT.to_json()
    data["armor"][0]["id"] = "W01"
    with pytest.raises(ContentError, match="duplicate"):
        load_deck(_deck(tmp_path, data))
    data = CONTENT.to_json()
    data["feats"] = [f for f in data["feats"] if f["level"] == 1]
    with pytest.raises(ContentError, match="Level 2"):
        load_deck(_deck(tmp_path, data))


def test_not_json_and_wrong_game(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{nope")
    with pytest.raises(ContentError, match="not valid JSON"):
        load_deck(p)
    with pytest.raises(ContentError, match="game"):
        load_deck(_deck(tmp_path, {**CONTENT.to_json(), "game": "barbearian"}))


@pytest.mark.parametrize("text", ["[" * 100_000, '{"version": ' + "9" * 5000 + "}", "\udcff"])
def test_hostile_files_are_refused_as_content_errors(tmp_path, text):
    p = tmp_path / "evil.json"
    p.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(ContentError, match="evil.json"):
        load_deck(p)


def test_fuzzed_decks_raise_only_content_errors(tmp_path):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    base = CONTENT.to_json()
    keys = ["heroes", "weapons", "armor", "loot", "gps", "feats", "boards"]
    junk = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=5),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                        max_leaves=8)

    @settings(max_examples=60, deadline=None)
    @given(key=st.sampled_from(keys), index=st.integers(0, 3), field=st.text(max_size=8), value=junk)
    def run(key, index, field, value):
        data = json.loads(json.dumps(base))
        card = data[key][index % len(data[key])]
        card[field or next(iter(card))] = value
        p = tmp_path / "fuzz.json"
        p.write_text(json.dumps(data))
        try:
            load_deck(p)
        except ContentError:
            pass

    run()


def _nested(value):
    yield [value]
    yield [[value]]
    yield {"x": value}


def test_a_value_of_the_wrong_shape_anywhere_is_a_content_error(tmp_path):
    """Every field of the first card of every kind, wrapped in a list, a list of lists or an object."""
    base = CONTENT.to_json()
    tried = 0
    for kind in ("weapons", "armor", "gps", "loot", "feats", "heroes"):
        for field, value in base[kind][0].items():
            for wrong in _nested(value):
                data = json.loads(json.dumps(base))
                data[kind][0][field] = wrong
                try:
                    load_deck(_deck(tmp_path, data))
                except ContentError as e:
                    assert e.entry.startswith(f"{kind}[0]") and (field in e.field or field in e.entry), e
                tried += 1
    assert tried > 40


def test_a_save_with_a_bad_deck_names_the_card_and_field():
    from explorer.core import Session
    from explorer.core.errors import SaveFileError

    data = Session("rumble-planet", seed=1).to_json()
    data["content"]["armor"][0]["protects"] = [["head"]]
    with pytest.raises(SaveFileError) as e:
        Session.from_json(data)
    assert "armor[0] (A01)" in str(e.value) and "protects" in str(e.value) and "unhashable" not in str(e.value)


def test_a_deck_that_is_not_a_path_is_refused_in_words():
    from explorer.rumble_planet import load_board

    for load in (load_deck, load_board):
        with pytest.raises(ContentError, match="is not a file path: expected a path to a deck file, got int"):
            load(3)
