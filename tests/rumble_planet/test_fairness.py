"""The sample heroes are fair: with equal bots no Hero wins most 2-player games (the odds notebook has the study)."""
from concurrent.futures import ProcessPoolExecutor

import pytest

from explorer.rumble_planet import sample_content
from explorer.rumble_planet.sim import simulate

#: Heroic Object levels as (Damage, Range, effect) after the fairness study. Before it, Birdie Blaster's Tee Cannon
#: (Range 3, then Damage 3 Range 4 with +1 Damage) outranged every Hero and won 93 of 100 random games, and Caddie
#: Kong's Bag of Clubs (Range 1 at both levels; a Ring adds nobody in a 2-player game) won 1 of 100.
TUNED = {
    "H1": ((2, 2, None), (3, 3, "squirrel")),
    "H2": ((1, 2, None), (3, 3, "power_shot")),
    "H3": ((3, 2, None), (4, 3, "ring")),
    "H4": ((2, 2, None), (3, 2, "long_barrel")),
}


def test_the_heroic_objects_have_the_values_the_study_measured():
    heroes = {h.id: h for h in sample_content().heroes}
    seen = {h: tuple((lv.damage, lv.range, lv.effect and lv.effect.name) for lv in heroes[h].levels)
            for h in heroes}
    assert seen == TUNED


@pytest.mark.slow
def test_random_games_give_no_hero_a_runaway_share():
    """60 seeded random-bot games (each Hero plays 30): every Hero wins between a quarter and three quarters of
    its games. The first sample deck fails it by far: these games gave Caddie Kong 0% and Birdie Blaster 80%."""
    with ProcessPoolExecutor(2) as pool:
        result = simulate(["random", "random"], 60, seed=5, executor=pool)
    assert result.step_cap_hits == 0
    shares = {h: rate for h, (rate, _, games) in result.win_rate_by_hero.items()}
    assert all(0.25 <= s <= 0.75 for s in shares.values()), shares
