"""Sentences about a state and its actions, for logs, teaching notebooks and dashboards."""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.files import shorten
from ..core.validate import check_action_fields
from .arguments import seat_of, space_of, state_of
from .attack import weapon_of
from .board import REGION_NAMES
from .health import altitude, movement_points, pp_cubes
from .hidden import HIDDEN
from .state import (
    HEROIC,
    Attack,
    Boost,
    Buy,
    BuyPrestige,
    ChooseRegion,
    ClaimFeat,
    Craft,
    Decline,
    Deploy,
    Draw,
    DropLootboxes,
    EndActions,
    EndPreparation,
    EndTurn,
    Equip,
    Move,
    MoveTile,
    OpenGolden,
    OpenLootbox,
    PlaceAt,
    Return,
    Sell,
    SetUp,
    StartMovement,
    State,
    SwapGear,
    Taunt,
    WearOut,
)
from .state import ACTIONS
from .words import SHOPS, card_of, the_tile


def _card(state: State, card_id: str) -> str:
    try:
        return state.content.card(card_id).name
    except KeyError:
        raise IllegalAction(f"{card_id!r} is not a card of this game's deck") from None


def _checked(state: State, a):
    """The action, refused with a sentence if it is not a Rumble Planet action or names what this state lacks."""
    if type(a) not in ACTIONS:
        raise ValueError(f"{shorten(a)} is not a Rumble Planet action")
    a = check_action_fields(a)
    if isinstance(a, Attack):
        weapon_of(state, state.active, a.weapon)
        space_of(a.target, "Attack.target")
    for field in ("to", "space", "source"):
        if hasattr(a, field):
            space_of(getattr(a, field), f"{type(a).__name__}.{field}")
    if isinstance(a, (Buy, OpenGolden)) and a.shop not in SHOPS:
        raise ValueError(f"{type(a).__name__}.shop must be one of {', '.join(map(repr, SHOPS))}, got {a.shop!r}")
    if isinstance(a, ChooseRegion) and a.region not in REGION_NAMES:
        raise ValueError(f"ChooseRegion.region must be one of {', '.join(REGION_NAMES)}, got {a.region!r}")
    if isinstance(a, Taunt):
        seat_of(state, a.seat, on_green=False)
    return a


def _weapon(state: State, weapon: str) -> str:
    p = state.player(state.active)
    if weapon == HEROIC:
        return state.content.hero(p.hero).heroic_name
    g = p.track[int(weapon) - 1]
    return f"{_card(state, g.main)} (slot {weapon})"


def _target(state: State, target: str) -> str:
    seat = state.seat_at(target)
    if seat is not None:
        return f"{state.name(seat)} at {target}"
    return the_tile(state.tile_at(target), target)


def describe_action(state: State, a) -> str:
    """One sentence for an action in this state (a malformed one is refused with a sentence)."""
    state = state_of(state)
    a = _checked(state, a)
    who = state.name(state.active) if state.players else "The table"
    simple = {SetUp: "Set up the decks and reveal two Feats", Deploy: "Deploy every Hero by GPS",
              Return: "Return to the Green by GPS", BuyPrestige: f"Buy 1 PP for {state.options.pp_price} Credits",
              EndPreparation: "End the Preparation Phase", StartMovement: "Start the movement step here",
              EndActions: "End the Action Phase", OpenLootbox: "Open a lootbox", DropLootboxes: "Drop the lootboxes by GPS",
              EndTurn: "End the turn", Draw: "Draw the card", Decline: "Decline"}
    if type(a) in simple:
        return simple[type(a)]
    if isinstance(a, WearOut):
        return f"Wear out the equipment in slot {a.slot}"
    if isinstance(a, Sell):
        return f"Sell {_card(state, a.card)}"
    if isinstance(a, Buy):
        return f"Buy {card_of(a.shop)}"
    if isinstance(a, Equip):
        return f"Equip {_card(state, a.card)} in slot {a.slot}"
    if isinstance(a, Craft):
        return f"Craft {_card(state, a.card)} under the card in slot {a.slot}"
    if isinstance(a, Boost):
        return f"Boost the equipment in slot {a.slot}"
    if isinstance(a, Move):
        return f"Move to {a.to}"
    if isinstance(a, Attack):
        return f"Attack {_target(state, a.target)} with {_weapon(state, a.weapon)}"
    if isinstance(a, OpenGolden):
        return f"Open the golden Lootbox for {card_of(a.shop)}"
    if isinstance(a, ClaimFeat):
        return f"Accomplish the Feat {_card(state, a.feat)}"
    if isinstance(a, ChooseRegion):
        return f"Teleport into the {REGION_NAMES[a.region]} region"
    if isinstance(a, PlaceAt):
        return f"Place at {a.space}"
    if isinstance(a, MoveTile):
        return f"Replace {the_tile(state.tile_at(a.source), a.source)} in {a.to}"
    if isinstance(a, SwapGear):
        return f"Swap slots {a.slot} and {a.slot + 1}"
    if isinstance(a, Taunt):
        return f"Taunt {state.name(a.seat)}"
    return f"{who}: {a}"


def describe_actions(state: State, actions) -> str:
    if not isinstance(actions, (list, tuple)):
        raise ValueError(f"actions must be a list of actions, got {shorten(actions)}")
    return "; ".join(describe_action(state, a) for a in actions) + "."


def describe_player(state: State, seat: int) -> str:
    """A Hero's line: where, HP/PP, supply and equipment."""
    state = state_of(state)
    seat = seat_of(state, seat, on_green=False)
    p = state.player(seat)
    hero = state.content.hero(p.hero)
    where = f"at {p.space} (altitude {altitude(state, p.space)})" if p.space else "off the Green (knocked out)"
    gear = []
    for i, g in enumerate(p.track, 1):
        if g is not None:
            text = _card(state, g.main) + (f" crafted with {_card(state, g.secondary)}" if g.secondary else "")
            gear.append(f"slot {i}: {text}" + (f" with {g.boosts} Boost token(s)" if g.boosts else ""))
    hidden = sum(1 for c in p.hand if c == HIDDEN)
    hand = ", ".join([_card(state, c) for c in p.hand if c != HIDDEN] + ([f"{hidden} hidden card(s)"] if hidden else [])) or "nothing"
    lvl = "I" if p.level == 1 else "II"
    first, second = pp_cubes(p.pp, state.options.max_hp)
    pp = f"{p.pp} PP" + (f" (a second PP cube at {second})" if second is not None else "")
    return (f"{hero.name} is {where} with {p.hp} HP and {pp}; {p.credits} Credits, {p.boosts} Boost token(s), "
            f"{p.lootboxes} lootbox(es){' and the golden Lootbox' if p.golden else ''}; {hero.heroic_name} (Level {lvl}); "
            f"equipment: {'; '.join(gear) or 'none'}; hand: {hand}; {movement_points(state, seat)} MP.")


def describe_state(state: State) -> str:
    """A paragraph: the round and phase, each Hero, the revealed Feats and the bank."""
    state = state_of(state)
    if state.stage in ("setup", "deploy"):
        return f"The game is being set up ({state.stage})."
    lines = [f"Round {state.round}: {state.name(state.active)}'s turn, {state.turn.phase} phase."
             if state.stage == "play" else f"The game is over: {state.result}."]
    lines += [describe_player(state, i) for i in range(len(state.players))]
    feats = ", ".join(f"{_card(state, f)} ({len(t)} token(s))" for f, t in state.feats) or "none"
    lines.append(f"Revealed Feats: {feats}. The bank holds {state.bank_credits} Credits and {state.bank_boosts} Boost tokens.")
    return "\n".join(lines)
