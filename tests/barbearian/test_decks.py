"""Cards are data: the sample deck validates; bad files name the file, the card and the field."""
import copy
import json

import pytest

from explorer.barbearian import Options, load_deck, sample_deck
from explorer.barbearian.effects import EFFECTS
from explorer.core import ContentError, Session


def test_sample_deck_is_labelled_and_exercises_every_effect():
    d = sample_deck()
    assert d.sample and "not the published cards" in d.label
    used = {c.effect.name for c in d.upgrades} | {c.requirement.name for c in d.trials}
    assert used == set(EFFECTS)
    names = {c.name for c in d.upgrades} | {c.name for c in d.trials}
    assert {"Pillaging", "Captain's Training", "Sentry Post", "Grin and Bear It"} <= names
    assert {n: len(d.trials_for(n)) for n in (2, 3, 4)} == {2: 17, 3: 17, 4: 18}
    assert d.card("T01").text.startswith("Place 5 dice in your Battleground")


def test_a_users_deck_loads_and_plays(tmp_path):
    data = sample_deck().to_json()
    data["label"] = "My cards"
    data["upgrades"] = data["upgrades"][:2]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    deck = load_deck(path)
    assert deck.label == "My cards" and [c.name for c in deck.upgrades] == ["Pillaging", "Captain's Training"]
    s = Session("barbearian", Options(players=2), deck, seed=1)
    s.play(s.legal_actions()[0])
    assert s.state.players[0].offer


@pytest.mark.parametrize("mutate, entry, field, problem", [
    (lambda d: d["upgrades"][0]["effect"].update(effect="fly"), "upgrades[0] (U01)", "effect.effect", "unknown effect 'fly'"),
    (lambda d: d["upgrades"][1]["effect"].update(faces=[7]), "upgrades[1] (U02)", "effect.faces", "a non-empty list of faces 1-6"),
    (lambda d: d["upgrades"][2]["effect"].update(count=0), "upgrades[2] (U03)", "effect.count", "a whole number 1-20"),
    (lambda d: d["upgrades"][3]["effect"].update(resource="gold"), "upgrades[3] (U04)", "effect.resource", "one of honey, ore, faith"),
    (lambda d: d["upgrades"][4]["effect"].update(loud=True), "upgrades[4] (U05)", "effect.loud", "is not a parameter of 'gather_bonus'"),
    (lambda d: d["upgrades"][5]["cost"].update(gold=2), "upgrades[5] (U06)", "cost.gold", "is not a resource"),
    (lambda d: d["upgrades"][6]["cost"].update(ore=-1), "upgrades[6] (U07)", "cost.ore", "a whole number 0-30"),
    (lambda d: d["upgrades"][7].update(effect={"effect": "raids_won", "count": 1}), "upgrades[7] (U08)", "effect.effect",
     "'raids_won' is a requirement effect; this card needs a perk effect"),
    (lambda d: d["trials"][0].update(requirement={"effect": "pillaging"}), "trials[0] (T01)", "requirement.effect",
     "'pillaging' is a perk effect; this card needs a requirement effect"),
    (lambda d: d["trials"][1].update(players=[5]), "trials[1] (T02)", "players", "player counts 2-4"),
    (lambda d: d["trials"][2].update(glory=0), "trials[2] (T03)", "glory", "1-3 Glory tokens"),
    (lambda d: d["trials"][3]["requirement"].pop("resource"), "trials[3] (T04)", "requirement.resource", "is missing"),
    (lambda d: d["trials"][4].update(id="T01"), "trials[4] (T01)", "id", "duplicate card id 'T01'"),
    (lambda d: d["trials"][5].update(colour="red"), "trials[5] (T06)", "colour", "is not a known field"),
    (lambda d: d["trials"][6].pop("name"), "trials[6] (T07)", "name", "is missing"),
    (lambda d: d.update(trials=[]), "file", "trials", "needs at least one Trial card"),
    (lambda d: d.update(game="proving-grounds"), "file", "game", "this loader reads 'barbearian' decks"),
])
def test_bad_deck_files_name_file_card_and_field(tmp_path, mutate, entry, field, problem):
    data = copy.deepcopy(sample_deck().to_json())
    mutate(data)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError) as e:
        load_deck(path)
    err = e.value
    assert (err.source, err.entry, err.field) == (str(path), entry, field), str(err)
    assert problem in err.problem, err.problem


def test_not_json(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("{trials: [")
    with pytest.raises(ContentError, match="not valid JSON"):
        load_deck(path)


def test_a_deck_with_too_few_trials_for_the_player_count_cannot_start(tmp_path):
    data = sample_deck().to_json()
    data["trials"] = [t for t in data["trials"] if t["players"] == [2]] + data["trials"][:5]
    path = tmp_path / "few.json"
    path.write_text(json.dumps(data))
    deck = load_deck(path)
    Session("barbearian", Options(players=2), deck)
    with pytest.raises(ContentError, match="few.json: file: field 'trials': has 5 trials for 4 players; dealing needs 8"):
        Session("barbearian", Options(players=4), deck)
