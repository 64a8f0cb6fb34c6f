"""Shared set-ups for Rumble Planet tests: a started game and small state edits."""
from dataclasses import replace

from explorer.core import Session
from explorer.rumble_planet import Deploy, Options, SetUp, rules, sample_content
from explorer.rumble_planet.cards import deck_from_json
from explorer.rumble_planet.state import Gear, State, Turn

CONTENT = sample_content()
L1 = [f.id for f in CONTENT.feats if f.level == 1]
L2 = [f.id for f in CONTENT.feats if f.level == 2]


def session(players: int = 2, side: str = "A", seed: int = 0, **opts) -> Session:
    """A session after setup and deployment, with the Feat and GPS draws typed in."""
    s = Session("rumble-planet", Options(players=players, side=side, **opts), CONTENT, seed=seed)
    s.play(SetUp(), outcome={"level1": L1, "level2": L2, "gps": "G01"})
    s.play(Deploy(), outcome="G02")
    return s


def started(players: int = 2, **opts) -> State:
    return session(players, **opts).state


def at(state: State, **spaces) -> State:
    """Put heroes (by seat name p0..p3) on spaces."""
    for key, space in spaces.items():
        state = state.with_player(int(key[1:]), space=space)
    return state


def phase(state: State, name: str, **turn) -> State:
    return replace(state, turn=replace(Turn(phase=name, step=3 if name != "preparation" else 0), **turn), pending=())


def gear(state: State, seat: int, slot: int, main: str, secondary: str | None = None, boosts: int = 0) -> State:
    track = list(state.player(seat).track)
    track[slot - 1] = Gear(main, secondary, boosts)
    return state.with_player(seat, track=tuple(track))


def play(state: State, action, outcome=None):
    return rules.apply(state, action, outcome)


def hero_id(state: State, seat: int) -> str:
    return state.player(seat).hero


def pushing_two(content=CONTENT):
    """The sample deck with its Plasma Putter pushing 2 spaces instead of 1 (a deck may say 1 to 3)."""
    data = content.to_json()
    next(w for w in data["weapons"] if w["id"] == "W14")["effect1"]["amount"] = 2
    return deck_from_json(data, "push-two.json", content.boards)
