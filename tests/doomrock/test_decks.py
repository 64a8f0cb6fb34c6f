"""Content as data: the shipped decks load; bad deck files are refused naming file, card and field."""
import copy
import json

import pytest

from explorer.core import ContentError
from explorer.doomrock import Options, load_deck, sample_deck

RAW = sample_deck().raw


def write(tmp_path, data) -> str:
    p = tmp_path / "deck.json"
    p.write_text(json.dumps(data))
    return str(p)


def test_shipped_decks_are_labelled_original_samples():
    for name in ("sample_deck", "rulebook_examples"):
        d = sample_deck(name)
        assert d.sample and "original sample content" in d.label
    d = sample_deck()
    assert len(d.heroes) == 6 and len(d.traits) == 8
    assert {e.tier for e in d.encounters} == {1, 2, 3}
    assert {a.type for a in d.areas} == {"wilderness", "mountain", "town", "doomrock"}
    assert {i.rarity for i in d.items} == {"common", "epic"} and {e.deck for e in d.events} == {"wilderness", "mountain"}


def test_a_user_deck_loads_with_the_same_checks(tmp_path):
    assert load_deck(write(tmp_path, RAW)) == sample_deck()


def mutate(path, value):
    data = copy.deepcopy(RAW)
    *head, last = path
    node = data
    for k in head:
        node = node[k]
    if value is KeyError:
        del node[last]
    else:
        node[last] = value
    return data


BAD = [
    (("abilities", 0, "activation", "faces"), [7], "abilities[0] (holy_strike)", "faces"),
    (("abilities", 0, "charges"), 0, "abilities[0] (holy_strike)", "charges"),
    (("abilities", 0, "effects", 0, "effect"), "explode", "abilities[0] (holy_strike)", "effects[0].effect"),
    (("abilities", 0, "effects", 0, "amount"), True, "abilities[0] (holy_strike)", "effects[0].amount"),
    (("ai_decks", 0, "cards", 0, "minion", 0, "do"), "dance", "ai_decks[0] (goblins) cards[0]", "minion[0].do"),
    (("ai_decks", 0, "cards", 0, "minion", 1, "target"), ["nobody"], "ai_decks[0] (goblins) cards[0]", "minion[1].target"),
    (("encounters", 0, "deck"), "ghosts", "encounters (goblin_raid)", "deck"),
    (("encounters", 0, "enemies", 0, "count"), [1, 2], "encounters[0] (goblin_raid) enemies[0]", "count"),
    (("traits", 0, "ability"), "nothing", "traits (brave)", "ability"),
    (("items", 0, "slot"), "head", "items[0] (leather_armour)", "slot"),
    (("events", 0, "peril", 0, "effect"), "LOOSE", "events[0] (W1)", "peril[0].effect"),
    (("events", 2, "steps", 0, "checks"), [["luck", 3]], "events[2] (W3)", "steps[0].checks"),
    (("areas", 0, "keywords"), ["swamp"], "areas[0] (thick_forest)", "keywords"),
    (("areas", 0, "locations", 0, "cost"), {"gems": 1}, "areas[0] (thick_forest) locations[0]", "cost.gems"),
    (("settings", 0, "loot"), [{"low": 3}, {"low": 1}], "settings[0] (harvest_moon)", "loot"),
    (("heroes", 1, "id"), "paladin", "heroes[1] (paladin)", "id"),
    (("game",), "barbearian", "file", "game"),
]


@pytest.mark.parametrize("path,value,entry,field", BAD)
def test_bad_decks_are_refused_naming_file_card_and_field(tmp_path, path, value, entry, field):
    with pytest.raises(ContentError) as err:
        load_deck(write(tmp_path, mutate(path, value)))
    e = err.value
    assert e.source.endswith("deck.json") and e.entry == entry and e.field == field


def test_not_json_and_missing_files(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{nope")
    with pytest.raises(ContentError):
        load_deck(str(p))
    with pytest.raises(ContentError):
        load_deck(str(tmp_path / "missing.json"))


def test_options_are_bounded_and_round_trip():
    o = Options(players=3, heroes=("rogue", "wizard", "cleric"), formation="together")
    assert Options.from_json(o.to_json()) == o
    with pytest.raises(ValueError, match="colour"):
        Options.from_json({"colour": 1})
    for bad in ({"players": 5}, {"players": True}, {"expose_plus1": 10**30}, {"formation": "wedge"},
                {"round_limit": 0}, {"heroes": ("rogue",)}):
        with pytest.raises(ValueError):
            Options(**bad)
