"""Each game as the lab sees it: its options and decks, its bots, and a block of games turned into
per-game metric values (one numpy array per metric, NaN where a metric does not apply).

A block is played by the game's own batch simulator from one ``SeedSequence``; two variants given
the same block seed share their random numbers as far as the game allows (common random numbers).
"""
from __future__ import annotations

import numpy as np

from ..barbearian.bots import BOTS as BB_BOTS
from ..barbearian.sim.fast import play_traced
from ..core.game import game_names, get_game
from ..core.seeds import children_of
from ..proving_grounds.bots import BOTS as PG_BOTS
from ..proving_grounds.sim import play_batch
from ..proving_grounds.sim.batch_games import POLICIES
from ..proving_grounds.sim.tables import check_supported
from .engine import engine_lab_game, final_state
from .kinds import MEAN, PROPORTION, LabGame, Metric

# -- Proving Grounds ------------------------------------------------------------------------------

def _pg_metrics(options) -> list[Metric]:
    return [
        Metric("win_rate", "win rate", PROPORTION, description="games won"),
        Metric("rounds", "game length (rounds)", MEAN, description="rounds until the game was won or lost"),
        Metric("rounds_to_win", "rounds to win", MEAN, description="rounds, among won games"),
        Metric("wounds", "wounds suffered", MEAN, description="health spaces lost"),
        Metric("defeated", "enemies defeated", MEAN),
        Metric("close_win", "won one wound from defeat", PROPORTION,
               description="games won with one health space left before the last"),
    ]


def _pg_check(options, deck, bots) -> None:
    if options.timer_rerolls is None:
        raise ValueError("Proving Grounds options.timer_rerolls must be set to simulate (the timer as set rerolls, ruling PG-3)")
    if bots not in POLICIES and bots not in PG_BOTS:
        raise ValueError(f"Proving Grounds bots must be one of {', '.join(dict.fromkeys(POLICIES + tuple(PG_BOTS)))}, "
                         f"got {bots!r}")
    get_game("proving-grounds").initial_state(options, deck)
    try:
        check_supported(options, deck)
    except NotImplementedError as e:
        raise ValueError(str(e)) from None


def _pg_block(options, deck, bots, seed, n) -> dict[str, np.ndarray]:
    """A block of Proving Grounds games from the numpy batch simulator (``sim.play_batch``)."""
    games = play_batch(options, deck, bots, [n], [seed]) if bots in POLICIES else _pg_engine(options, deck, bots, seed, n)
    won = games[:, 1].astype(bool)
    rounds = games[:, 2].astype(float)
    wounds = games[:, 3].astype(float)
    return {
        "win_rate": won.astype(float),
        "rounds": rounds,
        "rounds_to_win": np.where(won, rounds, np.nan),
        "wounds": wounds,
        "defeated": games[:, 4].astype(float),
        "close_win": (won & (games[:, 3] == options.health_spaces - 2)).astype(float),
    }


def _pg_engine(options, deck, bots, seed, n) -> np.ndarray:
    """Games a bot of ``bots.BOTS`` plays on the rules engine (the batch simulator plays only its own policies),
    as the batch simulator's rows: (game, won, rounds, wounds, defeated)."""

    rows = []
    for i, s in enumerate(seed.spawn(n)):
        state = final_state("proving-grounds", options, deck, bots, s)
        rows.append((i, int(state.result == "won"), state.round, state.health, len(state.defeated)))
    return np.array(rows, dtype=np.int64).reshape(n, 5)


# -- BarBEARian -----------------------------------------------------------------------------------

ORDINALS = ("1st", "2nd", "3rd", "4th")


def _bb_metrics(options) -> list[Metric]:
    p = options.players
    seats = [Metric(f"win_seat_{k}", f"win rate, {ORDINALS[k]} in turn order", PROPORTION,
                    description=f"games won by the seat {k} places after the first player") for k in range(p)]
    return [
        Metric("first_player_advantage", "first-player advantage", PROPORTION, offset=1.0 / p,
               description="first player's win rate minus a fair share (1 / players)"),
        *seats,
        Metric("rounds", "game length (rounds)", MEAN),
        Metric("round_limit", "games stopped by the round limit", PROPORTION),
        Metric("step_cap", "games stopped by the step cap (no winner)", PROPORTION,
               description="games still running after the simulator's step cap: counted, won by nobody"),
        Metric("glory_margin", "Glory margin (winner minus runner-up)", MEAN),
        Metric("lead_changes", "lead changes", MEAN, description="times the sole Glory leader changed, round by round"),
        Metric("winner_clear", "share of the game before the winner led for good", MEAN,
               description="1.0: the winner took the sole lead only at the end"),
        Metric("close_finish", "a loser one Glory short", PROPORTION,
               description="games where another player ended one Glory short of winning"),
    ]


def _bb_bots(options, bots) -> list:
    if isinstance(bots, str) or callable(bots):
        return [bots] * options.players
    bots = list(bots)
    if len(bots) != options.players:
        raise ValueError(f"BarBEARian needs {options.players} bots (one per seat), got {len(bots)}")
    return bots


def _bb_check(options, deck, bots) -> None:
    for b in _bb_bots(options, bots):
        if isinstance(b, str) and b not in BB_BOTS:
            raise ValueError(f"BarBEARian bots are {', '.join(BB_BOTS)}, got {b!r}")
    get_game("barbearian").initial_state(options, deck)


def _leader(glory) -> int | None:
    top = max(glory)
    return glory.index(top) if glory.count(top) == 1 else None


def _bb_block(options, deck, bots, seed, n) -> dict[str, np.ndarray]:
    """A block of BarBEARian games, each from its own child of ``seed`` (as ``sim.simulate`` seeds them)."""
    p = options.players
    cols = {m.key: np.full(n, np.nan) for m in _bb_metrics(options)}
    for i, s in enumerate(children_of(seed, n)):
        t = play_traced(options, deck, _bb_bots(options, bots), s)
        r = t.record
        w = r.winner
        for k in range(p):
            cols[f"win_seat_{k}"][i] = float(w is not None and (w - r.first) % p == k)
        cols["first_player_advantage"][i] = cols["win_seat_0"][i]
        cols["rounds"][i] = r.rounds
        cols["round_limit"][i] = float(t.hit_limit)
        cols["step_cap"][i] = float(r.capped)
        end = t.glory[-1]
        if w is not None:
            others = [g for q, g in enumerate(end) if q != w]
            cols["glory_margin"][i] = end[w] - max(others)
            leaders = [_leader(g) for g in t.glory]
            seq = [x for x in leaders if x is not None]
            cols["lead_changes"][i] = sum(1 for a, b in zip(seq, seq[1:]) if a != b)
            last_not = max((j for j, x in enumerate(leaders) if x != w), default=-1)
            cols["winner_clear"][i] = (last_not + 1) / len(leaders)
            cols["close_finish"][i] = float(max(others) >= options.glory_to_win - 1)
    return cols


GAMES: dict[str, LabGame] = {
    "proving-grounds": LabGame(
        name="proving-grounds", title="Proving Grounds", bots=("greedy", "never", "search"), default_bots="greedy",
        lab_defaults={"timer_rerolls": 10}, block_size=2048, metrics=_pg_metrics, play_block=_pg_block,
        check=_pg_check, primary=("win_rate",)),
    "barbearian": LabGame(
        name="barbearian", title="BarBEARian Battlegrounds", bots=tuple(BB_BOTS), default_bots="greedy",
        lab_defaults={}, block_size=20, metrics=_bb_metrics, play_block=_bb_block, check=_bb_check,
        primary=("first_player_advantage",)),
}


def register(lab_game: LabGame) -> None:
    """Make a game available to the lab (a new game registers itself with its batch simulator)."""
    GAMES[lab_game.name] = lab_game


def _engine_games() -> None:
    """Registered games without a batch simulator join through their engine and bots."""
    for name in game_names():
        if name not in GAMES:
            try:
                found = engine_lab_game(name)
            except Exception:  # a game still under construction: left out, not fatal to the lab
                found = None
            if found is not None:
                GAMES[name] = found


def lab_games() -> list[str]:
    """Registered games the lab can play (with a batch simulator, or through their engine and bots)."""
    _engine_games()
    registered = game_names()
    return [g for g in registered if g in GAMES] + [g for g in GAMES if g not in registered]


def lab_game(name: str) -> LabGame:
    if name not in GAMES and name in game_names():
        _engine_games()
    if name not in GAMES:
        raise ValueError(f"the lab cannot play {name!r} yet; games: {', '.join(lab_games())}")
    return GAMES[name]
