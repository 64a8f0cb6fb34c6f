"""Assault on Doomrock and Rumble Planet in the lab, through their own batch simulators.

Doomrock is co-operative: the party wins or loses together, so its metrics are the party's (win
rate, rounds, HP left, score), not a seat's. Rumble Planet is a race to prestige among 2-4 seats.
"""
from __future__ import annotations

import numpy as np

from ..core.game import get_game
from ..core.seeds import children_of
from ..doomrock.bots import BOTS as DR_BOTS
from ..doomrock.sim import fast_game as play_doomrock
from ..doomrock.sim.games import SIM_LIMITS as DR_LIMITS
from ..rumble_planet.bots import BOTS as RP_BOTS
from ..rumble_planet.sim.games import play_quick as play_rumble_planet
from .games import MEAN, PROPORTION, LabGame, Metric, register

# -- Assault on Doomrock ------------------------------------------------------------------------------



def _dr_metrics(options) -> list[Metric]:
    return [
        Metric("win_rate", "party win rate", PROPORTION, description="battles (or campaigns) the party won"),
        Metric("rounds", "battle rounds", MEAN, description="battle rounds played, over every battle"),
        Metric("hp_left", "hit points left (share of the party's maximum)", MEAN),
        Metric("battles_won", "battles won", MEAN),
        Metric("score", "score (campaigns)", MEAN, description="the rulebook's Scoring, campaigns only"),
        Metric("close_win", "won with at most a quarter of the party's HP left", PROPORTION),
        Metric("limit_hits", "games ended by a safety limit", PROPORTION,
               description="lost to round_limit or map_action_limit (not in the rulebook; ruling DR-10)"),
        Metric("step_cap", "games stopped by the step cap (counted as lost)", PROPORTION,
               description="games still running after the simulator's step cap"),
    ]


def _dr_check(options, deck, bots) -> None:
    if bots not in DR_BOTS:
        raise ValueError(f"Doomrock bots are {', '.join(DR_BOTS)} (one policy plays the whole party), got {bots!r}")
    get_game("doomrock-battle").initial_state(options, deck)  # both games share options and content


def _dr_columns(kind: str, options, deck, bots, seed, n) -> dict[str, np.ndarray]:
    rows = [play_doomrock(kind, options, deck, bots, s) for s in children_of(seed, n)]
    share = np.array([r.hp_left / r.hp_max if r.hp_max else 0.0 for r in rows])
    won = np.array([float(r.won) for r in rows])
    return {
        "win_rate": won,
        "rounds": np.array([float(r.rounds) for r in rows]),
        "hp_left": share,
        "battles_won": np.array([float(r.battles_won) for r in rows]),
        "score": np.array([float(r.score) if kind == "campaign" else np.nan for r in rows]),
        "close_win": won * (share <= 0.25),
        "limit_hits": np.array([float(r.hit_limit) for r in rows]),
        "step_cap": np.array([float(r.capped) for r in rows]),
    }


def _dr_battle_block(options, deck, bots, seed, n) -> dict[str, np.ndarray]:
    """A block of standalone battles (``doomrock.sim.fast_game``: the compact battle where it can), each from its own
    child seed."""
    return _dr_columns("battle", options, deck, bots, seed, n)


def _dr_campaign_block(options, deck, bots, seed, n) -> dict[str, np.ndarray]:
    """A block of whole campaigns."""
    return _dr_columns("campaign", options, deck, bots, seed, n)


# -- Rumble Planet ------------------------------------------------------------------------------------


def _rp_metrics(options) -> list[Metric]:
    seats = [Metric(f"win_seat_{k}", f"win rate, seat {k + 1}", PROPORTION) for k in range(options.players)]
    return [
        Metric("first_player_advantage", "first seat's advantage", PROPORTION, offset=1.0 / options.players,
               description="seat 1's win rate minus a fair share (1 / players)"),
        *seats,
        Metric("rounds", "game length (rounds)", MEAN),
        Metric("winner_pp", "winner's prestige points", MEAN),
        Metric("pp_margin", "PP margin (winner minus runner-up)", MEAN),
        Metric("round_limit", "games stopped by the round limit", PROPORTION,
               description="ended by options.round_limit before anyone reached the prestige goal (none without a limit)"),
        Metric("step_cap", "games stopped by the step cap (no winner)", PROPORTION,
               description="games still running after the simulator's step cap: counted, won by nobody"),
    ]


def _rp_bots(options, bots) -> list[str]:
    kinds = [bots] * options.players if isinstance(bots, str) else list(bots)
    if len(kinds) != options.players or any(k not in RP_BOTS for k in kinds):
        raise ValueError(f"Rumble Planet needs {options.players} bots, each one of {', '.join(RP_BOTS)}, got {bots!r}")
    return kinds


def _rp_check(options, deck, bots) -> None:
    _rp_bots(options, bots)
    get_game("rumble-planet").initial_state(options, deck)


def _rp_block(options, deck, bots, seed, n) -> dict[str, np.ndarray]:
    p = options.players
    cols = {m.key: np.full(n, np.nan) for m in _rp_metrics(options)}
    for i, s in enumerate(children_of(seed, n)):
        r = play_rumble_planet(_rp_bots(options, bots), options, deck, s)
        for k in range(p):
            cols[f"win_seat_{k}"][i] = float(r.winner == k)
        cols["first_player_advantage"][i] = cols["win_seat_0"][i]
        cols["rounds"][i] = r.rounds
        cols["round_limit"][i] = float(r.at_limit)
        cols["step_cap"][i] = float(r.capped)
        end = sorted(r.pp_by_round[-1], reverse=True) if r.pp_by_round else None
        if end is not None and r.winner is not None:
            cols["winner_pp"][i] = r.pp_by_round[-1][r.winner]
            cols["pp_margin"][i] = end[0] - end[1]
    return cols


# The rulebook has no limits; a simulation plays with DR-10's safety nets and counts the games they end.
register(LabGame(
    name="doomrock-battle", title="Assault on Doomrock: one battle", bots=tuple(DR_BOTS), default_bots="greedy",
    lab_defaults=DR_LIMITS, block_size=10, metrics=_dr_metrics, play_block=_dr_battle_block, check=_dr_check,
    primary=("win_rate",)))
register(LabGame(
    name="doomrock", title="Assault on Doomrock: the campaign", bots=tuple(DR_BOTS), default_bots="greedy",
    lab_defaults=DR_LIMITS, block_size=4, metrics=_dr_metrics, play_block=_dr_campaign_block, check=_dr_check,
    primary=("win_rate",)))
register(LabGame(
    name="rumble-planet", title="Rumble Planet", bots=tuple(RP_BOTS), default_bots="greedy",
    lab_defaults={}, block_size=4, metrics=_rp_metrics, play_block=_rp_block, check=_rp_check,
    primary=("first_player_advantage",)))
