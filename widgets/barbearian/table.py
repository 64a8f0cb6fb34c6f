"""The table behind the dashboard: a Session, its HotSeat screen and the bots.

Every move goes through ``HotSeat.play`` (so through ``Session.play``); the table is the referee
(``HotSeat.referee``, the full session); a bot is given only its seat's handle (its view and its
legal actions), exactly like the simulator.
"""
from __future__ import annotations

import numpy as np

from explorer.barbearian import (
    CHANCE, DrawTrials, HotSeat, KeepTrial, Options, Place, Ready, RollDice, SetUp, rules, sample_deck,
)
from explorer.barbearian.bots import BOTS, make_bot
from explorer.core import IllegalAction, Session

HUMAN = "human"
SEAT_KINDS = (HUMAN,) + tuple(BOTS)
SECRET_PHASES = {"keep_trials", "keep_trial", "place"}  # decisions taken behind the screen
BARRIERS = (SetUp, KeepTrial, DrawTrials, Ready)  # steps after which a secret is committed or revealed
MAX_BOT_MOVES = 5000


def check_seats(players: int, seats) -> tuple[str, ...]:
    """Validate the seat list: one "human" or bot name per player, 2-4 players."""
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    seats = tuple(seats) if seats is not None else (HUMAN,) * players
    if len(seats) != players:
        raise ValueError(f"need one seat per player ({players}), got {len(seats)}")
    for s in seats:
        if s not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, got {s!r}")
    return seats


class Table:
    """One game: who sits where, who holds the screen, and the bots' moves."""

    def __init__(self, players: int = 2, seats=None, seed: int | None = None, session: Session | None = None):
        self.seats = check_seats(players, seats)
        self.hot = HotSeat(session or Session("barbearian", Options(players=players), sample_deck(), seed=seed))
        children = np.random.SeedSequence(self.session.seed).spawn(players)
        self.bots = {s: make_bot(kind, np.random.default_rng(children[s]))
                     for s, kind in enumerate(self.seats) if kind != HUMAN}

    # -- reading ------------------------------------------------------------------------------
    @property
    def session(self) -> Session:
        """The referee's full session (history, saving); never shown to a seat or given to a bot."""
        return self.hot.referee

    @property
    def state(self):
        return self.session.state

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [s for s in range(len(self.seats)) if self.is_human(s)]

    def waiting(self) -> list[int]:
        return self.hot.waiting_for()

    def chance_action(self):
        """The pending chance action (the roll, a shuffle), or None."""
        if rules.current_player(self.state) != CHANCE:
            return None
        return rules.legal_actions(self.state)[0]

    def secret(self) -> bool:
        return self.state.phase in SECRET_PHASES

    def waiting_humans(self) -> list[int]:
        return [s for s in self.waiting() if self.is_human(s)]

    def bot_to_move(self) -> bool:
        return any(not self.is_human(s) for s in self.waiting())

    def human_decides(self) -> bool:
        """True where the table waits for a person: a human seat, the roll, or the end."""
        return self.state.result is not None or self.chance_action() is not None or bool(self.waiting_humans())

    def screen_seat(self) -> int | None:
        """In a secret phase, the human who should sit at the screen next (the holder if still placing)."""
        if not self.secret():
            return None
        humans = self.waiting_humans()
        if self.hot.holder in humans:
            return self.hot.holder
        return humans[0] if humans else None

    def floor(self) -> int:
        """The lowest history step the dashboard may go back to (the last secret committed)."""
        steps = self.session.steps
        for i in range(len(steps) - 1, -1, -1):
            if isinstance(steps[i].action, BARRIERS):
                return i + 1
        return 0

    def floor_reason(self) -> str:
        """Why undo stops at the floor, in one line (see ``floor``)."""
        steps = self.session.steps
        at = self.floor()
        if at == 0:
            return ""
        action = steps[at - 1].action
        if isinstance(action, SetUp):
            return "Nothing to undo yet: the game has just been set up (the Trial cards were dealt in secret)."
        if isinstance(action, (KeepTrial, DrawTrials)):
            return "Undo stops at the last Trial card kept: going back would show it to the next seat."
        if steps[at - 1].state.phase != "place":  # the last Ready: the screens came off
            return "Undo stops at the reveal: going back would let a clan place again after seeing everyone's dice."
        return "Undo stops at the last secret placement: going back would show it to the next seat."

    def reveal_snapshot(self):
        """The last placement everyone declared ready on (public since the reveal), while its round
        is still on the table: the state just before the last ``Ready``; None if there is none."""
        steps, now = self.session.steps, self.state
        for i in range(len(steps) - 1, 0, -1):
            before = steps[i - 1].state
            if before.phase == "place" and steps[i].state.phase != "place":
                fresh_roll = now.round > before.round and any(p.faces for p in now.players)
                return None if fresh_roll else before
            if before.round < now.round - 1:
                return None
        return None

    def skipped_builds(self, before) -> list[int]:
        """The human seats whose Build turn passed by itself since ``before``: the engine skips a turn in
        which the only choice is to pass (nothing in the Marketplace is affordable). ``before`` may be
        before the Build Phase (the last Ready) or in it (a seat's Pass or last purchase)."""
        now = self.state
        building_now = now.phase == "build" and now.round == before.round
        if before.round == 0 or not (now.round > before.round or building_now):
            return []
        steps = self.session.steps
        start = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].state is before), None)
        if start is None:
            return []
        asked = {st.state.task[1] for st in steps[start + 1:] if st.state.phase == "build" and st.state.round == before.round}
        order = before.turn_order()
        if before.phase == "build":  # the turns after the seat that clicked
            order = order[order.index(before.task[1]) + 1:]
        if building_now and now.task[1] not in order:  # the same seat goes on buying
            return []
        turns = order[: order.index(now.task[1])] if building_now else order
        return [s for s in turns if self.is_human(s) and s not in asked]

    def place_action(self, seat: int, face: int, space: str) -> Place:
        """The placement of one of ``seat``'s dice showing ``face``: the engine's legal one if there is
        one, else a die of that face (the engine then says why it may not go there)."""
        state = self.state
        p = state.players[seat]
        for a in rules.legal_actions(state, seat):
            if isinstance(a, Place) and a.space == space and p.faces[a.die] == face:
                return a
        dice = [d for d, f in enumerate(p.faces) if f == face]
        if not dice:
            raise IllegalAction(f"{state.name(seat)} has no die showing {face}")
        unplaced = [d for d in dice if p.placement[d] is None]
        return Place(seat, (unplaced or dice)[0], space)

    # -- acting -------------------------------------------------------------------------------
    def take_screen(self, seat: int) -> None:
        """The human at ``seat`` sits at the screen (refused if that seat has nothing secret to do)."""
        if not self.is_human(seat):
            raise IllegalAction(f"{self.state.name(seat)} is played by the {self.seats[seat]} bot")
        self.hot.hand_to(seat)

    def act(self, action) -> list:
        """A human's move (or the roll); bots then move until a human must decide. Returns the events."""
        seat = getattr(action, "seat", None)
        if seat is not None and 0 <= seat < len(self.seats) and not self.is_human(seat):
            raise IllegalAction(f"{self.state.name(seat)} is played by the {self.seats[seat]} bot")
        if seat is not None and not self.secret() and self.hot.holder != seat and seat in self.waiting():
            self.hot.hand_to(seat)  # a public decision: no screen to pass
        if seat is not None and self.secret() and self.hot.holder != seat:
            who = self.state.name(seat) if 0 <= seat < len(self.seats) else f"seat {seat!r}"
            raise IllegalAction(f"the screen is not with {who}: pass the device to them first")
        secret = self.secret()
        events = self.hot.play(action)
        if not secret or not self.secret():  # after a public decision the screen is covered: the next
            self.hot.holder = None  # secret step starts with "Pass the device", even for the same seat
        return events + self.run_bots()

    def run_bots(self) -> list:
        """Play chance steps (not the roll: a person rolls) and bot moves until a human decides."""
        events, holder = [], self.hot.holder
        for _ in range(MAX_BOT_MOVES):
            if self.state.result:
                break
            chance = self.chance_action()
            if chance is not None:
                if isinstance(chance, RollDice):
                    break
                self.hot.holder = None
                events += self.hot.play(chance)
                continue
            bots = [s for s in self.waiting() if not self.is_human(s)]
            if not bots:
                break
            seat = bots[0]
            hand = self.hot.hand_to(seat)
            events += hand.play(self.bots[seat].choose(hand.view(), hand.legal_actions()))
        self.hot.holder = holder if holder in self.waiting() and self.secret() else None
        return events

    def start(self) -> list:
        """Set up (shuffle, deal, first player) and let the bots keep their Trial cards."""
        return self.hot.play(SetUp()) + self.run_bots()
