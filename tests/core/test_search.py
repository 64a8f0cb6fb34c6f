"""The search bot and the one bot protocol: every game's BOTS and make_bot, legal choices only, nothing hidden
read, the same seed the same choices, and "search" accepted by the lab and the dashboards' seats."""
from __future__ import annotations

import importlib
from dataclasses import replace

import numpy as np
import pytest

from explorer.core import Session
from explorer.core.errors import IllegalAction
from explorer.core.search import SearchBot, margin_values, shuffled

PACKAGES = {"proving-grounds": "proving_grounds", "barbearian": "barbearian", "doomrock-battle": "doomrock",
            "rumble-planet": "rumble_planet"}


def bots_of(game: str):
    return importlib.import_module(f"explorer.{PACKAGES[game]}.bots")


def small(module, seed: int = 0):
    return module.SearchBot(np.random.default_rng(seed), iterations=4, seconds=None, depth=6)


def decide(bot, state, acts):
    """The bot's choice and every table it searched from (what it passed to its determinization)."""
    seen = []
    for r in list(getattr(bot, "_rules", {}).values()) or [bot.rules]:
        orig = r.determinize
        object.__setattr__(r, "determinize", lambda v, s, rng, orig=orig: (seen.append(v), orig(v, s, rng))[1])
    return bot.choose(state, acts), seen


@pytest.mark.parametrize("game", PACKAGES)
def test_every_game_has_the_bot_protocol(game):
    bots = bots_of(game)
    assert {"random", "greedy", "search"} <= set(bots.BOTS)
    for name in bots.BOTS:
        assert hasattr(bots.make_bot(name, np.random.default_rng(0)), "choose")
    made = bots.make_bot(lambda rng: ("factory", rng), np.random.default_rng(0))
    assert made[0] == "factory"
    with pytest.raises(IllegalAction, match="unknown .* bot 'nope'; bots are random|unknown .*greedy"):
        bots.make_bot("nope", np.random.default_rng(0))


def test_barbearian_keeps_its_odds_bot():
    assert "odds" in bots_of("barbearian").BOTS


def _session(game: str, seed: int):
    name = {"doomrock-battle": "doomrock-battle"}.get(game, game)
    from explorer.core.game import get_game
    g = get_game(name)
    options = g.default_options()
    if game == "proving-grounds":
        options = replace(options, timer_rerolls=10)
    return Session(name, options, g.default_content(), seed=seed)


def _seat(session, actions):
    g = session.game
    seat = g.current_player(session.state)
    return seat


@pytest.mark.parametrize("game", PACKAGES)
def test_search_plays_only_legal_actions(game):
    """Every choice the search bot makes in a short game is one of the session's legal actions."""
    session = _session(game, seed=3)
    bot = small(bots_of(game))
    look = getattr(session.game, "view", None)
    choices = 0
    for _ in range(60):
        if session.is_over():
            break
        acts = session.legal_actions()
        seat = session.game.current_player(session.state)
        if seat < 0:
            session.play(acts[0])
            continue
        if game == "barbearian":
            acts = [a for a in acts if getattr(a, "seat", seat) == seat]
        action = bot.choose(look(session.state, seat) if look else session.state, acts)
        assert action in acts
        session.play(action)
        choices += 1
    assert choices > 5


def _mid_game(game: str, seed: int, steps: int):
    """A state some steps into a greedy game, with a real choice for the seat to act."""
    session = _session(game, seed)
    greedy = bots_of(game).make_bot("greedy", np.random.default_rng(seed))
    look = getattr(session.game, "view", None)
    for k in range(400):
        acts = session.legal_actions()
        seat = session.game.current_player(session.state)
        if game == "barbearian" and seat >= 0:
            acts = [a for a in acts if getattr(a, "seat", seat) == seat]
        if k >= steps and seat >= 0 and len(acts) > 1:
            return session.state, seat, acts
        action = acts[0] if seat < 0 else greedy.choose(look(session.state, seat) if look else session.state, acts)
        session.play(action)
    raise AssertionError("no decision found")


def test_rumble_planet_search_reads_no_hidden_card():
    """Two tables that differ only in the other hand and a face-down pile look alike to the seat, and its
    choice is the same for both (Rumble Planet Rulebook: a hand is private, ruling RP-26)."""
    from explorer.rumble_planet import view

    state, seat, acts = _mid_game("rumble-planet", 5, 40)
    other = 1 - seat
    shop = state.weapon_shop
    swapped = state.with_player(other, hand=state.player(other).hand + (shop[0],))
    swapped = replace(swapped, weapon_shop=shop[1:])
    moved = state.with_player(other, hand=state.player(other).hand + (shop[-1],))
    moved = replace(moved, weapon_shop=shop[:-1])
    assert view(swapped, seat) == view(moved, seat) and swapped != moved
    rp = bots_of("rumble-planet")
    a, seen_a = decide(small(rp, 11), swapped, acts)
    b, seen_b = decide(small(rp, 11), moved, acts)
    assert a == b
    assert seen_a and all(v == view(swapped, seat) for v in seen_a + seen_b)


def test_barbearian_search_reads_no_hidden_placement():
    """Behind the screens ("secretly place dice"), an opponent's placement changes nothing the seat decides."""
    from explorer.barbearian import rules as R
    from explorer.barbearian.state import with_fields
    from explorer.barbearian.views import view

    state, seat, acts = _mid_game("barbearian", 2, 0)
    for _ in range(200):  # to a placement with an opponent's secret trial
        if state.phase == "place":
            break
        state, seat, acts = _mid_game("barbearian", 2, 30)
    other = 1 - seat
    p = state.players[other]
    trials = [t for t in state.trial_deck]
    assert trials, "a trial deck to swap from"
    a_state = with_fields(state, {"players": tuple(with_fields(q, {"trial": trials[0]}) if i == other else q
                                                   for i, q in enumerate(state.players))})
    b_state = with_fields(state, {"players": tuple(with_fields(q, {"trial": p.trial}) if i == other else q
                                                   for i, q in enumerate(state.players))})
    assert view(a_state, seat) == view(b_state, seat)
    bb = bots_of("barbearian")
    acts = R.legal_actions(state, seat)
    assert small(bb, 4).choose(view(a_state, seat), acts) == small(bb, 4).choose(view(b_state, seat), acts)
    a, seen_a = decide(small(bb, 4), a_state, acts)
    b, seen_b = decide(small(bb, 4), b_state, acts)
    assert a == b
    assert seen_a and all(v == view(a_state, seat) for v in seen_a + seen_b)


@pytest.mark.parametrize("game", ["proving-grounds", "doomrock-battle"])
def test_search_does_not_read_a_face_down_order(game):
    """Face-down decks in another order: the same view, the same choice."""
    from explorer.doomrock.search import view as dr_view
    from explorer.proving_grounds.search import view as pg_view

    state, seat, acts = _mid_game(game, 1, 3)
    if game == "proving-grounds":
        other = replace(state, enemy_deck=tuple(reversed(state.enemy_deck)))
        look = pg_view
    else:
        b = state.battle
        other = replace(state, battle=replace(b, ai_draw=tuple((d, tuple(reversed(c))) for d, c in b.ai_draw)))
        look = dr_view
    assert look(state) == look(other)
    bots = bots_of(game)
    a, seen_a = decide(small(bots, 9), state, acts)
    b, seen_b = decide(small(bots, 9), other, acts)
    assert a == b
    if game == "doomrock-battle":  # a battle is searched on the compact battle: its table is the view made compact
        from explorer.doomrock.sim.compact import to_battle

        assert seen_a and all(to_battle(v) == look(state).battle for v in seen_a + seen_b)
    else:
        assert seen_a and all(v == look(state) for v in seen_a + seen_b)


@pytest.mark.parametrize("game", PACKAGES)
def test_same_seed_same_choice(game):
    state, seat, acts = _mid_game(game, 4, 10)
    look = getattr(_session(game, 0).game, "view", None)
    seen = look(state, seat) if look else state
    bots = bots_of(game)
    picks = {small(bots, 21).choose(seen, acts) for _ in range(2)}
    assert len(picks) == 1


def test_budget_is_checked():
    from explorer.rumble_planet.bots import SearchBot as RP

    with pytest.raises(IllegalAction, match="iterations must be a whole number"):
        RP(np.random.default_rng(0), iterations=0)
    with pytest.raises(IllegalAction, match="seconds must be a positive number"):
        RP(np.random.default_rng(0), seconds=-1)


def test_values_and_shuffles():
    assert margin_values([3, 1], 0, 2.0) == (1.0, 0.0)
    a, b = margin_values([3, 1], None, 2.0)
    assert a > 0.5 > b and abs(a + b - 1) < 1e-9
    items = ["x", "y", "z"]
    out = shuffled(items, np.random.default_rng(0))
    assert sorted(out) == items and all(type(v) is str for v in out)


def test_the_lab_accepts_search():
    from explorer.lab.games import lab_game

    for name in ("barbearian", "rumble-planet", "doomrock-battle", "proving-grounds"):
        assert "search" in lab_game(name).bots


def test_dashboard_seats_accept_search():
    from widgets.barbearian.table import SEAT_KINDS
    from widgets.rumble_planet.table import Table

    assert "search" in SEAT_KINDS
    table = Table(2, ("search", "greedy"), seed=1)
    assert type(table.bots[0]).__name__ == "SearchBot"


def test_fast_path_makes_the_same_choices():
    """Search applies the actions it takes from ``legal`` without the engine checking them again; the choices
    are those of the checked path (the same seed, the same outcomes drawn)."""
    from dataclasses import replace as dc_replace

    from explorer.rumble_planet.bots import SearchBot as RP
    from explorer.rumble_planet import view

    state, seat, acts = _mid_game("rumble-planet", 6, 30)
    fast = RP(np.random.default_rng(5), iterations=12, seconds=None, depth=30, turns=2)
    checked = RP(np.random.default_rng(5), iterations=12, seconds=None, depth=30, turns=2)
    checked.rules = dc_replace(checked.rules, chance_of_legal=None, apply_legal=None)
    assert fast.rules.apply_legal is not None
    seen = view(state, seat)
    assert fast.choose(seen, acts) == checked.choose(seen, acts)


def test_rollouts_stop_at_a_turn_start():
    """With ``turns``, a rollout ends where the given number of new turns has started."""
    from explorer.rumble_planet.bots import SearchBot as RP
    from explorer.rumble_planet.search import turn

    state, seat, acts = _mid_game("rumble-planet", 6, 30)
    for k in (1, 2):
        bot = RP(np.random.default_rng(1), iterations=1, seconds=None, depth=500, turns=k)
        ends = bot._play_out(state)
        assert ends.stage == "over" or (turn(ends) != turn(state) and ends.turn.phase == "preparation")
        assert (ends.round * 2 + ends.active) - (state.round * 2 + state.active) in ((k,) if ends.stage != "over" else range(k + 1))
    with pytest.raises(IllegalAction, match="turns must be a whole number"):
        RP(np.random.default_rng(0), turns=0)


def test_trust_keeps_the_rollout_policys_choice():
    """Credited with as many visits as the budget has, the rollout policy's choice stands; without, search may
    differ from it somewhere in a short game."""
    from explorer.rumble_planet.bots import GreedyBot, SearchBot as RP
    from explorer.rumble_planet import view

    differs = tried = 0
    for steps in range(20, 140, 5):
        state, seat, acts = _mid_game("rumble-planet", 8, steps)
        if state.pending or state.turn.phase == "loot":
            continue  # where the greedy bot picks at random
        seen = view(state, seat)
        greedy = GreedyBot(np.random.default_rng(0)).choose(seen, acts)
        assert RP(np.random.default_rng(3), iterations=30, seconds=None, turns=1, trust=1).choose(seen, acts) == greedy
        differs += RP(np.random.default_rng(3), iterations=30, seconds=None, turns=1, trust=0).choose(seen, acts) != greedy
        tried += 1
    assert tried > 5 and differs
    assert differs
    for bad in (-1, 1.5):
        with pytest.raises(IllegalAction, match="trust must be a number from 0 to 1"):
            RP(np.random.default_rng(0), trust=bad)


def test_rumble_planet_claims_a_feat_without_searching():
    """A claimable Feat is claimed at once (Rumble Planet Rulebook, Feats: its PP are the seat's for good)."""
    from explorer.rumble_planet.bots import SearchBot as RP
    from explorer.rumble_planet.state import ClaimFeat, EndActions

    state, seat, acts = _mid_game("rumble-planet", 8, 30)
    bot = RP(np.random.default_rng(0), iterations=5, seconds=None)
    assert bot.choose(state, [EndActions(), ClaimFeat("F01")]) == ClaimFeat("F01")
    assert bot.last_iterations == 0
