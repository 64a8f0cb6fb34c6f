"""Attack and knock-out odds against brute force: engine play-outs with typed dice and a plain expectimax."""
import re
from dataclasses import replace
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from explorer.rumble_planet import Attack, GreedyBot, rules
from explorer.rumble_planet.odds import (
    attack_odds,
    attack_options,
    attack_value,
    best_attacks,
    die_faces,
)

from .helpers import at, gear, phase, session, started


def armed(players=3, **spaces):
    s = started(players)
    s = phase(at(s, **spaces), "action")
    s = gear(s, 0, 1, "W09", "W01", boosts=1)  # crafted Flag Spear with a Boost: damage 4+2+1, power shot
    s = gear(s, 0, 2, "W08")  # Shockwave Tee: ring
    s = gear(s, 1, 1, "A06")  # Bunker Suit: medkit on failed protection, padding
    s = gear(s, 1, 2, "A14", boosts=2)  # Golf Cart Armor: brace, spikes
    if players > 2:
        s = gear(s, 2, 1, "A09")  # Knee Pads: brace, medkit
    return s


def test_die_faces_weight_repeats():
    assert dict(die_faces(("head", "torso", "torso", "critical"))) == {
        "head": Fraction(1, 4), "torso": Fraction(1, 2), "critical": Fraction(1, 4)}


def test_one_attack_matches_the_engine_face_by_face():
    s = armed(3, p0="E5", p1="E6", p2="F6")
    for a in attack_options(s):
        odds = attack_odds(s, a.weapon, a.target)
        brute = [Counter() for _ in odds.targets]
        for face in s.options.attack_die:  # every face of the die, repeats included
            after, events = rules.apply(s, a, face)
            for i, t in enumerate(odds.targets):
                said = [int(m.group(1)) for e in events for m in [injuries_said(t.label, e.text)] if m]
                assert len(said) == 1
                brute[i][said[0]] += Fraction(1, len(s.options.attack_die))
                if t.seat is not None:  # HP lost: the Injuries, less any medkit healing afterwards
                    assert s.player(t.seat).hp - after.player(t.seat).hp <= said[0]
        for i, t in enumerate(odds.targets):
            assert dict(t.injuries) == dict(brute[i])
            assert sum(p for _, p in t.injuries) == 1


def test_ring_attack_hits_every_opponent_with_one_die():
    s = armed(3, p0="E5", p1="E6", p2="F6")
    odds = attack_odds(s, "2", "E6")
    assert [t.seat for t in odds.targets] == [1, 2]
    assert sum(p for _, p in odds.knockouts) == 1
    low = s.with_player(1, hp=1).with_player(2, hp=1)
    ko = attack_odds(low, "2", "E6")
    # with 1 HP, any Injury knocks out: the number knocked out per face is counted over one shared die
    expected = Counter()
    for face, p in die_faces(s.options.attack_die):
        expected[sum(1 for t in ko.targets if dict(t.by_face)[face] >= 1)] += p
    assert dict(ko.knockouts) == dict(expected)


def plain_expectimax(state, goal, left=2):
    """Brute force: every legal Attack action in every order through ``rules.apply``, one die face at a time."""
    if any(state.player(i).knocked_out for i in goal):
        return Fraction(1)
    best = Fraction(0)
    if left == 0:
        return best
    die = state.options.attack_die
    for a in [a for a in rules.legal_actions(state) if isinstance(a, Attack)]:
        v = Fraction(0)
        for face in die:
            after, _ = rules.apply(state, a, face)
            while after.pending:  # a shove: the attacker picks the best place
                after = max((rules.apply(after, x)[0] for x in rules.legal_actions(after)),
                            key=lambda x: plain_expectimax(x, goal, left - 1))
            v += Fraction(1, len(die)) * plain_expectimax(after, goal, left - 1)
        best = max(best, v)
    return best


@pytest.mark.parametrize("hp1,hp2", [(5, 18), (9, 4), (12, 12)])
def test_knockout_chance_equals_brute_force_over_every_order(hp1, hp2):
    s = armed(3, p0="E5", p1="E6", p2="F6").with_player(1, hp=hp1).with_player(2, hp=hp2)
    plan = best_attacks(s)
    assert plan.value == plain_expectimax(s, (1, 2))
    for seat in (1, 2):
        assert best_attacks(s, goal=(seat,)).value == plain_expectimax(s, (seat,))


def test_fast_model_agrees_with_the_engine_expectimax():
    for hp1, hp2 in [(5, 18), (9, 4), (12, 12), (3, 3)]:
        s = armed(3, p0="E5", p1="E6", p2="F6").with_player(1, hp=hp1).with_player(2, hp=hp2)
        v = attack_value(s)
        assert v.knockout == pytest.approx(float(best_attacks(s).value))
        assert v.expected_injuries == pytest.approx(float(best_attacks(s, measure="injuries").value))


def injuries_said(label, event):
    """The Injuries an engine event reports for ``label`` (a Hero or a tile)."""
    return re.search(rf"on {re.escape(label)}: (\d+) Injur", event) or re.search(rf": {re.escape(label)} suffers (\d+) Injur", event)


def test_session_play_outs_with_table_dice_match_the_odds():
    """Bots play a seeded game until an attack is possible; every face is then typed into the Session."""
    sess = session(2, seed=5)
    bots = [GreedyBot(np.random.default_rng(1)), GreedyBot(np.random.default_rng(2))]
    checked = 0
    for _ in range(3000):
        if sess.is_over() or checked >= 4:
            break
        acts = sess.legal_actions()
        for a in [a for a in acts if isinstance(a, Attack)][:2]:
            odds = attack_odds(sess.state, a.weapon, a.target)
            seen = [Counter() for _ in odds.targets]
            for face in sess.state.options.attack_die:
                events = [e.text for e in sess.play(a, outcome=face)]
                for i, t in enumerate(odds.targets):
                    said = [int(m.group(1)) for e in events for m in [injuries_said(t.label, e)] if m]
                    assert len(said) == 1, events
                    n = said[0]
                    seen[i][n] += Fraction(1, len(sess.state.options.attack_die))
                sess.undo()
            assert [dict(t.injuries) for t in odds.targets] == [dict(c) for c in seen]
            checked += 1
        sess.play(bots[rules.current_player(sess.state)].choose(sess.state, acts))
    assert checked >= 2


def test_a_shove_between_two_attacks_is_followed_through_the_engine():
    # Plasma Putter (Damage 6, Range 1, shove 1 and Ring) first can push the target out of the Flag Spear's reach
    s = started(2)
    s = phase(at(s, p0="E5", p1="E6"), "action")
    s = gear(s, 0, 1, "W14")
    s = gear(s, 0, 2, "W09")
    s = gear(s, 1, 1, "A11").with_player(1, hp=8)  # Chest Plate: torso Defense 4, padding 2 when it fails
    plan = best_attacks(s, goal=(1,))
    assert plan.value == plain_expectimax(s, (1,))
    # 4 Injuries a hit unless the torso is hit: two such hits knock out, but only if the shove comes last
    assert plan.value == Fraction(4, 6) ** 2 and plan.first == Attack("2", "E6")


def attack_states(n, seed=4):
    """Action-phase states with an attack available, from a seeded 3-player greedy game."""
    sess = session(3, seed=seed)
    bots = [GreedyBot(np.random.default_rng(seed + i)) for i in range(3)]
    out = []
    for _ in range(20_000):
        if sess.is_over() or len(out) >= n:
            break
        s = sess.state
        if s.stage == "play" and not s.pending and attack_options(s):
            out.append(s)
        sess.play(bots[rules.current_player(s)].choose(s, sess.legal_actions()))
    return out


def test_fast_model_agrees_with_the_engine_on_states_from_real_games():
    checked = 0
    for s in attack_states(12):
        p = s.player(s.active)
        shove = any(g is not None and g.main == "W14" or g is not None and g.secondary == "W14" for g in p.track)
        if shove or p.level == 1 and p.pp + 3 >= p.hp - 6:  # a shove or a Level-Up! between attacks: not modelled
            continue
        v = attack_value(s)
        assert v.knockout == pytest.approx(float(best_attacks(s).value))
        assert v.expected_injuries == pytest.approx(float(best_attacks(s, measure="injuries").value))
        checked += 1
    assert checked >= 3


def brute_force(state, goal, left=2):
    """Every Attack in every order through ``rules.apply``; after a hit the attacker's choices at best and every
    draw (a teleport's GPS card) outcome by outcome, each equally likely."""
    if any(state.player(i).knocked_out for i in goal):
        return Fraction(1)
    if left == 0:
        return Fraction(0)

    def settled(x):
        if not x.pending:
            return brute_force(x, goal, left - 1)
        best = Fraction(0)
        for a in rules.legal_actions(x):
            spec = rules.chance(x, a)
            draws = [None] if spec is None else list(spec.faces)
            best = max(best, sum((settled(rules.apply(x, a, o)[0]) for o in draws), Fraction(0)) / len(draws))
        return best

    die = state.options.attack_die
    return max([sum((settled(rules.apply(state, a, face)[0]) for face in die), Fraction(0)) / len(die)
                for a in rules.legal_actions(state) if isinstance(a, Attack)], default=Fraction(0))


@pytest.mark.parametrize("hp", [7, 10])
def test_a_shove_onto_a_teleporter_counts_every_region_and_gps_card(hp):
    # "if a Teleporter tile is moved, placed, or replaced in your space, you are immediately teleported ...
    # perform a controlled GPS relocation" (Teleporter Tile): the odds raised IllegalAction("ChooseRegion(region='NW')
    # needs a chance outcome"); now the region is the attacker's choice and the GPS card is drawn by its chances.
    s = gear(at(phase(started(), "action"), p0="E4", p1="E5"), 0, 1, "W14")  # Plasma Putter: shove 1
    s = gear(gear(s, 0, 2, "W09"), 1, 1, "A14")  # Golf Cart Armor: the die's face matters
    every_way = (("D5", "teleporter"), ("E6", "teleporter"), ("F5", "teleporter"))  # the shove always teleports
    s = replace(s, lootboxes=(), golden=None, tiles=s.tiles + every_way).with_player(1, hp=hp)
    plan = best_attacks(s, goal=(1,))
    assert plan.value == brute_force(s, (1,))
    assert 0 < plan.value < 1
    assert best_attacks(s, goal=(1,), measure="injuries").value > 0


def test_attack_options_are_the_legal_attacks_only_in_the_attack_step():
    """"During the Action Phase, you can move across the Green and attack your opponents": no attack is offered in
    the Preparation Phase, nor while a teleport's region waits to be chosen ("Anytime a player enters a space with
    a Teleporter tile, they are immediately teleported"), and attack_value counts none there."""
    from explorer.rumble_planet import Move

    prep = phase(at(started(), p0="E1", p1="E2"), "preparation")
    s = replace(phase(at(started(), p0="E4", p1="E6"), "action"), tiles=(("E5", "teleporter"),), lootboxes=())
    s, _ = rules.apply(s, Move("E5"))
    assert s.pending[0].kind == "teleport"
    for st in (prep, s):
        legal = [a for a in rules.legal_actions(st) if isinstance(a, Attack)]
        assert attack_options(st) == tuple(legal) == ()
        assert attack_value(st).expected_injuries == 0 and attack_value(st, cache={}).expected_injuries == 0
    acting = phase(at(started(), p0="E1", p1="E2"), "action")
    assert attack_options(acting) == tuple(a for a in rules.legal_actions(acting) if isinstance(a, Attack)) != ()
