"""Raid odds for the chart: exact numbers from ``explorer.barbearian.odds`` for one seat.

Before the roll: the chance that the seat's strongest group breaks a Barracks of each strength.
After the roll (rolls are public, placements are not): for each opponent, the chance the seat's raid
breaks through and the chance the opponent's raid breaks the seat's Barracks, every placement the
opponent's roll allows counted equally. After the reveal every placement is known: the chart shows
the raids as placed (Empowers can still change them). Once the raids are over (the Gather and Build
Phases) the chart says when the next odds appear instead of showing the old roll.
"""
from __future__ import annotations

from dataclasses import dataclass

from explorer.barbearian import HIDDEN, odds
from explorer.barbearian.brawl import barracks_strength
from explorer.barbearian.state import BARRACKS

BARRACKS_VALUES = range(1, 13)  # the Barracks strengths the chart shows (higher walls are rare; a short chart)
BRAWL_PHASES = {"place", "window", "loot", "give", "pillage", "brawl", "clash", "raid", "break"}
NEXT_ODDS = ("The next odds appear with the next Plan Phase: first the chance to break in before the roll, "
             "then, once the dice are rolled, the chance of each raid.")


@dataclass(frozen=True)
class RaidOdds:
    """What the chart shows: short bar labels, probabilities, a title, one sentence per bar and a note."""

    labels: list[str]
    values: list[float]
    title: str
    note: str
    lines: tuple[str, ...] = ()


def _perks(state, seat: int):
    return state.deck.perks(state.players[seat].upgrades)


def before_roll(state, seat: int) -> RaidOdds:
    """P(strongest group >= Barracks b) for the seat's dice (clan dice and hired mercenaries)."""
    p = state.players[seat]
    dice = p.active + p.mercenaries
    ct = bool(_perks(state, seat).free_agents)
    values = [odds.raid_success(dice, b, captains_training=ct) for b in BARRACKS_VALUES]
    extra = " (with Captain's Training, 5s and 6s join any group)" if ct else ""
    return RaidOdds([f"Barracks of strength {b}" for b in BARRACKS_VALUES], values,
                    f"{state.name(seat)} before the roll: chance a raid breaks in",
                    f"Each bar: the chance that {state.name(seat)}'s {dice} dice, once rolled, make a force (one value, "
                    f"or several dice of the same value) at least as strong as a Barracks of that strength{extra}; "
                    "a tie goes to the raider.")


def _placed(state, seat: int, target: int) -> tuple[int, int] | None:
    """The seat's own placement so far as a duel with ``target``: (force sent at it, Barracks dice);
    None when the seat has placed nothing there or in its Barracks (or cannot see its placement)."""
    p = state.players[seat]
    if not p.placement or any(s == HIDDEN for s in p.placement):
        return None
    attack = sum(f for f, s in zip(p.faces, p.placement) if s == f"battleground:{state.clan(target)}")
    barracks = sum(f for f, s in zip(p.faces, p.placement) if s in BARRACKS)
    return (attack, barracks) if attack or barracks else None


def _pct(x: float) -> str:
    return f"{x:.0%}"


def after_roll(state, seat: int) -> RaidOdds:
    """Per opponent: the chance of the seat's raid and of the opponent's raid on the seat's Barracks, against
    every placement the opponent could make: for the seat's own placement once it has placed dice, else for
    its best force and its strongest Barracks."""
    p, mine, me = state.players[seat], _perks(state, seat), state.name(seat)
    labels, values, lines = [], [], []
    for t in state.turn_order():
        if t == seat or not state.players[t].faces:
            continue
        them, theirs = state.name(t), _perks(state, t)
        m = odds.clash_matrix(p.faces, state.players[t].faces, sentries=(mine.sentries, theirs.sentries),
                              captains_training=(bool(mine.free_agents), bool(theirs.free_agents)),
                              raid_bonus=(mine.raid_bonus, theirs.raid_bonus), clash_tie=state.options.clash_tie, pareto=True)
        success = m.a_success()
        placed = _placed(state, seat, t)
        row = next((i for i, s in enumerate(m.rows) if (s.attack, s.barracks) == placed), None) if placed else None
        if row is not None:  # the chart follows what the seat has placed
            if placed[0]:
                labels.append(f"Your raid on {them} breaks through")
                values.append(float(success[row]))
                lines.append(f"Chance your raid on {them} breaks through (you send {placed[0]}, as placed): "
                             f"{_pct(values[-1])}.")
            labels.append(f"{them}'s raid breaks your Barracks")
            values.append(float(m.b_breaks[row].mean()))
            lines.append(f"Chance {them}'s raid breaks your Barracks (strength {placed[1] + mine.sentries}, as placed): "
                         f"{_pct(values[-1])}.")
            continue
        raids = [i for i, s in enumerate(m.rows) if s.attack > 0]
        best = max(raids, key=lambda i: (success[i], m.rows[i].attack))
        guard = max(range(len(m.rows)), key=lambda i: (m.rows[i].barracks, -m.rows[i].attack))
        labels += [f"Your raid on {them} breaks through", f"{them}'s raid breaks your Barracks"]
        values += [float(success[best]), float(m.b_breaks[guard].mean())]
        lines += [f"Chance your raid on {them} breaks through if you send your best dice ({m.rows[best].attack}): "
                  f"{_pct(values[-2])}.",
                  f"Chance {them}'s raid breaks your Barracks if you keep your strongest Barracks "
                  f"(strength {m.rows[guard].barracks + mine.sentries}): {_pct(values[-1])}."]
    faces = ", ".join(map(str, p.faces))
    return RaidOdds(labels, values, f"{me}'s roll {faces}: chance of each raid",
                    "The other clans' placements are secret: every placement their public roll allows is counted "
                    "equally, clashes included when two clans raid each other; Empowers are not counted.", tuple(lines))


def _left_after_clash(force: int, other: int, tie: str) -> int | None:
    """What is left of ``force`` after clashing with ``other`` (None: removed), as the engine's duel has it: the
    strongest Barracks that force still breaks."""
    left = [wall for wall in range(force + 1) if odds.duel(force, 0, other, wall, tie)[0]]
    return max(left) if left else None


def _why(raider: str, force: int, other: str, against: int, wall_owner: str, wall: int, breaks: bool, tie: str) -> str:
    """Brawl Phase 2 and 3 as a sentence after the chance: how the clash leaves the force, then the Barracks it
    meets. The names are possessives ("your", "Red's")."""
    left = _left_after_clash(force, against, tie)
    if left is None:
        return (f". The clash comes first (Brawl Phase 2): {other} {against} removes {raider} {force}, so no raid "
                f"reaches {wall_owner} Barracks")
    alone = odds.duel(force, 0, 0, wall, tie)[0]
    outcome = (f"enough for {wall_owner} Barracks of {wall}" if breaks
               else f"short of {wall_owner} Barracks of {wall}"
               + (f"; without the clash the {force} would break it" if alone else ""))
    return f". The clash comes first (Brawl Phase 2): {other} {against} leaves {raider} {force} with {left}, {outcome}"


def as_placed(state, seat: int) -> RaidOdds:
    """After the reveal (``state`` shows every placement): each raid between the seat and an opponent as
    placed, clashes included. Without Empowers each raid either breaks through (100%) or not (0%)."""
    me, labels, values, lines = state.name(seat), [], [], []
    forces = {}
    for a in range(state.n):
        bonus = _perks(state, a).raid_bonus
        for t in range(state.n):
            if a != t:
                dice = state.players[a].on(f"battleground:{state.clan(t)}")
                forces[a, t] = sum(dice) + bonus if dice else 0
    mine = barracks_strength(state, seat)
    for t in state.turn_order():
        if t == seat:
            continue
        them, theirs = state.name(t), barracks_strength(state, t)
        mine_breaks, theirs_breaks = odds.duel(forces[seat, t], mine, forces[t, seat], theirs, state.options.clash_tie)
        tie, clash = state.options.clash_tie, forces[seat, t] and forces[t, seat]
        if forces[seat, t]:
            labels.append(f"Your raid on {them} breaks through")
            values.append(float(mine_breaks))
            why = (_why("your", forces[seat, t], f"{them}'s", forces[t, seat], f"{them}'s", theirs, mine_breaks, tie) if clash
                   else f" (your {forces[seat, t]} against {them}'s Barracks of {theirs})")
            lines.append(f"Chance your raid on {them} breaks through: {_pct(values[-1])}{why}.")
        if forces[t, seat]:
            labels.append(f"{them}'s raid breaks your Barracks")
            values.append(float(theirs_breaks))
            why = (_why(f"{them}'s", forces[t, seat], "your", forces[seat, t], "your", mine, theirs_breaks, tie) if clash
                   else f" ({them}'s {forces[t, seat]} against your Barracks of {mine})")
            lines.append(f"Chance {them}'s raid breaks your Barracks: {_pct(values[-1])}{why}.")
    note = ("The screens are off: every placement is known, so each raid as placed either breaks through (100%) "
            "or not (0%). Only an Empower during the Brawl Phase can still change it.")
    if not labels:
        note = f"Nobody raids {me} and {me} raids nobody this round. " + NEXT_ODDS
    return RaidOdds(labels, values, f"{me}'s raids as placed (round {state.round})", note, tuple(lines))


def raids_over(state, seat: int) -> RaidOdds:
    """The Gather and Build Phases: no bars (the roll's odds are old news)."""
    return RaidOdds([], [], f"Round {state.round}: the raids are over", NEXT_ODDS)


def raid_odds(state, seat: int, revealed: bool = False) -> RaidOdds:
    """The chart for ``seat``: before the roll, after the roll, after the reveal (``revealed``: ``state``
    shows this round's placements), or once the raids are over."""
    if not state.players[seat].faces:
        return before_roll(state, seat)
    if state.revealed or revealed:
        return as_placed(state, seat) if state.phase in BRAWL_PHASES else raids_over(state, seat)
    if state.phase not in ("fate", "place", "mercenaries", "roll"):
        return raids_over(state, seat)
    return after_roll(state, seat)
