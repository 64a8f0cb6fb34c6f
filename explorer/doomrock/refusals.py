"""Why an action is refused, as a sentence a player would understand (never a Python repr)."""
from __future__ import annotations

from .campaign_state import Unequip
from .cards import Deck
from .damage import name_of
from .enemies import returned_die
from .positions import hero_armour
from .roll_phase import dice_word
from .items import gear_refusal
from .state import (
    Activate, ActivateBoss, ActivateMinion, Assign, Battle, DoneAssigning, EndInitiative, EndRound, GiveDie, KeepDice,
    MakeHeroism, MakeShield, PickUpLocked, PlaceHeroism, PlaceSpawn, Reroll, Roll, StopHiding, TakeDamage, UseItem,
)

PHASES = {"setup": "battle setup", "roll": "the roll phase", "initiative": "the initiative phase",
          "minions": "minion activation", "boss": "boss activations", "actions": "the hero action phase", "over": "the end"}


def _card(deck: Deck, cid) -> str:
    return deck.card(cid).name if isinstance(cid, str) and deck.has(cid) else repr(cid)


def explain(b: Battle, deck: Deck, action) -> str:
    """A sentence saying why ``action`` is not allowed in ``b``."""
    if b.result is not None:
        return f"the battle is over: {b.result}"
    phase = PHASES.get(b.phase, b.phase)
    if isinstance(action, Unequip):
        if b.phase != "setup":
            return "gear is switched before the battle card is drawn (Battle Setup 1), not during the battle"
        return gear_refusal(deck, b.heroes, action)
    if returned_die(b) is not None:
        return "the players must first choose which hero missing dice gets the returned die"
    if b.paused is not None:
        if b.paused.kind == "target":
            return "the players must first choose the enemy's target among the heroes tied in threat"
        if b.paused.kind == "reaction":
            return f"{b.hero(b.paused.hero).name} is being attacked: react with a reaction ability, or let it be"
        if b.paused.kind == "spawn":
            return "the players must first decide where the spawned enemy goes (a group, or a new distant group)"
        if b.paused.kind == "steal":
            return f"{b.hero(b.paused.hero).name} must first choose which assigned die the enemy steals"
        if b.paused.kind == "hiding":
            return _hiding_refused(b, action)
        if isinstance(action, TakeDamage) and isinstance(action.hero, int) and 0 <= action.hero < len(b.heroes):
            return _share_refused(b, deck, action.hero)
        return "the party must first divide the party damage, one point at a time, among heroes with HP left"
    if isinstance(action, (GiveDie, TakeDamage)):
        return "no enemy is stealing a die or dealing party damage now"
    if isinstance(action, PlaceSpawn):
        return "no spawned enemy is waiting to be placed"
    if isinstance(action, PickUpLocked):
        return _pick_up(b, action, phase)
    if isinstance(action, (Roll, Reroll, KeepDice, Assign, MakeShield, MakeHeroism, DoneAssigning)):
        return _roll(b, deck, action, phase)
    if isinstance(action, PlaceHeroism):
        return "heroism is placed on cards only with the heavy planning rule, right after it is gained"
    if isinstance(action, Activate):
        if b.phase not in ("initiative", "actions", "minions", "boss"):
            return f"abilities are not activated during {phase}"
        if not (isinstance(action.hero, int) and 0 <= action.hero < len(b.heroes)):
            return f"there is no hero number {action.hero!r}"
        h = b.hero(action.hero)
        name = _card(deck, action.card)
        if action.card not in h.abilities:
            return f"{h.name} has no ability {name}"
        card = deck.card(action.card)
        if card.lock:
            return f"{name} is a dice-lock ability: it works while its die is locked"
        if sum(d.place == "card" for d in b.on_card(action.hero, action.card)) < card.activation.dice:
            return f"{name} needs {card.activation.dice} {dice_word(card.activation.dice)} on it to activate"
        if b.phase == "initiative" and not card.activation.initiative:
            return f"{name} is not initiative enabled"
        if card.reaction:
            return f"{name} is a reaction: it is used when {h.name} is attacked"
        if b.phase in ("minions", "boss"):
            return f"abilities are not activated during {phase}"
        if action.heroism and not card.heroism:
            return f"{name} has no heroism effect"
        return f"{name} cannot be activated on that target now (no valid target, a failed condition or not enough heroism)"
    if isinstance(action, UseItem):
        return "that item is not equipped, was already used this round, or has no valid target"
    if isinstance(action, StopHiding):
        return _not_hidden(b, action.hero)
    if isinstance(action, (ActivateMinion, ActivateBoss)):
        return f"that enemy cannot be activated now ({phase}; minions activate in threat order, two per hero)"
    if isinstance(action, (EndInitiative, EndRound)):
        return f"that ends another phase; this is {phase}"
    return f"that is not allowed during {phase}"


def _not_hidden(b: Battle, i) -> str:
    """Battle Effects: Hidden: only a hidden hero may stop being hidden."""
    if not (isinstance(i, int) and 0 <= i < len(b.heroes)):
        return f"there is no hero number {i!r}"
    h = b.hero(i)
    if h.defeated:
        return f"{h.name} is defeated"
    return f"{h.name} is not hidden: only a hidden hero may stop hiding"


def _hiding_refused(b: Battle, action) -> str:
    """The "hiding" pause (Battle Effects: Anytime, DR-45): hidden heroes may step out, then the AI card goes on."""
    if isinstance(action, StopHiding):
        return _not_hidden(b, action.hero)
    return (f"{name_of(b, b.paused.uid)} is about to resolve a line of its AI card: a hidden hero may first stop "
            "hiding, or the party lets the card go on")


def _share_refused(b: Battle, deck: Deck, i: int) -> str:
    """Party damage: "A hero may not accept an amount of damage that would reduce his or her HP below zero." """
    h = b.hero(i)
    if h.defeated:
        return f"{h.name} is defeated: the party damage goes to heroes with HP left"
    taken = dict(b.paused.shares).get(i, 0)
    absorbing = h.shields + hero_armour(b, deck, i)
    after = " after shields and armour" if absorbing and taken > h.life else ""
    return (f"{h.name} has accepted {taken} point{'s' * (taken != 1)} of this party damage and may accept no more: "
            f"another would take {h.name}'s HP below zero{after}")


def _pick_up(b: Battle, action, phase: str) -> str:
    """Why picking up a locked die is refused (Battles: Dice lock)."""
    if b.phase != "roll":
        return f"a locked die is picked up to be rolled in the roll phase; this is {phase}"
    who = b.hero(b.roller).name
    if b.rolls:
        return f"{who} has already rolled: a locked die is picked up before the roll"
    if not any(d.index == action.die and d.place == "locked" for d in b.hero_dice(b.roller)):
        return f"{who} has no locked die number {action.die!r} (only the rolling hero's locked dice may be picked up)"
    return "the rules option locked_dice='stay' keeps locked dice on their cards"


def _roll(b: Battle, deck: Deck, action, phase: str) -> str:
    """Why a roll phase action is refused."""
    if b.phase != "roll" and not any(d.place in ("rolled", "waiting") for d in b.dice):
        return f"dice are rolled and placed in the roll phase; this is {phase}"
    h = b.hero(b.roller) if b.phase == "roll" else None
    who = h.name if h else "the hero"
    if isinstance(action, Roll):
        return f"{who} has already rolled"
    if isinstance(action, (Reroll, KeepDice)):
        if b.rolls == 0:
            return f"{who} has not rolled yet"
        if b.assigning:
            return f"{who} has kept the dice (two re-rolls at most; the third roll must be kept)"
        return "re-roll one or more of the rolled dice, each once"
    if b.rolls == 0 and b.phase == "roll":
        return f"{who} must roll first"
    if b.phase == "roll" and not b.assigning:
        return f"{who} must keep the dice (or re-roll) before placing them"
    die = action.die if hasattr(action, "die") else None
    mine = [d for d in b.dice if d.owner == (b.roller if b.phase == "roll" else d.owner) and d.index == die and d.place == "rolled"]
    if isinstance(action, DoneAssigning):
        return "someone else is placing dice now"
    if not mine:
        return f"{who} has no rolled die number {die!r} to place"
    face = mine[0].face
    if isinstance(action, MakeShield):
        return f"only a 1 becomes a shield; that die shows {face}"
    if isinstance(action, MakeHeroism):
        return f"only a 6 becomes heroism; that die shows {face}"
    hero = b.hero(mine[0].owner)
    if action.card not in hero.abilities:
        return f"each hero places dice on his or her own cards: {hero.name} has no {_card(deck, action.card)}"
    card = deck.card(action.card)
    if face not in card.activation.faces:
        return f"{card.name} is activated by {', '.join(map(str, card.activation.faces))}; that die shows {face}"
    return f"{card.name} is full: its charges allow {card.capacity} dice"
