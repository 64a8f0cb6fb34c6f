"""Advice read off the engine's state agrees with the engine itself.

The reference values come from the engine: every outcome of every re-roll is played through
``apply`` with table dice, and every assignment is tried through the engine's own ``Assign``,
``MakeShield`` and ``MakeHeroism`` actions.
"""
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import permutations, product

import numpy as np
import pytest

from explorer.core import Session
from explorer.doomrock import (
    BATTLE_GAME,
    ActivateMinion,
    Assign,
    Die,
    GreedyBot,
    KeepDice,
    MakeHeroism,
    MakeShield,
    Options,
    Reroll,
    Roll,
    SetUpBattle,
)
from explorer.doomrock.odds import RollPhaseSolver
from explorer.doomrock.odds.advice import (
    attack_damage,
    card_inputs,
    defeat_chance,
    hero_damage_odds,
    incoming_attack,
    review_keeps,
    roll_advice,
)
from explorer.doomrock.state import NoReaction, Pause, set_pile

G = BATTLE_GAME


def roll_phase_state(heroes, dice, locked=()):
    """A battle in its first roll phase whose roller has only ``dice`` dice to roll.

    ``locked`` lists (card, face) dice already locked on dice-lock cards.
    """
    s = Session("doomrock-battle", Options(players=2, heroes=heroes), seed=5)
    s.play(s.legal_actions()[0])
    st = s.state
    b = st.battle
    mine = [d for d in b.dice if d.owner == b.roller]
    others = [d for d in b.dice if d.owner != b.roller]
    new = [replace(d, place="pool") for d in mine[:dice]]
    for k, (card, face) in enumerate(locked):
        new.append(Die(b.roller, dice + k, face, "locked", card))
    new += [replace(d, place="spent") for d in mine[dice + len(locked):]]
    return replace(st, battle=replace(b, dice=tuple(new + others)))


def engine_value(state, worth):
    """Best expected ``worth`` of the roll phase from ``state``, from the engine's own actions."""
    memo = {}

    def final(st):
        key = st.battle
        if key not in memo:
            best = worth(st.battle)
            for a in G.legal_actions(st):
                if isinstance(a, (Assign, MakeShield, MakeHeroism)):
                    best = max(best, final(G.apply(st, a)[0]))
            memo[key] = best
        return memo[key]

    def value(st):
        if st.battle.assigning:
            return final(st)
        key = ("r", st.battle)
        if key not in memo:
            memo[key] = max(action_value(st, a) for a in G.legal_actions(st))
        return memo[key]

    def action_value(st, a):
        if isinstance(a, KeepDice):
            return value(G.apply(st, a)[0])
        outcomes = list(product(range(1, 7), repeat=len(a.dice)))
        return sum(value(G.apply(st, a, o)[0]) for o in outcomes) / len(outcomes)

    return value, action_value


def kept_faces(st, action):
    rolled = [d for d in st.battle.hero_dice(st.battle.roller) if d.place == "rolled"]
    again = action.dice if isinstance(action, Reroll) else ()
    return tuple(sorted(d.face for d in rolled if d.index not in again))


def sets_worth(deck, hero, shield=0.0, heroism=0.0, start=None):
    """Sets on the hero's cards, plus shields and heroism gained since ``start``."""
    def worth(b):
        h = b.hero(hero)
        total = 0.0
        for cid in dict.fromkeys(h.abilities):
            card = deck.card(cid)
            total += min(card.charges, len(b.on_card(hero, cid)) // card.activation.dice)
        return total + shield * (h.shields - start.hero(hero).shields) + heroism * (h.heroism - start.hero(hero).heroism)
    return worth


@pytest.mark.parametrize("hand", [(3, 6), (1, 5), (2, 2)])
def test_every_keep_value_matches_the_engine_two_dice_two_rerolls(hand):
    st = roll_phase_state(("paladin", "rogue"), 2)
    st, _ = G.apply(st, Roll(), hand)
    advice = roll_advice(st.battle, st.deck, shield_value=0.25, heroism_value=0.5)
    value, action_value = engine_value(st, sets_worth(st.deck, 0, 0.25, 0.5, st.battle))
    assert advice.hand == hand and advice.rerolls_left == 2
    by_kept = {k.kept: k for k in advice.keeps}
    assert len(by_kept) == len(advice.keeps)
    for a in G.legal_actions(st):  # identical dice: re-rolling either is the same choice
        kept = kept_faces(st, a)
        assert by_kept[kept].value == pytest.approx(action_value(st, a), abs=1e-9)
    assert {kept_faces(st, k.action) for k in advice.keeps} == set(by_kept)
    assert advice.value == pytest.approx(value(st), abs=1e-9)
    assert advice.best.loss == 0 and all(k.loss >= 0 for k in advice.keeps)


def test_two_dice_sets_and_a_locked_die_match_the_engine_with_one_reroll_left():
    """Cleave takes two 5s or 6s a set; a die already locked on Taunt is not rolled."""
    st = roll_phase_state(("warrior", "cleric"), 3, locked=(("taunt", 2),))
    ids, cards, locked = card_inputs(st.battle, st.deck, 0)
    assert locked[ids.index("taunt")] == 1 and cards[ids.index("cleave")][0] == ((5, 5), (5, 6), (6, 6))
    st, _ = G.apply(st, Roll(), (6, 3, 1))
    st, _ = G.apply(st, Reroll((2,)), (5,))
    advice = roll_advice(st.battle, st.deck)
    value, action_value = engine_value(st, sets_worth(st.deck, 0, start=st.battle))
    assert advice.rerolls_left == 1
    for k in advice.keeps:
        assert k.value == pytest.approx(action_value(st, k.action), abs=1e-9)
    assert advice.value == pytest.approx(value(st), abs=1e-9)


def test_the_chance_to_activate_each_card_matches_the_engine():
    st = roll_phase_state(("ranger", "rogue"), 2)
    advice = roll_advice(st.battle, st.deck)
    assert advice.hand == () and advice.keeps == ()
    for k, odds in enumerate(advice.card_odds[:2]):
        cid = odds.card
        card = st.deck.card(cid)

        def worth(b, cid=cid, card=card):
            return float(len(b.on_card(0, cid)) >= card.activation.dice)

        value, _ = engine_value(st, worth)
        roll_outcomes = list(product(range(1, 7), repeat=2))
        exact = sum(value(G.apply(st, Roll(), o)[0]) for o in roll_outcomes) / len(roll_outcomes)
        assert odds.chance == pytest.approx(exact, abs=1e-9)
        rolled, _ = G.apply(st, Roll(), (1, 4))  # from a hand in play
        assert roll_advice(rolled.battle, rolled.deck).card_odds[k].chance == pytest.approx(value(rolled), abs=1e-9)


def test_once_kept_the_advice_is_the_best_assignment_of_the_dice_left():
    st = roll_phase_state(("paladin", "rogue"), 4)
    st, _ = G.apply(st, Roll(), (4, 5, 5, 1))
    st, _ = G.apply(st, KeepDice())
    advice = roll_advice(st.battle, st.deck)
    value, _ = engine_value(st, sets_worth(st.deck, 0, start=st.battle))
    assert advice.keeps == () and advice.value == pytest.approx(value(st))
    st, _ = G.apply(st, Assign(1, "holy_strike"))
    after = roll_advice(st.battle, st.deck)
    assert after.hand == (4, 5, 1) and after.value == pytest.approx(value(st)) == advice.value  # sets held count


def test_advice_for_the_first_hero_equals_the_plain_solver_from_a_real_session():
    s = Session("doomrock-battle", Options(players=3), seed=2)
    s.play(s.legal_actions()[0])
    s.play(Roll())
    b = s.state.battle
    advice = roll_advice(b, s.state.deck)
    _, cards, locked = card_inputs(b, s.state.deck, b.roller)
    solver = RollPhaseSolver(len(advice.hand), cards, 2, locked=locked)
    assert advice.value == pytest.approx(solver.hand_value(advice.hand, 2))
    assert advice.best.kept == solver.best_keep(advice.hand, 2).kept
    assert roll_advice(replace(b, phase="initiative"), s.state.deck) is None


def _minion_turn(seed=3):
    """A goblin raid at the first minion activation."""
    s = Session("doomrock-battle", Options(players=2), seed=seed)
    bot = GreedyBot(np.random.default_rng(0))
    while not any(isinstance(a, ActivateMinion) for a in s.legal_actions()):
        acts = s.legal_actions()
        s.play(acts[0] if G.current_player(s.state) == -2 else bot.choose(s.state, acts))
    return s.state


def test_attack_damage_odds_match_the_engine_over_every_order_of_the_markers():
    """GOB1: move to the active hero and attack them for 1 (+ enrage); two markers on the hero."""
    st = _minion_turn()
    act = next(a for a in G.legal_actions(st) if isinstance(a, ActivateMinion))
    b = st.battle
    hero = act.hero
    near = b.enemy(act.enemy).group  # the active hero alone is adjacent to the goblin
    heroes = tuple(replace(h, expose=(), group=near if i == hero else near + 10) for i, h in enumerate(b.heroes))
    enemies = tuple(replace(e, expose=()) for e in b.enemies)
    b = replace(b, heroes=heroes, enemies=enemies, expose_up=(), expose_out=(), enrage=4,
                ai_draw=set_pile(b.ai_draw, "goblins", ("GOB1",) + tuple(c for c in b.pile(b.ai_draw, "goblins") if c != "GOB1")),
                ai_discard=set_pile(b.ai_discard, "goblins", tuple(c for c in b.pile(b.ai_discard, "goblins") if c != "GOB1")))
    b = b.with_hero(hero, shields=1, hp=3, broken=0)
    markers = ("plus1#1", "plus1#2", "blank#1", "push#1", "cumulation#1")
    st = replace(st, battle=b)
    losses = Counter()
    for order in permutations(markers):
        trial = replace(st, battle=replace(b.with_hero(hero, expose=order[:2]), expose_pool=order[2:]))
        spec = G.chance(trial, act)  # battle cumulation's shuffle orders (they do not change this attack's damage)
        after, _ = G.apply(trial, act, {name: list(part.cards) for name, part in spec.parts})
        losses[b.hero(hero).life - after.battle.hero(hero).life] += 1
    total = sum(losses.values())
    engine = {lost: Fraction(n, total) for lost, n in sorted(losses.items())}
    damage = attack_damage(b, st.deck, st.options, 1)
    assert damage == 2  # enrage 4 reached: +1
    trial = replace(st, battle=replace(b.with_hero(hero, expose=markers[:2]), expose_pool=markers[2:]))
    assert len(engine) > 2 and hero_damage_odds(trial.battle, st.deck, hero, [damage]) == engine
    assert defeat_chance(trial.battle, st.deck, hero, [damage]) == engine.get(3, 0)


def test_an_attack_waiting_for_a_reaction_costs_what_the_engine_deals_if_no_one_reacts():
    st = _minion_turn()
    b = st.battle
    goblin = next(e for e in b.alive_enemies if not e.boss)
    attack = next(a for a in st.deck.card("GOB4").minion if a.do == "attack")  # "attack ... for 2"
    hero = 0
    heroes = tuple(replace(h, expose=(), group=goblin.group if i == hero else goblin.group + 10)
                   for i, h in enumerate(b.heroes))
    b = replace(b, heroes=heroes, enemies=tuple(replace(e, expose=()) for e in b.enemies), expose_up=(), expose_out=(),
                paused=Pause(goblin.uid, (attack,), hero, "Battle Sequence: Minion Activation", "reaction", hero=hero))
    b = b.with_hero(hero, shields=0, hp=3, broken=0)
    markers = ("plus1#1", "plus1#2", "blank#1", "push#1")
    losses = Counter()
    for order in permutations(markers):
        trial = replace(st, battle=replace(b.with_hero(hero, expose=order[:1]), expose_pool=order[1:]))
        assert NoReaction() in G.legal_actions(trial)
        after, _ = G.apply(trial, NoReaction())
        losses[3 - after.battle.hero(hero).life] += 1
    total = sum(losses.values())
    trial = replace(b.with_hero(hero, expose=markers[:1]), expose_pool=markers[1:])
    advice = incoming_attack(trial, st.deck, st.options)
    assert (advice.enemy, advice.hero, advice.damage) == (goblin.uid, hero, 2)
    assert advice.odds == {lost: Fraction(n, total) for lost, n in losses.items()} and len(advice.odds) == 2
    assert advice.defeat == advice.odds.get(3, 0)
    assert incoming_attack(replace(trial, paused=None), st.deck, st.options) is None


def test_the_keep_review_of_a_battle_agrees_with_the_solver_move_quality():
    """Two re-rolls in the Paladin's roll phase: the losses are the solver's own move-quality report."""
    s = Session("doomrock-battle", Options(players=2), seed=8)
    s.play(SetUpBattle())
    s.play(Roll())
    first = [d.index for d in s.state.battle.hero_dice(0) if d.place == "rolled"]
    s.play(Reroll(tuple(first[:3])))  # a poor keep: only one die kept
    s.play(roll_advice(s.state.battle, s.state.deck).best.action)  # the best one
    states = [None] + [step.state.battle for step in s.steps]
    review = review_keeps([(states[i], step.action) for i, step in enumerate(s.steps)], s.state.deck)
    assert [type(d.action) for d in review.decisions][:1] == [Reroll] and len(review.decisions) == 2
    assert review.decisions[1].loss == 0 and review.decisions[0].loss > 0
    _, cards, locked = card_inputs(states[2], s.state.deck, 0)
    solver = RollPhaseSolver(4, cards, 2, locked=locked)
    decisions = [(d.hand, d.hand if isinstance(d.action, KeepDice) else
                  tuple(sorted(f for k, f in enumerate(d.hand) if first[k] not in d.action.dice)))
                 for d in review.decisions]
    assert isinstance(review.decisions[1].action, Reroll)  # seed 8: the best second keep is a re-roll
    assert solver.move_quality(decisions).total_loss == pytest.approx(review.total_loss)
    assert review.total_loss == pytest.approx(review.decisions[0].loss)
