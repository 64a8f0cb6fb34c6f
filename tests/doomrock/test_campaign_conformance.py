"""Whole campaigns to the end: random legal play for 2-4 heroes and every option set."""
import pytest

from explorer.core import Session
from explorer.doomrock import Options
from explorer.doomrock.campaign import score

from .helpers import DECK, play_random

VARIANTS = [{}, {"quick_play": True}, {"heavy_planning": True, "players": 3},
            {"map_shields": False, "formation": "together", "early_final_battle": True}, {"map_action_limit": 5},
            {"heroes": ("rogue", "paladin")}]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_campaigns_end_with_a_result(players):
    for seed in range(3):
        s = Session("doomrock", Options(players=players), DECK, seed=seed)
        assert play_random(s, seed) in ("victory", "defeat")
        assert score(s.state) >= 0


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_option_sets_play_to_the_end(variant):
    for seed in range(2):
        s = Session("doomrock", Options(**VARIANTS[variant]), DECK, seed=seed)
        assert play_random(s, seed) in ("victory", "defeat")
