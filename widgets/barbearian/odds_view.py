"""Raid odds for the chart: exact numbers from ``explorer.barbearian.odds`` for one seat.

Before the roll: the chance that the seat's strongest group breaks a Barracks of each value.
After the roll (rolls are public, placements are not): for each opponent, the clash matrix of
the two rolls, every placement the opponent's roll allows counted equally.
"""
from __future__ import annotations

from dataclasses import dataclass

from explorer.barbearian import odds

BARRACKS_VALUES = range(1, 16)  # the Barracks values the chart shows (higher walls are rare)


@dataclass(frozen=True)
class RaidOdds:
    """What the chart shows: bar labels, probabilities, a title and a one-line explanation."""

    labels: list[str]
    values: list[float]
    title: str
    note: str


def _perks(state, seat: int):
    return state.deck.perks(state.players[seat].upgrades)


def before_roll(state, seat: int) -> RaidOdds:
    """P(strongest group >= Barracks b) for the seat's dice (clan dice and hired mercenaries)."""
    p = state.players[seat]
    dice = p.active + p.mercenaries
    ct = bool(_perks(state, seat).free_agents)
    values = [odds.raid_success(dice, b, captains_training=ct) for b in BARRACKS_VALUES]
    extra = " with Captain's Training" if ct else ""
    return RaidOdds([f"Barracks {b}" for b in BARRACKS_VALUES], values,
                    f"{state.name(seat)}'s {dice} dice: chance to break in",
                    f"Before the roll{extra}: the strongest group one roll can send (one value, or several dice "
                    f"of the same value) against each Barracks value; a tie goes to the raider.")


def after_roll(state, seat: int) -> RaidOdds:
    """Per opponent: the best raid's and the best defence's chance against every placement they could make."""
    p, mine = state.players[seat], _perks(state, seat)
    labels, values = [], []
    for t in state.turn_order():
        if t == seat or not state.players[t].faces:
            continue
        theirs = _perks(state, t)
        m = odds.clash_matrix(p.faces, state.players[t].faces, sentries=(mine.sentries, theirs.sentries),
                              captains_training=(bool(mine.free_agents), bool(theirs.free_agents)),
                              raid_bonus=(mine.raid_bonus, theirs.raid_bonus), clash_tie=state.options.clash_tie, pareto=True)
        success = m.a_success()
        raids = [i for i, s in enumerate(m.rows) if s.attack > 0]
        best = max(raids, key=lambda i: (success[i], m.rows[i].attack))
        guard = max(range(len(m.rows)), key=lambda i: (m.rows[i].barracks, -m.rows[i].attack))
        hold = 1.0 - float(m.b_breaks[guard].mean())
        labels += [f"Raid {state.name(t)}: send {m.rows[best].attack}",
                   f"Hold Barracks {m.rows[guard].barracks + mine.sentries} vs {state.name(t)}"]
        values += [float(success[best]), hold]
    faces = ", ".join(map(str, p.faces))
    return RaidOdds(labels, values, f"{state.name(seat)}'s roll {faces}: raid and defence odds",
                    "Raid: the chance your best Battleground force breaks that Barracks. Hold: the chance your "
                    "strongest Barracks keeps that clan out. Exact over every placement the opponent's public roll allows (counted equally), "
                    "clashes included when they raid you too; Empowers not counted.")


def raid_odds(state, seat: int) -> RaidOdds:
    """The chart for ``seat``: before or after the roll."""
    return after_roll(state, seat) if state.players[seat].faces else before_roll(state, seat)
