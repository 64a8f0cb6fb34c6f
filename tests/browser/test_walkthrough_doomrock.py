"""The Assault on Doomrock walkthrough in a real Chromium, at a laptop's and a phone's size: every step of every
chapter is drawn (the dashboard's SVG dice and tokens, not text) and fits the screen, and a learner's choice is
answered (a legal one with the odds where they exist, a typed illegal one with the engine's reason)."""
from pathlib import Path

import pytest

from widgets.doomrock import lessons, teaching
from widgets.walkthrough import trial_session

from .conftest import open_walkthrough, outside, step_every_chapter, walk_to

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
    open_walkthrough(page, f"{voila_server}{PAGE}", "svg", width, height)
    walk_to(page, 0, 0, len(chapters[0].scenes), chapters[0].scenes[0].title)
    third_six = (lambda c, scene, first: scene.decision.prompt.startswith(TYPED_AT))
    step_every_chapter(page, chapters, SHOTS, width, lambda page, scene: assert_drawn(page),
                       illegal=(third_six, "place 6 on poisonous stab", "Poisonous stab is full"),
                       odds=lambda c, scene: bool(teaching.odds(trial_session(scene))))
    assert not outside(requests_seen)
