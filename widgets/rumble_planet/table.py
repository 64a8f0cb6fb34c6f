"""The table around one screen: a Session, who sits in each seat (human or bot), and the bots' turns."""
from __future__ import annotations

import numpy as np

from explorer.core import Session
from explorer.rumble_planet import Options, rules, sample_content, view
from explorer.rumble_planet.bots import BOTS, make_bot
from explorer.rumble_planet.state import Deploy, SetUp

HUMAN = "human"
SEATS = (HUMAN,) + tuple(BOTS)
BOT_STEPS = 2_000  # bots never take longer than this in one go


def check_seats(players: int, seats) -> tuple[str, ...]:
    if players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    seats = tuple(seats) if seats is not None else (HUMAN,) * players
    if len(seats) != players or any(s not in SEATS for s in seats):
        raise ValueError(f"seats must be {players} of {', '.join(SEATS)}, got {seats!r}")
    return seats


class Table:
    """A game in progress: ``session`` holds the rules and history; bots play their seats from seeded generators."""

    def __init__(self, players: int = 2, seats=None, seed: int | None = None, side: str = "A", session: Session | None = None):
        self.seats = check_seats(players, seats)
        self.session = session or Session("rumble-planet", Options(players=players, side=side), sample_content(), seed=seed)
        self._make_bots()

    def _make_bots(self) -> None:
        seq = np.random.SeedSequence(self.session.seed).spawn(len(self.seats))
        self.bots = [make_bot(k, np.random.Generator(np.random.PCG64(s))) if k != HUMAN else None
                     for k, s in zip(self.seats, seq)]

    @property
    def state(self):
        return self.session.state

    def start(self) -> None:
        """Setup and deployment are dealt by the session's generator."""
        if self.state.stage == "setup":
            self.session.play(SetUp())
        if self.state.stage == "deploy":
            self.session.play(Deploy())

    def to_move(self) -> int:
        return rules.current_player(self.state)

    def seen(self):
        """The state the screen may show (Rumble Planet Rulebook, "add it to your hand"; ruling RP-26: a hand
        is private). With one human, that human's view; with several humans at one screen, the view of the
        human to move (the others look away, as at any hot-seat table), and nobody's hand while a bot moves.
        A table of bots only has nobody to hide a hand from."""
        humans = [i for i, b in enumerate(self.bots) if b is None]
        if not humans:
            return self.state
        seat = self.to_move()
        return view(self.state, humans[0] if len(humans) == 1 else seat if seat in humans else None)

    def bot_to_move(self) -> bool:
        seat = self.to_move()
        return seat != rules.TERMINAL and self.bots[seat] is not None

    def play(self, action, outcome=None):
        """One action through ``Session.play`` (refused with IllegalAction if the rules do not allow it)."""
        return self.session.play(action, outcome)

    def run_bots(self) -> list:
        """Bots play until a human must decide or the game ends."""
        events = []
        for _ in range(BOT_STEPS):
            if not self.bot_to_move():
                break
            seat = self.to_move()
            events += self.session.play(self.bots[seat].choose(self.state, self.session.legal_actions()))
        return events

    def chance_faces(self, action) -> tuple | None:
        """The outcomes a chance action can have (for table dice), or None if it needs no chance."""
        spec = self.session.game.chance(self.state, action)
        faces = getattr(spec, "faces", None)
        return None if spec is None else (tuple(dict.fromkeys(faces)) if faces is not None else ())
