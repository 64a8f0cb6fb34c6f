"""Step-by-step resolution: the events of one click, shown one step per "Next" click.

The engine resolves clashes, raids and the Gather phase by itself until a player must
decide; the narrator replays those events in steps so the table can follow them. Each
Brawl event (a clash, a raid on a Barracks, an Empower, a steal) is its own step;
consecutive events of any other rulebook section form one step (the reveal, the Gather).
Clicks whose events are all Plan-phase chatter (a die placed, a roll, a Trial kept) are not
narrated.
"""
from __future__ import annotations

from html import escape

from explorer.barbearian import rules

ONE_BY_ONE = {"Brawl Phase", "Stealing Loot", "Marketplace C: Empower", "Winning", "Trial Cards"}
QUIET = {"Setup", "Gameplay", "Plan Phase", "Trial Cards", "Marketplace A: Hire Mercenary", "Marketplace B: Change Fate"}


def steps_of(events) -> list[list]:
    """Group events into steps (see the module docstring)."""
    steps: list[list] = []
    for e in events:
        if steps and e.section == steps[-1][-1].section and e.section not in ONE_BY_ONE:
            steps[-1].append(e)
        else:
            steps.append([e])
    return steps


def traced_states(session, cursor: int, logged: int) -> list[tuple]:
    """The states the session's steps after ``cursor`` passed through, each with the number of their events
    logged when it was reached (``rules.apply``'s trace, played again from each step's state). Empty when
    they do not add up to the ``logged`` events or to the steps' states (the board then waits for the end)."""
    steps, out, told = session.steps, [], 0
    if cursor < 1:
        return []
    for i in range(cursor, len(steps)):
        trace: list = []
        state, events = rules.apply(steps[i - 1].state, steps[i].action, steps[i].outcome, trace)
        if state != steps[i].state:
            return []
        out += [(s, told + n) for s, n in trace]
        told += len(events)
    return out if told == logged else []


class Narrator:
    """Holds the steps of one click, the step on screen and the state from before them (shown until the end).

    Every step is shown, the last one too: the "Next" click after the last step ends the narration.
    """

    def __init__(self):
        self.clear()

    def clear(self) -> None:
        self.steps: list[list] = []
        self.at = 0  # the step on screen
        self.before = None  # the state before the click
        self.states: list[tuple] = []  # (state, events logged when it was reached), in order
        self.hidden_events = 0  # events of the session not yet in the log

    @property
    def active(self) -> bool:
        return bool(self.steps)

    @property
    def shown(self) -> list[list]:
        return self.steps[: self.at + 1]

    @property
    def pending(self) -> list[list]:
        return self.steps[self.at + 1:]

    @property
    def last(self) -> bool:
        """The step on screen is the last one."""
        return self.active and self.at == len(self.steps) - 1

    def start(self, events, before, states=()) -> None:
        """Narrate ``events`` if they make more than one step (the first step shows at once). ``states``
        (or a function giving them): (state, number of events logged when it was reached), from the engine's trace; without them the
        board shows ``before`` until the narration ends."""
        self.clear()
        steps = steps_of(events)
        if len(steps) > 1 and any(e.section not in QUIET for e in events):
            self.before, self.steps = before, steps
            self.states = list(states() if callable(states) else states)  # worked out only when narrating
            self._count()

    @property
    def state(self):
        """The state the board shows: the last one reached by the events shown so far (the board follows
        the log: a force the clash removed is gone at that step), else the state before the click."""
        told = sum(len(s) for s in self.shown)
        reached = [state for state, n in self.states if n <= told]
        return reached[-1] if reached else self.before

    def _count(self) -> None:
        self.hidden_events = sum(len(s) for s in self.pending)

    def next(self) -> None:
        """Show the next step; after the last one, end the narration."""
        if self.last:
            self.clear()
        elif self.active:
            self.at += 1
            self._count()

    def finish(self) -> None:
        self.clear()

    def section(self) -> str | None:
        """The rulebook section of the step on screen (None when not narrating)."""
        return self.steps[self.at][0].section if self.active else None

    def step_title(self) -> str:
        """The header's words for the step on screen: "Resolving step 2 of 5: Brawl Phase"."""
        if not self.active:
            return ""
        return f"Resolving step {self.at + 1} of {len(self.steps)}: {self.section()}"

    def html(self) -> str:
        if not self.active:
            return ""
        done = "".join(f'<div class="rx-small">[{escape(s[0].section)}] {escape(" ".join(e.text for e in s))}</div>'
                       for s in self.shown[:-1][-3:])
        last = self.shown[-1]
        now = f'<div class="bb-step">[{escape(last[0].section)}] {escape(" ".join(e.text for e in last))}</div>'
        return (f'<div class="bb-narration bb-panel"><b>Resolving, step {self.at + 1} of '
                f'{len(self.steps)}</b>{done}{now}</div>')
