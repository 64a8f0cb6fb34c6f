"""What the walkthrough needs from Rumble Planet: the drawn table (from the deciding seat's point of view),
the learner's choices in words, their exact odds, typed moves, and a walk along a route as one choice.

Pure functions of the state (no widgets); the scenes are in ``lessons`` and ``examples``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from explorer.core import IllegalAction, Session
from explorer.rumble_planet import (GAME, TERMINAL, Attack, EndActions, Move, StartMovement, current_player,
                                    describe_action, draw as draw_green, legal_actions, view)
from explorer.rumble_planet.odds import attack_odds, attack_options, reachable

from .board import heat_cells, overlay
from .views import RP_CSS, boards_html, legend_html, pp_hp_track

MOVE_CHOICES = 6  # destinations offered as buttons (the best attacks first); any other space can be typed


@dataclass(frozen=True)
class Walk:
    """A whole walk of the Movement Step to ``space`` along ``path`` (one Move per space): one choice."""

    space: str
    path: tuple[str, ...] = field(default=(), compare=False)  # () for a typed walk: the route is looked up
    mp: int = field(default=0, compare=False)
    injuries: int = field(default=0, compare=False)
    safest: bool = False


class Study(type(GAME)):
    """Rumble Planet starting from a given position (a study position of the rulebook's examples), so a session,
    its undo and its copies replay from that position instead of a fresh Green."""

    def __init__(self, start):
        self.start = start

    def initial_state(self, options, content):
        return self.start


def study(state, seed: int = 0) -> Session:
    """A session that starts at ``state`` (its options and cards are the state's own)."""
    return Session(Study(state), state.options, state.content, seed=seed)


def at_turn(state, **turn):
    """The state with the active player's turn at the given phase and step (a study position)."""
    return replace(state, turn=type(state.turn)(**turn), pending=())


def seat_to_decide(state) -> int | None:
    seat = current_player(state)
    return None if seat == TERMINAL or state.stage != "play" else seat


WALK_CSS = """<style>
.wt-drawing svg, .wt-answer-drawing svg {max-width:100%; height:auto; display:block}
.rp-walk-table details {font-size:12px; margin:4px 0}
</style>"""


def draw(state) -> str:
    """The table as the play dashboard draws it (the Green with the heat map of the active Hero's reach, the
    PP/HP track, the equipment boards), seen by the seat that decides now: the others' hands stay face down."""
    seat = seat_to_decide(state)
    seen = view(state, seat)
    green = overlay(draw_green(state, size=440, title=None), heat_cells(state))
    who = f"Seen by {state.name(seat)} (other hands face down)" if seat is not None else "Seen by everyone"
    return (f'{RP_CSS}{WALK_CSS}<div class="rp-walk-table"><div class="rx-small">{who}.</div>'
            f'<div class="rp-board-svg">{green}</div>'
            f'<details><summary>What the marks on the Green mean</summary>{legend_html()}</details>'
            f'{pp_hp_track(seen)}{boards_html(seen)}</div>')


# -- the learner's choices -------------------------------------------------------------------------------

def routes_from(state, with_attacks: bool = False) -> dict:
    """Every space the active Hero can walk to now, with its cheapest and safest routes (and the best attacks
    from there)."""
    if state.stage != "play" or state.pending or state.turn.phase != "action" or state.turn.movement == "done":
        return {}
    return {sp: spot for sp, spot in reachable(state, with_attacks).items() if spot.cheapest.path}


def walks(spots: dict, space: str) -> list[Walk]:
    """The walks to ``space``: its cheapest route, and its safest if that is another."""
    spot = spots.get(space)
    if spot is None:
        return []
    out = [Walk(space, spot.cheapest.path, spot.cheapest.mp, spot.cheapest.injuries)]
    if len(spot.routes) > 1:
        out.append(Walk(space, spot.safest.path, spot.safest.mp, spot.safest.injuries, safest=True))
    return out


def move_choices(state) -> list:
    """Where to walk: the destinations with the best attacks afterwards (then lootboxes), each of its routes."""
    spots = routes_from(state, with_attacks=True)
    loot = set(state.lootboxes) | ({state.golden} if state.golden else set())

    def rank(item):
        sp, spot = item
        v = spot.attack
        return (-(v.knockout if v else 0), -(v.expected_injuries if v else 0), sp not in loot, spot.cheapest.mp)
    best = [sp for sp, _ in sorted(spots.items(), key=rank)[:MOVE_CHOICES]]
    return [w for sp in best for w in walks(spots, sp)]


def choices(state) -> list:
    """The learner's choices: at the start of the Action Phase, walks to a few destinations, the attacks in
    range and ending the phase; otherwise the legal actions."""
    legal = list(legal_actions(state))
    if state.stage == "play" and not state.pending and state.turn.phase == "action" and state.turn.movement != "done":
        keep = [a for a in legal if not isinstance(a, (Move, StartMovement))]
        return move_choices(state) + keep
    return legal


def resolve(state, walk: Walk) -> Walk:
    """The walk with its route (a typed walk names only the space), refused if the space is out of reach."""
    found = walks(routes_from(state), walk.space)
    if not found:
        raise IllegalAction(f"{walk.space} is out of reach: no walk of this Movement Step gets there")
    return found[-1] if walk.safest else found[0]


def play(session: Session, action, outcome=None) -> list:
    """Play a choice: a ``Walk`` is its Moves one by one (it stops if a Teleporter or a fall ends it early)."""
    if not isinstance(action, Walk):
        return session.play(action, outcome)
    seat, events = session.state.active, []
    for to in resolve(session.state, action).path:
        s = session.state
        if s.active != seat or s.pending or s.player(seat).space is None:
            break
        events += session.play(Move(to))
    return events


def describe(state, action) -> str:
    """A choice's label in words (the play dashboard's sentences; a walk says its MP and Injuries)."""
    if isinstance(action, Walk):
        action = resolve(state, action) if not action.path else action
        how = "the safest way" if action.safest else ""
        hurt = f", {action.injuries} Injuries on the way" if action.injuries else ""
        return f"Walk to {action.space} {how}({action.mp} MP{hurt})".replace("  ", " ")
    return describe_action(state, action)


# -- exact odds ------------------------------------------------------------------------------------------

def _attack_text(state, a: Attack) -> str:
    odds = attack_odds(state, a.weapon, a.target)
    t = odds.targets[0]
    ko = "destroyed" if t.tile else "knocked out"
    more = f" (and {len(odds.targets) - 1} more target(s) with the same die)" if len(odds.targets) > 1 else ""
    faces = ", ".join(f"{f} {n}" for f, n in t.by_face)
    return f"this attack alone: {float(t.expected):.2f} expected Injuries, {float(t.knockout):.1%} {ko}{more}; by face: {faces}"


def odds(session: Session) -> list[tuple[object, str]]:
    """The exact value of each choice now: a walk's MP, Injuries on the way and the best attacks from where it
    ends (expected Injuries, chance to knock out); an attack's expected Injuries and knock-out chance over the
    six faces of the attack die. Other decisions are certain and get no odds."""
    state = session.state
    out = []
    spots = routes_from(state, with_attacks=True)
    for a in choices(state):
        if isinstance(a, Walk):
            v = spots[a.space].attack
            then = (f"then the best attacks: {v.expected_injuries:.2f} expected Injuries, {v.knockout:.1%} to knock out"
                    if v is not None else "no attack from there")
            out.append((a, f"{a.mp} MP, {a.injuries} Injuries on the way; {then}"))
        elif isinstance(a, Attack) and a in attack_options(state):
            out.append((a, _attack_text(state, a)))
        elif isinstance(a, EndActions):
            out.append((a, "no Injuries to anyone"))
    return out


TYPED_MOVES = "walk H9, walk H9 safest, attack heroic H7, attack 1 E4, end"


def parse(text: str):
    """A typed move in plain words (see ``TYPED_MOVES``); the engine judges whether it is legal."""
    words = text.strip().upper().replace("#", " ").split()
    space = next((x for x in words[1:] if re.fullmatch(r"[A-J]\d{1,2}", x)), None)
    match words[:1]:
        case ["WALK"] | ["MOVE"] if space:
            return Walk(space, safest="SAFEST" in words)
        case ["ATTACK"] if space and len(words) >= 3:
            return Attack(words[1].lower(), space)
        case ["END"]:
            return EndActions()
    raise IllegalAction(f"{text.strip() or 'an empty move'!r} is not a move I know; type one like: {TYPED_MOVES}")
