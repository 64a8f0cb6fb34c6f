"""Raid odds for the chart: exact numbers from ``explorer.barbearian.odds`` for one seat.

Before the roll: the chance that the seat's strongest group breaks a Barracks of each value.
After the roll (rolls are public, placements are not): for each opponent, the clash matrix of
the two rolls, every placement the opponent's roll allows counted equally.
"""
from __future__ import annotations

from dataclasses import dataclass

from explorer.barbearian import HIDDEN, odds
from explorer.barbearian.state import BARRACKS

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


def _placed(state, seat: int, target: int) -> tuple[int, int] | None:
    """The seat's own placement so far as a duel with ``target``: (force sent at it, Barracks dice);
    None when the seat has placed nothing there or in its Barracks (or cannot see its placement)."""
    p = state.players[seat]
    if not p.placement or any(s == HIDDEN for s in p.placement):
        return None
    attack = sum(f for f, s in zip(p.faces, p.placement) if s == f"battleground:{state.clan(target)}")
    barracks = sum(f for f, s in zip(p.faces, p.placement) if s in BARRACKS)
    return (attack, barracks) if attack or barracks else None


def after_roll(state, seat: int) -> RaidOdds:
    """Per opponent: the chance of the raid and of holding the Barracks, against every placement the
    opponent could make: for the seat's own placement once it has placed dice, else for its best one."""
    p, mine = state.players[seat], _perks(state, seat)
    labels, values = [], []
    followed = False
    for t in state.turn_order():
        if t == seat or not state.players[t].faces:
            continue
        theirs = _perks(state, t)
        m = odds.clash_matrix(p.faces, state.players[t].faces, sentries=(mine.sentries, theirs.sentries),
                              captains_training=(bool(mine.free_agents), bool(theirs.free_agents)),
                              raid_bonus=(mine.raid_bonus, theirs.raid_bonus), clash_tie=state.options.clash_tie, pareto=True)
        success = m.a_success()
        placed = _placed(state, seat, t)
        row = next((i for i, s in enumerate(m.rows) if (s.attack, s.barracks) == placed), None) if placed else None
        if row is not None:  # the chart follows what the seat has placed
            followed = True
            if placed[0]:
                labels.append(f"Raid {state.name(t)} as placed: {placed[0]}")
                values.append(float(success[row]))
            labels.append(f"Hold Barracks {placed[1] + mine.sentries} vs {state.name(t)} as placed")
            values.append(1.0 - float(m.b_breaks[row].mean()))
            continue
        raids = [i for i, s in enumerate(m.rows) if s.attack > 0]
        best = max(raids, key=lambda i: (success[i], m.rows[i].attack))
        guard = max(range(len(m.rows)), key=lambda i: (m.rows[i].barracks, -m.rows[i].attack))
        hold = 1.0 - float(m.b_breaks[guard].mean())
        labels += [f"Raid {state.name(t)}: best, send {m.rows[best].attack}",
                   f"Hold Barracks {m.rows[guard].barracks + mine.sentries} vs {state.name(t)}"]
        values += [float(success[best]), hold]
    faces = ", ".join(map(str, p.faces))
    what = ("your placement so far (\"as placed\")" if followed else
            "your best Battleground force and your strongest Barracks")
    return RaidOdds(labels, values, f"{state.name(seat)}'s roll {faces}: raid and defence odds",
                    f"Raid: the chance the force breaks that clan's Barracks. Hold: the chance your Barracks keeps "
                    f"that clan out. For {what}. Exact over every placement the opponent's public roll allows (counted equally), "
                    "clashes included when they raid you too; Empowers not counted.")


def raid_odds(state, seat: int) -> RaidOdds:
    """The chart for ``seat``: before or after the roll."""
    return after_roll(state, seat) if state.players[seat].faces else before_roll(state, seat)
