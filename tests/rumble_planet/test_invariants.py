"""Properties over random legal play: tracks in bounds, tokens conserved with the bank, cards in one place."""
from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from explorer.core import Session
from explorer.rumble_planet import Options, rules
from explorer.rumble_planet.bots import GreedyBot, RandomBot
from explorer.rumble_planet.health import BLOCKING

from .helpers import CONTENT


def check(state, opts):
    credits = state.bank_credits + sum(p.credits for p in state.players)
    assert credits == opts.bank_credits
    boosts = state.bank_boosts + sum(p.boosts + sum(g.boosts for g in p.track if g) for p in state.players)
    assert boosts == opts.bank_boosts
    for p in state.players:
        assert 0 <= p.hp <= opts.max_hp and p.pp >= 0 and 0 <= p.feat_tokens <= 5
        assert not p.knocked_out or p.space is None
    cards = list(state.weapon_shop + state.weapon_discard + state.armor_shop + state.armor_discard)
    for p in state.players:
        cards += list(p.hand) + [c for g in p.track if g for c in g.cards]
    assert Counter(cards) == Counter(c.id for c in CONTENT.weapons + CONTENT.armor)
    loot = state.loot_deck + state.loot_discard
    assert sorted(loot) == sorted(c.id for c in CONTENT.loot)
    gps = state.gps_deck + state.gps_discard + ((state.gps_top,) if state.gps_top else ())
    assert sorted(gps) == sorted(c.id for c in CONTENT.gps)
    spaces = [p.space for p in state.players if p.space]
    blockers = [s for s, t in state.tiles if t in BLOCKING]
    assert len(set(spaces + blockers)) == len(spaces + blockers)  # two blocking elements never share a space
    assert len({s for s, _ in state.tiles}) == len(state.tiles)  # one tile a space
    for kind, count in opts.tile_supply:
        assert sum(t == kind for _, t in state.tiles) <= count
    held = sum(p.lootboxes for p in state.players)
    assert len(state.lootboxes) + held + state.turn.to_drop == 10
    assert (state.golden is not None) + sum(p.golden for p in state.players) + state.turn.golden_drop == 1


@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]), side=st.sampled_from(["A", "B"]),
       greedy=st.lists(st.booleans(), min_size=4, max_size=4), scarce=st.booleans())
def test_invariants_hold_through_random_play(seed, players, side, greedy, scarce):
    supply = {"turret": 1, "oil_slick": 1, "energy_wall": 1} if scarce else {}
    opts = Options(players=players, side=side, round_limit=6, tile_supply=supply,
                   bank_credits=40 if scarce else 120, bank_boosts=5 if scarce else 40)
    s = Session("rumble-planet", opts, CONTENT, seed=seed)
    bots = [(GreedyBot if greedy[k] else RandomBot)(np.random.default_rng(seed + k)) for k in range(players)]
    while not s.is_over():
        check(s.state, opts)
        s.play(bots[rules.current_player(s.state)].choose(s.state))
    check(s.state, opts)
