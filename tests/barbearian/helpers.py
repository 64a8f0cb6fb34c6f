"""Shared helpers for BarBEARian tests: games with every die and card fixed by the test."""
from __future__ import annotations

from dataclasses import replace

from explorer.barbearian import GAME, KeepTrial, Options, Place, Ready, RollDice, SetUp, rules
from explorer.barbearian.cards import sample_deck
from explorer.barbearian.state import set_player
from explorer.core import Session

DECK = sample_deck()
# Trials the scenarios cannot complete by accident (kept by seats 0-3).
QUIET_TRIALS = ("T09", "T20", "T19", "T18")


class Table:
    """A state and its event log, played with ``rules.apply`` (outcomes typed in, like table dice)."""

    def __init__(self, state):
        self.state = state
        self.events = []

    def play(self, action, outcome=None) -> list[str]:
        self.state, events = rules.apply(self.state, action, outcome)
        self.events += events
        return [e.text for e in events]

    def set(self, seat: int | None = None, **changes) -> "Table":
        """Hand-set part of the state (tests of one rule start from a chosen position)."""
        self.state = set_player(self.state, seat, **changes) if seat is not None else replace(self.state, **changes)
        return self

    def roll(self, **faces) -> list[str]:
        """Plan Phase 1 with table dice: ``roll(red=[1, 1, 6], yellow=[3, 4, 4])``."""
        return self.play(RollDice(), faces)

    def place(self, seat: int, *placements: tuple[int, str], ready: bool = True) -> list[str]:
        """Place dice by face, e.g. ``place(1, (4, "forge"), (3, "battleground:red"))``."""
        out = []
        for face, space in placements:
            p = self.state.players[seat]
            die = next(d for d, (f, where) in enumerate(zip(p.faces, p.placement)) if f == face and where is None)
            out += self.play(Place(seat, die, space))
        if ready:
            out += self.play(Ready(seat))
        return out

    def choices(self, seat: int | None = None) -> list:
        return rules.legal_actions(self.state, seat)

    @property
    def texts(self) -> list[str]:
        return [e.text for e in self.events]


def setup_outcome(state, first: str) -> dict:
    """A shuffle that offers seat i the quiet trial QUIET_TRIALS[i] first."""
    keep = QUIET_TRIALS[:state.n]
    rest = [c for c in state.trial_deck if c not in keep]
    order = []
    for k in keep:
        order += [k, rest.pop(0)]
    return {"first": first, "trials": order + rest}


def start(players: int = 2, clans=None, first: str | None = None, **options) -> Table:
    """A game past Setup, at the start of round 1; ``first`` holds the First Player token."""
    opts = Options(players=players, clans=clans, **options)
    t = Table(GAME.initial_state(opts, DECK))
    t.play(SetUp(), setup_outcome(t.state, first or opts.clans[0]))
    for seat in range(players):
        t.play(KeepTrial(seat, QUIET_TRIALS[seat]))
    return t


def session(players: int = 2, seed: int = 0, **options) -> Session:
    return Session("barbearian", Options(players=players, **options), DECK, seed=seed)
