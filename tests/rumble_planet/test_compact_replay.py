"""The compact game (``sim.quick``) replays the plain engine's games exactly: for the same seed, at every step the
legal actions offered, the bot's choice, the chance outcome and the whole state after it are the engine's, and the
records are equal, over player counts, Heroes, bots and option sets. Options are spelled as changes from the
defaults, so a new default is replayed too."""
from __future__ import annotations

import numpy as np
import pytest

from explorer.core.frozen import replace

from explorer.core.seeds import children_of
from explorer.rumble_planet import Options, PlaceAt, rules, sample_content
from explorer.rumble_planet.cards import deck_from_json
from explorer.rumble_planet.effects import EFFECTS, EffectRef
from explorer.rumble_planet.setup import initial_state
from explorer.rumble_planet.sim import games, heroes_for, play_game, quick, replay_seed, simulate
from explorer.rumble_planet.sim.compact import from_state, to_state
from explorer.rumble_planet.sim.compact_loot import FEAT_READS, feat_test
from explorer.rumble_planet.sim.compact_play import step as compact_step
from explorer.rumble_planet.sim.compact_turn import legal_actions
from explorer.rumble_planet.state import Gear, Task, Turn
from explorer.rumble_planet.turn import feat_view

from .helpers import at, phase, pushing_two, started

CONTENT = sample_content()

OPTION_SETS = {
    "defaults": {},
    "square rings, ranges by ring, falling by step": {"ring_shape": "square", "range_shape": "ring", "falling": "step",
                                                     "round_limit": 14},
    "the other readings": {"teleporter_replacement": "next_to_hero", "teleporter_onto_heroes": True,
                           "placement_enters": False, "placement_falls": False, "replacement_loot": "replace",
                           "teleport_ends_movement": True, "aligned_diagonals": True, "field_own_space": False,
                           "push_injuries": "the_attacks", "tie_break": "later", "round_limit": 14},
    "side B, a rich start, scarce tiles": {"side": "B", "start_credits": 12, "bank_boosts": 6, "bank_credits": 60,
                                            "tile_supply": {"drone": 1, "turret": 1, "oil_slick": 1, "energy_wall": 1},
                                            "round_limit": 14},
    "a deadly die, cheap cards, a short race": {"attack_die": ("critical", "head", "critical"), "weapon_price": 2,
                                                "armor_price": 1, "pp_price": 4, "prestige_goal": 8, "max_hp": 9},
}
BOT_MIXES = {2: [("random", "random"), ("greedy", "random")],
             3: [("greedy",) * 3, ("random", "greedy", "random")],
             4: [("greedy",) * 4, ("random", "greedy", "greedy", "random")]}
CASES = [(name, bots) for name in OPTION_SETS for n in (2, 3, 4) for bots in BOT_MIXES[n]]


def replay(players, options, seed, content=CONTENT) -> int:
    """One game both ways, compared step by step; returns its length."""
    ref = play_game(players, options, content, seed, keep_actions=True)
    steps = []
    got = quick.play_game(players, options, content, seed, keep_actions=True,
                          trace=lambda g, seat, actions, action, outcome: steps.append((seat, actions, to_state(g))))
    state = initial_state(options, content)
    assert len(steps) == len(ref.actions)
    for k, ((action, outcome), (seat, actions, after), (c_action, c_outcome)) in enumerate(
            zip(ref.actions, steps, got.actions)):
        assert seat == rules.current_player(state), f"step {k}: the seat to act"
        assert actions == rules.legal_actions(state), f"step {k}: the legal actions"
        assert (c_action, c_outcome) == (action, outcome), f"step {k}: the choice and its outcome"
        state, _ = rules.apply_legal(state, action, outcome)
        assert after == state, f"step {k}: the state after {action} ({outcome})"
    assert got == ref
    return ref.steps


@pytest.mark.parametrize("name, bots", CASES)
def test_compact_game_replays_the_engine(name, bots):
    case = CASES.index((name, bots))
    options = Options(players=len(bots), heroes=heroes_for(case, len(bots), CONTENT), **OPTION_SETS[name])
    assert quick.check_supported(options, CONTENT, bots) is None
    n = 2 if name == "defaults" else 1
    for seed in children_of(np.random.SeedSequence([2026, case]), n):
        assert replay(bots, options, seed) > 50


def test_simulate_plays_the_compact_games_and_they_are_the_engines():
    players = ("greedy", "random", "greedy")
    r = simulate(players, 4, seed=11, options=Options(players=3, round_limit=20))
    for g, rec in enumerate(r.records):
        options = Options(players=3, heroes=heroes_for(g, 3, CONTENT), round_limit=20)
        assert rec == quick.play_game(players, options, CONTENT, replay_seed(11, g, 4))
        assert rec == play_game(players, options, CONTENT, replay_seed(11, g, 4))


def test_a_capped_game_is_the_engines_capped_game():
    options = Options(players=2, heroes=heroes_for(0, 2, CONTENT))
    for players in (("random", "random"), ("greedy", "greedy")):
        seed = replay_seed(5, 0, 1)
        capped = quick.play_game(players, options, CONTENT, seed, max_steps=90)
        assert capped.capped and capped.winner is None and capped.steps == 90
        assert capped == play_game(players, options, CONTENT, seed, max_steps=90)


def test_unsupported_games_are_named_and_go_to_the_engine_loop(monkeypatch):
    options = Options(players=2)
    assert "search" in quick.check_supported(options, CONTENT, ["search", "greedy"])
    assert quick.check_supported(options, CONTENT, [lambda rng: None, "greedy"]) is not None
    # an option the compact game does not know (as a field added to Options later would be): the engine plays
    monkeypatch.setattr(quick, "KNOWN_OPTIONS", quick.KNOWN_OPTIONS - {"falling"})
    assert "falling" in quick.check_supported(options, CONTENT, ["greedy", "random"])
    expected = [play_game(("greedy", "random"), Options(players=2, heroes=heroes_for(g, 2, CONTENT), round_limit=10),
                          CONTENT, replay_seed(4, g, 2)) for g in range(2)]

    def refuse(*args, **kwargs):
        raise AssertionError("an unsupported game went to the compact game")

    monkeypatch.setattr(quick, "play_game", refuse)
    r = simulate(("greedy", "random"), 2, seed=4, options=Options(players=2, round_limit=10))
    assert r.records == tuple(expected)


def test_a_deck_effect_the_compact_game_does_not_know_goes_to_the_engine(monkeypatch):
    monkeypatch.setattr(quick, "KNOWN_EFFECTS", quick.KNOWN_EFFECTS - {"ring"})
    assert "'ring'" in quick.check_supported(Options(players=2), CONTENT, ["greedy", "greedy"])


def test_the_compact_game_knows_every_option_and_effect():
    """A new option or card effect is a new rule: until the compact game learns it, simulations use the engine."""
    assert set(Options.__dataclass_fields__) == quick.KNOWN_OPTIONS
    assert set(EFFECTS.effects) == quick.KNOWN_EFFECTS
    assert games.quick is quick


def both_ways(state, k: int) -> set:
    """Every legal action at ``state`` applied both ways, its chance drawn from generators in the same state;
    returns the kinds of action tried."""
    g = from_state(state, np.random.Generator(np.random.PCG64(k)))
    assert to_state(g) == state
    legal = rules.legal_actions(state)
    assert legal_actions(g) == legal, f"step {k}: the legal actions"
    for a in legal:
        g = from_state(state, np.random.Generator(np.random.PCG64(k)))
        drawn = compact_step(g, a)
        spec = rules.chance(state, a)
        expected = None if spec is None else spec.sample(np.random.Generator(np.random.PCG64(k)))
        assert drawn == expected, f"step {k}: the outcome of {a}"
        assert to_state(g) == rules.apply(state, a, expected)[0], f"step {k}: the state after {a} ({drawn})"
    return {type(a).__name__ for a in legal}


@pytest.mark.parametrize("name, bots", [("defaults", ("random", "greedy", "random")),
                                        ("the other readings", ("random",) * 4),
                                        ("square rings, ranges by ring, falling by step", ("greedy", "random")),
                                        ("a deadly die, cheap cards, a short race", ("random", "random", "greedy"))])
def test_every_legal_action_at_a_position_does_what_the_engine_does(name, bots):
    """Not only the bots' choices: at positions along an engine game, every legal action is applied both ways
    and the states after it are equal."""
    options = Options(players=len(bots), **OPTION_SETS[name])
    ref = play_game(bots, options, CONTENT, replay_seed(8, 0, 1), keep_actions=True, max_steps=700)
    state, kinds = initial_state(options, CONTENT), set()
    for k, (action, outcome) in enumerate(ref.actions):
        if k % 2 == 0 or state.pending:
            kinds |= both_ways(state, k)
        state, _ = rules.apply_legal(state, action, outcome)
    assert len(kinds) >= 17


def test_a_gear_swap_and_a_taunt_do_what_the_engine_does():
    """Loot Cards ("Gear Swap") and Accomplishing a Feat (the taunt), which the bots seldom choose."""
    state = started(3)
    track = (Gear("W01", boosts=1), Gear("A02", "A03"), None, Gear("W02"))
    state = replace(state.with_player(0, track=track), pending=(Task("gear_swap", 0),))
    assert both_ways(state, 1) == {"SwapGear", "Decline"}
    state = replace(state.with_player(1, pp=3), pending=(Task("taunt", 0),))
    assert both_ways(state, 2) == {"Taunt", "Decline"}


def test_a_push_onto_a_teleporter_does_what_the_engine_does():
    """Teleporter Tile ("immediately teleported") in the middle of a push of 2 spaces, which the sample deck's push of
    1 never shows: the teleport first, then the rest of the push, both ways."""
    state = replace(started(), content=pushing_two())
    state = at(phase(state, "action"), p0="E4", p1="E5")
    state = replace(state.with_player(0, track=(Gear("W14"), None, None, None)), lootboxes=(), golden=None,
                    tiles=(("E6", "teleporter"),), pending=(Task("shove", 0, ("1", "2", "E4")),))
    assert both_ways(state, 3) == {"PlaceAt"}
    state, _ = rules.apply(state, PlaceAt("E6"))
    assert [t.kind for t in state.pending] == ["teleport", "shove"]
    assert both_ways(state, 4) == {"ChooseRegion"}


def test_a_push_whose_injuries_are_the_attacks_does_what_the_engine_does():
    """Ways to Gain or Lose PP, "Attack and injure an opponent (once per turn, per opponent) +1 PP", with the push's
    Injuries counted as the attack's (``push_injuries="the_attacks"``, ruling RP-37), both ways: the attack (every
    face), then a push of 2 whose first space falls 2 levels into a Turret's Ring after a hit her Hard Hat stopped."""
    state = replace(started(push_injuries="the_attacks"), content=pushing_two())
    state = at(phase(state, "action"), p0="C8", p1="C9")
    state = state.with_player(0, track=(Gear("W14"), None, None, None))
    state = state.with_player(1, track=(Gear("A07", boosts=3), None, None, None))  # Defense 6 on the head
    state = replace(state, lootboxes=(), golden=None, tiles=(("E9", "turret"),))
    for k in range(8):
        assert "Attack" in both_ways(state, 10 + k)
    pushed = replace(state, pending=(Task("shove", 0, ("1", "2", "C8", "0")),))
    assert both_ways(pushed, 20) == {"PlaceAt"}
    after, _ = rules.apply(pushed, PlaceAt("D9"))  # 2 levels down, into the Turret's Ring: 4 Injuries, +1 PP
    assert (after.player(0).pp, after.turn.injured, after.turn.best_hit) == (1, (1,), 4)
    assert after.pending == (Task("shove", 0, ("1", "1", "C8", "4")),) and both_ways(after, 21) == {"PlaceAt"}
    hit_first = replace(pushed, pending=(Task("shove", 0, ("1", "2", "C8", "6")),), turn=replace(
        pushed.turn, injured=(1,), best_hit=6))  # the hit injured her already: no second PP, 6 + 4 Injuries
    assert both_ways(hit_first, 22) == {"PlaceAt"}
    assert rules.apply(hit_first, PlaceAt("D9"))[0].turn.best_hit == 10


def test_games_of_pushes_whose_injuries_are_the_attacks_replay_the_engine(monkeypatch):
    """Whole games on a deck whose Heroic Objects push 2 spaces, the push's Injuries the attack's: the compact game
    replays the engine step by step, and some push in them gains the PP for injuring."""
    from explorer.rumble_planet import turn

    data = CONTENT.to_json()
    for h in data["heroes"]:
        for level in h["heroic"]["levels"]:
            level["effect"] = level["effect"] or {"effect": "shove", "amount": 2}
    content = deck_from_json(data, "pushing.json", CONTENT.boards)
    gained = []
    push_injured = turn.push_injured

    def spy(state, seat, victim, hit, suffered):
        s, ev = push_injured(state, seat, victim, hit, suffered)
        gained.append(s.player(seat).pp - state.player(seat).pp)
        return s, ev

    monkeypatch.setattr(turn, "push_injured", spy)
    for case, bots in enumerate([("random", "greedy"), ("greedy", "greedy", "random"), ("random",) * 4] * 2):
        options = Options(players=len(bots), heroes=heroes_for(case, len(bots), content), push_injuries="the_attacks",
                          round_limit=14)
        assert replay(bots, options, children_of(np.random.SeedSequence([37, case]), 1)[0], content) > 50
    assert len(gained) > 20 and 1 in gained


def test_a_replacement_onto_a_teleporter_does_what_the_engine_does():
    """Replacement + Healing 2 onto a Teleporter: the teleport before the Healing, both ways."""
    state = at(phase(started(), "loot"), p0="E5", p1="J10").with_player(0, hp=17)
    state = replace(state, tiles=(("B2", "turret"), ("E6", "teleporter")), lootboxes=(), golden=None,
                    pending=(Task("replacement", 0, (0,)), Task("healing", 0, (2,))))
    assert both_ways(state, 5) == {"PlaceAt", "Decline"}
    state, _ = rules.apply(state, PlaceAt("E6"))
    assert both_ways(state, 6) == {"ChooseRegion"}


def test_each_feat_condition_reads_what_the_engines_reads():
    """Accomplishing a Feat: the compact game reads each registered condition as a number of this turn's record
    reaching the card's parameter; that is the engine's condition over turn records, altitudes and tracks."""
    names = {n for n, t in EFFECTS.effects.items() if t.kind == "feat"}
    assert names == set(FEAT_READS)
    base = started(2)
    rng = np.random.default_rng(3)
    for k in range(60):
        turn = Turn(phase="action", injured=tuple(range(int(rng.integers(0, 2)))), knockouts=int(rng.integers(0, 3)),
                    picked=int(rng.integers(0, 4)), best_hit=int(rng.integers(0, 9)), criticals=int(rng.integers(0, 2)))
        track = tuple(None if rng.random() < 0.4 else Gear("W01", "W02" if rng.random() < 0.5 else None)
                      for _ in range(4))
        space = ("A1", "D4", "E5", "F6", "C3", None)[k % 6]
        state = replace(base.with_player(0, track=track, space=space), turn=turn)
        g = from_state(state, np.random.default_rng(0))
        for name in names:
            for least in (1, 2, 3):
                params = () if not EFFECTS.effects[name].params else ((next(iter(EFFECTS.effects[name].params)), least),)
                condition = EffectRef(name, params)
                read, at_least = feat_test(condition)
                assert (read(g, g.seats[0]) >= at_least) == bool(condition(feat_view(state))), (name, least, k)


def test_the_lab_plays_rumble_planet_on_the_compact_game_where_it_can():
    from explorer.lab import new_games

    assert new_games.play_rumble_planet is games.play_quick
    options = Options(players=2, heroes=heroes_for(1, 2, CONTENT), round_limit=8)
    seed = replay_seed(2, 1, 3)
    assert games.play_quick(("greedy", "random"), options, CONTENT, seed) == play_game(("greedy", "random"), options,
                                                                                        CONTENT, seed)
