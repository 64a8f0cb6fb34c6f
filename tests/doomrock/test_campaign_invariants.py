"""Campaign properties: time never negative, markers conserved, HP in bounds; battles end right; save/load."""
from dataclasses import replace

import numpy as np
from hypothesis import given, strategies as st

from explorer.core import Session
from explorer.doomrock import Options, SetUpBattle
from explorer.doomrock import campaign as rules
from explorer.doomrock.campaign_state import PartyDamageTask, StartBattle
from explorer.doomrock.setup import expose_markers

from .helpers import DECK
from .test_battle_invariants import check as check_battle
from .test_campaign_examples import campaign


def check(c):
    assert c.time >= 0 and c.silver >= 0
    assert all(a.secrets >= 0 for a in c.board)
    total = sorted(expose_markers(c.options))
    if c.phase == "battle":
        b = c.battle
        if b.phase != "setup":
            check_battle(c, c.options)
    elif c.phase == "map":
        assert sorted(c.expose_pool + tuple(m for h in c.heroes for m in h.expose)) == total
        dividing = any(isinstance(t, PartyDamageTask) for t in c.pending)  # HP 0 is checked once it is divided
        for h in c.heroes:
            assert (0 if dividing else 1) <= h.hp <= h.max_hp or c.result is not None
    items = c.inventory + tuple(i for h in c.heroes for i in h.items) + c.common + c.epic + tuple(i for a in c.board for i in a.shop)
    assert len(items) == len(set(items))


@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_invariants_hold_through_random_campaigns(seed, players):
    s = Session("doomrock", Options(players=players, round_limit=5), DECK, seed=seed)
    rng = np.random.default_rng(seed)
    while not s.is_over():
        check(s.state)
        acts = s.legal_actions()
        s.play(acts[int(rng.integers(len(acts)))])
    check(s.state)


def test_winning_a_battle_restores_heroes_and_pays_rewards():
    s = campaign()
    c = replace(s.state, time=0)
    c, _ = rules.apply(c, StartBattle())
    spec = rules.chance(c, SetUpBattle())
    c, _ = rules.apply(c, SetUpBattle(), spec.sample(np.random.default_rng(0)))
    b = c.battle
    b = b.with_hero(0, hp=0, broken=0).with_hero(1, hp=2, broken=2, shields=1, heroism=1)
    b = replace(b, enemies=tuple(replace(e, hp=0) for e in b.enemies))
    silver, setting = c.silver, c.setting
    c = replace(c, battle=replace(b, result="victory"))
    c, events = rules.finish_battle(c)
    assert c.phase == "map" and c.battles_won == 1 and len(c.encounters) == 2
    assert [h.hp for h in c.heroes] == [1, 2]  # defeated restored to 1; broken HP discarded
    assert all(h.shields == h.heroism == 0 and not h.expose for h in c.heroes)
    assert c.silver == silver + 3 and c.setting != setting and c.time == DECK.card(c.setting).time
    assert sorted(c.expose_pool) == sorted(expose_markers(c.options))


def test_campaign_save_load_continue_equals_continuing():
    s = Session("doomrock", Options(players=3), DECK, seed=4)
    rng = np.random.default_rng(2)
    for _ in range(80):
        if s.is_over():
            break
        acts = s.legal_actions()
        s.play(acts[int(rng.integers(len(acts)))])
    loaded = Session.from_json(s.to_json())
    assert loaded.state == s.state
    for _ in range(60):
        if s.is_over():
            break
        acts = s.legal_actions()
        a = acts[int(rng.integers(len(acts)))]
        s.play(a)
        loaded.play(a)
    assert loaded.state == s.state


@given(seed=st.integers(0, 10_000), game=st.sampled_from(["doomrock", "doomrock-battle"]))
def test_the_log_reads_as_sentences(seed, game):
    s = Session(game, Options(players=3, round_limit=4), DECK, seed=seed)
    rng = np.random.default_rng(seed)
    while not s.is_over():
        acts = s.legal_actions()
        s.play(acts[int(rng.integers(len(acts)))])
    for e in s.events:
        assert e.text and e.text[0].isupper() and e.text.rstrip()[-1] in ".!", e.text
        assert not any(bad in e.text for bad in ("None", "=", "[", "EffectRef", "_")), e.text
        assert e.section
