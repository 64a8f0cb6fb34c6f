"""The batch simulator against the plain engine (the reference), plus determinism and validation.

Two kinds of agreement are checked for each module set:

* exact: a simulated game's dice are replayed as table dice in an engine ``Session`` driven by
  ``GreedyPlayer``; every decision must ask for the same dice and the game must end the same;
* statistical: win rate, mean rounds to win and mean wounds of many simulated games agree with
  the engine's own independent play-outs (``play_out``) by a two-sample z-test (|z| < 4).
"""
from __future__ import annotations

import math
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from explorer.core import ContentError, Session
from explorer.proving_grounds import (
    ChaosReroll,
    Options,
    Reroll,
    Roll,
    RollActivation,
    SetUp,
    Stop,
)
from explorer.proving_grounds.attacks import resolve_attack
from explorer.proving_grounds.bots import GreedyPlayer, play_out
from explorer.proving_grounds.cards import sample_deck
from explorer.proving_grounds.rules import coloured_rolled
from explorer.proving_grounds.setup import usable_inspirations
from explorer.proving_grounds.sim import BLOCK, SimResult, play_batch, simulate
from explorer.proving_grounds.sim import tables as sim_tables
from explorer.proving_grounds.sim.tables import DICE, colours_of, key_of, tables_for
from explorer.proving_grounds.state import State

from .helpers import SAMPLE, deck, sample_json

ALL = ("dragonling", "chariots", "inspiration", "shields", "conspirators", "sun_and_moon")
# (module set, policy, engine play-outs). Engine games cost 25-70 ms each, so the statistical
# check covers the training game, all six modules together and the "never" policy; the exact
# replays below cover each module set game by game.
STAT_SETS = [
    ((), "greedy", 240),
    (ALL, "greedy", 120),
    ((), "never", 60),
]
SIM_GAMES = 4096
REPLAY_SETS = [(), ("inspiration",), ("shields",), ("sun_and_moon",), ("conspirators",), ("chariots",),
               ("dragonling",), ("inspiration", "chariots", "dragonling"), ALL]


def options(modules=(), **kw) -> Options:
    return Options.with_modules(*modules, **{"timer_rerolls": 10, **kw})


class NeverReroll(GreedyPlayer):
    """The "never" policy in the engine: stop rolling at once; GreedyPlayer elsewhere."""

    def _rolling(self, state, actions):
        return Stop()


def bot(policy: str) -> GreedyPlayer:
    return GreedyPlayer() if policy == "greedy" else NeverReroll()


def engine_games(modules, policy, seeds) -> list[tuple]:
    """The plain engine's own play-outs (top-level: runs in worker processes)."""
    out = []
    for seed in seeds:
        s = Session("proving-grounds", options(modules), SAMPLE, seed=seed)
        play_out(s, bot(policy))
        out.append((s.result() == "won", s.state.round, s.state.health, len(s.state.defeated)))
    return out


@pytest.fixture(scope="module")
def engine_reference():
    """Engine results per module set, played on two processes while the main process simulates."""
    with ProcessPoolExecutor(max_workers=2) as pool:
        futures = {}
        for modules, policy, n in STAT_SETS:
            seeds = range(50_000, 50_000 + n)
            futures[modules, policy] = [pool.submit(engine_games, modules, policy, list(seeds[i::4])) for i in range(4)]
        sims = {(m, p): simulate(options(m), SIM_GAMES, policy=p, seed=11, chunk=SIM_GAMES) for m, p, _ in STAT_SETS}
        games = {k: [g for f in fs for g in f.result()] for k, fs in futures.items()}
    return {k: (SimResult.from_games(*zip(*games[k])), sims[k]) for k in games}


def z_score(a: float, se_a: float, b: float, se_b: float) -> float:
    return (a - b) / math.hypot(se_a, se_b)


@pytest.mark.parametrize("modules, policy", [(m, p) for m, p, _ in STAT_SETS], ids=lambda v: ("+".join(v) or "training") if isinstance(v, tuple) else v)
def test_statistics_agree_with_engine_play_outs(engine_reference, modules, policy):
    eng, sim = engine_reference[modules, policy]
    assert sim.n == SIM_GAMES and eng.wins > 0
    for stat in ("win_rate", "mean_rounds", "mean_wounds"):
        z = z_score(getattr(sim, stat), getattr(sim, stat + "_se"), getattr(eng, stat), getattr(eng, stat + "_se"))
        assert abs(z) < 4, f"{stat}: sim {getattr(sim, stat):.3f} vs engine {getattr(eng, stat):.3f} (z = {z:.2f})"


# -- exact agreement: the simulator's dice replayed in the engine ---------------------------------

def replay_in_engine(opts: Options, policy: str, seed: int, deck=SAMPLE) -> tuple[tuple, tuple]:
    """Simulate one game, replay its dice in an engine Session; returns (engine, sim) results."""
    trace: list = []
    (_, won, rnd, wounds, defeated), = play_batch(opts, deck, policy, [1], [np.random.SeedSequence(seed)], trace).tolist()
    first = {w: v for w, v in trace[:4] if w in ("enemies", "inspiration", "conspirators", "chariots")}
    rest = trace[len(first):]
    outcome = {"enemies": [deck.enemies[i].id for i in first["enemies"]]}
    if opts.inspiration:
        ids = [c.id for c in usable_inspirations(State(options=opts, deck=deck))]
        k = first["inspiration"]
        outcome["inspirations"] = [ids[k]] + ids[:k] + ids[k + 1:]
    if opts.conspirators:
        outcome["conspirators"] = [deck.conspirators[i].id for i in first["conspirators"]]
    if opts.chariots:
        outcome["chariots"] = [deck.chariots[i].id for i in first["chariots"]]
    s = Session("proving-grounds", opts, deck, seed=0)
    s.play(SetUp(), outcome=outcome)
    player, pos = bot(policy), 0

    def draw(what: str):
        nonlocal pos
        got = rest[pos][0] if pos < len(rest) else "nothing"
        assert got == what, f"seed {seed}, round {s.state.round}: the engine asks for {what}, the simulator drew {got}"
        pos += 1
        return rest[pos - 1][1]

    while not s.is_over():
        st = s.state
        a = player.choose(st, s.legal_actions())
        if isinstance(a, RollActivation):
            s.play(a, [draw("activation")])
        elif isinstance(a, Roll):
            rolled = draw("roll")
            faces = [rolled[DICE.index(d)] for d in st.pool]
            s.play(a, {"dice": faces, "dragonling": opts.dragonling_faces[draw("dragonling")]} if opts.dragonling else faces)
        elif isinstance(a, Reroll):
            new = draw("reroll")
            s.play(a, [new[DICE.index(d)] for d in st.dice_showing(a.face)])
        elif isinstance(a, ChaosReroll):
            new = draw("chaos")
            s.play(a, [new[DICE.index(d)] for d in coloured_rolled(st)])
        else:
            s.play(a)
    assert pos == len(rest), f"seed {seed}: the simulator drew more ({rest[pos][0]}) after the engine's game ended"
    st = s.state
    return (st.result == "won", st.round, st.health, len(st.defeated)), (bool(won), rnd, wounds, defeated)


@pytest.mark.parametrize("modules", REPLAY_SETS, ids=lambda m: "+".join(m) or "training")
def test_simulated_games_replay_exactly_in_the_engine(modules):
    for seed in range(8):
        eng, sim = replay_in_engine(options(modules), "greedy", seed)
        assert eng == sim, f"seed {seed}: engine (won, round, wounds, defeated) {eng}, simulator {sim}"


RULEBOOK = sample_deck("rulebook_examples")  # 8 enemies, 1 chariot: both decks run out (PG-9, PG-19)


@pytest.mark.parametrize("opts, policy, cards", [
    (options(ALL), "never", SAMPLE),
    (options(("inspiration", "chariots", "dragonling"), timer_rerolls=3, health_spaces=8, stack_space=3), "greedy", SAMPLE),
    (options(("inspiration", "conspirators", "shields"), timer_rerolls=0), "greedy", SAMPLE),
    (options(("dragonling",), dragonling_faces=("wing", "wing", "tail", "talon", "teeth", "chaos")), "greedy", SAMPLE),
    (options(defeats_to_win=12, health_spaces=9, stack_space=1), "greedy", SAMPLE),
    (options(ALL, timer_rerolls=4), "greedy", RULEBOOK),
], ids=["all-never", "short-timer-long-track", "no-rerolls", "winged", "twelve-to-win", "small-decks"])
def test_other_options_replay_exactly(opts, policy, cards):
    for seed in range(6):
        eng, sim = replay_in_engine(opts, policy, seed, cards)
        assert eng == sim, f"seed {seed}: engine {eng}, simulator {sim}"


def test_tables_are_the_engine_resolve_attack():
    """Spot check: looked-up outcomes equal attacks.resolve_attack with the round's modifiers."""
    opts = options(("inspiration", "shields", "conspirators"))
    t = tables_for(opts, SAMPLE)
    rng = np.random.default_rng(0)
    for _ in range(300):
        r, card = int(rng.integers(t.n_res)), int(rng.integers(t.NC))
        enemy = t.enemies[card]
        marker, shield, saved = int(rng.integers(enemy.top)), int(rng.integers(2)), int(rng.integers(2))
        key = key_of(int(rng.integers(6)), int(rng.integers(3)), int(rng.integers(3)), int(rng.integers(3)))
        v = int(t.lookup(np.array([t.index(r, card, marker, shield, saved, key)]))[0])
        mods = t.res_mods[r]
        for ability in enemy.abilities:
            mods = ability.modify(mods)
        att = resolve_attack(enemy, marker, bool(shield), colours_of(key), mods, shields=True, saved=bool(saved))
        assert (v & 15, v >> 4 & 1, v >> 5 & 1) == (att.after, att.shield, att.hit)


# -- determinism, executors, progress ----------------------------------------------------------

class FutureLessExecutor(Executor):
    """An executor whose futures are not concurrent.futures.Future (only ``result()``)."""

    class Done:
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    def submit(self, fn, /, *args, **kwargs):
        return self.Done(fn(*args, **kwargs))


def test_same_seed_same_result_whatever_the_chunking_and_executor():
    opts, n = options(("sun_and_moon",)), BLOCK + 123
    one = simulate(opts, n, seed=5, chunk=n)  # one task, inline
    assert one.n == n
    assert simulate(opts, n, seed=5, chunk=BLOCK) == one  # two tasks on local processes
    with ThreadPoolExecutor(2) as ex:
        assert simulate(opts, n, seed=5, chunk=1, executor=ex) == one
    with ProcessPoolExecutor(2) as ex:
        assert simulate(opts, n, seed=5, chunk=2 * BLOCK, executor=ex) == one
    assert simulate(opts, n, seed=5, executor=FutureLessExecutor(), chunk=BLOCK) == one
    assert simulate(opts, n, seed=np.random.SeedSequence(5)) == one
    assert simulate(opts, n, seed=6, chunk=n) != one


def test_progress_is_reported_per_chunk():
    calls = []
    r = simulate(options(), 2 * BLOCK + 7, policy="never", seed=1, chunk=BLOCK, executor=FutureLessExecutor(),
                 progress=lambda done, total: calls.append((done, total)))
    assert calls == [(BLOCK, r.n), (2 * BLOCK, r.n), (r.n, r.n)]


def test_result_merging_is_exact():
    rng = np.random.default_rng(1)
    won, rounds, wounds, beaten = rng.random(50) < 0.6, rng.integers(8, 20, 50), rng.integers(0, 6, 50), rng.integers(0, 9, 50)
    whole = SimResult.from_games(won, rounds, wounds, beaten)
    a = SimResult.from_games(won[:20], rounds[:20], wounds[:20], beaten[:20])
    b = SimResult.from_games(won[20:], rounds[20:], wounds[20:], beaten[20:])
    assert a + b == whole == b.merge(a) == SimResult.merge_all([b, a])
    assert whole.win_rate == pytest.approx(won.mean())
    assert whole.mean_rounds == pytest.approx(rounds[won].mean())
    assert whole.mean_wounds_se == pytest.approx(wounds.std(ddof=1) / math.sqrt(50))
    assert whole.win_rate_se == pytest.approx(math.sqrt(won.mean() * (1 - won.mean()) / 50))
    assert set(whole.summary()) >= {"n", "win_rate", "win_rate_se", "mean_defeated", "mean_defeated_se"}


# -- validation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    ({"options": Options()}, "timer_rerolls must be set"),
    ({"n_games": 0}, "n_games"),
    ({"n_games": 2.5}, "n_games"),
    ({"n_games": True}, "n_games"),
    ({"policy": "optimal"}, "policy must be one of greedy, never"),
    ({"seed": -1}, "seed"),
    ({"seed": "x"}, "seed"),
    ({"chunk": 0}, "chunk"),
    ({"progress": 3}, "progress"),
    ({"executor": object()}, "executor"),
])
def test_bad_arguments_are_rejected(kwargs, message):
    args = {"options": options(), "n_games": 10, **kwargs}
    with pytest.raises(ValueError, match=message):
        simulate(args.pop("options"), args.pop("n_games"), **args)


def test_options_must_be_options():
    with pytest.raises(TypeError, match="options must be"):
        simulate({"timer_rerolls": 3}, 10)


def test_a_deck_without_the_module_cards_is_rejected():
    data = sample_json()
    data["chariots"] = []
    with pytest.raises(ContentError, match="no chariot cards"):
        simulate(options(("chariots",)), 10, deck=deck(data))


def test_an_effect_the_simulator_does_not_cover_names_the_module(monkeypatch):
    monkeypatch.delitem(sim_tables.IMMEDIATE, "slot_down")
    with pytest.raises(NotImplementedError, match="slot_down.*Module 2: Chariots"):
        simulate(options(("chariots",)), 10)
    simulate(options(("conspirators",)), 10)  # no conspirator uses it
