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
    assert app.party.value == "" and app.ai_card.layout.display == "none" and not app.chart.labels
    labels = [b.description for b in app.actions.children]
    assert len(labels) == len(app.session.legal_actions()) and all("(" not in t or ")" in t for t in labels)
    steps = 0
    while (app._battle() is None or app._battle().phase != "roll") and steps < 300:
        app.bot_button.click()
        steps += 1
    b = app._battle()
    assert b is not None and b.phase == "roll"
    assert 'class="dr-row dr-party"' in app.party.value and "chance to activate" in app.chart.title
    assert "the party fights at" in app.map.value and "data-area" not in app.map.value  # one line: the battle in view


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
    from widgets.doomrock.danger import enemy_threats
    b = app.session.state.battle
    deck = app.session.state.deck
    for e in b.alive_enemies:
        amounts = {a.amount for c in deck.card(e.deck).cards for a in (c.boss if e.boss else c.minion) if a.do == "attack"}
        tip = enemy_threats(b, deck, app.session.state.options)[e.uid]
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


# -- a campaign a new player can play -------------------------------------------------------------------------
CAMPAIGN_SEED = 5  # starts at a town with a shop; the Witch hut (TEST INT 4) is one area away


def labels(app):
    return [b.description for b in app.actions.children]


def click(app, start):
    found = [b for b in app.actions.children if b.description.startswith(start)]
    assert found, f"no button {start!r}; have {labels(app)}"
    found[0].click()


def every_text(app):
    """Everything the page shows as text or tooltip (widgets' values, descriptions and tooltips)."""
    out = []
    def walk(wd):
        for attr in ("value", "description", "tooltip", "title"):
            v = getattr(wd, attr, None)
            if isinstance(v, str):
                out.append(v)
        for child in getattr(wd, "children", ()):
            walk(child)
    walk(app)
    return "\n".join(out)


@pytest.fixture
def campaign():
    return DoomrockApp(seed=CAMPAIGN_SEED, game="doomrock")


def test_a_test_shows_the_difficulty_each_heros_stat_and_the_exact_chance_to_pass(campaign):
    """Items: TEST: "the hero rolls a D6 and adds his statistic value to the roll. In order to pass the test,
    the result must be higher or equal to the test difficulty"."""
    from explorer.doomrock.adventure import stat
    from explorer.doomrock.odds import pass_chance
    app = campaign
    click(app, "Travel to Cursed swamp")
    click(app, "Visit Witch hut")
    c = app.session.state
    assert type(c.pending[0]).__name__ == "Test"
    assert "TEST INT 4" in app.decision.value and app.decision.layout.display is None
    for i, h in enumerate(c.heroes):
        value = stat(c, i, "int")
        p = pass_chance(value, 4)
        assert f'data-hero="{i}" data-stat="int" data-chance="{float(p):.6f}"' in app.decision.value
        assert f"{h.name} tests INT {value} against 4: {float(p):.0%} to pass" in labels(app)
    assert "Roll-phase odds appear" not in every_text(app) and app.chart.widget.layout.display == "none"


def test_loot_shows_its_table_with_the_chance_of_each_reward(campaign):
    """Location Effects: LOOT!: one D6 plus the modifier picks a row of the table."""
    from explorer.doomrock.odds import loot_odds
    app = campaign
    click(app, "Travel to Misty moor")
    click(app, "Visit Standing stones")
    c = app.session.state
    loot = c.pending[0]
    assert type(loot).__name__ == "Loot"
    table = loot.table or c.deck.card(c.setting).loot
    odds = loot_odds(loot.modifier, [(r.low, k) for k, r in enumerate(table)])
    for k, r in enumerate(table):
        assert f'data-row="{k}" data-chance="{float(odds.get(k, 0)):.6f}"' in app.decision.value
    assert sum(odds.values()) == 1 and "Roll LOOT!" in labels(app)


def test_every_item_in_the_shop_has_a_button_with_price_and_effect(campaign):
    """Location Effects: SHOP: the party buys at the indicated price; an item it cannot afford shows why."""
    app = campaign
    click(app, "Visit Armoury")
    c = app.session.state
    stock = list(dict.fromkeys(c.area.shop))
    buys = [b for b in app.actions.children if "action-buy" in b._dom_classes]
    assert len(buys) == len(stock) == 3
    for b, it in zip(buys, stock):
        card = c.deck.card(it)
        assert b.description.startswith(f"Buy {card.name} ({card.price} silver): ")
        assert b.disabled == (card.price > c.silver)
        if b.disabled:
            assert f"not enough silver: it costs {card.price}, the party has {c.silver}" in b.description
        assert len(b.tooltip) > len(b.description) or b.disabled
    silver = c.silver
    buys[0].click()
    assert app.session.state.silver == silver - c.deck.card(stock[0]).price
    assert stock[0] in app.session.state.inventory
    click(app, "Leave the shop")
    click(app, f"Rogue equips {c.deck.card(stock[0]).name}")  # a healing draught: usable on the map (DR-35)
    assert f"Rogue uses {c.deck.card(stock[0]).name} on Cleric" in labels(app)


def test_no_internal_names_and_the_next_battle_stays_secret():
    """Encounter Deck Setup: the encounter cards "represent the secret battles waiting for the heroes"."""
    import re
    app = DoomrockApp(seed=4, game="doomrock")
    names = [e.name for e in app.deck.encounters]
    for _ in range(200):
        b = app._battle()
        if b is not None and b.phase != "setup":
            break
        text = every_text(app)
        assert "Waiting:" not in text and not re.search(r"\b[A-Z][a-z]+(Task|Items|LevelUps)\b", text)
        assert not any(re.fullmatch(r"[A-Z][a-z]+[A-Z][A-Za-z]*", t) for t in labels(app)), labels(app)
        shown = app.map.value + app.field.value + app.decision.value + " ".join(labels(app)) + app.status.value
        assert not any(n in shown for n in names), "the next encounter is named before its card is drawn"
        app.bot_button.click()
    assert app._battle() is not None and app._battle().phase != "setup"


def test_choosing_campaign_starts_one_and_hides_the_encounter_choice():
    app = DoomrockApp(seed=SEED)
    assert app.encounter.layout.display is None and app.save_button.description == "Save battle"
    app.kind.value = "doomrock"  # no New game click
    assert app.session.game.name == "doomrock" and app.session.state.phase == "map"
    assert app.encounter.layout.display == "none" and "New campaign" in app.status.value
    assert app.save_button.description == "Save campaign"
    app.save_button.click()
    assert "Download the saved campaign" in app.save_link.value
    data = app.session.to_json()
    app.kind.value = "doomrock-battle"
    assert app.session.game.name == "doomrock-battle" and app.save_button.description == "Save battle"
    assert "Loaded saved campaign" in app._load_file("c.json", data) and app.kind.value == "doomrock"
    assert app.session.game.name == "doomrock"


def test_the_adventure_map_is_drawn_as_a_board(campaign):
    """Adventuring: travel "to any of the 3 face up cards" for one time marker; secrets; the area deck."""
    c = campaign.session.state
    html = campaign.map.value
    for k, a in enumerate(c.board):
        area = html.split(f'data-area="{k}"')[1].split('data-area=')[0].split("dr-area-deck")[0]
        assert area.count('class="dr-token dr-secret"') == a.secrets
        assert ('class="dr-token dr-party"' in area) == (k == c.position)
        assert ("Travel here" in area) == (k != c.position)
    assert f'data-deck="{len(c.area_deck)}"' in html and "face down" in html
    assert "Travel to Cursed swamp (1 time)" in labels(campaign)


def test_the_battle_view_speaks_one_language(app):
    """Percent for every chance, '1 re-roll left', a die named by its face, tooltips that add to their label."""
    import re
    assert app.chart.fmt == "{:.0%}" and re.search(r">\d+%<", app.chart.html.value)
    assert not re.search(r">0\.\d\d<", app.chart.html.value)
    assert app.danger.value.count("Threat this round") == 1  # one heading, not one per hero
    button(app, "action-roll").click()
    assert "2 re-rolls left" in app.chart.title
    app.picks.children[0].value = True
    face = app.picks.children[0].description
    assert app.picks.children[0].tooltip.startswith(f"Mark the {face} to re-roll")
    app.reroll_button.click()
    assert "1 re-roll left" in app.chart.title
    hand = [d for d in app.session.state.battle.hero_dice(0) if d.place == "rolled"]
    assert all(f"<title>the {d.face} in hand" in app.party.value for d in hand) and "<title>die " not in app.party.value
    page = app.party.value + app.field.value + app.danger.value + app.map.value
    for tip, label in re.findall(r'<(?:span|td)[^>]* title="([^"]*)"[^>]*>([^<]*)<', page):
        assert len(tip) > len(label.strip()) and tip.strip() != label.strip(), (tip, label)
    for wd in [app.kind, app.mode, app.new_button, app.best_button, app.bot_button, app.save_button, app.reroll_button]:
        for label, tip in zip(getattr(wd, "options", [(wd.description,)]), getattr(wd, "tooltips", [wd.tooltip])):
            label = label[0] if isinstance(label, tuple) else label
            assert tip and len(tip) > len(label) and label.lower() not in (tip or "").lower()[:len(label)]
    while app.session.state.battle.phase == "roll":
        app.bot_button.click()
    assert app.chart.widget.layout.display == "none"
    notes = [wd.value for wd in (app.odds_note, app.review, app.danger) if wd.value]
    assert sum("roll-phase odds" in n.lower() for n in notes) <= 1


def test_the_log_and_the_legend_fit(app):
    """The log's section and its text look different; the legend wraps on a phone."""
    css = app.children[0].value
    assert ".doomrock-app .rx-log td.rx-section" in css
    assert "@media (max-width:560px)" in css and ".dr-legend span {white-space:normal}" in css


def test_an_event_choice_shows_the_odds_of_each_option(campaign):
    """Adventuring: a text event's options; a TEST or a LOOT! inside one shows its exact chances."""
    from dataclasses import replace

    from explorer.doomrock import Choose
    from explorer.doomrock.cards import Choice, Loot, Test
    from explorer.doomrock.odds import loot_odds, pass_chance
    from widgets.doomrock.campaign_view import decision_html
    from widgets.doomrock.map_view import describe_map_action
    from explorer.doomrock.adventure import stat
    c = campaign.session.state
    test = Test((("agi", 4),), passed=(), failed=())
    c = replace(c, pending=(Choice(((test,), (Loot(1),))),))
    html = decision_html(c)
    agi = [stat(c, i, "agi") for i in range(len(c.heroes))]
    best = max(range(len(agi)), key=lambda i: pass_chance(agi[i], 4))
    assert (f"best chance to pass the TEST AGI 4: <b>{float(pass_chance(agi[best], 4)):.0%}</b> "
            f"({c.heroes[best].name}, AGI {agi[best]})") in html
    odds = loot_odds(1, [(r.low, k) for k, r in enumerate(c.deck.card(c.setting).loot)])
    assert all(f"{float(p):.0%}" in html for p in odds.values()) and "LOOT! +1:" in html
    assert describe_map_action(c, Choose(1)) == "Option 2: LOOT! +1"
