"""Helpers for the rulebook scenario tests: tiny custom decks and fully fixed chance.

Every roll and every deck order is typed in ("table dice"), so a scenario replays the
rulebook's worked example exactly. Dice are given by id (``W1``-``W8``, ``B1``-``B2``,
``G1``-``G2``, ``Y1``-``Y2``) so a test says which die shows what.
"""
from __future__ import annotations

import pytest

from explorer.core import IllegalAction, Session
from explorer.proving_grounds import Options, Roll, SetUp, Stop
from explorer.proving_grounds.example_decks import enemy, fillers, make_deck, plain  # noqa: F401 (used by the tests)

ALL_DICE = sorted([f"W{i}" for i in range(1, 9)] + ["B1", "B2", "G1", "G2", "Y1", "Y2"])


def new_session(options: Options, enemies: list[dict], order: dict | None = None, **cards) -> Session:
    """A session after Game Setup.

    Args:
        enemies: the enemy cards; they are drawn in this order (slot 1 gets the first).
        order: the other decks' shuffles, e.g. ``{"chariots": ["C1", "C2"]}``.
        cards: extra card lists for the deck (``chariots=[...]``, ``conspirators=[...]``).
    """
    s = Session("proving-grounds", options, content=make_deck(enemies, **cards), seed=0)
    outcome = {"enemies": [e["id"] for e in enemies], **(order or {})}
    s.play(SetUp(), outcome=outcome)
    return s


def faces(s: Session, by_die: dict[str, int]) -> list[int]:
    """The faces of the dice pool in pool order, from a die -> face mapping covering the whole pool."""
    assert sorted(by_die) == sorted(s.state.pool), f"give a face for every die in the pool {s.state.pool}"
    return [by_die[d] for d in s.state.pool]


def roll(s: Session, by_die: dict[str, int], dragonling: str | None = None):
    """Step 1's initial roll with table dice."""
    dice = faces(s, by_die)
    return s.play(Roll(), outcome={"dice": dice, "dragonling": dragonling} if dragonling else dice)


def showing(s: Session) -> dict[str, int]:
    return dict(zip(s.state.pool, s.state.faces))


def markers(s: Session) -> list[int | None]:
    return [slot.marker if slot else None for slot in s.state.slots]


def texts(events, section: str | None = None) -> list[str]:
    """Event texts, optionally only those of one rulebook section (exact match)."""
    return [e.text for e in events if section is None or e.section == section]


def assert_illegal(s: Session, action, message: str, outcome=None) -> None:
    """The action raises IllegalAction with exactly this message and leaves the session as it was."""
    state, cursor, length, events = s.state, s.cursor, s.history_length, list(s.events)
    legal = s.legal_actions()
    with pytest.raises(IllegalAction) as caught:
        s.play(action, outcome=outcome)
    assert str(caught.value) == message
    assert s.state is state and s.state == state
    assert (s.cursor, s.history_length, s.events, s.legal_actions()) == (cursor, length, events, legal)


def stop(s: Session):
    return s.play(Stop())
