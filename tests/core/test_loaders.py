"""Loaders refuse every malformed file with the project's error, naming the file and the field."""
from __future__ import annotations

import json
from importlib import resources

import pytest

from explorer.barbearian import Options as BBOptions
from explorer.barbearian import load_deck as load_bb_deck
from explorer.core import ContentError, SaveFileError, Session
from explorer.core.files import MAX_FILE_BYTES
from explorer.proving_grounds import Options as PGOptions
from explorer.proving_grounds import Roll, SetUp
from explorer.proving_grounds import load_deck as load_pg_deck

DEEP = "[" * 1000 + "]" * 1000
HUGE = "9" * 5000


def pg_save() -> dict:
    s = Session("proving-grounds", PGOptions(), seed=5)
    s.play(SetUp())
    s.play(Roll())
    return s.to_json()


def bb_save() -> dict:
    return Session("barbearian", BBOptions(players=2), seed=5).to_json()


def deck(package: str) -> dict:
    return json.loads((resources.files(package) / "content" / "sample_deck.json").read_text())


def refused(tmp_path, text: str, load, error, *fragments: str):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(error) as e:
        load(path)
    for f in (str(path),) + fragments:
        assert f in str(e.value), f"{f!r} not in {str(e.value)!r}"
    return e.value


def with_(data: dict, placeholder: str, raw: str) -> str:
    return json.dumps(data).replace(json.dumps(placeholder), raw)


@pytest.mark.parametrize("change, raw, fragments", [
    (lambda d: d.update(steps="@"), DEEP, ["nested too deeply"]),
    (lambda d: d.update(seed="@"), HUGE, ["not valid JSON", "4300"]),
    (lambda d: d.update(seed=-5), None, ["field 'seed'", "between 0 and"]),
    (lambda d: d.update(seed=2**70), None, ["field 'seed'"]),
    (lambda d: d["options"].update(dragonling_faces=5), None, ["field 'options'", "dragonling_faces"]),
    (lambda d: d["options"].update(health_spaces=200_000), None, ["field 'options'", "health_spaces", "between 3 and 20"]),
    (lambda d: d["options"].update(health_spaces=10**30), None, ["health_spaces"]),
    (lambda d: d["options"].update(timer_rerolls=10**30), None, ["timer_rerolls"]),
    (lambda d: d["options"].update(defeats_to_win=10**6), None, ["defeats_to_win"]),
    (lambda d: d.update(game=["x"]), None, ["field 'game'"]),
    (lambda d: d.update(cursor=True), None, ["field 'cursor'"]),
    (lambda d: d["content"]["chariots"][0].update(effect={"effect": []}), None, ["field 'content'", "chariots[0]", "effect"]),
    (lambda d: d["steps"][0].update(source=["rng"]), None, ["step 1", "source"]),
    (lambda d: d["steps"].append(5), None, ["step 3"]),
])
def test_malformed_proving_grounds_saves(tmp_path, change, raw, fragments):
    data = pg_save()
    change(data)
    refused(tmp_path, with_(data, "@", raw) if raw else json.dumps(data), Session.load, SaveFileError, *fragments)


@pytest.mark.parametrize("change, fragments", [
    (lambda d: d["options"].update(clans=3), ["field 'options'", "clans"]),
    (lambda d: d["options"].update(round_limit=10**30), ["round_limit"]),
    (lambda d: d["options"].update(token_ones=10**9), ["token_ones"]),
    (lambda d: d["options"].update(price_mercenary={"honey": 10**30}), ["price_mercenary"]),
    (lambda d: d["options"].update(price_mercenary={"honey": 1.5}), ["price_mercenary"]),
    (lambda d: d["options"].update(price_mercenary="ab"), ["price_mercenary"]),
    (lambda d: d["content"]["upgrades"][0].update(effect={"effect": []}), ["field 'content'", "upgrades[0]", "effect"]),
])
def test_malformed_barbearian_saves(tmp_path, change, fragments):
    data = bb_save()
    change(data)
    refused(tmp_path, json.dumps(data), Session.load, SaveFileError, *fragments)


@pytest.mark.parametrize("package, load, card", [
    ("explorer.proving_grounds", load_pg_deck, ("chariots", 0)),
    ("explorer.barbearian", load_bb_deck, ("upgrades", 0)),
])
def test_malformed_decks(tmp_path, package, load, card):
    key, i = card
    d = deck(package)
    d[key][i]["effect"] = {"effect": []}
    refused(tmp_path, json.dumps(d), load, ContentError, f"{key}[{i}]", "effect")
    d = deck(package)
    d["game"] = ["x"]
    refused(tmp_path, json.dumps(d), load, ContentError, "game")
    d = deck(package)
    d["label"] = "@"
    refused(tmp_path, with_(d, "@", DEEP), load, ContentError, "nested too deeply")
    refused(tmp_path, with_(d, "@", HUGE), load, ContentError, "not valid JSON")


@pytest.mark.parametrize("load, error", [(Session.load, SaveFileError), (load_pg_deck, ContentError), (load_bb_deck, ContentError)])
def test_files_over_the_cap_are_refused_before_parsing(tmp_path, load, error):
    # Valid JSON would parse, so the message must come from the size check.
    refused(tmp_path, '{"label": "' + "x" * MAX_FILE_BYTES + '"}', load, error, "bytes")


def test_options_have_bounds():
    for bad in (dict(health_spaces=200_000), dict(health_spaces=10**30), dict(timer_rerolls=True),
                dict(dragonling_faces=5), dict(dragonling_faces=[1, 2, 3, 4, 5, 6]), dict(defeats_to_win=0)):
        with pytest.raises(ValueError, match="options."):
            PGOptions(**bad)
    for bad in (dict(clans=3), dict(clans=[["red"], "blue"]), dict(round_limit=10**30), dict(glory_to_win=10**9),
                dict(specialists=-1), dict(price_empower={"ore": True}), dict(clash_tie=[]), dict(sentry_specialists=1)):
        with pytest.raises(ValueError, match="options."):
            BBOptions(**bad)


def test_session_refuses_a_bad_seed():
    with pytest.raises(ValueError, match="seed"):
        Session("proving-grounds", seed=-5)
    with pytest.raises(ValueError, match="seed"):
        Session("proving-grounds", seed=True)


@pytest.mark.parametrize("name", ["proving-grounds", "barbearian", "doomrock", "rumble-planet"])
def test_every_options_field_refuses_unhashable_and_foreign_values_with_a_sentence(name):
    # A choice field checked by set membership once answered a list with "TypeError: unhashable type".
    from dataclasses import fields

    from explorer.core.game import get_game

    kind = get_game(name).options_type
    for f in fields(kind):
        for bad in ([], {}, [["x"]], {"a": 1}, [{}], object()):
            for build in (lambda: kind(**{f.name: bad}), lambda: kind.from_json({f.name: bad})):
                try:
                    build()
                except ValueError as e:
                    assert "unhashable" not in str(e)
                except Exception as e:  # noqa: BLE001 - the failure this test exists to catch
                    pytest.fail(f"{name} options.{f.name}={bad!r}: {type(e).__name__}: {e}")
