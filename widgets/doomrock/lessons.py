"""Learn the rules of Assault on Doomrock: a battle round and a turn on the adventure map as the play dashboard
deals them on a seed, then every worked example of the rulebook, told as walkthrough scenes
(``widgets.walkthrough``). The chapters are built when the walkthrough is opened."""
from __future__ import annotations

from ..walkthrough import Walkthrough
from . import teaching
from .chapters import ROUND_SEED, map_chapter, round_chapter
from .examples import EXAMPLES


def walkthrough(seed: int = ROUND_SEED) -> Walkthrough:
    """The learn-the-rules walkthrough of Assault on Doomrock."""
    chapters = [round_chapter(seed), map_chapter()] + [make() for make in EXAMPLES]
    wt = Walkthrough(chapters, teaching.draw, teaching.describe, teaching.choices, teaching.odds,
                     parse=lambda text: text, title="Learn the rules: Assault on Doomrock",
                     typed_hint="or type a move, e.g. keep 6 6")
    wt.parse = lambda text: teaching.parse(wt.scene.state, text)  # a typed move is read at the scene shown
    return wt
