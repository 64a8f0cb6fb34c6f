"""The rulebook's worked examples and FAQ items, played as scenarios with table dice."""
from fractions import Fraction

import pytest

from explorer.barbearian import (
    DrawTrials,
    HireMercenary,
    KeepTrial,
    Pass,
    StealGlory,
    TempleSix,
    WalkAway,
    odds,
    rules,
)
from explorer.barbearian.brawl import barracks_strength
from explorer.core import IllegalAction

from .helpers import start

RED_YELLOW = ("red", "yellow")


def test_yellows_placement_3_4_4():
    """Plan Phase: "Yellow ... gets a 3 and two 4s ... both her 4s on the Forge, and her 3 on the
    Battleground on the Red clan space"."""
    t = start(2, RED_YELLOW)
    t.roll(red=[2, 2, 5], yellow=[3, 4, 4])
    t.place(1, (4, "forge"), (4, "forge"), (3, "battleground:red"))
    yellow = t.state.players[1]
    assert sorted(zip(yellow.faces, yellow.placement)) == [(3, "battleground:red"), (4, "forge"), (4, "forge")]
    assert yellow.ready


def play_red_yellow_example():
    """Brawl Phase example: Red 1 on the Barracks, 1 on the Battleground against Yellow, 6 on the
    Temple; Yellow 3 against Red, two 4s on the Forge."""
    t = start(2, RED_YELLOW, first="red")
    t.roll(red=[1, 1, 6], yellow=[3, 4, 4])
    t.place(0, (1, "barracks_1"), (1, "battleground:yellow"), (6, "temple"))
    t.place(1, (4, "forge"), (4, "forge"), (3, "battleground:red"))
    return t


def test_red_and_yellow_clash_then_yellows_2_breaks_reds_barracks_of_1():
    t = play_red_yellow_example()
    log = t.texts
    assert "Red reveals: 1 on the Battleground against Yellow; 1 on the Barracks; 6 on the Temple." in log
    assert "Yellow reveals: 3 on the Battleground against Red; 4 and 4 on the Forge." in log
    # "Red's 1 is subtracted from Yellow's 3, leaving Yellow with a strength of 2 leftover. Yellow's
    # leftover 2 meets Red's 1 in the Barracks - strong enough to break through!"
    assert log[-2:] == ["Red's 1 clashes with Yellow's 3: Red's force is removed; Yellow goes on with 2.",
                        "Yellow's 2 meets Red's Barracks of 1: breaks through! Yellow gets to steal loot."]
    # "Yellow then gets to choose to either steal Glory or Resource tokens": Red has no Resources,
    # so the choice is Glory or walking away.
    assert t.state.phase == "loot"
    assert t.choices() == [StealGlory(1, "red"), WalkAway(1)]
    assert t.events[-1].section == "Brawl Phase"


def test_the_example_goes_on_through_loot_gather_and_the_temple_6():
    t = play_red_yellow_example()
    t.play(StealGlory(1, "red"))
    assert t.state.players[1].glory == (("red", False), ("yellow", False), ("yellow", False))
    assert t.state.players[0].glory_count == 1
    # Gather: Red is first; the 6 on the Temple: two Faith or lock a Glory token.
    assert t.choices() == [TempleSix(0, "red"), TempleSix(0, None)]
    t.play(TempleSix(0, "red"))
    assert t.state.players[0].glory == (("red", True),)
    assert t.state.players[1].resource("ore") == 2


def test_only_locked_glory_means_the_raider_takes_resources():
    t = play_red_yellow_example()
    t.set(0, glory=(("red", True), ("red", True)), resources=(1, 0, 3))
    t.state, ev = rules.advance(t.state, [])
    # Stealing Loot: "If a player only has locked Glory ... the raiding player must instead take
    # Resource tokens"; "the defending player must choose two of their own Resource tokens".
    texts = [e.text for e in ev]
    assert "Red has only locked Glory: Yellow must take Resources." in texts
    # Red holds a 1-value honey token and a 3-value faith token: two tokens, so both go.
    assert "Red gives a 1-value honey token and a 3-value faith token to Yellow." in texts


# -- FAQ ---------------------------------------------------------------------------------------------

def test_captains_training_lets_5s_and_6s_join_any_group():
    """FAQ: "you can now put two 2's, one 5, and two 6's all on the same space in the Barracks or Battleground"."""
    t = start(2, first="red", start_resources=0)
    t.set(0, upgrades=("U02",), active=5)  # Captain's Training (sample card)
    t.roll(red=[2, 2, 5, 6, 6], blue=[1, 2, 3])
    t.place(0, (2, "barracks_1"), (2, "barracks_1"), (5, "barracks_1"), (6, "barracks_1"), (6, "barracks_1"))
    assert barracks_strength(t.state, 0) == 2 + 2 + 5 + 6 + 6


@pytest.mark.parametrize("space", ["battleground:blue", "barracks_2"])
def test_captains_training_on_offense_and_defense(space):
    t = start(2, first="red")
    t.set(0, upgrades=("U02",), active=5)
    t.roll(red=[2, 2, 5, 6, 3], blue=[1, 2, 3])
    t.place(0, (6, space), (2, space), (5, space), (2, space), ready=False)
    with pytest.raises(IllegalAction, match="one die per space unless several dice show the same value"):
        t.place(0, (3, space), ready=False)  # a 3 does not join a group of 2s


def test_without_captains_training_or_off_the_battlefield_5s_and_6s_do_not_mix():
    t = start(2, first="red")
    t.set(0, active=5)
    t.roll(red=[2, 2, 5, 6, 3], blue=[1, 2, 3])
    t.place(0, (2, "barracks_1"), ready=False)
    with pytest.raises(IllegalAction, match="this die shows 5"):
        t.place(0, (5, "barracks_1"), ready=False)
    t.set(0, upgrades=("U02",))
    t.place(0, (6, "temple"), ready=False)
    with pytest.raises(IllegalAction, match="the Temple already holds 6"):
        t.place(0, (5, "temple"), ready=False)  # Captain's Training is for offense and defense only


def test_captains_training_odds_match_the_faq():
    with_ct, plain = odds.strongest_group(2, captains_training=True), odds.strongest_group(2)
    assert with_ct[11] == Fraction(2, 36) and 11 not in plain  # a 5 and a 6 together
    assert with_ct[7] == Fraction(4, 36) and 7 not in plain  # a 2 with a 5, or a 1 with a 6


def pass_all(t, phases=("mercenaries", "fate", "window", "build")):
    while t.state.phase in phases:
        t.play(Pass(rules.acting_seats(t.state)[0]))


def test_grin_and_bear_it_counts_mercenaries_and_ignores_the_raids():
    """FAQ: "you must place five dice in your Battleground (mercenaries still count) but it does not
    matter if any of the raids are successful"."""
    t = start(3, first="red", start_resources=4)
    t.set(0, trial="T01")  # Grin and Bear It
    t.play(HireMercenary(0))
    t.play(HireMercenary(0))
    pass_all(t, ("mercenaries",))
    t.roll(red=[1, 1, 1, 2, 2], yellow=[6, 6, 6], blue=[5, 5, 5])
    pass_all(t, ("fate",))
    for seat in (1, 2):
        t.place(seat, *[(f, "barracks_1") for f in t.state.players[seat].faces])
    t.place(0, (1, "battleground:yellow"), (1, "battleground:yellow"), (1, "battleground:yellow"),
            (2, "battleground:blue"), (2, "battleground:blue"))
    assert t.state.players[0].mercenaries == 2
    log = t.texts
    assert "Red reveals the Trial Grin and Bear It (Place 5 dice in your Battleground (mercenaries count; " \
           "raids need not succeed).) and completes it." in log
    assert any(x.startswith("Red gains 1 Glory token from the red reserve") for x in log)
    assert t.state.players[0].glory_count == 3 and t.state.players[0].completed == ("T01",)
    assert t.state.players[0].reserve_glory == 4
    # Draw two, keep one, then the raids: both fail, the Trial stays completed.
    assert t.state.phase == "draw_trials"
    deck = list(t.state.trial_deck)
    t.play(DrawTrials(0), deck)
    assert t.state.players[0].offer == tuple(deck[:2])
    t.play(KeepTrial(0, deck[1]))
    assert t.state.players[0].trial == deck[1] and deck[0] in t.state.trial_deck
    pass_all(t)
    log = t.texts
    assert "Red's 3 meets Yellow's Barracks of 18: the raid is repelled." in log
    assert "Red's 4 meets Blue's Barracks of 15: the raid is repelled." in log
    assert log.index("Red's 3 meets Yellow's Barracks of 18: the raid is repelled.") > log.index(
        "Red draws 2 Trial cards.")


def test_four_battleground_dice_do_not_complete_grin_and_bear_it():
    t = start(2, first="red")
    t.set(0, trial="T01", active=5)
    t.roll(red=[1, 1, 1, 2, 2], blue=[5, 5, 5])
    t.place(1, (5, "barracks_1"), (5, "barracks_1"), (5, "barracks_1"))
    t.place(0, (1, "battleground:blue"), (1, "battleground:blue"), (1, "battleground:blue"), (2, "temple"), (2, "temple"))
    assert t.state.players[0].trial == "T01"


def test_sentry_tokens_defend_in_either_space_and_two_slots_take_two_different_dice():
    """FAQ: "in either space they are defending you from ALL attacks"; "Having two slots means you can
    put at least two dice on defense"; each Sentry token "provides 1 value of defense"."""
    t = start(3, first="red")
    t.set(0, upgrades=("U03",))  # Sentry Post: two Sentry tokens
    t.roll(red=[2, 5, 1], yellow=[6, 1, 1], blue=[6, 4, 1])
    t.place(0, (2, "barracks_1"), (5, "barracks_2"), (1, "farm"))
    assert barracks_strength(t.state, 0) == 2 + 5 + 2
    t.place(1, (6, "battleground:red"), (1, "farm"), (1, "farm"))
    t.place(2, (6, "battleground:red"), (4, "forge"), (1, "farm"))
    log = t.texts
    # Both raiders meet the whole Barracks: dice from both spaces plus the two Sentry tokens.
    assert log.count("Yellow's 6 meets Red's Barracks of 9 (dice 2 + 5, 2 Sentry tokens): the raid is repelled.") == 1
    assert log.count("Blue's 6 meets Red's Barracks of 9 (dice 2 + 5, 2 Sentry tokens): the raid is repelled.") == 1


def test_sentries_in_the_odds():
    plain = odds.barracks_strength(2)
    guarded = odds.barracks_strength(2, sentries=2)
    assert {s + 2: p for s, p in plain.items()} == guarded
