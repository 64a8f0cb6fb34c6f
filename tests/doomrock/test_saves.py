"""Saves always load: both Doomrock games saved at random steps of random games with items load
to the same state and go on exactly as the game they were saved from."""
import json

import numpy as np
import pytest

from explorer.core import ContentError, IllegalAction, Session
from explorer.doomrock import BATTLE_GAME, Equip, Options, SetUpBattle, Unequip, sample_deck
from explorer.doomrock.deckfile import deck_from_json
from explorer.doomrock.game import DoomrockBattle
from explorer.doomrock.state import BATTLE_ACTIONS

from .helpers import DECK

ITEMS = tuple(i.id for i in DECK.items)
GEAR = (Equip, Unequip)


def test_a_battle_saved_after_equip_loads(tmp_path):
    # Battle Setup 1: gear up, "the final opportunity for the heroes to switch gear"
    s = Session("doomrock-battle", Options(items=("war_axe", "buckler")), DECK, seed=3)
    equip = next(a for a in s.legal_actions() if isinstance(a, Equip))
    s.play(equip)
    s.play(Unequip(equip.hero, equip.item))
    s.play(SetUpBattle())
    s.save(tmp_path / "battle.json")
    t = Session.load(tmp_path / "battle.json")
    assert t.state == s.state and t.events == s.events


def test_an_action_the_save_codec_lacks_is_refused_before_it_is_played():
    class Forgetful(DoomrockBattle):
        action_types = BATTLE_ACTIONS  # the old battle codec: no Equip, though gear-up offers it

    s = Session(Forgetful(), Options(items=("war_axe",)), DECK, seed=1)
    equip = next(a for a in s.legal_actions() if isinstance(a, Equip))
    before = s.state
    with pytest.raises(IllegalAction, match="cannot be written to a save file: Equip is not one of this game's action types"):
        s.play(equip)
    assert s.state is before and s.cursor == 0


def random_options(game: str, rng) -> Options:
    common = {"players": int(rng.integers(2, 5)), "heavy_planning": bool(rng.random() < 0.5),
              "formation": str(rng.choice(["distant", "together"]))}
    if game == "doomrock":  # Quick Play starts with common items to keep
        return Options(quick_play=bool(rng.random() < 0.5), **common)
    encounters = [e.id for e in DECK.encounters]
    items = tuple(rng.choice(ITEMS, size=int(rng.integers(1, 6)), replace=False))
    return Options(encounter=str(rng.choice(encounters)), items=items, **common)


def pick(s: Session, rng):
    acts = s.legal_actions()
    gear = [a for a in acts if isinstance(a, GEAR)]
    if gear and rng.random() < 0.3:  # items change hands often enough to be saved mid-game
        return gear[int(rng.integers(len(gear)))]
    return acts[int(rng.integers(len(acts)))]


@pytest.mark.parametrize("game", ["doomrock-battle", "doomrock"])
def test_saved_at_random_steps_loads_and_continues_identically(game, tmp_path):
    gear_saved = 0
    for seed in range(8):
        rng = np.random.default_rng(1000 + seed)
        s = Session(game, random_options(game, rng), DECK, seed=seed)
        for _ in range(int(rng.integers(1, 300))):
            if s.is_over():
                break
            s.play(pick(s, rng))
        if rng.random() < 0.3 and s.cursor > 2:  # a save with an undone branch to redo
            s.jump(int(rng.integers(1, s.cursor)))
        gear_saved += any(isinstance(step.action, GEAR) for step in s._steps)
        path = tmp_path / f"{game}-{seed}.json"
        s.save(path)
        t = Session.load(path)
        assert t.state == s.state and t.events == s.events
        assert (t.cursor, t.history_length) == (s.cursor, s.history_length)
        assert json.loads(path.read_text()) == t.to_json()
        for _ in range(60):
            if s.is_over():
                break
            choice = int(rng.integers(1 << 30))
            acts = s.legal_actions()
            assert t.legal_actions() == acts
            action = acts[choice % len(acts)]
            assert t.play(action) == s.play(action)
            assert t.state == s.state
    assert gear_saved >= 4  # the games saved did equip and unequip items


def test_every_doomrock_action_type_is_read_back_by_both_games():
    from explorer.doomrock.game import ACTIONS, GAME
    assert set(BATTLE_GAME.action_types) == set(GAME.action_types) == set(ACTIONS)
    assert {Equip, Unequip} <= set(BATTLE_GAME.action_types)


def test_a_battle_encounter_the_deck_lacks_names_the_deck_and_the_field():
    deck = sample_deck("rulebook_examples")
    with pytest.raises(ContentError, match=r"^rulebook_examples\.json: file: field 'encounters': has no encounter "
                                           r"'goblin_raid', which options\.encounter names") as e:
        Session("doomrock-battle", Options(encounter="goblin_raid"), deck)
    assert e.value.field == "encounters"


@pytest.mark.parametrize("options, field, words", [
    (Options(heroes=("paladin", "nobody")), "heroes", "has no hero 'nobody', which options.heroes names"),
    (Options(items=("vorpal_blade",)), "items", "has no item 'vorpal_blade', which options.items names"),
])
def test_battle_cards_the_options_name_must_be_in_the_deck(options, field, words):
    with pytest.raises(ContentError, match=f"field '{field}': {words}"):
        Session("doomrock-battle", options, DECK)


def deck_without(source: str, **drop):
    raw = json.loads(json.dumps(DECK.raw))
    for group, keep in drop.items():
        raw[group] = [card for card in raw[group] if keep(card)]
    return deck_from_json(raw, source)


def test_a_campaign_deck_without_a_tier_2_encounter_names_the_deck_and_the_field():
    # Encounter Deck Setup: "Draw 1 card from each of the encounter decks and place them in ascending order."
    deck = deck_without("no_tier_2.json", encounters=lambda e: e["tier"] != 2)
    with pytest.raises(ContentError, match=r"^no_tier_2\.json: file: field 'encounters': has no tier 2 encounter"):
        Session("doomrock", Options(), deck)


def test_campaign_heroes_the_options_name_must_be_in_the_deck():
    # Before, the setup's draw failed with a raw KeyError once SetUp was played.
    with pytest.raises(ContentError, match="sample_deck.json: file: field 'heroes': has no hero 'nobody'"):
        Session("doomrock", Options(heroes=("nobody", "wizard")), DECK)
