"""The Rumble Planet walkthrough in a real Chromium, at a laptop's and a phone's size: it opens at its first
scene quickly, every step of every chapter is drawn (SVG, not text) and fits the screen, and a learner's
choice is answered (a legal one with the odds, a typed illegal one with the engine's reason)."""
import time
from pathlib import Path

import pytest

from widgets.rumble_planet import lessons

from .conftest import assert_fits, outside, walk_to

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/walk-shots-rumble_planet")
PAGE = "/voila/render/rumble_planet/learn_the_rules.ipynb"
SIZES = [(1366, 768), (390, 844)]


def assert_drawn(page):
    """The scene is a drawing: the Green is one SVG with its 100 spaces, on screen and wide enough to read."""
    green = page.locator(".wt-drawing .rp-board-svg svg")
    assert green.count() == 1
    assert green.locator("rect.rp-cell[data-space]").count() == 100
    box = green.bounding_box()
    assert box["width"] > 250 and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1
    assert page.locator(".wt-drawing pre, .wt-drawing code").count() == 0  # no monospace text


@pytest.mark.parametrize("width, height", SIZES)
def test_every_chapter_step_by_step(page, voila_server, requests_seen, width, height):
    SHOTS.mkdir(exist_ok=True)
    chapters = lessons.walkthrough().chapters
    page.set_viewport_size({"width": width, "height": height})
    t = time.perf_counter()
    page.goto(f"{voila_server}{PAGE}", timeout=90_000)
    page.wait_for_selector(".rx-walk .wt-drawing .rp-board-svg svg", timeout=90_000)
    opened = time.perf_counter() - t
    # from the page's first byte (the notebook's kernel is running by then) to the first scene drawn
    first_scene = page.evaluate("() => performance.now() - performance.timing.responseStart + performance.timing.navigationStart")
    shown = page.evaluate("() => performance.now() - performance.timing.domContentLoadedEventEnd + performance.timing.navigationStart")
    print(f"{width}x{height}: first scene {opened:.2f} s after the request, {first_scene / 1000:.2f} s after the page's "
          f"first byte, {shown / 1000:.2f} s after the page was shown")
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
            if scene.decision and not asked:
                asked = True
                if c == 1:  # a typed illegal move is refused with the engine's reason
                    page.locator(".wt-typed input").fill("walk A1")
                    page.locator(".wt-try").click()
                    page.wait_for_selector(".wt-answer-html >> text=Not allowed: A1 is out of reach", timeout=15_000)
                visible = page.locator(".wt-choice:visible")
                visible.first.wait_for(timeout=15_000)
                assert visible.count() >= 2
                visible.last.click()
                page.wait_for_selector(".wt-answer-html .wt-answer", timeout=60_000)
                answer = page.locator(".wt-answer-html").inner_text()
                assert "You chose:" in answer
                if c == 1:  # the round's walk: the odds of every destination (the shop's choices are certain)
                    assert "Each choice, exactly:" in answer
                assert_fits(page)
                shot = True
            if shot:
                name = f"{width}-ch{c + 1:02d}-step{s + 1:02d}"
                page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)  # the top: text and choices
                page.locator(".wt-drawing").screenshot(path=str(SHOTS / f"{name}-table.png"))  # the drawn table
            if s < len(chapter.scenes) - 1:
                page.locator(".wt-next").click()
        assert page.locator(".wt-handoff-html").inner_text().startswith("Try a whole round yourself")
    assert not outside(requests_seen)
