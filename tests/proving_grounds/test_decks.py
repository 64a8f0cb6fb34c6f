"""Decks are data: the sample deck validates, a user's deck loads, bad files say file, card and field."""
import json

import pytest

from explorer.core import ContentError, Session
from explorer.proving_grounds import MODULES, Options, load_deck, sample_deck

from .helpers import sample_json


def test_sample_deck_exercises_every_mechanism():
    d = sample_deck()
    assert d.sample and "not the published cards" in d.label
    assert (len(d.enemies), len(d.chariots), len(d.inspirations), len(d.conspirators)) == (30, 19, 15, 6)
    abilities = {a.name for e in d.enemies for a in e.abilities}
    assert {"counts_as_two", "extra_down_on_single", "relentless", "armoured", "colour_blind"} <= abilities
    assert {e.icon for e in d.enemies} == {"talon", "tail", "teeth", None}
    assert {c for e in d.enemies for s in e.track for c in s.colours} == {"blue", "green", "yellow"}
    assert {len(e.track) for e in d.enemies} >= {3, 4, 5}
    assert {c.face for c in d.chariots} >= {None, 1, 2, 3, 4, 5, 6}
    assert {c.effect.kind for c in d.chariots} == {"immediate", "modifier"}
    assert {c.module for c in d.inspirations} == {None, *MODULES} - {"inspiration"}
    assert sorted(c.number for c in d.conspirators) == [1, 2, 3, 4, 5, 6]
    assert {c.timing for c in d.conspirators} == {"immediate", "at resolution"}


def test_a_users_deck_loads_and_plays(tmp_path):
    data = sample_json()
    data["label"] = "My deck"
    data["enemies"] = data["enemies"][:8]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    deck = load_deck(path)
    assert deck.label == "My deck" and len(deck.enemies) == 8
    s = Session("proving-grounds", Options(), deck, seed=1)
    s.play(s.legal_actions()[0])
    assert {s.state.slot(n).card for n in range(1, 7)} <= {e.id for e in deck.enemies}


def write(tmp_path, data, name="deck.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


@pytest.mark.parametrize("mutate, entry, field, problem", [
    (lambda d: d["enemies"][3].update(start=9), "enemies[3] (E04)", "start", "must be a space between 1 and"),
    (lambda d: d["enemies"][0]["track"][1].update(colours=["purple"]), "enemies[0] (E01)", "track[1].colours", "'purple' is not a die colour"),
    (lambda d: d["enemies"][0]["track"][1].update(need=1, colours=["blue", "green"]), "enemies[0] (E01)", "track[1].colours", "needs 2 coloured dice but only 1"),
    (lambda d: d["enemies"][2].update(icon="claw"), "enemies[2] (E03)", "icon", "null or one of talon, tail, teeth"),
    (lambda d: d["enemies"][4].pop("name"), "enemies[4] (E05)", "name", "is missing"),
    (lambda d: d["enemies"][5].update(abilities=[{"effect": "fly"}]), "enemies[5] (E06)", "abilities[0].effect", "unknown effect 'fly'"),
    (lambda d: d["enemies"][5].update(abilities=[{"effect": "counts_as_two", "colour": "red"}]), "enemies[5] (E06)", "abilities[0].colour", "must be one of white"),
    (lambda d: d["enemies"][5].update(abilities=[{"effect": "slot_down", "slot": 1}]), "enemies[5] (E06)", "abilities[0].effect", "is an immediate effect; this card needs a modifier effect"),
    (lambda d: d["enemies"][5].update(abilities=[{"effect": "relentless", "spaces": 1, "loud": True}]), "enemies[5] (E06)", "abilities[0].loud", "is not a parameter"),
    (lambda d: d["enemies"][6].update(id="E01"), "enemies[6] (E01)", "id", "duplicate card id 'E01'"),
    (lambda d: d["enemies"][6].update(speed=3), "enemies[6] (E07)", "speed", "is not a known field"),
    (lambda d: d["chariots"][0].update(face=7), "chariots[0] (C01)", "face", "a face 1-6, or null"),
    (lambda d: d["inspirations"][0].update(module="dragons"), "inspirations[0] (I01)", "module", "must be one of"),
    (lambda d: d["conspirators"][0].update(number=0), "conspirators[0] (P01)", "number", "a number 1-6"),
    (lambda d: d["conspirators"][1].update(number=1), "file", "conspirators", "numbers must differ"),
    (lambda d: d.update(enemies=d["enemies"][:5]), "file", "enemies", "at least 6 enemies"),
    (lambda d: d.update(game="rumble-planet"), "file", "game", "this loader reads 'proving-grounds' decks"),
    (lambda d: d.update(version=2), "file", "version", "must be 1"),
])
def test_bad_deck_files_name_file_card_and_field(tmp_path, mutate, entry, field, problem):
    data = sample_json()
    mutate(data)
    path = write(tmp_path, data)
    with pytest.raises(ContentError) as e:
        load_deck(path)
    err = e.value
    assert (err.source, err.entry, err.field) == (str(path), entry, field), str(err)
    assert problem in err.problem
    assert str(path) in str(err) and field in str(err)


def test_not_json(tmp_path):
    with pytest.raises(ContentError, match="not valid JSON"):
        load_deck(write(tmp_path, "{enemies: ["))
    with pytest.raises(ContentError, match="cannot be read"):
        load_deck(tmp_path / "missing.json")


def test_a_deck_without_module_cards_cannot_play_that_module():
    data = sample_json()
    data["chariots"] = []
    from explorer.proving_grounds.cards import deck_from_json
    deck = deck_from_json(data, "no-chariots.json")
    Session("proving-grounds", Options(), deck)  # fine without the module
    with pytest.raises(ContentError, match="no-chariots.json.*no chariot cards"):
        Session("proving-grounds", Options(chariots=True), deck)
