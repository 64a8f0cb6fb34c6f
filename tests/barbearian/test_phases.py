"""Setup, Plan, Gather, Build, Clean Up and Trial rules outside the Brawl."""
import pytest

from explorer.barbearian import (
    BuyUpgrade,
    ChangeFate,
    DrawTrials,
    GrandOffering,
    HireMercenary,
    HireSpecialist,
    KeepTrial,
    Options,
    Pass,
    Reinforce,
    RollDice,
    SetUp,
    TempleSix,
    rules,
)
from explorer.barbearian.economy import split_tokens, tokens
from explorer.barbearian.options import RESOURCES
from explorer.core import IllegalAction

from .helpers import DECK, Table, start


def test_setup_by_player_count():
    for players, specialists in ((2, 3), (3, 5), (4, 6)):
        t = start(players)
        s = t.state
        assert s.options.clans == {2: ("red", "blue"), 3: ("red", "yellow", "blue"), 4: ("red", "yellow", "blue", "green")}[players]
        assert all(p.active == 3 and p.glory_count == 2 and p.reserve_glory == 5 for p in s.players)
        assert all(glory == (p.clan, False) for p in s.players for glory in p.glory)  # unlocked side up
        # Setup step 4 by player count; Barracks Specialists too ("Specialist tokens placed in the Barracks")
        assert dict(s.specialist_supply) == {"farm": specialists, "forge": specialists, "temple": specialists,
                                             "barracks": specialists}
        trials = {DECK.card(c).id for c in s.trial_deck} | {p.trial for p in s.players}
        assert all(players in DECK.card(c).players for c in trials)
        assert len(s.trial_deck) == len(DECK.trials_for(players)) - players


def test_setup_deal_keep_one_of_two_and_a_random_first_player():
    opts = Options(players=3)
    from explorer.barbearian import GAME
    t = Table(GAME.initial_state(opts, DECK))
    assert rules.current_player(t.state) == rules.CHANCE
    order = list(t.state.trial_deck)
    t.play(SetUp(), {"first": "blue", "trials": order})
    assert t.state.first == 2 and "Blue receives the First Player token." in t.texts
    assert [p.offer for p in t.state.players] == [tuple(order[0:2]), tuple(order[2:4]), tuple(order[4:6])]
    assert sorted(rules.acting_seats(t.state)) == [0, 1, 2]  # simultaneous, in any order
    t.play(KeepTrial(1, order[3]))
    with pytest.raises(IllegalAction, match="was not dealt"):
        t.play(KeepTrial(0, order[3]))
    t.play(KeepTrial(0, order[0]))
    t.play(KeepTrial(2, order[5]))
    assert [p.trial for p in t.state.players] == [order[0], order[3], order[5]]
    assert {order[1], order[2], order[4]} <= set(t.state.trial_deck)
    assert t.state.round == 1


def test_mercenaries_five_shared_dice_bought_in_turn_order_for_one_round():
    t = start(3, first="yellow", start_resources=8)
    assert rules.acting_seats(t.state) == [1]
    for _ in range(3):
        t.play(HireMercenary(1))
    t.play(Pass(1))
    t.play(HireMercenary(2))
    t.play(HireMercenary(2))
    assert t.state.mercenaries_left == 0
    # None left: Blue can only pass, and Red is out of luck, so the engine passes for both.
    assert t.state.phase == "roll"
    with pytest.raises(IllegalAction, match="not possible now"):
        t.play(HireMercenary(0))
    spec = rules.chance(t.state, RollDice())
    assert dict((n, d.count) for n, d in spec.parts) == {"red": 3, "yellow": 6, "blue": 5}
    t.roll(red=[1, 2, 3], yellow=[1, 2, 3, 4, 5, 6], blue=[6, 6, 6, 6, 6])
    assert t.state.players[1].resource("honey") == 2
    while t.state.phase == "fate":
        t.play(Pass(rules.acting_seats(t.state)[0]))
    t.place(0, (1, "farm"), (2, "barracks_1"), (3, "temple"))
    t.place(1, (1, "farm"), (2, "barracks_1"), (3, "barracks_2"), (4, "forge"), (5, "temple"), (6, "battleground:red"))
    t.place(2, *[(6, "temple")] * 5)
    while t.state.round == 1:  # pass, take two Faith for every 6, steal whatever is first
        t.play(rules.legal_actions(t.state)[-1])
    # Clean Up: mercenaries go back, the First Player token passes clockwise.
    assert t.state.mercenaries_left == 5 and all(p.mercenaries == 0 for p in t.state.players)
    assert "5 mercenary dice return to the common pool." in t.texts
    assert t.state.first == 2 and "The First Player token passes to Blue." in t.texts


def test_change_fate_after_rolling_any_number_of_times():
    t = start(2, first="red", start_resources=4)
    t.play(Pass(0))
    t.play(Pass(1))
    t.roll(red=[1, 2, 3], blue=[4, 4, 4])
    t.play(ChangeFate(0, 0, 6))
    t.play(ChangeFate(0, 1, 6))
    assert t.state.players[0].faces == (6, 6, 3) and t.state.players[0].resource("faith") == 0
    assert rules.acting_seats(t.state) == [1]  # Red cannot pay for more: the engine passes for Red
    with pytest.raises(IllegalAction, match="already shows 4"):
        t.play(ChangeFate(1, 0, 4))


def test_gather_farm_forge_temple_specialists_and_the_temple_6():
    t = start(2, first="red")
    t.set(0, specialists=(("farm", 1), ("forge", 0), ("temple", 2)), upgrades=("U04",), active=5)
    t.roll(red=[2, 2, 5, 6, 1], blue=[1, 2, 3])
    t.place(0, (2, "farm"), (2, "farm"), (5, "forge"), (6, "temple"), (1, "barracks_1"))
    t.place(1, (1, "farm"), (2, "barracks_1"), (3, "temple"))
    # Farm: two dice + a Specialist + Honey Hollow; Forge: one die; Temple: two Specialists, then the 6.
    assert t.state.players[0].resources == (4, 1, 2)
    assert t.choices() == [TempleSix(0, "red"), TempleSix(0, None)]
    t.play(TempleSix(0, None))
    assert t.state.players[0].resources == (4, 1, 4)
    assert t.state.players[1].resources == (1, 0, 1)


def test_the_common_pool_is_finite_and_change_is_made():
    held, pool = split_tokens([5, 4], ones=8, threes=2)
    assert held == [(2, 1), (1, 1)] and pool == (5, 0)
    held, pool = split_tokens([7, 4], ones=8, threes=2)  # three 3s wanted, two exist: the biggest holder takes 1s
    assert held == [(4, 1), (1, 1)] and pool == (3, 0)
    t = start(2, first="red", token_ones=8, token_threes=1)
    t.set(0, resources=(9, 0, 0), active=5)
    t.roll(red=[1, 1, 2, 2, 3], blue=[1, 2, 3])
    t.place(0, (1, "farm"), (1, "farm"), (2, "barracks_1"), (2, "barracks_1"), (3, "temple"))
    t.place(1, (1, "farm"), (2, "barracks_1"), (3, "temple"))
    # 8 + 3 = 11 honey exist; Red holds 9 and wants 2 more: the pool can give 2, then nothing is left for Blue.
    assert t.state.players[0].resource("honey") == 11
    assert t.state.players[1].resource("honey") == 0
    assert "The common pool has run out of honey: Blue collects 0 instead of 1." in t.texts
    held, pool = tokens(t.state, "honey")
    assert pool == (0, 0) and held[0] == (8, 1)


def test_build_specialists_run_out_upgrades_once_each_reinforcements_and_grand_offering():
    t = start(2, first="red")
    t.set(0, resources=(30, 30, 30))
    t.set(tasks=(("build", 0),) + t.state.tasks)
    for _ in range(3):
        t.play(HireSpecialist(0, "farm"))
    assert HireSpecialist(0, "farm") not in t.choices(0)
    with pytest.raises(IllegalAction, match="Farm Specialist tokens have run out"):
        t.play(HireSpecialist(0, "farm"))
    t.play(BuyUpgrade(0, "U01"))
    with pytest.raises(IllegalAction, match="already has Pillaging: only one copy of each Upgrade card"):
        t.play(BuyUpgrade(0, "U01"))
    t.play(Reinforce(0))
    t.play(Reinforce(0))
    assert t.state.players[0].active == 5
    t.play(GrandOffering(0))
    p = t.state.players[0]
    assert p.glory_count == 3 and p.reserve_glory == 4 and ("red", False) in p.glory
    assert p.resources == (30 - 3 - 0 - 4 - 3, 30 - 3 - 3 - 4 - 3, 30 - 3 - 1 - 3)


def test_a_completed_trial_gives_reserve_glory_then_draw_two_keep_one():
    t = start(2, first="red")
    t.set(0, trial="T02", resources=(5, 0, 0))  # Honey Hoard: hold 6 honey
    t.roll(red=[1, 4, 4], blue=[1, 2, 3])
    t.place(0, (1, "farm"), (4, "forge"), (4, "forge"))
    t.place(1, (1, "farm"), (2, "barracks_1"), (3, "temple"))
    assert any("Red reveals the Trial Honey Hoard" in x for x in t.texts)
    assert t.state.phase == "draw_trials" and rules.current_player(t.state) == rules.CHANCE
    deck = list(t.state.trial_deck)
    t.play(DrawTrials(0), deck)
    assert t.state.players[0].offer == tuple(deck[:2]) and rules.acting_seats(t.state) == [0]
    t.play(KeepTrial(0, deck[0]))
    assert t.state.players[0].trial == deck[0] and "T02" in t.state.trial_discard


def test_no_glory_is_gained_from_an_empty_reserve():
    t = start(2, first="red")
    t.set(0, trial="T02", resources=(5, 0, 0), reserve_glory=0)
    t.roll(red=[1, 4, 4], blue=[1, 2, 3])
    t.place(0, (1, "farm"), (4, "forge"), (4, "forge"))
    t.place(1, (1, "farm"), (2, "barracks_1"), (3, "temple"))
    assert "The red reserve is empty: 1 Glory token cannot be taken." in t.texts
    assert t.state.players[0].glory_count == 2


def test_the_round_limit_ends_the_game_on_glory():
    t = start(2, first="red", round_limit=1)
    t.set(1, glory=(("blue", False),) * 3)
    t.roll(red=[1, 4, 4], blue=[1, 2, 3])
    t.place(0, (1, "farm"), (4, "forge"), (4, "forge"))
    t.place(1, (1, "farm"), (2, "barracks_1"), (3, "temple"))
    t.play(Pass(0))  # Build
    assert t.state.result == "blue wins" and t.state.winner == 1
    assert t.events[-1].section == "Winning" and "ruling BB-20" in t.events[-1].text


def test_options_validate_and_round_trip():
    o = Options(players=3, clans=("green", "red", "blue"), price_empower={"ore": 2}, clash_tie="zero_raids")
    assert Options.from_json(o.to_json()) == o
    assert o.price("empower") == (("ore", 2),)
    for bad, msg in ((dict(players=5), "players"), (dict(players=2, clans=("red", "red")), "clans"),
                     (dict(price_empower={"gold": 1}), "gold"), (dict(clash_tie="coin"), "clash_tie"),
                     (dict(token_ones=3), "token_ones"), (dict(round_limit=0), "round_limit")):
        with pytest.raises(ValueError, match=msg):
            Options(**bad)
    assert set(RESOURCES) == {"honey", "ore", "faith"}


def test_specialists_may_be_hired_for_the_barracks_by_default():
    """Brawl Phase 3: "Subtract the total value of dice and Specialist tokens placed in the Barracks"."""
    from explorer.barbearian.brawl import barracks_strength
    t = start(2, first="red")
    t.set(0, resources=(30, 30, 30))
    t.set(tasks=(("build", 0),) + t.state.tasks)
    assert HireSpecialist(0, "barracks") in t.choices(0)
    t.play(HireSpecialist(0, "barracks"))
    assert t.state.players[0].specialists_on("barracks") == 1 and barracks_strength(t.state, 0) == 1
    other = start(2, first="red", sentry_specialists=False)  # the other reading, an option (ruling BB-7)
    other.set(0, resources=(30, 30, 30))
    other.set(tasks=(("build", 0),) + other.state.tasks)
    assert HireSpecialist(0, "barracks") not in other.choices(0)
    with pytest.raises(IllegalAction, match="no 'barracks' Specialists"):
        other.play(HireSpecialist(0, "barracks"))
