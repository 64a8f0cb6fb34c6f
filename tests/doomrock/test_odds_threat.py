"""Threat this round: the exact odds against the engine's own play-outs through ``Session``."""
from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from explorer.core import Session
from explorer.doomrock import CHANCE, GreedyBot, Options, SetUpBattle
from explorer.doomrock.game import DoomrockBattle
from explorer.doomrock.odds.advice import hero_damage_odds
from explorer.doomrock.odds.threat import enemy_phase_over, party_choice, round_threat
from explorer.doomrock.state import set_pile


class FromHere(DoomrockBattle):
    """The standalone battle, started from a given position (to play it out many times)."""

    def __init__(self, state):
        self.start = state

    def initial_state(self, options, content):
        return self.start


def reach(players: int, encounter: str, seed: int, round_: int):
    """A battle played by the bots up to the start of the minion activations of ``round_``."""
    s = Session("doomrock-battle", Options(players=players, encounter=encounter), seed=seed)
    s.play(SetUpBattle())
    bot = GreedyBot(np.random.default_rng(seed))
    while not s.is_over():
        b = s.state.battle
        if b.phase == "minions" and b.round >= round_ and b.active is None and not b.minion_done:
            return s.state
        acts = s.legal_actions()
        s.play(acts[0] if s.game.current_player(s.state) == CHANCE else bot.choose(s.state, acts))
    raise AssertionError("the battle ended first")


def enemy_turn(state, seed: int, outcomes=()) -> tuple[int, ...]:
    """Play the enemies' turn through a Session with the party's choices; the heroes' life after it."""
    s = Session(FromHere(state), state.options, state.deck, seed=seed)
    typed = list(outcomes)
    while not enemy_phase_over(s.state.battle):
        acts = s.legal_actions()
        action = party_choice(s.state.battle, s.state.deck, s.state.options, acts)
        needs = s.game.chance(s.state, action) is not None
        s.play(action, typed.pop(0) if needs and typed else None)
    return tuple(h.life for h in s.state.battle.heroes)


def face_down(b):
    return list(b.expose_pool) + [m for h in b.heroes for m in h.expose] + [m for e in b.enemies for m in e.expose]


def deal(b, markers):
    """The face-down positions (pool, then heroes, then enemies) holding ``markers`` in that order."""
    it = iter(markers)
    pool = tuple(next(it) for _ in b.expose_pool)
    heroes = tuple(replace(h, expose=tuple(next(it) for _ in h.expose)) for h in b.heroes)
    enemies = tuple(replace(e, expose=tuple(next(it) for _ in e.expose)) for e in b.enemies)
    return replace(b, expose_pool=pool, heroes=heroes, enemies=enemies)


def redeal(state, rng):
    """The same board with the hidden order of the AI draw piles and face-down markers dealt anew."""
    b = state.battle
    marks = face_down(b)
    b = deal(b, [marks[j] for j in rng.permutation(len(marks))])
    b = replace(b, ai_draw=tuple((d, tuple(v[j] for j in rng.permutation(len(v)))) for d, v in b.ai_draw))
    return replace(state, battle=b)


def tiny():
    """One goblin next to both heroes, its AI deck down to three cards in the discard pile (the first
    draw reshuffles), the Paladin holding one face-down marker and two more in the pool."""
    state = reach(2, "goblin_raid", 5, 1)
    b = state.battle
    goblin = next(e for e in b.enemies if not e.boss)
    heroes = tuple(replace(h, group=goblin.group, hp=1 + i, broken=0, shields=0, expose=("plus1#1",) if i == 0 else ())
                   for i, h in enumerate(b.heroes))
    b = replace(b, enemies=(goblin,), heroes=heroes, expose_pool=("blank#1", "push#1"), expose_up=(),
                expose_out=tuple(m for m in face_down(b) + list(b.expose_up) if m not in ("plus1#1", "blank#1", "push#1")),
                ai_draw=set_pile(b.ai_draw, "goblins", ()),
                ai_discard=set_pile(b.ai_discard, "goblins", ("GOB1", "GOB3", "GOB6")))
    return replace(state, battle=b)


def test_a_tiny_case_equals_every_draw_played_through_the_engine():
    state = tiny()
    threat = round_threat(state.battle, state.deck, state.options)
    assert threat.exact and threat.activations == 4
    marks = face_down(state.battle)
    table = {}
    worlds = 0
    for arrangement in permutations(marks):  # every way the face-down markers may lie
        dealt = replace(state, battle=deal(state.battle, arrangement))
        for order in permutations(("GOB1", "GOB3", "GOB6")):  # every reshuffle, typed as table outcomes
            end = enemy_turn(dealt, 0, [list(order)])
            table[end] = table.get(end, 0) + 1
            worlds += 1
    lives = tuple(h.life for h in state.battle.heroes)
    for i, h in enumerate(threat.heroes):
        seen = {}
        for end, k in table.items():
            seen[lives[i] - end[i]] = seen.get(lives[i] - end[i], 0) + Fraction(k, worlds)
        assert h.hp_lost == {k: v for k, v in sorted(seen.items()) if v}
        assert h.defeated == sum((Fraction(k, worlds) for end, k in table.items() if end[i] <= 0), Fraction(0))
    assert threat.party_loses == sum((Fraction(k, worlds) for end, k in table.items() if 0 in end), Fraction(0))
    assert all(0 < h.defeated < 1 for h in threat.heroes)  # the case is not trivial


@pytest.mark.parametrize("players, encounter, seed, round_, hp, n", [
    (2, "the_dragon", 5, 2, None, 800),   # expose markers placed and revealed within the round
    (3, "goblin_raid", 2, 2, None, 400),
    (2, "the_dragon", 1, 2, 2, 600),      # party damage divided by the party (DRA4 still in the draw pile)
    (3, "zombie_horde", 5, 2, 2, 400),    # an empty draw pile: the Session reshuffles the discards
])
def test_exact_odds_agree_with_play_outs_through_the_session(players, encounter, seed, round_, hp, n):
    state = reach(players, encounter, seed, round_)
    if hp is not None:  # weakened heroes, so that defeats are neither sure nor impossible
        b = state.battle
        state = replace(state, battle=replace(b, heroes=tuple(replace(h, hp=min(h.hp, hp), broken=0) for h in b.heroes)))
    threat = round_threat(state.battle, state.deck, state.options)
    assert threat.exact
    lives = tuple(h.life for h in state.battle.heroes)
    ends = [enemy_turn(redeal(state, np.random.default_rng(s)), s) for s in range(n)]
    for i, h in enumerate(threat.heroes):
        for lost, p in h.hp_lost.items():
            freq = sum(lives[i] - e[i] == lost for e in ends) / n
            assert abs(freq - float(p)) <= 4.5 * (float(p) * (1 - float(p)) / n) ** 0.5 + 1 / n, (h.name, lost, freq, p)
    freq = sum(any(e[i] <= 0 < lives[i] for i in range(players)) for e in ends) / n
    p = float(threat.party_loses)
    assert abs(freq - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1 / n


def test_one_attack_is_the_damage_odds_of_that_attack():
    """A lone goblin that can only draw "attack the lowest adjacent threat for 2": the HP lost is
    ``hero_damage_odds`` with the hero's markers drawn from every marker not seen."""
    state = tiny()
    b = state.battle
    pool = tuple(f"{k}#{n}" for k in ("blank", "plus1", "push", "cumulation") for n in range(10, 13))
    b = replace(b, heroes=(replace(b.hero(0), hp=3, expose=("plus1#1", "blank#1")), replace(b.hero(1), hp=0)),
                expose_pool=pool, ai_discard=set_pile(b.ai_discard, "goblins", ("GOB4",)))
    threat = round_threat(b, state.deck, state.options)
    assert threat.exact and threat.hero(1).hp_lost == {0: 1}
    damage = 2 + (b.enrage >= 4)
    assert threat.hero(0).hp_lost == hero_damage_odds(b, state.deck, 0, [damage])


def test_too_many_activations_give_a_seeded_estimate_with_standard_errors():
    state = reach(2, "the_dragon", 5, 2)
    exact = round_threat(state.battle, state.deck, state.options)
    guess = round_threat(state.battle, state.deck, state.options, max_activations=2, samples=400, seed=3)
    assert not guess.exact and guess.samples == 400 and "Monte Carlo" in guess.note and "more than 2" in guess.note
    assert guess == round_threat(state.battle, state.deck, state.options, max_activations=2, samples=400, seed=3)
    for e, g in zip(exact.heroes, guess.heroes):
        assert g.stderr == pytest.approx((g.defeated * (1 - g.defeated) / 400) ** 0.5)
        assert abs(g.defeated - float(e.defeated)) <= 4.5 * (float(e.defeated) * (1 - float(e.defeated)) / 400) ** 0.5 + 1 / 400
    budget = round_threat(state.battle, state.deck, state.options, max_steps=3, samples=50)
    assert not budget.exact and "too many engine actions" in budget.note


def test_no_threat_once_the_enemies_have_acted_and_the_board_as_it_stands_in_the_roll_phase():
    state = reach(2, "goblin_raid", 5, 2)
    done = replace(state.battle, phase="actions")
    threat = round_threat(done, state.deck, state.options)
    assert threat.exact and threat.activations == 0 and threat.party_loses == 0
    rolling = replace(state.battle, phase="roll", roller=0)
    assert round_threat(rolling, state.deck, state.options) == round_threat(state.battle, state.deck, state.options)


@pytest.mark.parametrize("field, value", [("max_steps", -1), ("samples", 0), ("seed", 1.5), ("max_activations", True)])
def test_bad_arguments_are_refused_by_name(field, value):
    state = reach(2, "goblin_raid", 5, 1)
    with pytest.raises(ValueError, match=field):
        round_threat(state.battle, state.deck, state.options, **{field: value})


def test_a_decision_inside_an_ai_card_leaves_the_odds_of_the_end_of_the_turn_unchanged():
    """The party's forced choices (a die to give up, a point of party damage) are the reading's own choices,
    so playing one cannot move the distribution of the heroes' life at the end of the enemies' turn."""
    checked = 0
    for players, encounter, seed in [(3, "zombie_horde", 2), (2, "goblin_raid", 1), (2, "the_dragon", 3), (3, "the_lich", 6)]:
        s = Session("doomrock-battle", Options(players=players, encounter=encounter), seed=seed)
        s.play(SetUpBattle())
        bot = GreedyBot(np.random.default_rng(seed))
        while not s.is_over() and s.state.battle.round <= 8:
            b, deck, options = s.state.battle, s.state.deck, s.state.options
            acts = s.legal_actions()
            if b.paused is None or b.paused.kind not in ("steal", "party_damage", "target"):
                s.play(acts[0] if s.game.current_player(s.state) == CHANCE else
                       party_choice(b, deck, options, acts) if b.phase in ("minions", "boss") else bot.choose(s.state, acts))
                continue
            before = round_threat(b, deck, options)
            s.play(party_choice(b, deck, options, acts))
            after = round_threat(s.state.battle, deck, options)
            if len(s.state.battle.expose_up + s.state.battle.expose_out) != len(b.expose_up + b.expose_out):
                continue  # markers were revealed: the odds are now conditioned on what was seen
            assert before.exact and after.exact
            assert [{h.life - k: p for k, p in h.hp_lost.items()} for h in before.heroes] == \
                   [{h.life - k: p for k, p in h.hp_lost.items()} for h in after.heroes]
            assert [h.defeated for h in before.heroes] == [h.defeated for h in after.heroes]
            checked += 1
    assert checked >= 4


def test_a_shuffle_of_known_expose_markers_during_the_turn_falls_back_to_the_estimate():
    state = tiny()
    b = replace(state.battle, expose_pool=(), expose_up=("blank#1", "push#1"))  # the pool must be reshuffled first
    threat = round_threat(b, state.deck, state.options, samples=200, seed=5)
    assert not threat.exact and threat.samples == 200 and "shuffle of expose markers" in threat.note
    assert all(0 <= h.defeated <= 1 and h.stderr >= 0 for h in threat.heroes)
