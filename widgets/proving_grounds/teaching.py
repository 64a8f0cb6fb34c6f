"""What the walkthrough needs from Proving Grounds: the drawn table, the learner's choices, their exact
odds and typed moves. Pure functions of the state (no widgets); the scenes are in ``lessons``.
"""
from __future__ import annotations

import re

from explorer.core import IllegalAction, Session
from explorer.proving_grounds import AssignDragonling, Climb, ExhaustDie, Replace, Reroll, Stop, TakeSunDie, TimeUp
from explorer.proving_grounds import rules
from explorer.proving_grounds.board import describe_action
from explorer.proving_grounds.odds import advise
from explorer.proving_grounds.state import State, colour

from .. import svg
from .board_view import dragonling_tray_html, encounter_board_html, player_area_html

ADVICE_REROLLS = 10  # a real-time round is advised as if ten set rerolls were left (the study mode's default)


def rolled_dice_svg(state: State) -> str:
    """The dice in front of the player, grouped by number (sets and singles), drawn with their pips."""
    rolled = sorted(state.rolled, key=lambda df: df[1])
    if not rolled:
        return '<div class="rx-small">No dice rolled yet.</div>'
    size, gap, x, body = 26, 4, 4, []
    previous = None
    for die, face in rolled:
        if previous is not None and face != previous:
            x += 12  # a gap between numbers: each group is a set or a single
        count = sum(1 for _, f in rolled if f == face)
        kind = "set" if count > 1 else "single"
        body.append(svg.die(x, 4, size, colour(die), face, f"{colour(die)} die showing {face} (part of a {kind})",
                            cls="rolled-die"))
        x += size + gap
        previous = face
    return svg.svg(x + 4, size + 8, "".join(body), "rolled-dice", aria="the rolled dice")


def draw(state: State) -> str:
    """The table as the play dashboard draws it: the rolled dice, the dragonling die, the encounter
    board and the player's tracks."""
    return (f'<div class="wt-table"><b>Your dice</b>{rolled_dice_svg(state)}{dragonling_tray_html(state)}'
            f'{encounter_board_html(state)}{player_area_html(state)}</div>')


def choices(state: State) -> list:
    """The learner's choices: the legal actions, without "Time is up" (the clock's, not the player's)."""
    return [a for a in rules.legal_actions(state) if not isinstance(a, TimeUp)]


def rerolls_left(state: State) -> int:
    budget = state.options.timer_rerolls
    return max(0, (ADVICE_REROLLS if budget is None else budget) - state.rerolls)


def consequence(before: State, after: State) -> str:
    """What a choice changes for certain, in words (battle markers, health, dice, defeats)."""
    out = []
    for n in range(1, 7):
        a, b = before.slot(n), after.slot(n)
        if a and b and a.card == b.card and a.marker != b.marker:
            out.append(f"enemy #{n} marker {a.marker} to {b.marker}")
        elif a and (not b or b.card != a.card) and a.card in after.defeated and a.card not in before.defeated:
            out.append(f"enemy #{n} defeated")
    if after.health != before.health:
        out.append(f"health space {before.health + 1} to {after.health + 1}")
    tired = [d for space in after.exhaustion for d in space if d not in {x for s in before.exhaustion for x in s}]
    if tired:
        out.append("exhausted: " + ", ".join(f"the {colour(d)} die" for d in tired))
    gained = [d for d in after.pool if d not in before.pool and d not in {x for s in before.exhaustion for x in s}]
    if gained:
        out.append("into your pool: " + ", ".join(f"the {colour(d)} die" for d in gained))
    if after.result:
        out.append(f"you {after.result}")
    return "; ".join(out) or "no change on the board"


def odds(session: Session) -> list[tuple[object, str]]:
    """The exact value of each choice now. While rolling: the reroll solver's expected battle-track
    steps (up minus down) this round under best play after the choice; after the rolling no dice are
    left to chance, so each choice's result is certain and is said in words."""
    state = session.state
    if state.phase == "rolling":
        left = rerolls_left(state)
        advice = advise(state, left, odds=False)
        note = f" ({left} set rerolls left)"
        return [(a, f"{v:+.2f} expected net steps up the battle tracks this round{note}") for a, v in advice.choices]
    out = []
    for action in choices(state):
        trial = Session.from_json(session.to_json(), game=session.game)
        trial.jump(session.cursor)
        trial.play(action)
        out.append((action, "certain: " + consequence(state, trial.state)))
    return out


TYPED_MOVES = ("reroll 3, reroll 3 dragonling, stop, exhaust W3, take yellow, keep white, dragonling 3, "
               "dragonling none, climb 1 2, sun die green")


def parse(text: str):
    """A typed move in plain words (see ``TYPED_MOVES``); the engine judges whether it is legal."""
    words = text.lower().replace("#", " ").split()
    nums = [int(x) for x in words if re.fullmatch(r"\d{1,2}", x)]
    match words[:1]:
        case ["reroll"] if nums:
            return Reroll(nums[0], dragonling="dragonling" in words)
        case ["stop"]:
            return Stop()
        case ["exhaust"] if len(words) > 1:
            return ExhaustDie(words[1].upper())
        case ["take"] if len(words) > 1:
            return Replace(words[1])
        case ["keep"]:
            return Replace(None)
        case ["dragonling"] if len(words) > 1:
            return AssignDragonling(nums[0] if nums else None)
        case ["climb"] if len(nums) >= 2:
            return Climb(nums[0], nums[1])
        case ["sun"] if len(words) > 2:
            return TakeSunDie(words[2])
    raise IllegalAction(f"{text.strip() or 'an empty move'!r} is not a move I know; type one like: {TYPED_MOVES}")


def describe(state: State, action) -> str:
    """A choice's label in words (the play dashboard's)."""
    return describe_action(state, action)
