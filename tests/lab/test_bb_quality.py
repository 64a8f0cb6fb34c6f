"""BarBEARian move-quality reports: placements and Empower choices against the odds bot's reading."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.barbearian import Options, rules, sample_deck, view
from explorer.barbearian.bots import make_bot
from explorer.barbearian.odds import stances
from explorer.barbearian.odds.quality import (
    Stance,
    placement_stance,
    quality_report,
    stance_values,
)
from explorer.core import Session


def play(bots, seed, players=2):
    s = Session("barbearian", Options(players=players), sample_deck(), seed=seed)
    seats = [make_bot(b, np.random.default_rng(seed * 10 + k)) for k, b in enumerate(bots)]
    while not s.is_over():
        seat = rules.current_player(s.state)
        if seat == rules.CHANCE:
            s.play(s.legal_actions()[0])
        else:
            v = view(s.state, seat)
            s.play(seats[seat].choose(v, rules.legal_actions(v, seat)))
    return s


@pytest.fixture(scope="module")
def games():
    return [play(["odds", "random"], seed) for seed in (1, 2, 3)]


def test_every_placement_of_every_seat_is_judged(games):
    for s in games:
        r = quality_report(s)
        readies = sum(1 for st in s.steps if type(st.action).__name__ == "Ready")
        assert sum(1 for j in r.judgements if j.kind == "placement") == readies
        assert all(j.best_value >= j.chosen_value - 1e-9 for j in r.judgements)
        assert r.for_seat(0).judgements and r.for_seat(1).judgements
        assert "decisions judged" in r.summary()


def test_the_odds_bot_loses_far_less_than_a_random_player(games):
    odds_loss = sum(quality_report(s, seats=[0]).total_loss for s in games)
    random_loss = sum(quality_report(s, seats=[1]).total_loss for s in games)
    assert odds_loss < 0.25 * random_loss


def test_the_best_stance_is_the_odds_bot_first_choice():
    s = play(["odds", "odds"], 5)
    for st in s.steps:
        state = st.state
        if state.phase == "place" and all(p.faces for p in state.players):
            v = view(state, 0)
            values = stance_values(v, 0)
            best = int(np.argmax(values.score))
            assert values.score[best] == pytest.approx(values.score_at(best, values.target[best]))
            ct = bool(state.deck.perks(state.players[0].upgrades).free_agents)
            assert set(values.stances) == set(stances(state.players[0].faces, captains_training=ct))
            break


def test_a_placement_reads_as_its_stance():
    s = play(["greedy", "greedy"], 4)
    for st in s.steps:
        if type(st.action).__name__ == "Ready":
            prev = s.steps[s.steps.index(st) - 1].state
            stance, target = placement_stance(prev, st.action.seat)
            p = prev.players[st.action.seat]
            kept = [f for f, sp in zip(p.faces, p.placement) if sp in ("barracks_1", "barracks_2")]
            assert stance.barracks == sum(kept) and isinstance(stance, Stance)
            assert target is None or target != st.action.seat
            break
