"""The Proving Grounds dashboard in a real Chromium: a whole round by clicking, checked against the engine."""
import time

import pytest

from explorer.core import Session
from explorer.proving_grounds import Options, Reroll, Roll, SetUp, Stop

from .conftest import assert_fits, outside

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


def bars_shown(page, n):
    page.wait_for_function(  # one drawn bar per choice, in the chart on screen
        """n => { const c = document.querySelector('.odds-chart');
                  return c && c.offsetParent !== null && c.querySelectorAll('.svg-bar').length === n; }""",
        arg=n, timeout=30_000)


def test_a_round_by_clicking(page, voila_server, artifacts, requests_seen):
    page.set_viewport_size({"width": 1366, "height": 768})
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
    page.wait_for_function("document.querySelector('.odds-chart svg')?.textContent.includes('rerolls left')", timeout=30_000)
    bars_shown(page, len(choices))
    page.wait_for_selector(".hit-odds", timeout=30_000)  # each enemy's chance to be hit, on its card
    assert_fits(page)
    page.screenshot(path=str(artifacts / "proving_grounds_1366_rolling.png"), full_page=True)

    face = min(a.face for a in engine.legal_actions() if isinstance(a, Reroll))
    before = markers_on_board(page)
    t = time.perf_counter()
    page.locator(f".dice-tray .reroll-{face}").click()
    engine.play(Reroll(face))
    wait_for_faces(page, sorted(f for _, f in engine.state.rolled))
    if engine.state.phase == "rolling":
        n = len([a for a in engine.legal_actions() if not (isinstance(a, Reroll) and a.dragonling)])
        page.wait_for_function("document.querySelector('.odds-chart svg')?.textContent.includes('9 rerolls left')",
                               timeout=30_000)
        bars_shown(page, n)
        print(f"chart after a reroll: {time.perf_counter() - t:.3f} s (click to chart, measured by the test)")

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
    log_rows = page.locator(".event-log tr").all_inner_texts()
    assert "Step 3: Recover" in log_rows[0] or "Recover" in " ".join(log_rows[:4])  # newest first
    assert_fits(page)
    page.set_viewport_size({"width": 1366, "height": 1700})  # the dashboard scrolls inside the page: show it all
    page.screenshot(path=str(artifacts / "proving_grounds_1366_round.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the columns stack, nothing runs off
    page.wait_for_timeout(300)
    assert_fits(page)
    page.screenshot(path=str(artifacts / "proving_grounds_390.png"), full_page=True)
    assert not outside(requests_seen), outside(requests_seen)


def upload(page, path) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator(".file-picker button").click()
    chooser.value.set_files(str(path))


def test_uploads_over_the_cap_or_of_another_game_say_so(page, voila_server, tmp_path):
    """Files travel over the websocket (limit raised in voila.json): a 12 MB file reaches the kernel and is refused."""
    import json

    from explorer.barbearian import SetUp as BBSetUp

    page.goto(f"{voila_server}/voila/render/proving_grounds/play.ipynb", timeout=90_000)
    page.wait_for_selector(".proving-grounds-app .action-roll", timeout=90_000)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (12 * 2**20))  # over Tornado's default 10 MB websocket message limit
    upload(page, big)
    page.wait_for_selector(".file-message >> text=over 5 MB are refused", timeout=60_000)
    bears = Session("barbearian", seed=1)
    bears.play(BBSetUp())
    other = tmp_path / "bears.json"
    other.write_text(json.dumps(bears.to_json()))
    upload(page, other)
    page.wait_for_selector(".file-message >> text=open it in the BarBEARian dashboard", timeout=30_000)
    page.locator(".action-roll").click()  # the app still plays
    page.wait_for_selector(".dice-tray .rx-die", timeout=15_000)
