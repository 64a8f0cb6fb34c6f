"""Illegal actions are refused with the state unchanged, in every phase of both games."""
import numpy as np
from hypothesis import given, strategies as st

from explorer.core import IllegalAction, Session
from explorer.doomrock import (
    Activate, ActivateBoss, ActivateMinion, Assign, DoneAssigning, EndInitiative, EndRound, KeepDice, MakeHeroism,
    MakeShield, Options, Reroll, Roll, SetUpBattle, ShuffleExpose, UseItem,
)
from explorer.doomrock.campaign_state import (
    Buy, Choose, EndCamp, Equip, Explore, KeepAbility, LeaveShop, LevelUp, RollLoot, Sell, SetUp, ShuffleEvents,
    StartBattle, TestStat, Travel, Unequip, VentureForth, Visit,
)

from .helpers import DECK

CANDIDATES = [
    SetUpBattle(), Roll(), Reroll((0,)), Reroll((0, 1)), KeepDice(), Assign(0, "holy_strike"), Assign(1, "poisonous_stab"),
    MakeShield(0), MakeHeroism(1), DoneAssigning(), Activate(0, "holy_strike", "E1", 0), Activate(1, "maneuver", "new", 0),
    Activate(0, "holy_strike", "E1", 5), UseItem(0, "sling", "E1"), EndInitiative(), ActivateMinion(0, "E1"),
    ActivateMinion(1, "E9"), ActivateBoss("E3"), ShuffleExpose(), EndRound(),
    SetUp(), Travel(0), Travel(2), Visit(0), Visit(3), Explore(), VentureForth(), Equip(0, "plate_mail"),
    Unequip(0, "sling"), Buy("plate_mail"), Sell(("sling",)), LeaveShop(), RollLoot(), TestStat(0, "agi"), Choose(1),
    LevelUp(0), KeepAbility("fireball"), EndCamp(), ShuffleEvents("mountain"), StartBattle(),
]


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300), game=st.sampled_from(["doomrock", "doomrock-battle"]))
def test_actions_not_listed_are_refused_and_change_nothing(seed, steps, game):
    s = Session(game, Options(players=2, heroes=("paladin", "rogue")), DECK, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_over():
            break
        acts = s.legal_actions()
        s.play(acts[int(rng.integers(len(acts)))])
    before, cursor = s.state, s.cursor
    legal = s.legal_actions()
    for bad in CANDIDATES:
        if bad in legal:
            continue
        try:
            s.play(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{bad} was accepted though not legal")
        assert s.state == before and s.cursor == cursor


def test_refusals_are_sentences_not_reprs():
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue")), DECK, seed=1)
    s.play(SetUpBattle())
    s.play(Roll(), outcome=[6, 6, 1, 2])
    s.play(KeepDice())
    messages = []
    for bad in (Assign(0, "poisonous_stab"), Assign(2, "holy_strike"), MakeShield(0), Reroll((0,)), EndRound(),
                Assign(9, "holy_strike")):
        try:
            s.play(bad)
        except IllegalAction as e:
            messages.append(str(e))
    assert len(messages) == 6
    assert "Paladin has no Poisonous stab" in messages[0]
    assert "activated by 4, 5; that die shows 1" in messages[1]
    assert "only a 1 becomes a shield; that die shows 6" in messages[2]
    for m in messages:
        assert "(" not in m.split(" ")[0] and "=" not in m and "Assign" not in m
    c = Session("doomrock", Options(), DECK, seed=1)
    c.play(SetUp())
    try:
        c.play(StartBattle())
    except IllegalAction as e:
        assert "time runs out" in str(e)


def test_a_sale_names_the_same_action_in_either_order():
    """Location Effects, SHOP: "When selling, 2 common items are worth 1 silver and 1 epic item is worth 1 silver."
    Two common items are one sale whichever is named first; a sale the shop does not take says why."""
    s = Session("doomrock", Options(players=2), seed=5)
    s.play(SetUp())
    s.play(Visit(0))
    s.play(Buy("healing_draught"))
    s.play(Buy("caltrops"))
    silver = s.state.silver
    s.play(Sell(("healing_draught", "caltrops")))
    assert s.state.silver == silver + 1 and "caltrops" not in s.state.inventory
    for bad, why in ((Sell(("caltrops",)), "the party inventory holds no 'caltrops' to sell"),
                     (Buy("caltrops"), "this shop does not stock 'caltrops'")):
        try:
            s.play(bad)
            raise AssertionError(f"{bad} was played")
        except IllegalAction as e:
            assert str(e) == why


def test_a_share_refused_says_more_would_take_the_hero_below_zero():
    """Player Aid, Party damage: "A hero may not accept an amount of damage that would reduce his or her HP below
    zero." A hero who has accepted all of it that he may is refused with that reason."""
    from dataclasses import replace
    from explorer.doomrock import battle as rules
    from explorer.doomrock.ai import AIAction
    from explorer.doomrock.enemies import run_script
    from explorer.doomrock.positions import hero_armour
    s = Session("doomrock-battle", Options(players=2, heroes=("paladin", "rogue")), DECK, seed=1)
    s.play(SetUpBattle())
    b0 = replace(s.state.battle, phase="boss").with_hero(0, hp=1, shields=0)
    b, _ = run_script(b0, DECK, s.options, "E3", (AIAction("party_damage", amount=9),), None)
    room = 1 + hero_armour(b, DECK, 0)
    for _ in range(room):
        b, _ = rules.apply(b, DECK, s.options, rules.TakeDamage(0))
    try:
        rules.apply(b, DECK, s.options, rules.TakeDamage(0))
        raise AssertionError("a share past the limit was accepted")
    except IllegalAction as e:
        after = " after shields and armour" if room > 1 else ""
        assert str(e) == (f"Paladin has accepted {room} point{'s' * (room != 1)} of this party damage and may accept "
                          f"no more: another would take Paladin's HP below zero{after}")
