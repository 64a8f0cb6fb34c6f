"""Button labels for the Doomrock battle actions, in the players' words (presentation only)."""
from __future__ import annotations

from explorer.doomrock import (
    Activate,
    ActivateBoss,
    ActivateMinion,
    Assign,
    ChooseTarget,
    DoneAssigning,
    EndInitiative,
    EndRound,
    Formation,
    GiveDie,
    KeepDice,
    MakeHeroism,
    MakeShield,
    NoReaction,
    PickUpLocked,
    PlaceHeroism,
    PlaceSpawn,
    Reroll,
    Roll,
    RollExtra,
    SetUpBattle,
    ShuffleExpose,
    StopHiding,
    TakeDamage,
    UseItem,
)


def target_name(b, target: str) -> str:
    if target == "self":
        return "self"
    if target == "new":
        return "a new group"
    if target.startswith("hero:"):
        return b.hero(int(target.split(":")[1])).name
    if target.startswith("group:"):
        return f"group {target.split(':')[1]}"
    try:
        e = b.enemy(target)
        return f"{e.name} {e.uid}"
    except KeyError:
        return target


def die_face(b, owner: int, index: int) -> int | None:
    return b.die(owner, index).face


def describe(b, deck, action) -> str:
    """A short sentence for one legal action."""
    if isinstance(action, Roll):
        return f"Roll {b.hero(b.roller).name}'s dice"
    if isinstance(action, Reroll):
        faces = " ".join(str(die_face(b, b.roller, i)) for i in action.dice)
        return f"Re-roll {faces}"
    if isinstance(action, KeepDice):
        return "Keep the dice"
    if isinstance(action, RollExtra):
        return "Roll the extra dice"
    if isinstance(action, (Assign, MakeShield, MakeHeroism)):
        owner = b.roller if b.phase == "roll" else next(d.owner for d in b.dice if d.place == "rolled")
        face = die_face(b, owner, action.die)
        if isinstance(action, Assign):
            return f"{face} \u2192 {deck.card(action.card).name}"
        return f"{face} \u2192 {'shield' if isinstance(action, MakeShield) else 'heroism'}"
    if isinstance(action, DoneAssigning):
        return "Done placing dice"
    if isinstance(action, Activate):
        text = f"{b.hero(action.hero).name}: {deck.card(action.card).name}"
        if action.target != "self":
            text += f" \u2192 {target_name(b, action.target)}"
        return text + (f" (+{action.heroism} heroism)" if action.heroism else "")
    if isinstance(action, UseItem):
        return f"{b.hero(action.hero).name} uses {deck.card(action.item).name} \u2192 {target_name(b, action.target)}"
    if isinstance(action, ActivateMinion):
        text = f"{b.hero(action.hero).name} activates {target_name(b, action.enemy)}"
        return text + (f" (active: {b.hero(action.active).name})" if action.active is not None else "")
    if isinstance(action, ActivateBoss):
        return f"Activate the boss {target_name(b, action.enemy)}"
    if isinstance(action, EndInitiative):
        return "End initiative: enemies act"
    if isinstance(action, EndRound):
        return "End the round"
    if isinstance(action, GiveDie):
        d = b.die(b.paused.hero, action.die)
        return f"Give up the {d.face} on {deck.card(d.card).name}"
    if isinstance(action, TakeDamage):
        return f"{b.hero(action.hero).name} takes 1 damage"
    if isinstance(action, NoReaction) and b.paused is not None and b.paused.kind == "hiding":
        return "Go on: the hidden heroes stay hidden"
    if isinstance(action, NoReaction):
        return "No reaction: the attack goes ahead"
    if isinstance(action, PlaceSpawn):
        return "Spawn in a new, distant group" if action.group is None else f"Spawn in group {action.group}"
    if isinstance(action, PickUpLocked):
        d = b.die(b.roller, action.die)
        return f"Pick up the locked {d.face} from {deck.card(d.card).name}"
    if isinstance(action, ChooseTarget):
        return f"{b.hero(action.hero).name} is the target"
    if isinstance(action, StopHiding):
        return f"{b.hero(action.hero).name} stops hiding"
    if isinstance(action, PlaceHeroism):
        return f"Heroism of {b.hero(action.hero).name} on {deck.card(action.card).name}"
    if isinstance(action, ShuffleExpose):
        return "Shuffle the revealed expose markers"
    if isinstance(action, SetUpBattle):
        return "Set up the battle"
    if isinstance(action, Formation):
        return "Formation " + " ".join(map(str, action.groups))
    return type(action).__name__
