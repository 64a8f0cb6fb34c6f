"""Referee checks: rulebook sentences the engine must follow, each a scenario on the sample deck."""
from dataclasses import replace

import numpy as np

from explorer.core import Session
from explorer.doomrock import EndRound, Options, SetUpBattle
from explorer.doomrock import battle as rules

from .helpers import DECK


def started(players=2, **opts) -> Session:
    s = Session("doomrock-battle", Options(players=players, **opts), DECK, seed=3)
    s.play(SetUpBattle())
    return s


def test_armour_reduction_ends_with_the_round():
    """End of Round: "With the exception of abilities with locked dice, no ability and item effects carry over
    to the next round." An ability's armour reduction lasts for the round only."""
    s = started()
    b = replace(s.state.battle, phase="actions").with_enemy("E1", armour=2, armour_down=1)
    b, _ = rules.apply(b, DECK, s.options, EndRound())
    assert b.enemy("E1").armour_down == 0


def _campaign_battle_won(final: bool):
    from explorer.doomrock import campaign as camp
    from explorer.doomrock.campaign_state import SetUp, StartBattle
    s = Session("doomrock", Options(players=2, heroes=("rogue", "paladin")), DECK, seed=7)
    s.play(SetUp())
    c = replace(s.state, time=0, doomrock_revealed=True)
    if final:
        c = replace(c, encounters=c.encounters[-1:])
    c, _ = camp.apply(c, StartBattle())
    spec = camp.chance(c, SetUpBattle())
    c, _ = camp.apply(c, SetUpBattle(), spec.sample(np.random.default_rng(0)))
    b = c.battle
    b = replace(b, enemies=tuple(replace(e, hp=0) for e in b.enemies), result="victory")
    return camp, replace(c, battle=b)


def test_the_final_battle_also_pays_the_battle_rewards():
    """End of Round: "Afterwards, the party receives battle rewards as listed on the setting card. If the battle
    was the final battle, heroes win the game." The rewards come first, then the win (and the score counts them)."""
    camp, c = _campaign_battle_won(final=True)
    silver = c.silver
    rewards = dict((e.name, e.param("amount")) for e in DECK.card(c.setting).rewards if e.name == "SILVER")
    c, events = camp.finish_battle(c)
    assert c.result == "victory"
    assert c.silver == silver + rewards["SILVER"]
