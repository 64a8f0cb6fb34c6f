"""The sentence above a decision's buttons: what happened, which rule asks, and what the choice does.

A player who meets "Exhaust a white die showing 2" without a word of why does not know she
was wounded; each decision the rules ask for after the rolling gets its note here (the words
are ours, the sections the rulebook's). Reading the state only: no rule is decided here.
"""
from __future__ import annotations

from html import escape

from explorer.proving_grounds.state import State

DIAL_NOTE = ('<span class="rx-small"><b>Sun and moon dial:</b> choose the enemy Maia faces this round (not the one '
             'she faced last round). Hit it and you gain a coloured die from the dial; the enemy behind her (the moon) '
             'moves down a space unless you hit it. <i>Module 6: Sun and Moon</i></span>')


def _note(head: str, body: str, section: str) -> str:
    return (f'<div class="decision-note rx-small" style="background:#fff3c4;border-left:4px solid #f2c230;'
            f'padding:4px 8px;margin:2px 0"><b class="decision-head">{head}</b> {body} '
            f'<i>{escape(section)}</i></div>')


def wound_note(state: State) -> str:
    """Step 2, B) Check for Defeat or Wounds, Suffering Wounds: why the buttons ask for a die."""
    n = state.tasks[0][1]
    enemy = state.enemy(n)
    who = f"enemy #{n} ({escape(enemy.name)})" if enemy else f"enemy #{n}"
    more = sum(1 for t in state.tasks[1:] if t[0] == "wound")
    later = f" {more} more wound{'s' if more != 1 else ''} follow{'s' if more == 1 else ''} this one." if more else ""
    spaces = state.options.health_spaces
    after = state.health + 2  # the space the health marker moves to (spaces are counted from 1)
    health = (f"then your health marker moves down to space {after} of {spaces}"
              + (": the last space, and you lose" if after >= spaces else "")
              + f", and enemy #{n}'s battle marker goes back to its start space.")
    if state.stack and after - 1 == state.stack_space and after < spaces:
        health += " That space holds the stack of coloured dice: you then swap a white die for one of them."
    when = ("Its face leaves this round's attacks." if ("attacks",) in state.tasks
            else "The attacks are over: only its colour matters, for the rounds it misses.")
    body = (f"The battle marker of {who} reached the bottom space of its battle track, so you suffer a wound. "
            f"Choose one of your dice to put on the top space of the exhaustion track: it moves down one space "
            f"each Recover and comes back to your pool when it leaves the bottom space. {when} "
            f"{health[0].upper()}{health[1:]}{later}")
    return _note("You are wounded: choose a die to exhaust.", body,
                 "Step 2: Resolve Attacks, B) Check for Defeat or Wounds, Suffering Wounds")


def exhaust_note(state: State) -> str:
    """A card effect that exhausts a die (the task names its colour and the card's section)."""
    _, wanted, section = state.tasks[0]
    which = f"a {escape(wanted)} die if you have one, else any die" if wanted else "any one of your dice"
    return _note("A card makes you exhaust a die.",
                 f"Choose {which} to put on the top space of the exhaustion track; it comes back to your pool "
                 f"when it leaves the bottom space.", section)


def replace_note(state: State) -> str:
    """Replacing Dice, after a wound moved the health marker onto the stack of coloured dice."""
    return _note("Your wound reached the stack of coloured dice.",
                 "You may swap one white die of your pool for a coloured die from the stack; the white die goes "
                 "back to the game box and the coloured dice left move down one space of the health track.",
                 "Step 2: Resolve Attacks, Replacing Dice")


NOTES = {"wound": wound_note, "exhaust": exhaust_note, "replace": replace_note}


def decision_note(state: State, dial: bool) -> str:
    """The note above the buttons (``dial``: the sun and moon dial buttons are shown), or ""."""
    if dial:
        return DIAL_NOTE
    make = NOTES.get(state.phase)
    return make(state) if make else ""
