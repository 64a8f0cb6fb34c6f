"""Headless tests of the Doomrock battle dashboard: act through its widgets, compare with the engine."""
import json

import pytest

from explorer.core import Session
from explorer.doomrock import ActivateMinion, KeepDice, Options, Reroll, Roll, SetUpBattle
from explorer.doomrock.odds.advice import roll_advice
from widgets.doomrock import DoomrockApp

SEED = 3


def button(app, cls):
    found = [b for b in app.actions.children if cls in b._dom_classes]
    assert found, f"no button {cls}; have {[b.description for b in app.actions.children]}"
    return found[0]


def engine():
    s = Session("doomrock-battle", Options(players=2, encounter="goblin_raid"), seed=SEED)
    s.play(SetUpBattle())
    return s


@pytest.fixture(scope="module")
def fresh():
    return DoomrockApp(seed=SEED)


@pytest.fixture
def app(fresh):
    fresh.seed.value = SEED
    fresh.mode.value = "random"
    fresh.new_battle()
    return fresh


def test_opens_in_the_roll_phase_with_the_card_odds_showing(app):
    b = app.session.state.battle
    assert b.phase == "roll" and b.rolls == 0
    assert [b.description for b in app.actions.children] == ["Roll Paladin's dice"]
    advice = roll_advice(b, app.session.state.deck)
    assert list(app.chart.values) == pytest.approx([o.chance for o in advice.card_odds])
    assert "chance to activate" in app.chart.title
    for o in advice.card_odds:
        assert f'data-card="{o.card}"' in app.party.value and f"{o.chance:.0%}" in app.party.value


def test_a_roll_phase_by_clicking_plays_like_the_engine(app):
    e = engine()
    button(app, "action-roll").click()
    e.play(Roll())
    assert app.session.state == e.state
    advice = roll_advice(e.state.battle, e.state.deck)
    assert list(app.chart.values) == pytest.approx([k.value for k in advice.keeps[:10]])
    assert "2 re-rolls left" in app.chart.title
    app.picks.children[0].value = True
    app.picks.children[2].value = True
    app.reroll_button.click()
    first = [d.index for d in e.state.battle.hero_dice(0) if d.place == "rolled"]
    e.play(Reroll((first[0], first[2])))
    assert app.session.state == e.state
    assert "Your keeps</b>: 1 decision(s)" in app.review.value
    app.best_button.click()
    e.play(roll_advice(e.state.battle, e.state.deck).best.action)
    assert app.session.state == e.state
    while e.state.battle.roller == 0 and e.state.battle.phase == "roll":  # place dice as advised until done
        app.best_button.click()
        assert app.session.steps[-1].action in e.legal_actions()
        e.play(app.session.steps[-1].action, app.session.steps[-1].outcome)
    assert app.session.state == e.state and e.state.battle.roller == 1


def test_stepping_through_enemy_activations_shows_the_ai_card(app):
    while app.session.state.battle.phase != "minions" or not any(
            isinstance(a, ActivateMinion) for a in app.session.legal_actions()):
        app.bot_button.click()
    assert "none drawn yet" in app.ai_card.value
    minion = next(b for b in app.actions.children if "action-activateminion" in b._dom_classes)
    minion.click()
    b = app.session.state.battle
    act = app.session.steps[-1].action
    top = b.pile(b.ai_discard, b.enemy(act.enemy).deck)[-1]
    assert f'data-card="{top}"' in app.ai_card.value
    assert "Damage odds" in app.danger.value and "hit for" in app.danger.value


def test_undo_redo_and_the_history_slider(app):
    button(app, "action-roll").click()
    app.actions.children[0].click()  # keep the dice
    assert app.session.cursor == 3
    app.history.undo_button.click()
    assert app.session.cursor == 2 and app.session.state.battle.rolls == 1
    assert any(isinstance(a, KeepDice) for a in app.session.legal_actions()) and app.picks.children
    app.history.redo_button.click()
    assert app.session.cursor == 3 and app.session.state.battle.assigning
    app.history.slider.value = 1
    assert app.session.cursor == 1 and [b.description for b in app.actions.children] == ["Roll Paladin's dice"]


def test_save_and_load_and_a_bad_file_changes_nothing(app):
    button(app, "action-roll").click()
    saved = json.dumps(app.session.to_json()).encode()
    state = app.session.state
    app.files.load_bytes("broken.json", b"{not json")
    assert "Could not load" in app.files.message.value and app.session.state == state
    app.files.load_bytes("other.json", json.dumps({"format": "something"}).encode())
    assert "Could not load" in app.files.message.value and app.session.state == state
    pg = Session("proving-grounds", seed=1).to_json()
    app.files.load_bytes("pg.json", json.dumps(pg).encode())
    assert "Could not load" in app.files.message.value and app.session.state == state
    app.new_battle()
    app.files.load_bytes("mine.json", saved)
    assert "Loaded saved battle" in app.files.message.value and app.session.state == state
    app.save_button.click()
    assert "base64," in app.save_link.value


def test_table_dice_take_the_typed_faces_and_refuse_bad_ones(app):
    app.mode.value = "table"
    assert app.table_faces.layout.display is None
    before = app.session.state
    app.table_faces.value = "6 6"
    button(app, "action-roll").click()
    assert "Not allowed" in app.status.value and app.session.state == before
    app.table_faces.value = "6 2 4 2"
    button(app, "action-roll").click()
    assert app.session.steps[-1].source == "table"
    assert tuple(d.face for d in app.session.state.battle.hero_dice(0) if d.place == "rolled") == (6, 2, 4, 2)


def test_every_symbol_is_explained():
    from widgets.doomrock.views import LEGEND
    for word in ("a die", "empty charge", "hit points", "shields", "heroism", "expose", "armour", "enrage", "dice lock",
                 "initiative", "objective", "chance of defeat"):
        assert word in LEGEND


def test_the_campaign_shows_the_adventure_map_then_its_battles():
    app = DoomrockApp(seed=4, game="doomrock")
    c = app.session.state
    assert c.phase == "map" and app.map.layout.display is None
    for k, area in enumerate(c.board):
        assert f'data-area="{k}"' in app.map.value and app.session.state.deck.card(area.id).name in app.map.value
    assert f"{c.time} time left" in app.map.value and "party marker" in app.map.value
    assert f'dr-area dr-here" data-area="{c.position}"' in app.map.value
    assert app.party.value == "" and "adventure map" in app.ai_card.value and not app.chart.labels
    labels = [b.description for b in app.actions.children]
    assert len(labels) == len(app.session.legal_actions()) and all("(" not in t or ")" in t for t in labels)
    steps = 0
    while (app._battle() is None or app._battle().phase != "roll") and steps < 300:
        app.bot_button.click()
        steps += 1
    b = app._battle()
    assert b is not None and b.phase == "roll"
    assert 'class="dr-row dr-party"' in app.party.value and "chance to activate" in app.chart.title
    assert app.map.value  # the map stays in view during the battle


def test_an_incoming_attack_shows_its_exact_odds():
    from fractions import Fraction

    from explorer.doomrock.odds.advice import IncomingAttack
    from widgets.doomrock.views import incoming_html

    app = DoomrockApp(seed=SEED)
    b = app.session.state.battle
    uid = b.enemies[0].uid
    html = incoming_html(b, IncomingAttack(uid, 1, 2, {1: Fraction(1, 4), 2: Fraction(3, 4)}, Fraction(3, 4)))
    assert f'data-enemy="{uid}"' in html and "attacks Rogue for 2" in html
    assert "1 HP 25%, 2 HP 75%" in html and "defeat 75%" in html
    assert incoming_html(b, None) == ""


def test_hovering_an_enemy_shows_the_damage_odds_of_its_attacks(app):
    b = app.session.state.battle
    deck = app.session.state.deck
    for e in b.alive_enemies:
        amounts = {a.amount for c in deck.card(e.deck).cards for a in (c.boss if e.boss else c.minion) if a.do == "attack"}
        tip = app._threats(b, deck)[e.uid]
        assert all(f"{n} damage to" in tip for n in amounts)
        assert f'data-enemy="{e.uid}"' in app.field.value
    assert "if they hit" in app.field.value


def test_threat_this_round_per_hero_next_to_the_damage_odds(app):
    from explorer.doomrock.odds.threat import round_threat
    b, deck, options = app.session.state.battle, app.session.state.deck, app.session.state.options
    threat = round_threat(b, deck, options, max_steps=1_500, samples=200)
    assert "Damage odds" in app.danger.value and "Threat this round" in app.danger.value
    for h in threat.heroes:
        assert f'data-hero="{h.hero}" data-defeat="{float(h.defeated):.6f}"' in app.danger.value
    while app.session.state.battle.phase != "minions":
        app.bot_button.click()
    b = app.session.state.battle
    threat = round_threat(b, deck, options, max_steps=1_500, samples=200)
    assert threat.activations > 0 and f'data-activations="{threat.activations}"' in app.danger.value
    for h in threat.heroes:
        assert f'{h.name} defeated' in app.danger.value and f'data-defeat="{float(h.defeated):.6f}"' in app.danger.value
    while app.session.state.battle.phase in ("minions", "boss"):
        app.bot_button.click()
    assert "no activation left this round" in app.danger.value


def test_a_game_that_lays_cumulation_markers_under_the_pool_shows_no_odds():
    app = DoomrockApp(options=Options(players=2, cumulation_flip="under"), seed=SEED)
    assert "No damage or threat odds" in app.danger.value and "Threat this round" not in app.danger.value
    app.bot_button.click()  # play goes on
    assert app.session.cursor == 2 and "No damage or threat odds" in app.danger.value


def test_a_deck_that_cannot_start_the_game_leaves_the_app_as_it_was():
    """A deck that loads but lacks what the game in play needs (the goblin raid the battle names) is refused,
    and the app keeps its own deck and game."""
    from pathlib import Path

    import explorer.doomrock as dr
    app = DoomrockApp(Options(players=2, encounter="goblin_raid"), seed=SEED)
    deck, state = app.deck, app.session.state
    examples = (Path(dr.__file__).parent / "content" / "rulebook_examples.json").read_bytes()
    app.files.load_bytes("examples.json", examples)
    assert "Could not load" in app.files.message.value, app.files.message.value
    assert "goblin_raid" in app.files.message.value
    assert app.deck is deck and app.session.state == state
