"""The Doomrock battle dashboard in a real Chromium: a roll phase and a whole round by clicking,
checked against the engine replayed with the same seed, at laptop and phone sizes."""

import pytest

from explorer.core import Session
from explorer.doomrock import KeepDice, Options, Reroll, Roll, SetUpBattle
from explorer.doomrock.odds.advice import roll_advice
from explorer.doomrock.odds.threat import round_threat

pytestmark = pytest.mark.browser

SEED = 3


def rolled_faces(page):
    return page.locator(".party .dr-rolled").evaluate_all("els => els.map(e => +e.dataset.face)")


def wait_for_step(page, cursor):
    page.wait_for_function(
        "n => document.querySelector('.history-bar .widget-readout')?.textContent.trim() === String(n)",
        arg=cursor, timeout=20_000)


def first_button(engine):
    """The first action button the page shows: the first legal action that is not a re-roll."""
    return next(a for a in engine.legal_actions() if not isinstance(a, Reroll))


def open_dashboard(page, voila_server, seed):
    """The dashboard at laptop size, its battle open, the seed typed (the next game uses it)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}/voila/render/doomrock/play.ipynb", timeout=90_000)
    page.wait_for_selector(".doomrock-app .action-roll", timeout=90_000)
    page.locator(".seed input").fill(str(seed))
    page.locator(".seed input").press("Enter")


def no_horizontal_overflow(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_roll_phase_and_a_round_match_the_engine(page, voila_server, artifacts):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}/voila/render/doomrock/play.ipynb", timeout=90_000)
    page.wait_for_selector(".doomrock-app .action-roll", timeout=90_000)
    page.wait_for_function("document.querySelector('.odds-chart svg')?.textContent.includes('chance to activate')",
                           timeout=30_000)
    page.screenshot(path=str(artifacts / "doomrock_open_1366.png"), full_page=True)
    page.locator(".seed input").fill(str(SEED))
    page.locator(".seed input").press("Enter")
    page.locator(".new-battle").click()
    page.wait_for_selector(".status >> text=seed 3", timeout=20_000)

    engine = Session("doomrock-battle", Options(players=2, encounter="goblin_raid"), seed=SEED)
    engine.play(SetUpBattle())
    page.wait_for_function(  # one drawn bar per ability card
        "n => document.querySelectorAll('.odds-chart .svg-bar').length === n", arg=4, timeout=30_000)

    # The roll phase: roll, re-roll the marked dice, take the best keep, place dice.
    page.locator(".action-roll").click()
    engine.play(Roll())
    wait_for_step(page, engine.cursor)
    hand = [d for d in engine.state.battle.hero_dice(0) if d.place == "rolled"]
    assert rolled_faces(page) == [d.face for d in hand]
    page.wait_for_function("document.querySelector('.odds-chart svg')?.textContent.includes('2 re-rolls left')",
                           timeout=20_000)
    advice = roll_advice(engine.state.battle, engine.state.deck)
    bars = min(10, len(advice.keeps))
    page.wait_for_function(
        "n => document.querySelectorAll('.odds-chart .svg-bar').length === n", arg=bars, timeout=20_000)
    labels = page.locator(".odds-chart .svg-bar").evaluate_all("els => els.map(e => e.dataset.label)")
    assert labels[0] == ("keep all" if isinstance(advice.best.action, KeepDice) else "keep " + " ".join(map(str, advice.best.kept)))
    page.screenshot(path=str(artifacts / "doomrock_roll_1366.png"), full_page=True)

    page.locator(f".picks .pick-{hand[0].index}").click()
    page.locator(f".picks .pick-{hand[2].index}").click()
    page.locator(".reroll-marked").click()
    engine.play(Reroll((hand[0].index, hand[2].index)))
    wait_for_step(page, engine.cursor)
    assert rolled_faces(page) == [d.face for d in engine.state.battle.hero_dice(0) if d.place == "rolled"]
    page.locator(".best-choice").click()
    engine.play(roll_advice(engine.state.battle, engine.state.deck).best.action)
    wait_for_step(page, engine.cursor)

    # The rest of the round: the first button each time, as the engine's first listed action.
    while engine.state.battle.round == 1 and not engine.is_over():
        page.locator(".actions button").first.click()
        engine.play(first_button(engine))
        wait_for_step(page, engine.cursor)
    # the log is redrawn after the step's readout: wait for its newest line, the thing asserted next
    page.wait_for_function("t => document.querySelector('.event-log td:nth-child(2)')?.textContent === t",
                           arg=engine.events[-1].text, timeout=20_000)
    log = page.locator(".event-log td:nth-child(2)").all_text_contents()
    assert log == [e.text for e in engine.events][::-1][:len(log)] and log  # newest first
    assert "Battle Sequence: Minion Activation" in page.locator(".event-log").text_content()
    ai = page.locator(".dr-ai-card").get_attribute("data-card")
    b = engine.state.battle
    assert ai in {c for _, pile in b.ai_discard for c in pile}
    enemies = page.locator(".dr-enemy").evaluate_all("els => els.map(e => [e.dataset.enemy, +e.dataset.hp])")
    assert sorted(map(tuple, enemies)) == sorted((e.uid, e.hp) for e in b.alive_enemies)
    tip = page.locator(".dr-enemy").first.get_attribute("title")
    assert "if they hit" in tip and "damage to" in tip  # the damage odds on hover
    lives = page.locator(".dr-hero").evaluate_all("els => els.map(e => +e.dataset.life)")
    assert lives == [h.life for h in b.heroes]
    # Threat this round, next to the damage odds: per hero, the chance the coming enemy activations defeat them.
    threat = round_threat(b, engine.state.deck, engine.state.options, max_steps=1_500, samples=200)
    page.wait_for_selector(".dr-threat .dr-threat-hero", timeout=20_000)
    shown = page.locator(".dr-threat-hero").evaluate_all("els => els.map(e => [+e.dataset.hero, e.dataset.defeat])")
    assert shown == [[h.hero, f"{float(h.defeated):.6f}"] for h in threat.heroes if h.life > 0]
    assert no_horizontal_overflow(page)
    page.screenshot(path=str(artifacts / "doomrock_round_1366.png"), full_page=True)

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(1500)
    assert no_horizontal_overflow(page)
    page.screenshot(path=str(artifacts / "doomrock_round_390.png"), full_page=True)
    # The page scrolls inside Voila's own container: a tall window shows all of it.
    page.set_viewport_size({"width": 390, "height": 3400})
    page.wait_for_timeout(1000)
    assert no_horizontal_overflow(page)
    page.screenshot(path=str(artifacts / "doomrock_round_390_all.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 1700})
    page.wait_for_timeout(1000)
    page.screenshot(path=str(artifacts / "doomrock_round_1366_all.png"), full_page=True)

    # The campaign: the adventure map with the party marker, time left and secrets.
    page.set_viewport_size({"width": 1366, "height": 1200})
    page.get_by_role("button", name="Campaign").click()
    page.locator(".new-battle").click()
    page.wait_for_selector(".status >> text=New campaign, seed 3", timeout=20_000)
    campaign = Session("doomrock", Options(players=2), seed=SEED)
    campaign.play(campaign.legal_actions()[0])
    c = campaign.state
    areas = page.locator(".adventure-map .dr-area").evaluate_all("els => els.map(e => +e.dataset.area)")
    assert areas == list(range(len(c.board)))
    assert page.locator(".adventure-map .dr-here").get_attribute("data-area") == str(c.position)
    assert f"{c.time} time left" in page.locator(".adventure-map").text_content()
    page.screenshot(path=str(artifacts / "doomrock_map_1366.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 2000})
    page.wait_for_timeout(1000)
    assert no_horizontal_overflow(page)
    page.screenshot(path=str(artifacts / "doomrock_map_390.png"), full_page=True)


CAMPAIGN_SEED = 5  # the party starts at Hillfort's Armoury; the Witch hut (TEST INT 4) is at the Cursed swamp


def campaign_label(engine, action):
    """The text of the button the page shows for ``action`` (the map's words, else the battle's)."""
    from widgets.doomrock.labels import describe
    from widgets.doomrock.map_view import describe_map_action
    s = engine.state
    return describe_map_action(s, action) or describe(s.battle, s.deck, action)


def click_action(page, engine, action):
    page.locator(".actions").get_by_role("button", name=campaign_label(engine, action), exact=True).click()
    engine.play(action)
    wait_for_step(page, engine.cursor)


def on_to_battle(engine):
    """The walk's choice once the TEST is done: start the battle when time is out, else explore or travel."""
    from explorer.doomrock import Equip, Explore, Formation, SetUpBattle, StartBattle, Travel, Unequip
    acts = [a for a in engine.legal_actions() if not isinstance(a, (Equip, Unequip))] or engine.legal_actions()
    for kind in (StartBattle, SetUpBattle, Formation, Explore, Travel):
        for a in acts:
            if isinstance(a, kind):
                return a
    return acts[0]


def shots(page, name, artifacts, tall=1400):
    """The page at 1366x768 and 390x844 (and all of it on a phone), checked for sideways overflow."""
    for width, height in ((1366, 768), (390, 844), (390, tall)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(700)
        assert no_horizontal_overflow(page)
        suffix = f"{width}" + ("_all" if height == tall else "")
        page.screenshot(path=str(artifacts / f"doomrock_campaign_{name}_{suffix}.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})


def test_a_campaign_from_the_map_through_a_test_and_a_shop_into_a_battle(page, voila_server, artifacts):
    from explorer.doomrock.adventure import stat
    from explorer.doomrock.odds import pass_chance

    open_dashboard(page, voila_server, CAMPAIGN_SEED)
    page.get_by_role("button", name="Campaign").click()  # choosing Campaign starts one: no New game click
    page.wait_for_selector(f".status >> text=New campaign, seed {CAMPAIGN_SEED}", timeout=20_000)
    engine = Session("doomrock", Options(players=2), seed=CAMPAIGN_SEED)
    engine.play(engine.legal_actions()[0])
    names = [e.name for e in engine.state.deck.encounters]
    page.wait_for_selector(f".adventure-map .dr-here[data-area='{engine.state.position}'] .dr-party", timeout=20_000)
    assert not page.locator(".widget-dropdown:has-text('Encounter')").is_visible()
    assert page.locator(".adventure-map .dr-area-deck").get_attribute("data-deck") == str(len(engine.state.area_deck))
    shots(page, "map", artifacts)

    # The shop: every item has a button with its price; the one the party cannot afford says why.
    visit = next(a for a in engine.legal_actions() if campaign_label(engine, a).startswith("Visit Armoury"))
    click_action(page, engine, visit)
    page.wait_for_selector(".decision .dr-shop", timeout=20_000)
    buys = page.locator(".actions .action-buy")
    assert buys.count() == len(engine.state.area.shop) == 3
    assert page.locator(".actions .action-buy:disabled").all_text_contents() == [
        t for t in buys.all_text_contents() if "not enough silver" in t] != []
    shots(page, "shop", artifacts)
    buy = next(a for a in engine.legal_actions() if campaign_label(engine, a).startswith("Buy Healing draught"))
    click_action(page, engine, buy)
    page.wait_for_function("document.querySelectorAll('.actions .action-buy').length === 2", timeout=20_000)
    for start in ("Leave the shop", "Travel to Cursed swamp", "Visit Witch hut"):
        click_action(page, engine, next(a for a in engine.legal_actions() if campaign_label(engine, a).startswith(start)))

    # The TEST: the difficulty, each hero's statistic and the exact chance to pass, before the roll.
    page.wait_for_selector(".decision .dr-test", timeout=20_000)
    c = engine.state
    shown = page.locator(".decision .dr-test tr[data-hero]").evaluate_all(
        "els => els.map(e => [+e.dataset.hero, e.dataset.stat, e.dataset.chance])")
    assert shown == [[i, "int", f"{float(pass_chance(stat(c, i, 'int'), 4)):.6f}"] for i in range(len(c.heroes))]
    assert "Roll-phase odds appear" not in page.locator(".doomrock-app").inner_text()
    shots(page, "test", artifacts)

    # On to the battle; the encounter is never named before its card is drawn.
    click_action(page, engine, engine.legal_actions()[0])
    steps = 0
    while engine.state.battle is None or engine.state.battle.phase == "setup":
        assert not any(n in page.locator(".doomrock-app").inner_text() for n in names)
        click_action(page, engine, on_to_battle(engine))
        steps += 1
        assert steps < 60
    b = engine.state.battle
    page.wait_for_selector(".party .dr-hero", timeout=20_000)
    assert page.locator(".battlefield").inner_text().startswith(engine.state.deck.card(b.encounter).name)
    lives = page.locator(".dr-hero").evaluate_all("els => els.map(e => +e.dataset.life)")
    assert lives == [h.life for h in b.heroes]
    shots(page, "battle", artifacts, tall=3000)
    # On a phone the legend wraps inside the page: nothing of it is cut at the right edge.
    page.set_viewport_size({"width": 390, "height": 844})
    legend = page.locator(".dr-legend:has-text('Legend:')")
    legend.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    box = legend.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert legend.evaluate("e => [...e.children].every(c => c.getBoundingClientRect().right <= window.innerWidth)")
    legend.screenshot(path=str(artifacts / "doomrock_campaign_legend_390.png"))
