"""A plain-text picture of the encounter board, for notebooks, logs and tests."""
from __future__ import annotations

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
