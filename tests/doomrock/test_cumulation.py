"""Battle cumulation (rulings DR-3, DR-O5): the flipped markers are shuffled into the face-down pool, the
shuffle is explicit chance, and the exact odds agree with the engine's play."""
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import pytest

from explorer.core import IllegalAction, Session
from explorer.doomrock import Activate, Assign, DoneAssigning, KeepDice, Options, Roll, SetUpBattle
from explorer.doomrock.game import DoomrockBattle
from explorer.doomrock.odds import ExposeMarkers, ExposeStock, consume, damage_odds, place
from explorer.doomrock.odds.advice import incoming_attack
from explorer.doomrock.odds.threat import round_threat
from explorer.doomrock.setup import expose_markers

from .helpers import DECK, play_random

STAB = Activate(0, "poisonous_stab", "E1", 0)  # damage 2 (adjacent), then expose 1
POOL = ("blank#2", "blank#3", "blank#4")
FLIPPED = ("plus1#1", "plus1#2", "plus1#3", "push#1")


class FromHere(DoomrockBattle):
    """The standalone battle, started from a given position."""

    def __init__(self, state):
        self.start = state

    def initial_state(self, options, content):
        return self.start


def stab_twice(pool=POOL, flipped=FLIPPED, **opts):
    """The Rogue in the initiative phase with two 6s on Poisonous stab, next to goblin E1 (10 HP, armour 1,
    no shield). E1 holds a battle cumulation marker, three +1 markers and a push lie face up and the pool
    holds three blanks: the first stab's cumulation flips four markers back, and its expose draws one of
    them or a blank; the second stab's damage depends on that marker."""
    s = Session("doomrock-battle", Options(players=2, heroes=("rogue", "wizard"), **opts), DECK, seed=3)
    s.play(SetUpBattle())
    s.play(Roll(), outcome=[6, 6, 1, 1])
    s.play(KeepDice())
    s.play(Assign(0, "poisonous_stab"))
    s.play(Assign(1, "poisonous_stab"))
    s.play(DoneAssigning())
    s.play(Roll(), outcome=[1, 1, 1, 1])
    s.play(KeepDice())
    s.play(DoneAssigning())
    b = s.state.battle
    e1 = b.enemy("E1")
    rest = tuple(m for m in expose_markers(s.options) if m not in pool + flipped + ("cumulation#1",))
    b = replace(b.with_enemy("E1", hp=10, shields=0, expose=("cumulation#1",)), expose_pool=pool, expose_up=flipped,
                expose_out=rest, heroes=(replace(b.hero(0), group=e1.group), b.hero(1)))
    return replace(s.state, battle=b)


def session(state, seed):
    return Session(FromHere(state), state.options, state.deck, seed=seed)


def test_the_flipped_markers_reach_every_depth_of_the_face_down_pool():
    """Under the old reading they always lay at the bottom; shuffled, each can be anywhere."""
    state = stab_twice()
    size = len(POOL) + len(FLIPPED)
    depths = Counter()
    for seed in range(400):
        s = session(state, seed)
        s.play(STAB)
        b = s.state.battle
        drawn = b.enemy("E1").expose
        assert "cumulation#1" in b.expose_out and b.expose_up == () and len(drawn) == 1
        assert sorted(b.expose_pool + drawn) == sorted(POOL + FLIPPED)
        depths.update(k for k, m in enumerate(drawn + b.expose_pool) if m == "push#1")
    assert set(depths) == set(range(size))  # the top (drawn by the stab's expose) to the bottom
    assert min(depths.values()) >= 20  # about 400 / 7 each


def test_the_under_option_lays_the_flipped_markers_under_the_pool():
    state = stab_twice(cumulation_flip="under")
    s = session(state, 0)
    assert s.game.chance(s.state, STAB) is None  # nothing to draw
    s.play(STAB)
    b = s.state.battle
    assert b.enemy("E1").expose == POOL[:1] and b.expose_pool == POOL[1:] + FLIPPED


def test_odds_of_the_next_stab_match_engine_play_outs_after_a_cumulation():
    """``damage_odds`` over the stock the odds keep (``consume``, then ``place``) against 3000 seeded
    play-outs through ``Session``: each HP lost within 4.5 standard errors."""
    state = stab_twice()
    stock = ExposeStock(ExposeMarkers(blank=3, cumulation=1), on_characters=1, face_up=ExposeMarkers(plus_one=3, push=1))
    stock = consume(stock, ExposeMarkers(cumulation=1))
    stock = place(stock, 1).stock
    odds = damage_odds([2], armour=1, exposed=1, unseen=stock.unseen, hp=9)
    assert odds == {1: Fraction(4, 7), 2: Fraction(3, 7)}  # the flipped +1s can be drawn (the old reading: always 1)
    n = 3000
    lost = Counter()
    for seed in range(n):
        s = session(state, seed)
        s.play(STAB)
        assert s.state.battle.enemy("E1").hp == 9
        s.play(STAB)
        lost[9 - s.state.battle.enemy("E1").hp] += 1
    assert set(lost) <= set(odds)
    for k, p in odds.items():
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(lost[k] / n - float(p)) <= 4.5 * se, (k, lost[k] / n, p)


def test_odds_of_the_next_stab_equal_every_shuffle_the_engine_can_draw():
    """A smaller case: one blank in the pool, a +1 and a push face up. Each of the 24 orders of the shuffle
    part, typed as a table outcome through ``Session``, then the second stab: the HP lost, counted over the
    orders, is exactly ``damage_odds``."""
    state = stab_twice(pool=("blank#2",), flipped=("plus1#1", "push#1"))
    spec = session(state, 0).game.chance(state, STAB)
    (name, part), = spec.parts
    lost = Counter()
    for order in permutations(part.cards):
        s = session(state, 0)
        s.play(STAB, outcome={name: list(order)})
        assert s.game.chance(s.state, STAB) is None  # no battle cumulation marker is left unseen
        s.play(STAB)
        lost[9 - s.state.battle.enemy("E1").hp] += 1
    stock = ExposeStock(ExposeMarkers(blank=1, cumulation=1), on_characters=1, face_up=ExposeMarkers(plus_one=1, push=1))
    stock = place(consume(stock, ExposeMarkers(cumulation=1)), 1).stock
    odds = damage_odds([2], armour=1, exposed=1, unseen=stock.unseen, hp=9)
    assert odds == {k: Fraction(n, 24) for k, n in lost.items()} == {1: Fraction(2, 3), 2: Fraction(1, 3)}


def test_the_shuffle_is_a_chance_part_a_table_may_type():
    state = stab_twice()
    s = session(state, 0)
    spec = s.game.chance(s.state, STAB)
    names = [name for name, _ in spec.parts]
    assert names == ["cumulation 1"]  # one per battle cumulation marker not seen (the other two are out)
    size = len(POOL) + len(FLIPPED) + 1  # ranks for every marker in play
    reverse = [str(k) for k in reversed(range(size))]
    before = s.state
    for bad, why in [({}, "expected outcomes for"), ({"cumulation 2": reverse}, "expected outcomes for"),
                     ({"cumulation 1": reverse[:-1]}, "battle cumulation shuffle 1: expected an ordering of 8"),
                     ({"cumulation 1": ["0"] * size}, "battle cumulation shuffle 1: expected an ordering"),
                     (reverse, "expected outcomes for")]:
        with pytest.raises(IllegalAction, match=why):
            s.play(STAB, outcome=bad)
        assert s.state == before and s.cursor == 0
    s.play(STAB, outcome={"cumulation 1": reverse})
    b = s.state.battle
    pool = POOL + tuple(sorted(FLIPPED))  # the pool, then the flipped markers by name, rearranged by the ranks
    assert b.enemy("E1").expose == (pool[-1],) and b.expose_pool == tuple(reversed(pool[:-1]))
    assert s.steps[-1].source == "table"


def test_save_load_and_replay_after_cumulations_are_identical():
    """A small marker pool makes battle cumulations frequent: saving, loading and replaying a game in
    which they happened gives the same states, and continuing a loaded game equals continuing."""
    options = Options(players=2, expose_blank=1, expose_plus1=2, expose_push=1, expose_cumulation=2)
    for seed in range(6):
        s = Session("doomrock-battle", options, DECK, seed=seed)
        play_random(s, seed)
        if any(e.text.startswith("Battle cumulation") for e in s.events):
            break
    else:
        raise AssertionError("no battle cumulation in these games")
    cut = next(k for k, st in enumerate(s.steps) if any(e.text.startswith("Battle cumulation") for e in st.events))
    assert any(name.startswith("cumulation ") for name in s.steps[cut].outcome)
    assert [st.state for st in s.replay().steps] == [st.state for st in s.steps]
    action = s.steps[cut].action
    s.jump(cut)
    loaded = Session.from_json(s.to_json())
    assert loaded.state == s.state
    s.play(action)
    loaded.play(action)
    assert loaded.state == s.state and loaded.steps[-1].outcome == s.steps[-1].outcome


def test_options_json_round_trip_and_the_odds_refuse_the_under_reading():
    o = Options(cumulation_flip="under")
    assert Options.from_json(o.to_json()) == o and Options().cumulation_flip == "shuffle"
    with pytest.raises(ValueError, match="cumulation_flip"):
        Options(cumulation_flip="bottom")
    state = stab_twice(cumulation_flip="under")
    with pytest.raises(ValueError, match="cumulation_flip"):
        round_threat(state.battle, state.deck, state.options)
    with pytest.raises(ValueError, match="cumulation_flip"):
        incoming_attack(state.battle, state.deck, state.options)


@pytest.mark.parametrize("blanks, which", [("all", "the revealed blank markers"),
                                           ("earlier", "the blank markers revealed before this attack")])
def test_the_cumulation_log_names_the_marker_leaving_and_which_blanks_go(blanks, which):
    """Battle Effects, Battle cumulation: "Place this marker and all previously revealed blank expose markers away
    from the expose marker pool. These markers will no longer be used in this battle." (DR-3): the marker itself
    leaves, and under the "earlier" reading only the blanks revealed before this attack leave."""
    texts = [e.text for e in session(stab_twice(cumulation_blanks=blanks), 0).play(STAB)]
    line = next(t for t in texts if t.startswith("Battle cumulation:"))
    assert line.startswith(f"Battle cumulation: the battle cumulation marker and {which} leave this battle; ")
