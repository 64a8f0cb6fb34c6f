"""Hidden information: what one seat may see, and a pass-and-play ("hot-seat") table.

The rulebook hides two things: placements behind the Clan screens until everyone is ready
("secretly place dice ... When everyone is ready, all players remove their Clan screens")
and Trial cards ("kept face-down, secret from other players until completed"). Everything
else (dice rolls, tokens, upgrades, specialists) is on the table.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from . import rules
from .state import CHANCE_ACTIONS, HIDDEN, State, with_fields

PUBLIC = -1  # the viewer of a spectator's view


def view(state: State, seat: int | None) -> State:
    """The state as ``seat`` sees it (None: a spectator); hidden cards and spaces read ``HIDDEN``.

    ``rules.legal_actions(view(state, seat), seat)`` equals ``rules.legal_actions(state, seat)``:
    a seat's choices never depend on what it cannot see.
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n):
        raise IllegalAction(f"seat must be 0-{state.n - 1}, got {seat!r}")
    players = []
    for q, p in enumerate(state.players):
        if q == seat:
            players.append(p)
            continue
        changes = {}
        if not state.revealed and p.placement:
            changes["placement"] = (HIDDEN,) * len(p.placement)
        if p.trial is not None:
            changes["trial"] = HIDDEN
        if p.offer:
            changes["offer"] = (HIDDEN,) * len(p.offer)
        players.append(with_fields(p, changes) if changes else p)
    return with_fields(state, {"players": tuple(players), "trial_deck": (HIDDEN,) * len(state.trial_deck),
                           "viewer": PUBLIC if seat is None else seat})


class HotSeat:
    """One screen passed around the table: a seat is given only its own view.

    Two kinds of handle, so hidden information cannot leak by accident:

    * ``referee``: the full session (every placement, every dealt Trial card, the chance outcomes
      in its history). It is for the table itself (the dashboard's undo, saving, the simulator's
      records) and is never handed to a seat or a bot.
    * ``hand_to(seat)`` returns a ``Seat``: that seat's view, its legal actions, the public
      event log and ``play`` for that seat, nothing else.

    The screen goes to a seat that has something to do; acting for another seat raises
    ``IllegalAction``. Chance actions (the public roll, shuffles) are played by the table
    (``play_chance``). The event log is public: secret actions are logged without their details.
    """

    def __init__(self, session):
        self._referee = session
        self.holder: int | None = None

    @property
    def referee(self):
        """The full session, with everything hidden from the seats: never give it to a seat."""
        return self._referee

    @property
    def seats(self) -> int:
        return self._referee.state.n

    def waiting_for(self) -> list[int]:
        """Seats that may act now (public: everyone sees who has not declared ready)."""
        return rules.acting_seats(self._referee.state)

    def chance_pending(self) -> bool:
        return rules.current_player(self._referee.state) == rules.CHANCE

    def hand_to(self, seat: int) -> "Seat":
        """Pass the screen to ``seat`` and return its handle; refused unless that seat has
        something to do now."""
        state = self._referee.state
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
            raise IllegalAction(f"seat must be 0-{state.n - 1}, got {seat!r}")
        if seat not in self.waiting_for():
            waiting = ", ".join(state.name(s) for s in self.waiting_for()) or ("the dice" if self.chance_pending() else "no one")
            raise IllegalAction(f"it is not {state.name(seat)}'s turn: waiting for {waiting}")
        self.holder = seat
        return Seat(self, seat)

    @property
    def screen(self) -> "Seat | None":
        """The handle of the seat holding the screen, or None."""
        return None if self.holder is None else Seat(self, self.holder)

    def view(self, seat: int | None = None) -> State:
        """The holder's private view; another seat's view is refused."""
        state = self._referee.state
        if self.holder is None:
            raise IllegalAction("nobody holds the screen; hand it to a seat first (or ask for the public view)")
        if seat is not None and seat != self.holder:
            raise IllegalAction(f"{state.name(self.holder)} holds the screen and may not look at seat {seat}'s private view")
        return view(state, self.holder)

    def public_view(self) -> State:
        return view(self._referee.state, None)

    def legal_actions(self) -> list:
        """The holder's legal actions; with nobody at the screen, the pending chance action."""
        if self.holder is None:
            return rules.legal_actions(self._referee.state) if self.chance_pending() else []
        return rules.legal_actions(self._referee.state, self.holder)

    def play(self, action, outcome=None):
        """Play for the holder (or play the pending chance action); returns the new events."""
        state = self._referee.state
        if not isinstance(action, CHANCE_ACTIONS):
            seat = getattr(action, "seat", None)
            if self.holder is None or seat != self.holder:
                who = state.name(self.holder) if self.holder is not None else "nobody"
                raise IllegalAction(f"{who} holds the screen; an action for seat {seat!r} is refused")
        events = self._referee.play(action, outcome)
        if self.holder is not None and self.holder not in self.waiting_for():
            self.holder = None
        return events

    def play_chance(self, outcome=None):
        """The table plays the pending chance action (the roll, a shuffle and deal)."""
        if not self.chance_pending():
            raise IllegalAction("no roll or shuffle is pending")
        return self.play(rules.legal_actions(self._referee.state)[0], outcome)

    @property
    def events(self):
        """The public event log."""
        return self._referee.events


class Seat:
    """What one seat holds: its own view, its legal actions, the public log and its moves."""

    __slots__ = ("_table", "number")

    def __init__(self, table: HotSeat, number: int):
        self._table, self.number = table, number

    def view(self) -> State:
        """The state as this seat sees it (others' screens and Trial cards ``HIDDEN``)."""
        return view(self._table.referee.state, self.number)

    def legal_actions(self) -> list:
        return rules.legal_actions(self._table.referee.state, self.number)

    @property
    def events(self):
        """The public event log (secret actions appear without their details)."""
        return self._table.events

    def play(self, action):
        """Play one of this seat's actions; refused unless this seat holds the screen."""
        if self._table.holder != self.number:
            raise IllegalAction(f"seat {self.number} does not hold the screen; hand it over first")
        return self._table.play(action)
