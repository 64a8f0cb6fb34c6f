"""The Assault on Doomrock walkthrough in a real Chromium, at a laptop's and a phone's size: every step of every
chapter is drawn (the dashboard's SVG dice and tokens, not text) and fits the screen, and a learner's choice is
answered (a legal one with the odds where they exist, a typed illegal one with the engine's reason)."""
import time
from pathlib import Path

import pytest

from widgets.doomrock import lessons, teaching
from widgets.walkthrough import trial_session

from .conftest import assert_fits, outside, walk_to

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/walk-shots-doomrock")
PAGE = "/voila/render/doomrock/learn_the_rules.ipynb"
SIZES = [(1366, 768), (390, 844)]
TYPED_AT = "What does the rogue do with his third 6"


def assert_drawn(page):
    """The scene is a drawing: dice and marker tokens are SVG elements, on screen; no monospace text."""
    marks = page.locator(".wt-drawing .dr-token svg, .wt-drawing svg.dr-die")
    assert marks.count() >= 3
    assert marks.first.bounding_box()["width"] >= 16
    assert page.locator(".wt-drawing pre, .wt-drawing code").count() == 0


@pytest.mark.parametrize("width, height", SIZES)
def test_every_chapter_step_by_step(page, voila_server, requests_seen, width, height):
    SHOTS.mkdir(exist_ok=True)
    chapters = lessons.walkthrough().chapters
    page.set_viewport_size({"width": width, "height": height})
    t = time.perf_counter()
    page.goto(f"{voila_server}{PAGE}", timeout=90_000)
    page.wait_for_selector(".rx-walk .wt-drawing svg", timeout=90_000)
    print(f"{width}x{height}: first scene {time.perf_counter() - t:.2f} s after the request")
    walk_to(page, 0, 0, len(chapters[0].scenes), chapters[0].scenes[0].title)

    for c, chapter in enumerate(chapters):
        if c:
            page.locator(".wt-menu select").select_option(index=c)
        asked = False
        for s, scene in enumerate(chapter.scenes):
            walk_to(page, c, s, len(chapter.scenes), scene.title)
            assert_drawn(page)
            assert_fits(page)
            shot = s == 0 or s == len(chapter.scenes) - 1
            if scene.decision and scene.decision.prompt.startswith(TYPED_AT):
                page.locator(".wt-typed input").fill("place 6 on poisonous stab")
                page.locator(".wt-try").click()
                page.wait_for_selector(".wt-answer-html >> text=Not allowed:", timeout=15_000)
                assert "charge" in page.locator(".wt-answer-html").inner_text()
                shot = True
            elif scene.decision and not asked:
                asked = True
                visible = page.locator(".wt-choice:visible")
                visible.first.wait_for(timeout=15_000)
                assert visible.count() >= 2
                visible.last.click()
                page.wait_for_selector(".wt-answer-html .wt-answer", timeout=60_000)
                answer = page.locator(".wt-answer-html").inner_text()
                assert "You chose:" in answer
                if teaching.odds(trial_session(scene)):
                    assert "Each choice, exactly:" in answer
                assert_fits(page)
                shot = True
            if shot:
                name = f"{width}-ch{c + 1:02d}-step{s + 1:02d}"
                page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
                page.locator(".wt-drawing").screenshot(path=str(SHOTS / f"{name}-table.png"))
            if s < len(chapter.scenes) - 1:
                page.locator(".wt-next").click()
        assert page.locator(".wt-handoff-html").inner_text().startswith("Try a whole round yourself")
    assert not outside(requests_seen)
