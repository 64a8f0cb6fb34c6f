"""Roll Phase: collect and roll the dice, re-roll twice, assign them to ability cards by activation
value within charges, 1s for shields and 6s for heroism; unassigned dice are spent.

Extra and returned dice are placed with the same actions outside the roll phase ("Extra dice").
"""
from __future__ import annotations

from ..core.frozen import replace
from itertools import combinations

from ..core.events import Event
from .cards import Deck
from .state import Assign, Battle, DoneAssigning, KeepDice, MakeHeroism, MakeShield, PickUpLocked, Reroll, Roll

ROLL = "Battle Sequence: Roll Phase"


def roll_actions(b: Battle, deck: Deck, must_assign: bool = False, pick_up: bool = True) -> list:
    """Roll Phase: the rolling hero's choices (roll, re-roll any dice twice, keep, assign).

    Before the roll, with ``pick_up`` (``Options.locked_dice == "optional"``, DR-18), the hero may pick up
    any locked die to roll it with the others: "Locked dice do not have to be rolled".
    """
    i = b.roller
    mine = b.hero_dice(i)
    if b.rolls == 0:
        return [Roll()] + ([PickUpLocked(d.index) for d in mine if d.place == "locked"] if pick_up else [])
    rolled = [d for d in mine if d.place == "rolled"]
    if not b.assigning:
        subsets = [Reroll(tuple(c)) for n in range(1, len(rolled) + 1) for c in combinations([d.index for d in rolled], n)]
        return subsets + [KeepDice()]
    return assign_actions(b, deck, i, roll_phase=True, must_assign=must_assign)

def assigner(b: Battle) -> int | None:
    """Who is placing dice: the roller in the roll phase, else a hero with extra or returned dice."""
    if b.phase == "roll":
        return b.roller
    return next((d.owner for d in b.dice if d.place == "rolled"), None)

def assign_actions(b: Battle, deck: Deck, i: int, roll_phase: bool, must_assign: bool = False) -> list:
    """Assign dice (and, in the roll phase, 1s for shields and 6s for heroism).

    With ``must_assign`` ("must be kept, assigned to cards and spent, if able", DR-29) the hero is done
    only when no die left can be placed on a card.
    """
    acts: list = []
    for d in b.hero_dice(i):
        if d.place != "rolled":
            continue
        for cid in dict.fromkeys(b.hero(i).abilities):
            if _fits(b, deck, i, d.face, cid):
                acts.append(Assign(d.index, cid))
        if roll_phase and d.face == 1:
            acts.append(MakeShield(d.index))
        if roll_phase and d.face == 6:
            acts.append(MakeHeroism(d.index))
    if must_assign and any(isinstance(a, Assign) for a in acts):
        return acts
    return acts + [DoneAssigning()]

def _fits(b: Battle, deck: Deck, i: int, face: int, cid: str) -> bool:
    """Assign dice: the face matches the activation value and the charges leave room."""
    card = deck.card(cid)
    return face in card.activation.faces and len(b.on_card(i, cid)) < card.capacity

def roll_phase(b: Battle, deck: Deck, action, outcome) -> tuple[Battle, list[Event]]:
    """Roll Phase: roll, two re-rolls, assign dice, shields from 1s and heroism from 6s."""
    i = assigner(b)
    h = b.hero(i)
    if isinstance(action, Roll):
        pool = [d for d in b.hero_dice(i) if d.place == "pool"]
        for d, f in zip(pool, outcome):
            b = b.with_die(d, face=f, place="rolled")
        b = replace(b, rolls=1)
        return _maybe_assign(b), [Event(f"{h.name} rolls {faces_text(outcome)}.", ROLL)]
    if isinstance(action, Reroll):
        for n, f in zip(action.dice, outcome):
            b = b.with_die(b.die(i, n), face=f)
        b = replace(b, rolls=b.rolls + 1)
        faces = [d.face for d in b.hero_dice(i) if d.place == "rolled"]
        return _maybe_assign(b), [Event(f"{h.name} re-rolls {len(action.dice)} {dice_word(len(action.dice))}: now {faces_text(faces)}.", ROLL)]
    if isinstance(action, KeepDice):
        return replace(b, assigning=True), [Event(f"{h.name} keeps the dice.", ROLL)]
    if isinstance(action, PickUpLocked):
        die = b.die(i, action.die)
        text = (f"{h.name} picks up the locked {die.face} from {deck.card(die.card).name} to roll it: the card's "
                "lasting effect ends.")
        return b.with_die(die, place="pool", face=None, card=None), [Event(text, "Battles: Dice lock")]
    die = b.die(i, action.die) if hasattr(action, "die") else None
    if isinstance(action, Assign):
        card = deck.card(action.card)
        b = b.with_die(die, place="locked" if card.lock else "card", card=action.card)
        text = f"{h.name} places a {die.face} on {card.name}" + (" (locked: it is active from the start of the round)" if card.lock else "") + "."
        return b, [Event(text, "Roll Phase: Assign dice")]
    if isinstance(action, MakeShield):
        b = b.with_die(die, place="spent", face=None).with_hero(i, shields=h.shields + 1)
        return b, [Event(f"{h.name} spends a 1 for a shield.", "Roll Phase: Shields")]
    if isinstance(action, MakeHeroism):
        b = b.with_die(die, place="spent", face=None).with_hero(i, heroism=h.heroism + 1)
        return b, [Event(f"{h.name} spends a 6 for a heroism marker.", "Roll Phase: Heroism")]
    # DoneAssigning: unassigned dice are immediately spent.
    for d in b.hero_dice(i):
        if d.place == "rolled":
            b = b.with_die(d, place="spent", face=None)
    if b.phase != "roll":  # extra or returned dice, placed "following the dice placement rules of the roll phase"
        return b, [Event(f"{h.name} is done placing the rolled dice; any left unplaced are spent.",
                         "Roll Phase: Assign dice")]
    later = [j for j in b.alive_heroes if j > i]
    if later:
        return replace(b, roller=later[0], rolls=0, assigning=False), [Event(f"{h.name} is done assigning.", ROLL)]
    b = replace(b, phase="initiative", rolls=0, assigning=False)
    return b, [Event(f"{h.name} is done assigning.", ROLL),
               Event(f"Round {b.round} starts.", "Battle Sequence: Start of Round")]

def _maybe_assign(b: Battle) -> Battle:
    """The result of the third roll must be kept."""
    return replace(b, assigning=True) if b.rolls >= 3 else b

def dice_word(n: int) -> str:
    """"1 die", "2 dice": the log's count of dice."""
    return "die" if n == 1 else "dice"


def faces_text(faces) -> str:
    """Faces for the log: "6, 6, 3"."""
    return ", ".join(map(str, faces)) if len(faces) else "no dice"
