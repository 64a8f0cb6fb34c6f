"""Hidden information: screens and secret Trials; out-of-turn actions and peeking are refused."""
import numpy as np
import pytest

from explorer.barbearian import HIDDEN, Empower, HotSeat, Pass, Place, Ready, RollDice, rules, view
from explorer.barbearian.bots import RandomBot
from explorer.barbearian.sim import play_game
from explorer.barbearian import Options
from explorer.core import IllegalAction

from .helpers import DECK, session, start


def placing():
    t = start(3, first="red")
    t.roll(red=[1, 2, 3], yellow=[4, 5, 6], blue=[1, 1, 6])
    t.place(0, (1, "farm"), (2, "battleground:yellow"), (3, "temple"))
    t.play(Place(1, 0, "forge"))
    return t


def test_others_placements_are_hidden_until_everyone_is_ready():
    t = placing()
    red_view, yellow_view = view(t.state, 0), view(t.state, 1)
    assert red_view.players[0].placement == t.state.players[0].placement
    assert red_view.players[1].placement == (HIDDEN,) * 3
    assert yellow_view.players[0].placement == (HIDDEN,) * 3
    assert yellow_view.players[1].placement == ("forge", None, None)
    assert red_view.players[0].ready and not red_view.players[1].ready  # who is ready is public
    assert red_view.players[1].faces == (4, 5, 6)  # rolls are public
    t.place(1, (5, "temple"), (6, "barracks_1"), ready=True)
    t.place(2, (1, "farm"), (1, "farm"), (6, "battleground:red"))
    assert view(t.state, 0).players[1].placement == t.state.players[1].placement  # the screens are off


def test_trials_are_secret_until_completed():
    t = placing()
    v = view(t.state, 0)
    assert v.players[0].trial == t.state.players[0].trial
    assert v.players[1].trial == HIDDEN and v.players[2].trial == HIDDEN
    assert set(v.trial_deck) == {HIDDEN} and len(v.trial_deck) == len(t.state.trial_deck)
    spectator = view(t.state, None)
    assert all(p.trial == HIDDEN for p in spectator.players)


def test_dealt_trials_are_seen_only_by_their_owner():
    s = session(3, seed=2)
    s.play(s.legal_actions()[0])
    for seat in range(3):
        v = view(s.state, seat)
        assert v.players[seat].offer == s.state.players[seat].offer
        assert all(v.players[q].offer == (HIDDEN, HIDDEN) for q in range(3) if q != seat)


def test_a_seat_acting_out_of_turn_is_refused():
    t = start(2, first="blue", start_resources=3)
    assert rules.acting_seats(t.state) == [1]  # Blue hires mercenaries first
    before = t.state
    with pytest.raises(IllegalAction, match="it is not Red's turn: waiting for Blue"):
        t.play(Pass(0))
    assert t.state is before
    t.play(Pass(1))
    t.play(Pass(0))
    with pytest.raises(IllegalAction, match="Pass is not possible now .Plan Phase 1: roll.; possible: RollDice"):
        t.play(Pass(0))
    t.roll(red=[1, 2, 3], blue=[4, 5, 6])
    with pytest.raises(IllegalAction, match="it is not Red's turn: waiting for Blue .Plan Phase: Change Fate"):
        t.play(Pass(0))  # Change Fate starts with Blue again


def test_empower_out_of_turn_is_refused():
    t = start(2, first="red", start_resources=2)
    for seat in (0, 1):
        t.play(Pass(seat))
    t.roll(red=[3, 1, 1], blue=[2, 1, 1])
    t.play(Pass(0))
    t.play(Pass(1))
    t.place(0, (3, "battleground:blue"), (1, "farm"), (1, "farm"))
    t.place(1, (2, "battleground:red"), (1, "farm"), (1, "farm"))
    assert t.state.phase == "window" and rules.acting_seats(t.state) == [0]  # Red is nearer the first player
    with pytest.raises(IllegalAction, match="it is not Blue's turn: waiting for Red"):
        t.play(Empower(1, "battleground:red"))


def test_actions_cannot_be_applied_to_a_view():
    t = placing()
    with pytest.raises(IllegalAction, match="view"):
        rules.apply(view(t.state, 1), Place(1, 1, "temple"))


def test_a_seats_choices_are_the_same_in_its_view(tmp_path):
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        s = session(players, seed=seed, start_resources=4)
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if s.is_over():
                break
            for seat in range(players):
                assert rules.legal_actions(view(s.state, seat), seat) == rules.legal_actions(s.state, seat)
            acts = [a for a in s.legal_actions() if type(a).__name__ != "TakeBack"]
            s.play(acts[int(rng.integers(len(acts)))])


class Spy(RandomBot):
    seen: list = []

    def choose(self, view_, actions):
        Spy.seen.append(view_)
        return super().choose(view_, actions)


def test_bots_see_only_their_own_view():
    Spy.seen = []
    play_game(Options(players=3, round_limit=3), DECK, [Spy, Spy, Spy], np.random.SeedSequence(5))
    assert Spy.seen
    for v in Spy.seen:
        me = v.viewer
        assert me in (0, 1, 2)
        for q, p in enumerate(v.players):
            if q != me:
                assert p.trial in (None, HIDDEN)
                assert v.revealed or all(x == HIDDEN for x in p.placement)
        assert all(c == HIDDEN for c in v.trial_deck)


# -- the hot-seat table ------------------------------------------------------------------------------

def test_hot_seat_shows_only_the_holders_view_and_refuses_peeking():
    s = session(2, seed=9)
    hs = HotSeat(s)
    assert hs.chance_pending()
    hs.play(hs.legal_actions()[0])  # the table shuffles and deals
    waiting = hs.waiting_for()
    assert sorted(waiting) == [0, 1]
    hs.hand_to(waiting[0])
    other = waiting[1]
    own = hs.view()
    assert own.players[waiting[0]].offer == s.state.players[waiting[0]].offer
    with pytest.raises(IllegalAction, match="may not look at seat"):
        hs.view(other)
    with pytest.raises(IllegalAction, match="holds the screen; an action for seat"):
        hs.play(rules.legal_actions(s.state, other)[0])
    hs.play(hs.legal_actions()[0])
    assert hs.holder is None  # done: the screen goes dark
    with pytest.raises(IllegalAction, match="nobody holds the screen"):
        hs.view()
    with pytest.raises(IllegalAction, match="it is not"):
        hs.hand_to(waiting[0])  # nothing left to do for that seat
    hs.hand_to(other)
    hs.play(hs.legal_actions()[0])
    assert all(p.trial == HIDDEN for p in hs.public_view().players)


def test_hot_seat_placement_round_trip():
    s = session(2, seed=3)
    hs = HotSeat(s)
    while not (s.state.phase == "place"):
        if hs.chance_pending():
            hs.play(hs.legal_actions()[0])
        else:
            hs.hand_to(hs.waiting_for()[0])
            hs.play(hs.legal_actions()[0])
    assert RollDice() not in hs.legal_actions()
    for seat in (1, 0):
        hs.hand_to(seat)
        while hs.holder == seat:
            acts = [a for a in hs.legal_actions() if isinstance(a, (Place, Ready))]
            hs.play(acts[0])
    assert s.state.revealed or s.state.phase != "place"
    assert not any("on the" in e.text for e in hs.events if "places" in e.text)  # secret moves log no details


def test_a_seat_handle_exposes_only_its_view_actions_and_the_public_log():
    s = session(2, seed=9)
    hs = HotSeat(s)
    assert not hasattr(hs, "session") and hs.referee is s  # the full session is the referee's, by name
    hs.play_chance()  # the table shuffles and deals: the outcome names every dealt Trial card
    dealt = {q: set(s.state.players[q].offer) for q in range(2)}
    red = hs.hand_to(0)
    assert {n for n in dir(red) if not n.startswith("_")} == {"view", "legal_actions", "events", "play", "number"}
    v = red.view()
    assert set(v.players[0].offer) == dealt[0] and v.players[1].offer == (HIDDEN, HIDDEN)
    assert red.legal_actions() == rules.legal_actions(s.state, 0)
    log = " ".join(e.text for e in red.events)
    trial_names = {DECK.card(c).name for c in dealt[1]} | dealt[1]
    assert not any(name in log for name in trial_names)  # Blue's Trials are not in Red's log
    red.play(red.legal_actions()[0])
    blue = hs.hand_to(1)
    with pytest.raises(IllegalAction, match="does not hold the screen"):
        red.play(rules.legal_actions(s.state, 1)[0])
    blue.play(blue.legal_actions()[0])
    while hs.chance_pending() or hs.waiting_for() and s.state.phase != "place":
        if hs.chance_pending():
            hs.play_chance()
        else:
            seat = hs.hand_to(hs.waiting_for()[0])
            seat.play(seat.legal_actions()[0])
    red = hs.hand_to(0)
    red.play(next(a for a in red.legal_actions() if isinstance(a, Place)))
    blue_view = HotSeat(s).hand_to(1).view()
    assert any(p is not None for p in s.state.players[0].placement)
    assert all(p == HIDDEN for p in blue_view.players[0].placement)  # Red's placement behind the screen
