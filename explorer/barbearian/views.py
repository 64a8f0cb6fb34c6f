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
    """One screen passed around the table: it shows only the holder's view.

    The screen goes to a seat that has something to do (``hand_to``); asking for another
    seat's private view, or acting for another seat, raises ``IllegalAction``. Chance
    actions (the public roll, shuffles) can be played by whoever holds the screen.
    The event log is public: secret actions are logged without their details.
    """

    def __init__(self, session):
        self.session = session
        self.holder: int | None = None

    @property
    def seats(self) -> int:
        return len(self.session.options.clans)

    def waiting_for(self) -> list[int]:
        """Seats that may act now (public: everyone sees who has not declared ready)."""
        return rules.acting_seats(self.session.state)

    def chance_pending(self) -> bool:
        return rules.current_player(self.session.state) == rules.CHANCE

    def hand_to(self, seat: int) -> None:
        """Pass the screen to ``seat``; refused unless that seat has something to do now."""
        state = self.session.state
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
            raise IllegalAction(f"seat must be 0-{state.n - 1}, got {seat!r}")
        if seat not in self.waiting_for():
            waiting = ", ".join(state.name(s) for s in self.waiting_for()) or ("the dice" if self.chance_pending() else "no one")
            raise IllegalAction(f"it is not {state.name(seat)}'s turn: waiting for {waiting}")
        self.holder = seat

    def view(self, seat: int | None = None) -> State:
        """The holder's private view; another seat's view is refused."""
        state = self.session.state
        if self.holder is None:
            raise IllegalAction("nobody holds the screen; hand it to a seat first (or ask for the public view)")
        if seat is not None and seat != self.holder:
            raise IllegalAction(f"{state.name(self.holder)} holds the screen and may not look at seat {seat}'s private view")
        return view(state, self.holder)

    def public_view(self) -> State:
        return view(self.session.state, None)

    def legal_actions(self) -> list:
        if self.holder is None:
            return rules.legal_actions(self.session.state) if self.chance_pending() else []
        return rules.legal_actions(self.session.state, self.holder)

    def play(self, action, outcome=None):
        """Play for the holder (or play the pending chance action); returns the new events."""
        state = self.session.state
        if not isinstance(action, CHANCE_ACTIONS):
            seat = getattr(action, "seat", None)
            if self.holder is None or seat != self.holder:
                who = state.name(self.holder) if self.holder is not None else "nobody"
                raise IllegalAction(f"{who} holds the screen; an action for seat {seat!r} is refused")
        events = self.session.play(action, outcome)
        if self.holder is not None and self.holder not in self.waiting_for():
            self.holder = None
        return events

    @property
    def events(self):
        return self.session.events
