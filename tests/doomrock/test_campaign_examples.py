"""Assault on Doomrock's adventuring examples (LOOT!, TEST, Venture forth) and campaign rules."""
from dataclasses import replace

import pytest

from explorer.core import IllegalAction, Session
from explorer.doomrock import Options
from explorer.doomrock import campaign as rules
from explorer.doomrock.campaign_state import (
    Buy, CampTask, Choose, Equip, KeepAbility, LeaveShop, LevelUp, RollLoot, Sell, SetUp, ShopTask, StartBattle,
    TestStat, Travel, VentureForth,
)
from explorer.doomrock.cards import Loot, Test

from .helpers import DECK


def campaign(players=2, heroes=("rogue", "paladin"), **overrides) -> Session:
    s = Session("doomrock", Options(players=players, heroes=heroes), DECK, seed=7)
    spec = s.game.chance(s.state, SetUp())
    outcome = {name: list(part.cards) for name, part in spec.parts}
    outcome["traits"] = ["brave", "tough", "quick", "clever", "strong", "sneaky", "pious", "nimble"]
    outcome.update(overrides)
    s.play(SetUp(), outcome=outcome)
    return s


def with_pending(c, *steps):
    return replace(c, pending=tuple(steps))


def test_setup_follows_the_rulebook():
    c = campaign(players=3, heroes=("rogue", "paladin", "wizard")).state
    assert c.silver == 4 and len(c.board) == 3 and len(c.area_deck) == 7
    assert DECK.card(c.area_deck[-1]).type == "doomrock"
    assert {DECK.card(a.id).type for a in c.board} == {"wilderness", "mountain", "town"}
    assert DECK.card(c.area.id).type == "town"
    assert [DECK.card(e).tier for e in c.encounters] == [1, 2, 3]
    assert c.time == DECK.card(c.setting).time
    for h in c.heroes:
        assert len(h.abilities) == 4 and h.hp == DECK.card(h.id).hp
    town = c.area
    assert len(town.shop) == 3  # 2 common + 1 epic drawn when the SHOP area is revealed


def test_loot_example_with_minus_two():
    """LOOT! example: two LOOT! -2 checks; a 6 gives 4 (a common item), a 1 gives -1 (the lowest reward)."""
    c = with_pending(campaign().state, Loot(-2), Loot(-2))
    items = len(c.inventory)
    c, events = rules.apply(c, RollLoot(), [6])
    assert len(c.inventory) == items + 1 and DECK.card(c.inventory[-1]).rarity == "common"
    assert "result 4" in events[0].text
    silver = c.silver
    c, events = rules.apply(c, RollLoot(), [1])
    assert len(c.inventory) == items + 1 and c.silver == silver and "result -1" in events[0].text


def test_test_agi_4_example():
    """TEST example: the rogue has 2 agility, rolls 3: 5 is at least 4, passed."""
    c = campaign().state
    assert rules.stat(c, 0, "agi") == 2
    c = with_pending(c, Test((("agi", 4),), passed=(DECK.card("W3").steps[0].passed), failed=()))
    silver = c.silver
    assert rules.legal_actions(c) == [TestStat(0, "agi"), TestStat(1, "agi")]
    c, events = rules.apply(c, TestStat(0, "agi"), [3])
    assert "rolls 3, plus 2 makes 5: passed" in events[0].text and c.silver == silver + 2


def test_venture_forth_example():
    s = campaign(revealed=["mountain", "wilderness", "town"],
                 wilderness=["misty_moor", "old_road", "thick_forest"],
                 mountain=["cursed_swamp", "eagle_peaks", "abandoned_mine"],
                 unexplored=["mountain0", "wilderness0", "town0", "mountain1", "wilderness1", "town1"],
                 **{"events:mountain": ["M1", "M7", "M2", "M3", "M4", "M5", "M6"]})
    assert [a.id for a in s.state.board] == ["abandoned_mine", "thick_forest", s.state.board[2].id]
    s.play(Travel(1))
    hp = [h.hp for h in s.state.heroes]
    s.play(VentureForth())
    c = s.state
    assert [a.id for a in c.board][1:] == [c.board[1].id, "cursed_swamp"] and c.board[0].id == "thick_forest"
    assert c.position == 2 and c.area.secrets == 3 and c.time == DECK.card(c.setting).time - 2
    assert [h.hp for h in c.heroes] == [x - 1 for x in hp]  # the peril deals each hero 1 damage
    assert s.legal_actions() == [Choose(0), Choose(1)]  # a free CAMP or a LOOT!
    texts = [e.text for e in s.steps[-1].events]
    assert texts.index("Abandoned mine is left behind and leaves play.") < texts.index("Peril: Rockslide.") < texts.index("Event: Mountain shelter.")


def test_level_up_costs_one_silver_per_ability_and_keeps_heroes_level():
    c = replace(with_pending(campaign().state, CampTask()), silver=9)
    c, _ = rules.apply(c, LevelUp(0))
    assert c.silver == 5 and len(c.pending[0].cards) == 3
    kept = c.pending[0].cards[0]
    spec = rules.chance(c, KeepAbility(kept))
    c, _ = rules.apply(c, KeepAbility(kept), list(spec.cards))
    assert c.heroes[0].abilities[-1] == kept and len(c.heroes[0].abilities) == 5
    # The rogue may not have two cards more than the paladin.
    assert LevelUp(0) not in rules.legal_actions(c) and LevelUp(1) in rules.legal_actions(c)


def test_shop_buy_sell_and_equip_rules():
    c = replace(with_pending(campaign().state, ShopTask()), silver=20)
    stock = c.area.shop
    c, _ = rules.apply(c, Buy(stock[0]))
    c, _ = rules.apply(c, Buy(stock[1]))
    commons = sorted(i for i in c.inventory if DECK.card(i).rarity == "common")
    c, _ = rules.apply(c, Sell(tuple(commons[:2])))
    assert c.silver == 20 - DECK.card(stock[0]).price - DECK.card(stock[1]).price + 1
    c, _ = rules.apply(c, LeaveShop())
    c = replace(c, inventory=("war_axe", "elven_bow", "leather_armour", "plate_mail"))
    acts = rules.legal_actions(c)
    assert Equip(0, "war_axe") not in acts and Equip(1, "war_axe") in acts  # STR 2 needed: the rogue has 0
    assert Equip(0, "elven_bow") in acts and Equip(1, "elven_bow") not in acts  # AGI 2: the rogue has 2
    assert Equip(0, "leather_armour") in acts and Equip(1, "plate_mail") in acts
    c2, _ = rules.apply(c, Equip(1, "war_axe"))
    assert Equip(1, "elven_bow") not in rules.legal_actions(c2)  # two-handed weapons fill both hands
    c, _ = rules.apply(c, Equip(0, "leather_armour"))
    assert c.heroes[0].items == ("leather_armour",)


def test_out_of_time_only_free_actions_then_battle():
    c = replace(campaign().state, time=0)
    acts = rules.legal_actions(c)
    assert StartBattle() in acts and not any(isinstance(a, (Travel, VentureForth)) for a in acts)
    c, _ = rules.apply(c, StartBattle())
    assert c.phase == "battle" and c.battle.encounter == c.encounters[0]


def test_final_battle_without_doomrock_is_lost():
    c = replace(campaign().state, time=0)
    c = replace(c, encounters=c.encounters[-1:])
    c, events = rules.apply(c, StartBattle())
    assert c.result == "defeat" and "Doomrock has not been revealed" in events[-1].text


def test_heroes_defeated_on_the_map():
    c = campaign().state
    c = c.with_hero(0, hp=1)
    c, _ = rules.run(with_pending(c, DECK.card("M6").peril[0]))  # HP -2
    assert c.heroes[0].hp == 1 and c.result is None  # restored: another hero stands
    c = c.with_hero(1, hp=1)
    c, _ = rules.run(with_pending(c, DECK.card("M6").peril[0]))
    assert c.result == "defeat"


def test_illegal_map_actions_are_refused():
    s = campaign()
    before = s.state
    for bad in (Travel(s.state.position), StartBattle(), RollLoot(), LevelUp(0), Buy("plate_mail")):
        with pytest.raises(IllegalAction):
            s.play(bad)
    assert s.state == before


def test_quick_play_setup():
    s = Session("doomrock", Options(players=2, quick_play=True), DECK, seed=3)
    spec = s.game.chance(s.state, SetUp())
    out = {name: list(part.cards) for name, part in spec.parts}
    s.play(SetUp(), outcome=out)
    c = s.state
    assert [DECK.card(e).tier for e in c.encounters] == [2, 3] and len(c.area_deck) == 4
    assert all(h.hp == 2 for h in c.heroes)
    assert c.setting == out["settings"][1]
    assert c.silver == 3 - 1 + 3  # the first setting card's battle reward: 3 silver
    for hero in (0, 1):
        s.play(LevelUp(hero))
        s.play(s.legal_actions()[0])
    assert [len(h.abilities) for h in s.state.heroes] == [5, 5] and s.state.silver == 5
    picks = s.legal_actions()
    assert len(picks) == 4
    s.play(picks[0])
    s.play(s.legal_actions()[0])
    assert len(s.state.inventory) == 3  # two kept, plus the first setting's common item reward


def test_party_damage_on_the_map_is_divided_by_the_party():
    from explorer.doomrock.campaign_state import PartyDamageTask
    from explorer.doomrock.state import TakeDamage
    c = campaign().state
    c, events = rules.run(with_pending(c, DECK.card("W5").peril[0]))  # the party is dealt 2 damage
    assert isinstance(c.pending[0], PartyDamageTask) and rules.legal_actions(c) == [TakeDamage(0), TakeDamage(1)]
    c, _ = rules.apply(c, TakeDamage(1))
    c, _ = rules.apply(c, TakeDamage(1))
    assert [h.hp for h in c.heroes] == [6, 4] and not c.pending
