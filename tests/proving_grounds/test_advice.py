"""Live advice: checked against the plain engine (exhaustively, and by play-outs)."""
import itertools

import numpy as np
import pytest

from explorer.core import Session
from explorer.proving_grounds import Options, Reroll, Roll, SetUp, Stop, sample_deck
from explorer.proving_grounds.bots import RandomPlayer, play_out
from explorer.proving_grounds.odds.advice import advise, board_goal, quality_report
from explorer.proving_grounds.rules import apply, legal_actions
from explorer.proving_grounds.state import colour

DECK = sample_deck()


def rolled_session(seed=11, faces=None, **options):
    # The advice values a set by how far it can climb (ruling PG-4): compare with an engine that climbs so.
    options = {"climb": "max", **options}
    s = Session("proving-grounds", Options(timer_rerolls=4, **options), DECK, seed=seed)
    s.play(SetUp())
    s.play(Roll(), outcome=faces)
    return s


def engine_steps(state) -> int:
    """Net battle-track steps of Step 2A when the player stops now, read from the engine's own markers."""
    return steps_between(state, apply(state, Stop())[0])


def steps_between(state, after) -> int:
    total = 0
    for n in range(1, 7):
        slot, new = state.slot(n), after.slot(n)
        if slot is None:
            continue
        if new is None or new.card != slot.card:  # defeated: it climbed to the top
            total += state.enemy(n).top - slot.marker
        else:  # a wound waits for its decision, so its marker still shows the bottom space
            total += new.marker - slot.marker
    return total


def test_stop_value_is_the_engines_own_resolution():
    for seed in range(20):
        s = rolled_session(seed)
        advice = advise(s.state, 0, odds=False)
        assert advice.value_of(Stop()) == pytest.approx(engine_steps(s.state)), seed


def test_one_reroll_values_match_exhaustive_enumeration_over_the_engine():
    s = rolled_session(3, faces=[1, 1, 2, 3, 4, 4, 5, 6])
    advice = advise(s.state, 1, odds=False)
    for action, value in advice.choices:
        if not isinstance(action, Reroll):
            continue
        n = len(s.state.dice_showing(action.face))
        outcomes = list(itertools.product(range(1, 7), repeat=n))
        total = 0.0
        for faces in outcomes:
            after, _ = apply(s.state, action, list(faces))
            # with no set left the rolling ends by itself (Q3) and the attacks resolve at once
            total += engine_steps(after) if after.phase == "rolling" else steps_between(s.state, after)
        assert value == pytest.approx(total / len(outcomes)), action


def test_hit_odds_agree_with_engine_playouts_of_the_same_policy():
    s = rolled_session(5)
    advice = advise(s.state, 4)
    rng = np.random.default_rng(0)
    hits = {n: 0 for n in advice.hit_odds}
    runs = 300
    for _ in range(runs):
        state = s.state
        while state.phase == "rolling":
            budget = 4 - state.rerolls
            best = advise(state, budget, odds=False).best if budget else Stop()
            outcome = None
            if isinstance(best, Reroll):
                outcome = [int(f) for f in rng.integers(1, 7, len(state.dice_showing(best.face)))]
            state, events = apply(state, best, outcome)
        for e in events:
            if e.section == "Step 2: Resolve Attacks, A) Move Battle Markers" and "you score a hit" in e.text:
                hits[int(e.text.split("#")[1].split()[0])] += 1
    for n, p in advice.hit_odds.items():
        se = max(np.sqrt(p * (1 - p) / runs), 1e-3)
        assert abs(hits[n] / runs - p) < 4.5 * se, (n, hits[n] / runs, p)


def test_policies_and_objectives():
    s = rolled_session(7)
    optimal = advise(s.state, 4)
    never = advise(s.state, 4, policy="never")
    assert sum(optimal.hit_odds.values()) >= sum(never.hit_odds.values()) - 1e-9
    defeat = advise(s.state, 4, "defeat", target=1, odds=False)
    assert 0 <= defeat.choices[0][1] <= 1
    no_wound = advise(s.state, 1, "no_wound", odds=False)
    assert 0 <= no_wound.choices[0][1] <= 1
    with pytest.raises(ValueError, match="objective must be one of"):
        board_goal(s.state, "glory")
    with pytest.raises(ValueError, match="target: the 'defeat' objective"):
        board_goal(s.state, "defeat", target=9)
    with pytest.raises(ValueError, match="policy must be one of"):
        advise(s.state, 4, policy="lucky")
    s.play(Stop())
    with pytest.raises(ValueError, match="advice is for Step 1 while rolling"):
        advise(s.state, 4)


def test_quality_report_judges_each_rolling_decision():
    s = Session("proving-grounds", Options(timer_rerolls=3), DECK, seed=2)
    play_out(s, RandomPlayer(np.random.default_rng(1)))
    report = quality_report(s)
    rolling = [st for st in s.steps if type(st.action).__name__ in ("Reroll", "Stop")]
    assert len(report.judgements) == len(rolling) > 0
    assert all(j.loss >= 0 and j.best_value >= j.chosen_value - 1e-9 for j in report.judgements)
    assert report.total_loss == pytest.approx(sum(j.loss for j in report.judgements))
    assert 0 <= report.proficiency <= 1
    # an optimal player loses nothing
    t = Session("proving-grounds", Options(timer_rerolls=3), DECK, seed=2)
    while t.state.round <= 3 and not t.is_over():
        state = t.state
        if state.phase == "rolling":
            t.play(advise(state, 3 - state.rerolls, odds=False).best)
        else:
            t.play(t.legal_actions()[0])
    assert quality_report(t).total_loss == pytest.approx(0, abs=1e-9)


def test_dragonling_stop_value_is_the_engines_best_use_of_the_die():
    """Module 1: after the timer the die is used as well as possible; chaos averages the forced reroll."""
    from explorer.proving_grounds import ChaosReroll

    rng = np.random.default_rng(4)
    for seed in range(6):
        for face in ("talon", "tail", "teeth", "wing", "chaos"):
            s = Session("proving-grounds", Options(dragonling=True, timer_rerolls=4, climb="max"), DECK, seed=seed)
            s.play(SetUp())
            s.play(Roll(), outcome={"dice": [int(f) for f in rng.integers(1, 7, 8)], "dragonling": face})
            value = advise(s.state, 0, odds=False).value_of(Stop())
            stopped, _ = apply(s.state, Stop())
            if stopped.phase != "dragonling":  # nothing to decide: the die had no use
                engine = steps_between(s.state, stopped)
            elif face == "chaos":
                n = len([d for d, _ in stopped.rolled if colour(d) != "white"])
                outcomes = list(itertools.product(range(1, 7), repeat=n))
                engine = sum(steps_between(s.state, apply(stopped, ChaosReroll(), list(o))[0]) for o in outcomes) / len(outcomes)
            else:
                engine = max(steps_between(s.state, apply(stopped, a)[0]) for a in legal_actions(stopped))
            assert value == pytest.approx(engine), (seed, face)


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_shared_face_marginals_equal_the_plain_expectation_of_every_enemy_goal(seed):
    # the fast path (one push of the final distribution, read per face) against the dot product with every state's value
    from explorer.proving_grounds.odds.answers import solver_for
    from explorer.proving_grounds.odds.goals import stop_values

    state = rolled_session(seed=seed).state
    roll = [(colour(d), f) for d, f in state.rolled]
    goals = [board_goal(state, kind, n) for n in range(1, 7) if state.slot(n) for kind in ("hit", "wound")]
    solver = solver_for([c for c, _ in roll], 4, board_goal(state))
    policy = solver.optimal_policy()
    final = solver._final_probabilities(policy, roll, 3)
    plain = [float(final @ stop_values(solver.layout, g)) for g in goals]
    assert solver.expectations(goals, roll, policy, 3) == pytest.approx(plain, abs=1e-12)
    assert any(0 < p < 1 for p in plain)  # a board where the chances are not all trivial
