"""Hidden information: face-down piles, the next GPS card's face and other players' hands."""
import numpy as np
import pytest

from explorer.core import IllegalAction, Session
from explorer.rumble_planet import (
    GAME,
    HIDDEN,
    Buy,
    Options,
    RandomBot,
    describe_state,
    draw,
    legal_actions,
    next_region,
    rules,
    view,
)

from .helpers import CONTENT, phase, started


def test_face_down_piles_and_other_hands_are_hidden():
    # "Shuffle Weapon cards and place this deck face down ... Do the same for Armor cards, GPS cards and Loot cards."
    # Setup step 3: the Feat cards "form a face-down pile". Ruling RP-26: a hand is private.
    s = phase(started(), "preparation").with_player(0, hand=("W01",), credits=8).with_player(1, hand=("A01", "W02"))
    mine, theirs = view(s, 0), view(s, 1)
    assert mine.players[0].hand == ("W01",) and mine.players[1].hand == (HIDDEN, HIDDEN)
    assert theirs.players[0].hand == (HIDDEN,) and theirs.players[1].hand == ("A01", "W02")
    for v in (mine, theirs, view(s, None)):
        assert v.weapon_shop == (HIDDEN,) * len(s.weapon_shop) and v.armor_shop == (HIDDEN,) * len(s.armor_shop)
        assert v.loot_deck == (HIDDEN,) * len(s.loot_deck) and v.feat_deck == (HIDDEN,) * len(s.feat_deck)
        assert v.gps_deck == (HIDDEN,) * len(s.gps_deck) and v.gps_top == HIDDEN
        # "The highlighted region on the back of the next card in the GPS deck" is public; its face is not.
        assert next_region(v) == next_region(s) == CONTENT.card(s.gps_top).back
        assert v.weapon_discard == s.weapon_discard and v.feats == s.feats and v.players[0].credits == 8
    assert view(s, None).players[0].hand == (HIDDEN,)
    assert legal_actions(mine) == legal_actions(s)  # the active seat's choices need nothing it cannot see
    assert Buy("weapon") in legal_actions(mine)
    assert "hidden" in describe_state(mine) and draw(mine).startswith("<svg")
    assert GAME.view is view


def test_a_seat_that_does_not_exist_is_refused():
    s = started()
    for bad in (2, -1, True, "0"):
        with pytest.raises(IllegalAction):
            view(s, bad)


def test_the_acting_seat_sees_all_it_needs_through_whole_games():
    s = Session("rumble-planet", Options(players=3, round_limit=6), CONTENT, seed=3)
    bots = [RandomBot(np.random.default_rng(k)) for k in range(3)]
    while not s.is_over():
        seat = rules.current_player(s.state)
        if s.state.stage == "play":
            assert legal_actions(view(s.state, seat)) == legal_actions(s.state)
        s.play(bots[seat].choose(s.state))
    assert s.is_over()


def test_the_public_log_never_names_a_card_drawn_into_a_hand():
    # Ruling RP-26: a hand is private, and the log is read by the whole table.
    draws = 0
    for seed in (5, 6, 7):
        draws += _check_draws_unnamed(seed)
    assert draws >= 5


def _check_draws_unnamed(seed: int) -> int:
    s = Session("rumble-planet", Options(players=3, round_limit=8), CONTENT, seed=seed)
    bots = [RandomBot(np.random.default_rng(10 * seed + k)) for k in range(3)]
    draws = 0
    while not s.is_over():
        before, n = s.state, len(s.events)
        s.play(bots[rules.current_player(s.state)].choose(s.state))
        for seat, (old, new) in enumerate(zip(before.players, s.state.players)):
            for card in set(new.hand) - set(old.hand):
                draws += 1
                name = CONTENT.card(card).name
                assert not any(name in e.text for e in s.events[n:]), (name, [e.text for e in s.events[n:]])
                assert any(f"{s.state.name(seat)} draws a" in e.text for e in s.events[n:])
    return draws
