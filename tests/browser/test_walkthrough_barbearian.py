"""The BarBEARian Battlegrounds walkthrough in a real Chromium, at a laptop's and a phone's size: every step of
every chapter is drawn (every village as SVG, not text) and fits the screen, and a learner's choice is answered
(a legal one with the exact odds, a typed illegal one with the engine's reason)."""
from pathlib import Path

import pytest

from widgets.barbearian import lessons

from .conftest import open_walkthrough, outside, step_every_chapter, walk_to

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/walk-shots-barbearian")
PAGE = "/voila/render/barbearian/learn_the_rules.ipynb"
SIZES = [(1366, 768), (390, 844)]


def assert_drawn(page, scene):
    """The scene is a drawing: every clan's village is an SVG element, on screen."""
    villages = page.locator(".wt-drawing svg.village-svg")
    assert villages.count() == scene.state.n
    assert villages.first.bounding_box()["width"] > 200
    assert page.locator(".wt-drawing pre, .wt-drawing code").count() == 0  # no monospace text


@pytest.mark.parametrize("width, height", SIZES)
def test_every_chapter_step_by_step(page, voila_server, requests_seen, width, height):
    SHOTS.mkdir(exist_ok=True)
    chapters = lessons.walkthrough().chapters
    open_walkthrough(page, f"{voila_server}{PAGE}", "svg.village-svg", width, height)
    walk_to(page, 0, 0, len(chapters[0].scenes), "Setup")

    step_every_chapter(page, chapters, SHOTS, width, assert_drawn, illegal=(1, "4 farm", "a 4 cannot go on the Farm"))
    assert not outside(requests_seen)
