"""The next step of the roll-phase odds' best placement, shared by the dashboard's "Take the best choice"
and the walkthrough's line of play."""
from __future__ import annotations

from explorer.doomrock import Assign, MakeHeroism, MakeShield


def best_placement_step(b, advice, legal):
    """The next placement of ``advice.assignment`` among ``legal`` (or the last legal action: done placing)."""
    plan = advice.assignment
    if plan is None:
        return None
    for cid, sets in zip(advice.cards, plan.sets):
        wanted = [f for s in sets for f in s]
        for a in legal:
            if isinstance(a, Assign) and a.card == cid and b.die(b.roller, a.die).face in wanted:
                return a
    for a in legal:
        if isinstance(a, MakeShield) and plan.shields or isinstance(a, MakeHeroism) and plan.heroism:
            return a
    return legal[-1]  # DoneAssigning
