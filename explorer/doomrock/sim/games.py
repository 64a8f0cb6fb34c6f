"""Batch battles and whole campaigns played by the bots, with standard errors.

``play_game`` runs a game on the rules engine itself, without a Session's history: each step lists the legal
actions once and plays the one chosen through ``apply_legal`` (``apply`` without checking again an action the
engine just listed; tests hold every such step to the checked ``apply``). ``simulate`` plays the same games
faster where it can: with the random or greedy party, a standalone battle goes on the compact battle of
``quick.py``, and a campaign plays its map on the compact map and fights its battles on the compact battle after
its Setup (``campaigns.py``): the same draws, decisions and records; ``quick.check_supported`` names what it
leaves to the engine loop. Each game gets its own ``SeedSequence`` child
(chance draws from its first child, the bot from its second), so results do not depend on how
games are chunked or which worker of an ``Executor`` runs them.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass

import numpy as np

from ...core.seeds import children_of
from ...core.stats import LimitHits, mean_se
from ..bots import BOTS, make_bot
from ..cards import Deck
from ..deckfile import sample_deck
from ..game import BATTLE_GAME, GAME
from ..options import Options
from ..state import CHANCE
from . import campaigns, quick
from .record import GameRecord, Tally, hit_limit

KINDS = ("battle", "campaign")
#: Most steps one simulated game may take before it is reported as unfinished.
MAX_STEPS = 50_000
#: The safety nets a simulation plays with (DR-10; play has none): a battle still running after 30 rounds
#: is lost, and so is a campaign after 200 map actions without a battle. Records say which games they ended.
SIM_LIMITS = {"round_limit": 30, "map_action_limit": 200}


def sim_options(**changes) -> Options:
    """Default options with the simulators' safety nets (``SIM_LIMITS``), then ``changes``."""
    return Options(**{**SIM_LIMITS, **changes})


@dataclass(frozen=True)
class SimResult(LimitHits):
    """Means and their standard errors over ``games`` games of one kind, party and encounter.

    A campaign's party is drawn at setup: ``heroes`` is then empty and ``by_party`` splits the games.
    ``step_cap_hits``: games the step cap stopped (counted as lost).
    """

    kind: str
    heroes: tuple[str, ...]
    encounter: str | None
    games: int
    win_rate: tuple[float, float]
    rounds: tuple[float, float]
    hp_left: tuple[float, float]
    score: tuple[float, float]
    battles_won: tuple[float, float]
    records: tuple[GameRecord, ...]

    @property
    def limit_hits(self) -> int:
        """Games a safety net ended (``Options.round_limit``, ``map_action_limit``; DR-10)."""
        return sum(r.hit_limit for r in self.records)

    def by_encounter(self) -> dict[str, tuple[int, tuple[float, float]]]:
        """Per encounter: battles fought and the party's win rate in them (with its standard error)."""
        fought: dict[str, list[float]] = {}
        for r in self.records:
            for encounter, won in r.battles:
                fought.setdefault(encounter, []).append(float(won))
        return {e: (len(v), mean_se(v)) for e, v in sorted(fought.items())}

    def by_party(self) -> dict[tuple[str, ...], SimResult]:
        """The same games split by party (heroes in party order, as drawn)."""
        parties: dict[tuple[str, ...], list[GameRecord]] = {}
        for r in self.records:
            parties.setdefault(r.heroes, []).append(r)
        return {p: summarize(self.kind, p, self.encounter, rs) for p, rs in sorted(parties.items())}


def play_game(kind: str, options: Options, deck: Deck, bot, seed: np.random.SeedSequence,
              max_steps: int = MAX_STEPS) -> GameRecord:
    """One battle (``doomrock-battle``) or campaign (``doomrock``) on the plain engine."""
    game = BATTLE_GAME if kind == "battle" else GAME
    chance_seed, bot_seed = children_of(seed, 2)
    rng = np.random.Generator(np.random.PCG64(chance_seed))
    player = make_bot(bot, np.random.Generator(np.random.PCG64(bot_seed)))
    state = game.initial_state(options, deck)
    tally = Tally()
    for step in range(max_steps):
        if game.is_terminal(state):
            return tally.record(kind, state, step, hit_limit=hit_limit(state))
        acts = game.legal_actions(state)  # listed once: the action taken from them is not checked again
        action = acts[0] if game.player_of(acts) == CHANCE else player.choose(state, acts)
        spec = game.chance_of_legal(state, action)
        state, _ = game.apply_legal(state, action, spec.sample(rng) if spec is not None else None)
        tally.after(state)
    return tally.record(kind, state, max_steps, won=False, capped=True)


def fast_game(kind: str, options: Options, deck: Deck, bot, seed: np.random.SeedSequence,
              max_steps: int = MAX_STEPS) -> GameRecord:
    """``play_game``'s record, with the battles on the compact battle where ``quick.check_supported`` allows (tests
    replay both)."""
    if quick.check_supported(options, bot) is None:
        if kind == "battle":
            return quick.play_game(options, deck, bot, seed, max_steps)
        return campaigns.play_campaign(options, deck, bot, seed, max_steps)
    return play_game(kind, options, deck, bot, seed, max_steps)


def _run_chunk(kind, options, deck, bot, seeds) -> list[GameRecord]:
    return [fast_game(kind, options, deck, bot, s) for s in seeds]


def summarize(kind: str, heroes: tuple[str, ...], encounter: str | None, records: Sequence[GameRecord]) -> SimResult:
    return SimResult(kind, heroes, encounter, len(records), mean_se([float(r.won) for r in records]),
                     mean_se([r.rounds for r in records]), mean_se([r.hp_left for r in records]),
                     mean_se([r.score for r in records]), mean_se([r.battles_won for r in records]), tuple(records))


def simulate(kind: str = "battle", n_games: int = 100, seed: int = 0, *, options: Options | None = None,
             deck: Deck | None = None, bot="greedy", executor: Executor | None = None,
             progress: Callable[[int, int], None] | None = None, chunk_size: int | None = None) -> SimResult:
    """Play ``n_games`` battles or campaigns with a bot party and summarize them.

    Args:
        kind: "battle" (a standalone battle: party and encounter from ``options``) or "campaign".
        n_games: how many games.
        seed: root seed; game i uses ``SeedSequence(seed).spawn(n_games)[i]``.
        options: rule options (default: ``sim_options()``, the defaults with the safety nets ``SIM_LIMITS``;
            options given are used as they are, limits or not). ``SimResult.limit_hits`` counts the games
            a limit ended.
        deck: the content (the sample deck by default).
        bot: a name in ``bots.BOTS`` ("greedy", "random", "search") or a picklable factory ``rng -> bot``.
        executor: any ``concurrent.futures.Executor`` (processes, threads, a Dask client's); None runs here.
        progress: called as ``progress(games_done, n_games)``.
        chunk_size: games per submitted task (default: about four tasks per worker, at most 50 games).

    Returns:
        A :class:`SimResult` whose records are in game order, the same whatever the executor.
    """
    if kind not in KINDS:
        raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
    if isinstance(n_games, bool) or not isinstance(n_games, int) or not 0 <= n_games <= 1_000_000:
        raise ValueError(f"n_games: expected a whole number 0 to 1,000,000, got {n_games!r}")
    options = options or sim_options()
    deck = deck or sample_deck()
    game = BATTLE_GAME if kind == "battle" else GAME
    first = game.initial_state(options, deck)  # refuses bad options before any work is sent out
    heroes = tuple(h.id for h in first.battle.heroes) if kind == "battle" else ()
    encounter = first.battle.encounter if kind == "battle" else None
    seeds = children_of(np.random.SeedSequence(seed), n_games)
    if chunk_size is None:
        workers = getattr(executor, "_max_workers", 2) if executor else 1
        chunk_size = max(1, min(50, math.ceil(n_games / (4 * workers))))
    chunks = [list(range(i, min(i + chunk_size, n_games))) for i in range(0, n_games, chunk_size)]
    records: list[GameRecord | None] = [None] * n_games
    done = 0
    if executor is None:
        for i in range(n_games):
            records[i] = fast_game(kind, options, deck, bot, seeds[i])
            done += 1
            if progress:
                progress(done, n_games)
    else:
        futures = {executor.submit(_run_chunk, kind, options, deck, bot, [seeds[i] for i in idx]): idx for idx in chunks}
        for fut in as_completed(futures):
            for i, rec in zip(futures[fut], fut.result()):
                records[i] = rec
            done += len(futures[fut])
            if progress:
                progress(done, n_games)
    return summarize(kind, heroes, encounter, records)


def sweep(parties: Sequence[tuple[str, ...]], encounters: Sequence[str], n_games: int = 50, seed: int = 0,
          options: Options | None = None, **kw) -> dict[tuple[tuple[str, ...], str], SimResult]:
    """Standalone battles for every party and encounter: win rate by party and encounter."""
    base = options or sim_options()
    out = {}
    for p, party in enumerate(parties):
        for e, encounter in enumerate(encounters):
            opts = Options.from_json({**base.to_json(), "players": len(party), "heroes": list(party),
                                      "encounter": encounter})
            out[(tuple(party), encounter)] = simulate("battle", n_games, seed + 1000 * p + e, options=opts, **kw)
    return out


__all__ = ["BOTS", "GameRecord", "SIM_LIMITS", "SimResult", "hit_limit", "sim_options", "children_of", "fast_game",
           "make_bot", "mean_se", "play_game", "simulate", "summarize", "sweep"]
