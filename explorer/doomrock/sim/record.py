"""What a simulated Doomrock game leaves: its ``GameRecord`` (the same whichever loop played it)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..game import GAME


@dataclass(frozen=True)
class GameRecord:
    """One simulated battle or campaign.

    Attributes:
        won: the party won (battle: "victory"; campaign: Doomrock's final battle won).
        rounds: battle rounds played (in every battle of a campaign).
        hp_left: the party's hit points at the end (broken ones included), out of ``hp_max``.
        score: the campaign score (Scoring); a battle's is 0.
        battles_won: battles won (a standalone battle: 1 or 0).
        steps: actions taken.
        heroes: the party (a campaign draws its heroes at setup).
        battles: every battle fought, in order: (encounter id, won).
        hit_limit: a safety net (``round_limit`` or ``map_action_limit``, DR-10) ended the game.
        capped: still running after ``max_steps`` actions (a bot or rule loop): counted as lost, never raised.
    """

    won: bool
    rounds: int
    hp_left: int
    hp_max: int
    score: int
    battles_won: int
    steps: int
    heroes: tuple[str, ...] = ()
    battles: tuple[tuple[str, bool], ...] = ()
    capped: bool = False
    hit_limit: bool = False


def hit_limit(state) -> bool:
    """Whether a finished game was ended by a safety net rather than by the rules (DR-10)."""
    o = state.options
    b = state.battle
    if b is not None and o.round_limit is not None and b.result == "defeat" and b.round > o.round_limit:
        return True
    return getattr(state, "map_actions", 0) >= (o.map_action_limit or float("inf"))


def record_of(kind: str, state, rounds: int, steps: int) -> GameRecord:
    """The record of a finished (or capped) engine game: battle or campaign."""
    if kind == "battle":
        heroes = state.battle.heroes
        won = state.battle.result == "victory"
        return GameRecord(won, state.battle.round, sum(max(0, h.life) for h in heroes), sum(h.max_hp for h in heroes),
                          0, int(won), steps, tuple(h.id for h in heroes))
    heroes = state.heroes
    return GameRecord(state.result == "victory", rounds, sum(max(0, h.hp) for h in heroes),
                      sum(h.max_hp for h in heroes), GAME.score(state), state.battles_won, steps,
                      tuple(h.id for h in heroes))


class Tally:
    """The battle rounds and the battles fought that a record counts, kept after each engine step, the same way
    by every loop that plays a game (a campaign clears a won battle from its state at once)."""

    def __init__(self):
        self.rounds = self.previous = 0  # battle rounds started over every battle; the round seen last
        self.battles: list[tuple[str, bool]] = []
        self.ended = False  # the battle in play has a result already
        self.won_before, self.fighting = 0, None  # campaign battles won so far; the encounter being fought

    def after(self, state) -> None:
        b = state.battle
        now = b.round if b is not None else 0
        self.rounds += max(0, now - self.previous)
        self.previous = now
        won = getattr(state, "battles_won", 0)
        if won > self.won_before:
            self.battles.append((self.fighting, True))
        over = b is not None and b.result is not None
        if over and not self.ended and won == self.won_before:
            self.battles.append((b.encounter, b.result == "victory"))
        self.ended, self.won_before = over, won
        self.fighting = b.encounter if b is not None else self.fighting

    def record(self, kind: str, state, steps: int, **fields) -> GameRecord:
        return replace(record_of(kind, state, self.rounds, steps), battles=tuple(self.battles), **fields)
