"""The Proving Grounds dashboard in a real Chromium: a whole round by clicking, checked against the engine."""
import pytest

from explorer.core import Session
from explorer.proving_grounds import Options, Reroll, Roll, SetUp, Stop

pytestmark = pytest.mark.browser

SEED = 3


def faces_in_tray(page):
    return sorted(int(f) for f in page.locator(".dice-tray .rx-die").evaluate_all("els => els.map(e => e.dataset.face)"))


def markers_on_board(page):
    return page.locator(".enemy-card").evaluate_all("els => els.map(e => e.dataset.marker || null)")


def wait_for_faces(page, expected):
    page.wait_for_function(
        "expected => JSON.stringify([...document.querySelectorAll('.dice-tray .rx-die')].map(e => +e.dataset.face).sort()) === JSON.stringify(expected)",
        arg=expected, timeout=15_000)


def test_a_round_by_clicking(page, voila_server, artifacts):
    page.goto(f"{voila_server}/voila/render/proving_grounds/play.ipynb", timeout=90_000)
    page.wait_for_selector(".proving-grounds-app .action-roll", timeout=90_000)
    page.get_by_role("button", name="Study").click()
    page.locator(".seed input").fill(str(SEED))
    page.locator(".seed input").press("Enter")
    page.locator(".new-game").click()
    page.wait_for_selector(".status >> text=seed 3")

    engine = Session("proving-grounds", Options(timer_rerolls=10), seed=SEED)
    engine.play(SetUp())
    engine.play(Roll())
    page.locator(".action-roll").click()
    expected = sorted(f for _, f in engine.state.rolled)
    wait_for_faces(page, expected)
    assert len(expected) == 8

    page.locator(".odds-toggle").click()
    choices = [a for a in engine.legal_actions() if not (isinstance(a, Reroll) and a.dragonling)]
    page.wait_for_function("document.querySelector('.odds-chart .gtitle')?.textContent.includes('rerolls left')", timeout=30_000)
    page.wait_for_function(  # one drawn bar (non-zero size) per choice
        """n => [...document.querySelectorAll('.odds-chart .trace.bars .point path')]
                 .filter(p => p.getBBox().width > 0).length === n""", arg=len(choices), timeout=30_000)

    face = min(a.face for a in engine.legal_actions() if isinstance(a, Reroll))
    before = markers_on_board(page)
    page.locator(f".dice-tray .reroll-{face}").click()
    engine.play(Reroll(face))
    wait_for_faces(page, sorted(f for _, f in engine.state.rolled))

    page.locator(".action-stop").click()
    engine.play(Stop())
    while engine.state.phase != "roll" and not engine.is_over():  # decisions after the attacks: take the first offered
        page.wait_for_function(f"document.querySelectorAll('.actions button').length === {len(engine.legal_actions())}", timeout=15_000)
        page.locator(".actions button").first.click()
        engine.play(engine.legal_actions()[0])
        page.wait_for_timeout(300)
    page.wait_for_selector(".action-roll", timeout=15_000)
    expected_markers = [str(engine.state.slot(n).marker) if engine.state.slot(n) else None for n in range(1, 7)]
    page.wait_for_function(
        "expected => JSON.stringify([...document.querySelectorAll('.enemy-card')].map(e => e.dataset.marker || null)) === JSON.stringify(expected)",
        arg=expected_markers, timeout=15_000)
    after = markers_on_board(page)
    assert after == expected_markers
    assert after != before or engine.state.defeated  # the round moved the tracks
    log = page.locator(".event-log").text_content()
    assert "Step 2: Resolve Attacks, A) Move Battle Markers" in log and "Step 3: Recover" in log
    page.screenshot(path=str(artifacts / "proving_grounds_round.png"), full_page=True)
