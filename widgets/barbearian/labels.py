"""Words for BarBEARian actions, spaces and phases (presentation only: no rules here)."""
from __future__ import annotations

from explorer.barbearian import (
    BuyUpgrade, ChangeFate, Empower, GiveResources, GrandOffering, HireMercenary, HireSpecialist, KeepTrial, Pass,
    Place, Ready, Reinforce, RollDice, StealGlory, StealResources, TakeBack, TakeResources, TempleSix, WalkAway,
)
from explorer.barbearian.brawl import token_text
from explorer.barbearian.economy import describe as describe_cost
from explorer.barbearian.rules import PHASE_NAMES

SPACE_WORDS = {"barracks_1": "Barracks 1", "barracks_2": "Barracks 2", "barracks": "Barracks", "farm": "Farm", "forge": "Forge",
               "temple": "Temple"}
PASS_WORDS = {"mercenaries": "No (more) mercenaries", "fate": "Keep my dice as rolled", "window": "Pass (no Empower)",
              "build": "End my Build turn"}


def clan_name(clan: str) -> str:
    return clan.capitalize()


def space_label(space: str) -> str:
    """"Battleground vs Blue", "Barracks 1", "Farm"..."""
    if space.startswith("battleground:"):
        return f"Battleground vs {clan_name(space.split(':', 1)[1])}"
    return SPACE_WORDS.get(space, space)


def space_slug(space: str) -> str:
    """A CSS-safe name: "battleground:blue" -> "battleground-blue", "barracks_1" -> "barracks-1"."""
    return space.replace(":", "-").replace("_", "-")


def phase_label(state) -> str:
    """The phase in the rulebook's words, with who is involved in a Brawl decision."""
    task = state.task
    text = PHASE_NAMES.get(state.phase, state.phase)
    if state.phase == "window":
        _, a, b, kind, _, _ = task
        what = f"{state.name(a)} and {state.name(b)} clash" if kind == "clash" else f"{state.name(a)} raids {state.name(b)}"
        return f"{text} ({what})"
    if state.phase == "loot":
        return f"{text} ({state.name(task[1])} raided {state.name(task[2])})"
    return text


def _card(state, card_id: str) -> str:
    return state.deck.card(card_id).name


def describe_action(state, action) -> str:
    """A button label for ``action`` in ``state`` (a view is enough)."""
    o = state.options
    if isinstance(action, RollDice):
        return "Roll everyone's dice"
    if isinstance(action, KeepTrial):
        return f"Keep {_card(state, action.card)}"
    if isinstance(action, HireMercenary):
        return f"Hire a mercenary ({describe_cost(o.price_mercenary)})"
    if isinstance(action, Pass):
        return PASS_WORDS.get(state.phase, "Pass")
    if isinstance(action, ChangeFate):
        face = state.players[action.seat].faces[action.die]
        return f"Change a {face} to {action.face} ({describe_cost(o.price_change_fate)})"
    if isinstance(action, Place):
        return f"{state.players[action.seat].faces[action.die]} \u2192 {space_label(action.space)}"
    if isinstance(action, TakeBack):
        p = state.players[action.seat]
        return f"Take back the {p.faces[action.die]} from {space_label(p.placement[action.die])}"
    if isinstance(action, Ready):
        return "Ready: my placement is final"
    if isinstance(action, Empower):
        what = "my Barracks" if action.space == "barracks" else f"my force ({space_label(action.space)})"
        return f"Empower {what} +1 ({describe_cost(o.price_empower)})"
    if isinstance(action, StealGlory):
        return f"Steal a {action.colour} Glory token"
    if isinstance(action, StealResources):
        return "Take Resources (the defender chooses)"
    if isinstance(action, WalkAway):
        return "Walk away empty-handed"
    if isinstance(action, GiveResources):
        return "Give " + token_text(state, action.seat, action.resources)
    if isinstance(action, TakeResources):
        return "Take " + token_text(state, state.task[2], action.resources)  # the pillaged defender's tokens
    if isinstance(action, TempleSix):
        return f"Lock a {action.lock} Glory token" if action.lock else "Take two Faith"
    if isinstance(action, HireSpecialist):
        return f"Hire a {space_label(action.space)} Specialist ({describe_cost(o.price_specialist)})"
    if isinstance(action, BuyUpgrade):
        card = state.deck.card(action.card)
        return f"Buy {card.name} ({describe_cost(card.cost)})"
    if isinstance(action, Reinforce):
        return f"Reinforcements: one more die ({describe_cost(o.price_reinforcements)})"
    if isinstance(action, GrandOffering):
        return f"Grand Offering: one Glory ({describe_cost(o.price_grand_offering)})"
    return type(action).__name__


def action_tooltip(state, action) -> str:
    """What hovering a button tells: an Upgrade's effect and cost; otherwise the label itself."""
    if isinstance(action, BuyUpgrade):
        card = state.deck.card(action.card)
        return f"{card.name}: {card.text} Costs {describe_cost(card.cost)}."
    return describe_action(state, action)


def action_class(action) -> str:
    """A stable CSS class per kind of action, e.g. "bb-stealglory"."""
    return "bb-" + type(action).__name__.lower()
