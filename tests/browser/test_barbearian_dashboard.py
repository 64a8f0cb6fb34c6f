"""The BarBEARian dashboard in a real Chromium: two humans share one screen for a round, checked against the engine."""
import pytest

from explorer.barbearian import KeepTrial, Options, Pass, Place, Ready, RollDice, SetUp, StealGlory, rules, sample_deck
from explorer.core import Session

from .conftest import assert_fits, outside

pytestmark = pytest.mark.browser

SEED = 3  # Blue holds the First Player token; round 1: Red rolls 3, 3, 4 and Blue 4, 2, 5
BLUE_PLAN = ((5, "battleground-red", "battleground:red"), (4, "forge", "forge"), (2, "farm", "farm"))
RED_PLAN = ((3, "farm", "farm"), (3, "farm", "farm"), (4, "forge", "forge"))


def spaces(page, clan):
    return page.locator(f".bb-dice-{clan} .bb-die").evaluate_all("els => els.map(e => e.dataset.space)")


def wait_for_spaces(page, clan, expected):
    page.wait_for_function(
        "([clan, expected]) => JSON.stringify([...document.querySelectorAll(`.bb-dice-${clan} .bb-die`)]"
        ".map(e => e.dataset.space).sort()) === JSON.stringify(expected)",
        arg=[clan, sorted(expected)], timeout=15_000)


def take_screen(page, clan):
    page.wait_for_selector(f".bb-screen >> text=Pass the device to {clan.capitalize()}: click when ready", timeout=15_000)
    page.locator(".bb-screen-ready").click()
    page.wait_for_selector(f".bb-private-{clan}", timeout=15_000)


def place(page, clan, plan):
    done = []
    for face, slug, space in plan:
        page.locator(f".bb-face-{face} .bb-place-{slug}").click()
        done.append(space)
        wait_for_spaces(page, clan, done + [""] * (3 - len(done)))
    page.locator(".bb-ready").click()


def drawn(page, clan):
    """(face, space) of every die drawn on the clan's village board, sorted."""
    dice = page.locator(f".bb-village-{clan} .bb-placed").evaluate_all(
        "els => els.map(e => [+e.querySelector('.svg-die').dataset.face, e.dataset.space])")
    return sorted(tuple(d) for d in dice)


def village(page, clan):
    data = page.locator(f".bb-village-{clan}").evaluate("e => ({glory: +e.dataset.glory, resources: e.dataset.resources})")
    return data["glory"], tuple(int(v) for v in data["resources"].split(","))


def replay():
    """The same round played on the engine: the dashboard must end in the same state."""
    s = Session("barbearian", Options(players=2), sample_deck(), seed=SEED)
    s.play(SetUp())
    for seat in (1, 0):
        s.play(KeepTrial(seat, s.state.players[seat].offer[0]))
    s.play(RollDice())
    for seat, plan in ((1, BLUE_PLAN), (0, RED_PLAN)):
        for face, _, space in plan:
            p = s.state.players[seat]
            die = next(d for d, (f, at) in enumerate(zip(p.faces, p.placement)) if f == face and at is None)
            s.play(Place(seat, die, space))
        s.play(Ready(seat))
    s.play(StealGlory(1, "red"))
    while s.state.phase == "build":
        s.play(Pass(rules.acting_seats(s.state)[0]))
    return s


def test_a_hot_seat_round_with_a_raid(page, voila_server, artifacts, requests_seen):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}/voila/render/barbearian/play.ipynb", timeout=90_000)
    page.wait_for_selector(".bb-app .bb-screen-ready", timeout=90_000)
    dice, villages = page.locator(".bb-dice-box").bounding_box(), page.locator(".bb-villages-box").bounding_box()
    assert villages["y"] - (dice["y"] + dice["height"]) <= 16  # no blank gap under the play column at set-up
    page.locator(".bb-seed input").fill(str(SEED))
    page.locator(".bb-seed input").press("Enter")
    page.locator(".bb-new-game").click()
    page.wait_for_selector(f".bb-status >> text=seed {SEED}", timeout=15_000)
    engine = replay()

    for clan in ("blue", "red"):  # Blue holds the First Player token: Blue keeps a Trial first
        take_screen(page, clan)
        page.locator(".bb-keep-trial").first.click()
    page.locator(".bb-roll").click()
    page.wait_for_function(
        "() => document.querySelectorAll('.bb-dice-red .bb-die, .bb-dice-blue .bb-die').length === 6", timeout=15_000)
    faces = {c: page.locator(f".bb-dice-{c} .bb-die").evaluate_all("els => els.map(e => +e.dataset.face)")
             for c in ("red", "blue")}
    assert faces == {"red": [3, 3, 4], "blue": [4, 2, 5]}  # the seeded roll (the plans below rely on it)

    take_screen(page, "blue")  # seat 1 places secretly, a die on the Battleground against Red
    assert_fits(page)
    page.screenshot(path=str(artifacts / "barbearian_1366_screen.png"))
    place(page, "blue", BLUE_PLAN)
    page.wait_for_selector(".bb-screen >> text=Pass the device to Red: click when ready", timeout=15_000)
    for red_at_screen in (False, True):  # covered screen, then Red behind it: Blue's placement is nowhere
        if red_at_screen:
            take_screen(page, "red")
        assert spaces(page, "blue") == ["?", "?", "?"] and drawn(page, "blue") == []
        dom = page.content()
        assert "battleground:red" not in dom and "Battleground vs Red" not in dom and "Blue reveals" not in dom
        assert "The screens come off" not in page.locator(".bb-app").inner_text()
    place(page, "red", RED_PLAN)

    page.wait_for_selector(".bb-reveal >> text=The screens come off (round 1)", timeout=15_000)
    # the village boards are the one display of the placements; the banner says so and totals the raids
    assert drawn(page, "blue") == sorted((face, space) for face, _, space in BLUE_PLAN)
    assert drawn(page, "red") == sorted((face, space) for face, _, space in RED_PLAN)
    banner = page.locator(".bb-reveal").inner_text()
    assert "each village below now shows its dice" in banner and "Farm" not in banner and "Forge" not in banner
    assert "Blue sends 1 die (5 in all) against Red" in banner
    before = village(page, "red"), village(page, "blue")
    assert "Resolving step 1 of 2" in page.locator(".bb-header").inner_text()
    page.screenshot(path=str(artifacts / "barbearian_1366_reveal.png"))
    page.locator(".bb-next").click()  # step 2: the raid meets Red's empty Barracks
    page.wait_for_selector(".event-log >> text=breaks through", timeout=15_000)
    assert "Resolving step 2 of 2" in page.locator(".bb-header").inner_text()  # the last step is shown too
    page.locator(".bb-next").click()  # "Done"
    page.locator(".bb-stealglory").click()  # Blue's loot decision
    while True:  # the rest resolves one step per click; both end their Build turn without buying
        page.wait_for_selector(".bb-next, .bb-pass, .bb-roll", timeout=15_000)
        if page.locator(".bb-roll").count():
            break
        page.locator(".bb-next, .bb-pass").first.click()
        page.wait_for_timeout(150)

    page.wait_for_function("""() => ["Blue's 5 meets Red's Barracks of 0: breaks through!",
                                     'Blue steals a red Glory token from Red (3 Glory)']
        .every(t => document.querySelector('.event-log')?.innerText.includes(t))
        && document.querySelector('.bb-header')?.innerText.startsWith('Round 2')""", timeout=30_000)
    log = page.locator(".event-log").inner_text()
    assert "Blue's 5 meets Red's Barracks of 0: breaks through!" in log
    assert "Blue steals a red Glory token from Red (3 Glory)" in log
    after = village(page, "red"), village(page, "blue")
    expected = tuple((p.glory_count, p.resources) for p in engine.state.players)
    assert after == expected and after != before
    assert page.locator(".bb-header").inner_text().startswith("Round 2")
    assert after[0][0] == 1 and after[1][0] == 3
    assert page.locator(".event-log tr").first.inner_text() != ""  # newest first
    assert_fits(page)
    page.set_viewport_size({"width": 1366, "height": 1600})  # the dashboard scrolls inside the page: show it all
    page.screenshot(path=str(artifacts / "barbearian_1366_round.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.wait_for_timeout(300)
    assert_fits(page)
    page.screenshot(path=str(artifacts / "barbearian_390.png"))
    assert not outside(requests_seen), outside(requests_seen)


def test_the_raid_odds_page_draws_its_charts_without_page_errors(page, voila_server):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{voila_server}/voila/render/barbearian/raid_odds.ipynb", timeout=90_000)
    page.wait_for_function("document.querySelectorAll('.js-plotly-plot .main-svg').length >= 4", timeout=120_000)
    page.wait_for_timeout(3000)  # the renderer takes a picture of each chart after drawing it
    assert errors == []
    lines = page.locator(".jp-OutputArea-output pre").all_inner_texts()
    assert any("5 dice break through 57.0% of the time" in t for t in lines)
