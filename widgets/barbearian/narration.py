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


class Narrator:
    """Holds the steps still to show and the state from before them (shown until the end)."""

    def __init__(self):
        self.clear()

    def clear(self) -> None:
        self.pending: list[list] = []
        self.shown: list[list] = []
        self.before = None  # the state the board shows while narrating
        self.hidden_events = 0  # events of the session not yet in the log

    @property
    def active(self) -> bool:
        return bool(self.pending)

    def start(self, events, before) -> None:
        """Narrate ``events`` if they make more than one step (the first step shows at once)."""
        self.clear()
        steps = steps_of(events)
        if len(steps) > 1 and any(e.section not in QUIET for e in events):
            self.before = before
            self.shown, self.pending = steps[:1], steps[1:]
            self.hidden_events = sum(len(s) for s in self.pending)

    def next(self) -> None:
        if self.pending:
            step = self.pending.pop(0)
            self.shown.append(step)
            self.hidden_events -= len(step)
        if not self.pending:
            self.clear()

    def finish(self) -> None:
        self.clear()

    def step_title(self) -> str:
        """The header's words for the step on screen: "Resolving step 2 of 5: Brawl Phase"."""
        if not self.active:
            return ""
        return (f"Resolving step {len(self.shown)} of {len(self.shown) + len(self.pending)}: "
                f"{self.shown[-1][0].section}")

    def html(self) -> str:
        if not self.active:
            return ""
        done = "".join(f'<div class="rx-small">[{escape(s[0].section)}] {escape(" ".join(e.text for e in s))}</div>'
                       for s in self.shown[:-1][-3:])
        last = self.shown[-1]
        now = f'<div class="bb-step">[{escape(last[0].section)}] {escape(" ".join(e.text for e in last))}</div>'
        return (f'<div class="bb-narration bb-panel"><b>Resolving, step {len(self.shown)} of '
                f'{len(self.shown) + len(self.pending)}</b>{done}{now}</div>')
