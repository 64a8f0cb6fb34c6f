"""The Rumble Planet dashboard in a real Chromium: move by clicking the Green, attack, and match the engine."""
import pytest

from explorer.core import Session
from explorer.rumble_planet import (
    Attack,
    Deploy,
    EndPreparation,
    Move,
    Options,
    SetUp,
    sample_content,
)
from explorer.rumble_planet.odds import attack_options, path_to

pytestmark = pytest.mark.browser

SEED = 13  # Agent Dogniss Tailor deploys at D7, Birdie Blaster at F8
GOAL, TARGET = "D8", "F8"


def replay():
    """The same turn on the engine with the same seed: setup, the cheapest path to GOAL, the first attack on TARGET."""
    s = Session("rumble-planet", Options(players=2), sample_content(), seed=SEED)
    s.play(SetUp())
    s.play(Deploy())
    s.play(EndPreparation())
    for step in path_to(s.state, GOAL):
        s.play(Move(step))
    attack = next(a for a in attack_options(s.state) if a.target == TARGET)
    s.play(Attack(attack.weapon, attack.target))
    return s


def seat(page, i):
    return page.locator(f".rp-seat-{i}").evaluate("e => ({hp: +e.dataset.hp, pp: +e.dataset.pp, space: e.dataset.space})")


def no_horizontal_overflow(page):
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_move_and_attack_match_the_engine(page, voila_server, artifacts):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}/voila/render/rumble_planet/play.ipynb", timeout=90_000)
    page.wait_for_selector(".rp-app .rp-board [data-space]", timeout=90_000)
    page.locator(".rp-seed input").fill(str(SEED))
    page.locator(".rp-seed input").press("Enter")
    page.locator(".rp-new-game").click()
    page.wait_for_selector(f".rp-status >> text=seed {SEED}", timeout=15_000)
    page.wait_for_function("() => document.querySelector('.rp-seat-0').dataset.space === 'D7'", timeout=15_000)
    page.screenshot(path=str(artifacts / "rumble_planet_start.png"), full_page=True)
    assert no_horizontal_overflow(page)

    page.locator(".rp-play").click()  # End the Preparation Phase
    page.wait_for_selector(".rp-turn >> text=action", timeout=15_000)
    tip = page.locator(f'.rp-board [data-space="{GOAL}"] title').text_content()
    assert "MP to get there" in tip and "expected Injuries" in tip
    page.locator(f'.rp-board [data-space="{GOAL}"]').click()
    page.wait_for_function(f"() => document.querySelector('.rp-seat-0').dataset.space === '{GOAL}'", timeout=15_000)
    page.locator(f'.rp-board [data-space="{TARGET}"]').click()  # choose the Hero there as the target
    page.wait_for_selector(".rp-status >> text=press Play to attack", timeout=15_000)
    # the chart drawn for this attack: its title names the target and some bar has a width (the chart before a target
    # is chosen says "No attack in range" and has no bars)
    page.wait_for_function("""() => {
        const chart = document.querySelector('.rp-chart svg');
        return chart && chart.getAttribute('aria-label').includes('Birdie')
            && [...chart.querySelectorAll('.svg-bar rect')].some(r => r.getBoundingClientRect().width > 0);
    }""", timeout=60_000)
    page.screenshot(path=str(artifacts / "rumble_planet_target.png"), full_page=True)
    title = page.locator(".rp-chart svg").get_attribute("aria-label")
    engine = replay()
    target_hp = engine.state.player(1).hp
    page.locator(".rp-play").click()
    page.wait_for_selector(".rp-status >> text=Played: Attack", timeout=15_000)
    page.wait_for_function(f"() => +document.querySelector('.rp-seat-1').dataset.hp === {target_hp}", timeout=15_000)
    assert seat(page, 0) == {"hp": engine.state.player(0).hp, "pp": engine.state.player(0).pp, "space": GOAL}
    assert seat(page, 1)["hp"] == target_hp and target_hp < 18
    assert title.endswith("on Birdie Blaster"), title
    page.screenshot(path=str(artifacts / "rumble_planet_attacked.png"), full_page=True)
    page.locator(".rp-boards").screenshot(path=str(artifacts / "rumble_planet_boards.png"))
    page.locator(".rp-pp-hp").screenshot(path=str(artifacts / "rumble_planet_track.png"))

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(800)
    page.screenshot(path=str(artifacts / "rumble_planet_phone.png"), full_page=True)
    assert no_horizontal_overflow(page)
    page.locator(".rp-side").screenshot(path=str(artifacts / "rumble_planet_phone_panel.png"))
    page.locator(".rp-boards").screenshot(path=str(artifacts / "rumble_planet_phone_boards.png"))
    widths = page.evaluate("() => ['.rp-side', '.rp-boards', '.rp-pp-hp', '.history-bar', '.rp-board', '.rp-chart']"
                           ".map(s => document.querySelector(s).getBoundingClientRect().right)")
    assert max(widths) <= 391, widths
    phone = page.evaluate(PHONE_LAYOUT)
    assert max(phone["rows"]) <= 1.5 * phone["rows"][0], f"a PP/HP track row wraps: row heights {phone['rows']}"
    page.locator(".history-bar .undo").click()  # back before the attack: the map labels the spaces still in reach
    page.wait_for_selector(".rp-board text.rp-cost", timeout=15_000)
    phone = page.evaluate(PHONE_LAYOUT)
    assert phone["cell"] >= 32 and phone["mp"] >= 9.5, f"board cells {phone['cell']:.1f} px, MP labels {phone['mp']:.1f} px"
    page.locator(".rp-board").screenshot(path=str(artifacts / "rumble_planet_phone_board.png"))


PHONE_LAYOUT = """() => {
  const box = e => e && e.getBoundingClientRect();
  const rows = [...document.querySelectorAll('.rp-pp-hp tr')].map(r => r.getBoundingClientRect().height);
  const svg = document.querySelector('.rp-board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const labels = [...svg.querySelectorAll('text.rp-cost')].filter(t => /^\\d+$/.test(t.textContent)).map(t => parseFloat(t.getAttribute('font-size')) * scale);
  return {rows,
          cell: document.querySelector('.rp-board [data-space="A1"]').getBoundingClientRect().width + 2 * scale,
          mp: labels.length ? Math.min(...labels) : 0};
}"""


def test_the_odds_lab_reads_as_prose_and_charts(page, voila_server, artifacts):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server}/voila/render/rumble_planet/odds.ipynb", timeout=90_000)
    page.wait_for_selector("text=Two attacks, in the best order", timeout=90_000)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length >= 2", timeout=30_000)
    titles = page.locator(".js-plotly-plot .gtitle").all_text_contents()
    assert any("coverage" in t for t in titles) and any("Chest Plate" in t for t in titles)
    text = page.locator("body").inner_text()
    assert "Knock-out chance with the best order" in text
    assert "<IPython" not in text and "object at 0x" not in text and "Traceback" not in text
    page.screenshot(path=str(artifacts / "rumble_planet_odds_lab.png"), full_page=True)
    for i, chart in enumerate(page.locator(".js-plotly-plot").all()[:2]):
        chart.screenshot(path=str(artifacts / f"rumble_planet_odds_chart_{i}.png"))
    page.locator("svg:has(text:has-text('Where Birdie Blaster can stand'))").screenshot(path=str(artifacts / "rumble_planet_odds_map.png"))
