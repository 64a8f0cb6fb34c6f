"""The enemy AI script language: what an AI card's minion or boss part says, as data.

An action is one line of a script, e.g. ``{"do": "attack", "target": ["active", "highest_adjacent"],
"damage": 1}``. ``target`` lists the targets in the order of the card's alternative-target
arrows ("AI card anatomy"): the first valid one is used; an action with no valid target is
skipped ("If an action cannot be performed due to failed conditions, skip that action").
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.content import Entry

DOS = ("move", "attack", "expose", "steal", "push", "spawn", "enrage", "shield", "heal", "party_damage")
TARGETS = ("active", "highest_threat", "lowest_threat", "highest_adjacent", "lowest_adjacent")
TARGET_WORDS = {"active": "the active hero", "highest_threat": "the highest threat", "lowest_threat": "the lowest threat",
                "highest_adjacent": "the highest adjacent threat", "lowest_adjacent": "the lowest adjacent threat"}
NEEDS_TARGET = ("move", "attack", "expose", "steal", "push")
RANGES = ("adjacent", "any")


@dataclass(frozen=True)
class AIAction:
    do: str
    target: tuple[str, ...] = ()
    amount: int = 1
    range: str = "adjacent"

    @property
    def attack(self) -> bool:
        """The sword sign: this action is an attack."""
        return self.do == "attack"

    @property
    def text(self) -> str:
        arrows = ", else ".join(TARGET_WORDS[t] for t in self.target)
        return {
            "move": f"move to {arrows}",
            "attack": f"attack {arrows} for {self.amount}" + (" (any range)" if self.range == "any" else ""),
            "expose": f"expose {arrows} ({self.amount})",
            "steal": f"steal a die from {arrows}",
            "push": f"push {arrows}",
            "spawn": f"spawn {self.amount}",
            "enrage": f"ENRAGE {self.amount:+}",
            "shield": f"gain {self.amount} shield(s)",
            "heal": f"heal {self.amount}",
            "party_damage": f"deal {self.amount} damage to the party",
        }[self.do]


def parse_script(card: Entry, name: str, raw: list) -> tuple[AIAction, ...]:
    """Validate one part (minion or boss) of an AI card."""
    out = []
    for i, line in enumerate(raw):
        e = Entry(card.source, card.entry, line)
        where = f"{name}[{i}]"
        if not isinstance(line, dict):
            raise e.fail(where, f"must be an object, got {line!r}")
        extra = sorted(set(line) - {"do", "target", "amount", "damage", "range"})
        if extra:
            raise e.fail(f"{where}.{extra[0]}", "is not a field of an AI action (do, target, amount, damage, range)")
        do = line.get("do")
        if do not in DOS:
            raise e.fail(f"{where}.do", f"must be one of {', '.join(DOS)}, got {do!r}")
        target = line.get("target", [])
        if not isinstance(target, list) or any(t not in TARGETS for t in target):
            raise e.fail(f"{where}.target", f"must be a list of targets from {', '.join(TARGETS)}, got {target!r}")
        if do in NEEDS_TARGET and not target:
            raise e.fail(f"{where}.target", f"{do!r} needs at least one target")
        if do not in NEEDS_TARGET and target:
            raise e.fail(f"{where}.target", f"{do!r} takes no target")
        amount = line.get("damage" if do == "attack" else "amount", 1)
        low = -5 if do == "enrage" else 1
        if isinstance(amount, bool) or not isinstance(amount, int) or not low <= amount <= 10 or amount == 0:
            raise e.fail(f"{where}.{'damage' if do == 'attack' else 'amount'}", f"must be a whole number {low}..10 (not 0), got {amount!r}")
        rng = line.get("range", "adjacent")
        if rng not in RANGES:
            raise e.fail(f"{where}.range", f"must be one of {', '.join(RANGES)}, got {rng!r}")
        out.append(AIAction(do, tuple(target), amount, rng))
    return tuple(out)
