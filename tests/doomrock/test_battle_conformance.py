"""Whole standalone battles to the end: random legal play for 2-4 heroes, every encounter and option set."""
import pytest

from explorer.core import Session
from explorer.doomrock import Options

from .helpers import DECK, play_random

ENCOUNTERS = [e.id for e in DECK.encounters]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("encounter", ENCOUNTERS)
def test_random_battles_end_with_a_result(players, encounter):
    for seed in range(2):
        s = Session("doomrock-battle", Options(players=players, encounter=encounter), DECK, seed=seed)
        assert play_random(s, seed) in ("victory", "defeat")


@pytest.mark.parametrize("variant", [
    {"formation": "together", "heavy_planning": True, "assign_if_able": True},
    {"expose_blank": 0, "expose_plus1": 2, "expose_push": 1, "expose_cumulation": 1},
    {"expose_blank": 1, "expose_plus1": 2, "expose_push": 1, "expose_cumulation": 2, "cumulation_flip": "under"},
    {"round_limit": 2, "items": ("war_axe", "healing_draught", "sling", "amulet_of_wards", "flame_sword")},
    {"heroes": ("wizard", "cleric", "ranger"), "players": 3, "minion_tokens": 3, "enraged_bonus": 0},
])
def test_option_sets_play_to_the_end(variant):
    for seed in range(2):
        s = Session("doomrock-battle", Options(**variant), DECK, seed=seed)
        assert play_random(s, seed) in ("victory", "defeat")
