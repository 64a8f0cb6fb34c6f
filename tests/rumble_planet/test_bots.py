"""The greedy bot makes progress: it picks up what lies in its own space and does not head for what it cannot reach."""
from dataclasses import replace

import numpy as np

from explorer.lab.run import block_seed
from explorer.rumble_planet import GreedyBot, Options, StartMovement, rules, sample_content
from explorer.rumble_planet.bots import reachable_loot
from explorer.rumble_planet.sim.games import children_of, play_game

from .helpers import at, phase, started


def bot():
    return GreedyBot(np.random.Generator(np.random.PCG64(0)))


def test_a_hero_on_the_golden_lootbox_starts_its_movement_step_to_pick_it_up():
    # "If you start your movement step in a space with a Lootbox token ..., pick it up." (Picking up lootboxes);
    # the golden Lootbox is a Lootbox token too: a bot that waits beside it never opens it.
    s = phase(at(started(), p0="C2", p1="H8"), "action", movement="ready", attack="ready")
    s = replace(s, golden="C2", lootboxes=())
    assert bot().choose(s, rules.legal_actions(s)) == StartMovement()


def test_a_lootbox_under_a_blocking_tile_is_no_goal():
    # "A character ... cannot occupy the same space as a blocking tile." (Blocking Tiles)
    s = replace(started(), lootboxes=("C9", "B6"), golden=None, tiles=(("C9", "energy_wall"),))
    assert reachable_loot(s) == ["B6"]


def test_the_greedy_game_that_stalled_in_the_lab_now_ends():
    # lab.compare("rumble-planet", {"A": {}, "B": {"max_hp": 12}}, games=200, seed=1): block 16, game 1 stood still
    # for ever (a hero beside a lootbox under an Energy Wall, the other on the golden Lootbox, both ending turns).
    seed = children_of(block_seed(1, 16), 4)[1]
    r = play_game(["greedy", "greedy"], Options(max_hp=12), sample_content(), seed, max_steps=5_000)
    assert not r.capped and max(r.pp_by_round[-1]) >= 18
