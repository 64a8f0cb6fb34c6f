"""The Proving Grounds walkthrough in a real Chromium, at a laptop's and a phone's size: it opens at its first
scene quickly, every step of every chapter is drawn (SVG, not text) and fits the screen, and a learner's
choice is answered (a legal one with the odds, a typed illegal one with the engine's reason)."""
from pathlib import Path

import pytest

from widgets.proving_grounds import lessons

from .conftest import open_walkthrough, outside, step_every_chapter, walk_to

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/walk-shots")
PAGE = "/voila/render/proving_grounds/learn_the_rules.ipynb"
SIZES = [(1366, 768), (390, 844)]


def assert_drawn(page, scene=None):
    """The scene is a drawing: the encounter board's enemy cards are SVG elements, on screen."""
    cards = page.locator(".wt-drawing svg.enemy-svg")
    assert cards.count() == 6
    assert cards.first.bounding_box()["width"] > 50
    assert page.locator(".wt-drawing pre, .wt-drawing code").count() == 0  # no monospace text


@pytest.mark.parametrize("width, height", SIZES)
def test_every_chapter_step_by_step(page, voila_server, requests_seen, width, height):
    SHOTS.mkdir(exist_ok=True)
    chapters = lessons.walkthrough().chapters
    open_walkthrough(page, f"{voila_server}{PAGE}", "svg.enemy-svg", width, height)
    walk_to(page, 0, 0, len(chapters[0].scenes), "Game Setup")

    step_every_chapter(page, chapters, SHOTS, width, assert_drawn, illegal=(1, "reroll 4", "4 is a single"))
    assert not outside(requests_seen)
