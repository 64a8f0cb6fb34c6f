"""A plain-text picture of the encounter board, for notebooks, logs and tests."""
from __future__ import annotations

from . import state as a
from .state import State, colour


def track_text(state: State, n: int) -> str:
    """Enemy #n's battle track, bottom to top: ``[W] 2 (2) 3+blue [T]`` with the marker in brackets."""
    slot, enemy = state.slot(n), state.enemy(n)
    cells = ["W"] + [str(s) for s in enemy.track[:-1]] + ["T:" + str(enemy.track[-1])]
    cells[slot.marker] = f"({cells[slot.marker]})"
    return " ".join(cells)


def describe_board(state: State) -> str:
    """The encounter board, health, exhaustion track and dice as a few lines of text."""
    if state.phase == "setup":
        return "Not set up yet."
    lines = []
    for n in range(1, 7):
        slot = state.slot(n)
        if slot is None:
            lines.append(f"#{n}  (empty)")
            continue
        e = state.enemy(n)
        extra = [f"icon {e.icon}"] if e.icon else []
        extra += [a.text for a in e.abilities]
        extra += ["SHIELDED"] if slot.shield else []
        lines.append(f"#{n}  {e.name:<18} {track_text(state, n)}" + (f"   [{'; '.join(extra)}]" if extra else ""))
    o = state.options
    lines.append(f"Health: space {state.health + 1} of {o.health_spaces}"
                 + (f"; coloured stack ({', '.join(colour(d) for d in state.stack)}) on space {state.stack_space + 1}" if state.stack else ""))
    lines.append("Exhaustion track (top/middle/bottom): " + " | ".join(",".join(colour(d) for d in s) or "-" for s in state.exhaustion))
    dice = [f"{colour(d)} {f}" if f else colour(d) for d, f in zip(state.pool, state.faces)]
    lines.append(f"Dice pool ({len(state.pool)}): {', '.join(dice)}" + (f"; dragonling: {state.dragonling}" if state.dragonling else ""))
    lines.append(f"Defeated: {len(state.defeated)} of {o.defeats_to_win}; round {state.round}")
    return "\n".join(lines)


def describe_action(state: State, action) -> str:
    """A button label for an action, in the rulebook's words."""
    faces = dict(zip(state.pool, state.faces))
    match action:
        case a.SetUp():
            return "Set up the arena"
        case a.RotateDial(slot=n):
            return f"Face enemy #{n}"
        case a.RollActivation():
            return "Roll for the conspirators"
        case a.Roll():
            return "Roll the dice"
        case a.Reroll(face=f, dragonling=d):
            return f"Reroll the {f}s" + (" + dragonling" if d else "")
        case a.PlaceOnChariot(chariot=i, dice=dice):
            return f"Place {' + '.join(f'{colour(x)} {faces.get(x, 0)}' for x in dice)} on chariot #{i}"
        case a.Stop():
            return "Stop rolling (Battle End)"
        case a.TimeUp():
            return "Time is up"
        case a.ChooseEnemy(slot=n):
            return f"Enemy #{n}"
        case a.ExhaustDie(die=d):
            return f"Exhaust a {colour(d)} die" + (f" showing {faces[d]}" if faces.get(d) else "")
        case a.Replace(colour=c, white=w):
            if not c:
                return "Keep the white die"
            return f"Take the {c} die" + (f" for the white {faces[w]}" if w and faces.get(w) else "")
        case a.AssignDragonling(slot=n):
            return f"{state.dragonling.capitalize()} on enemy #{n}" if n else "Do not use the dragonling"
        case a.ChaosReroll():
            return "Chaos: reroll the coloured dice"
        case a.TakeSunDie(colour=c):
            return f"Take the {c} die from the dial"
        case a.Climb(slot=n, spaces=k):
            return f"Climb {k} space{'s' if k != 1 else ''} on enemy #{n}"
    return str(action)
