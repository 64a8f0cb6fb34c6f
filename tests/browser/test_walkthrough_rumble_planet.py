"""The Rumble Planet walkthrough in a real Chromium, at a laptop's and a phone's size: it opens at its first
scene quickly, every step of every chapter is drawn (SVG, not text) and fits the screen, and a learner's
choice is answered (a legal one with the odds, a typed illegal one with the engine's reason)."""
from pathlib import Path

import pytest

from widgets.rumble_planet import lessons

from .conftest import open_walkthrough, outside, step_every_chapter, walk_to

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
    open_walkthrough(page, f"{voila_server}{PAGE}", ".rp-board-svg svg", width, height)
    walk_to(page, 0, 0, len(chapters[0].scenes), chapters[0].scenes[0].title)
    # the round's walk has the odds of every destination; the shop's choices are certain
    step_every_chapter(page, chapters, SHOTS, width, lambda page, scene: assert_drawn(page),
                       illegal=(1, "walk A1", "A1 is out of reach"), odds=lambda c, scene: c == 1)
    assert not outside(requests_seen)
