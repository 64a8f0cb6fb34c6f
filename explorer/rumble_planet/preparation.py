"""I - Preparation Phase: obsolescence, selling, buying and tinkering (equip, craft, boost)."""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.events import Event
from ..core.frozen import replace
from .effects import Gain
from .health import gain_pp, heal, take_boosts, take_credits, visible_effects
from .state import SLOTS, Gear, State
from .tiles import offer_tile
from .words import SHOPS, capital, card_of

OBSOLESCENCE = "1 - Obsolescence"


def _discard(state: State, card_id: str) -> State:
    kind = state.content.card(card_id).kind
    key = f"{kind}_discard"
    return replace(state, **{key: tuple(sorted(getattr(state, key) + (card_id,)))})


def apply_gain(state: State, seat: int, gain: Gain, section: str) -> tuple[State, list[Event]]:
    """Apply a one-off reward; a tile waits for the active player to choose its space."""
    ev: list[Event] = []
    state, e = take_credits(state, seat, gain.credits, section)
    ev += e
    state, e = heal(state, seat, gain.heal, section)
    ev += e
    state, e = take_boosts(state, seat, gain.boosts, section)
    ev += e
    if gain.tile is not None:
        state, e = offer_tile(state, seat, gain.tile, state.player(seat).space, section)
        ev += e
    return state, ev


def fire(state: State, seat: int, effects, trigger: str, section: str) -> tuple[State, list[Event]]:
    """Apply every effect of ``trigger`` among ``effects`` ("Equipment Effects")."""
    ev: list[Event] = []
    for e in effects:
        if e is not None and e.kind == trigger:
            ev.append(Event(f"{state.name(seat)}: {e.text}", section))
            state, e2 = apply_gain(state, seat, e(Gain()), section)
            ev += e2
    return state, ev


def make_obsolete(state: State, seat: int, slot: int, why: str) -> tuple[State, list[Event]]:
    """Obsolete equipment: cards to the shop piles, its Boost tokens to the bank, 1 Boost token per card (the tokens
    moved with it along the track until now, ruling RP-33)."""
    p = state.player(seat)
    gear = p.track[slot - 1]
    track = list(p.track)
    track[slot - 1] = None
    s = replace(state, bank_boosts=state.bank_boosts + gear.boosts).with_player(seat, track=tuple(track))
    names = " and ".join(state.content.card(c).name for c in gear.cards)
    if len(gear.cards) == 2:
        why = why.replace("leaves", "leave").replace("is worn", "are worn")
    ev = [Event(f"{state.name(seat)}'s {names} {why} and go{'' if len(gear.cards) == 2 else 'es'} to the shop pile"
                + (f"; its {gear.boosts} Boost token(s) return to the bank." if gear.boosts else "."), OBSOLESCENCE)]
    for c in gear.cards:
        s = _discard(s, c)
    s, e = take_boosts(s, seat, len(gear.cards), OBSOLESCENCE)
    ev += e
    s, e = fire(s, seat, visible_effects(state, gear), "upon_obsolescence", "Equipment Effects: Upon Obsolescence")
    return s, ev + e


def obsolescence_shift(state: State, seat: int) -> tuple[State, list[Event]]:
    """1 - Obsolescence: every piece moves one slot to the right; the last one becomes obsolete."""
    p = state.player(seat)
    ev: list[Event] = []
    if p.track[-1] is not None:
        state, ev = make_obsolete(state, seat, SLOTS, "leaves the obsolescence track")
        p = state.player(seat)
    track = (None,) + p.track[:-1]
    if any(g is not None for g in p.track):
        ev.append(Event(f"{state.name(seat)}'s equipment moves one slot to the right.", OBSOLESCENCE))
    return state.with_player(seat, track=track), ev


def _gear(state: State, slot: int) -> Gear:
    if not 1 <= slot <= SLOTS:
        raise IllegalAction(f"slot must be 1-{SLOTS}, got {slot}")
    g = state.player(state.active).track[slot - 1]
    if g is None:
        raise IllegalAction(f"slot {slot} is empty")
    return g


def wear_out(state: State, slot: int) -> tuple[State, list[Event]]:
    """Voluntary Obsolescence: make a piece worn out now, for its Boost tokens."""
    _gear(state, slot)
    return make_obsolete(state, state.active, slot, "is worn out voluntarily")


def _in_hand(state: State, card: str):
    if card not in state.player(state.active).hand:
        raise IllegalAction(f"{card} is not in {state.name(state.active)}'s hand")
    return state.content.card(card)


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    h = list(hand)
    h.remove(card)
    return tuple(h)


def price(state: State, kind: str) -> int:
    """3 - Buying: a card's value by shop (Weapon 8, Armor 6)."""
    return state.options.weapon_price if kind == "weapon" else state.options.armor_price


def sell(state: State, card: str) -> tuple[State, list[Event]]:
    """2 - Selling: discard a card from your hand for half its value."""
    c = _in_hand(state, card)
    seat = state.active
    s = _discard(state.with_player(seat, hand=_without(state.player(seat).hand, card)), card)
    ev = [Event(f"{state.name(seat)} sells {c.name}.", "2 - Selling")]
    s, e = take_credits(s, seat, price(state, c.kind) // 2, "2 - Selling")
    return s, ev + e


def buy(state: State, shop: str, card: str) -> tuple[State, list[Event]]:
    """3 - Buying: pay the card's value to the bank and draw from that shop (the drawn card is the outcome)."""
    seat = state.active
    cost = price(state, shop)
    p = state.player(seat)
    if p.credits < cost:
        raise IllegalAction(f"{capital(card_of(shop))} costs {cost} Credits; {state.name(seat)} has {p.credits}")
    s = replace(state, bank_credits=state.bank_credits + cost).with_player(seat, credits=p.credits - cost)
    s, e = draw_card(s, seat, shop, card, "3 - Buying")
    return s, [Event(f"{state.name(seat)} pays {cost} Credits for {card_of(shop)}.", "3 - Buying")] + e


def draw_pool(state: State, shop: str) -> tuple[str, ...]:
    """The cards a draw can give: the pile, or its discard pile reshuffled when it is empty ("Shortages")."""
    return getattr(state, f"{shop}_shop") or getattr(state, f"{shop}_discard")


def draw_card(state: State, seat: int, shop: str, card: str, section: str) -> tuple[State, list[Event]]:
    """Draw the named card from a shop into the hand, rebuilding the shop from its discards if needed ("Shortages")."""
    ev = []
    pile = getattr(state, f"{shop}_shop")
    if not pile:
        pile = getattr(state, f"{shop}_discard")
        state = replace(state, **{f"{shop}_discard": ()})
        ev.append(Event(f"The {SHOPS[shop]} shop is empty: its discard pile is shuffled into a new shop.", "Shortages"))
    if card not in pile:
        raise IllegalAction(f"{card} is not in the {SHOPS[shop]} shop")
    state = replace(state, **{f"{shop}_shop": _without(pile, card)})
    state = state.with_player(seat, hand=state.player(seat).hand + (card,))
    # the log is public and a hand is private (ruling RP-26): the card is named only in the hand itself
    return state, ev + [Event(f"{state.name(seat)} draws {card_of(shop)} into their hand.", section)]


def buy_prestige(state: State) -> tuple[State, list[Event]]:
    """Buying Prestige Points: 18 Credits to the bank for 1 PP."""
    seat, cost = state.active, state.options.pp_price
    p = state.player(seat)
    if p.credits < cost:
        raise IllegalAction(f"a Prestige Point costs {cost} Credits; {state.name(seat)} has {p.credits}")
    s = replace(state, bank_credits=state.bank_credits + cost).with_player(seat, credits=p.credits - cost)
    return gain_pp(s, seat, 1, f"paid {cost} Credits")


def equip(state: State, card: str, slot: int) -> tuple[State, list[Event]]:
    """Equipping: a Weapon or Armor card from your hand into an empty slot; "on placement" effects fire."""
    c = _in_hand(state, card)
    if not 1 <= slot <= SLOTS or state.player(state.active).track[slot - 1] is not None:
        raise IllegalAction(f"slot {slot} is not an empty equipment slot")
    seat = state.active
    p = state.player(seat)
    track = list(p.track)
    track[slot - 1] = Gear(card)
    s = state.with_player(seat, hand=_without(p.hand, card), track=tuple(track))
    ev = [Event(f"{state.name(seat)} equips {c.name} in slot {slot}.", "Equipping")]
    s, e = fire(s, seat, (c.effect1, c.effect2), "on_placement", "Effects Triggered on Placement")
    return s, ev + e


def craft(state: State, card: str, slot: int) -> tuple[State, list[Event]]:
    """Crafting: slide a card from your hand under a non-crafted card of the same type on the track."""
    c = _in_hand(state, card)
    g = _gear(state, slot)
    main = state.content.card(g.main)
    if g.secondary is not None:
        raise IllegalAction(f"{main.name} is already crafted")
    if main.kind != c.kind:
        raise IllegalAction(f"{c.name} ({c.kind}) cannot be crafted under {main.name} ({main.kind}): same type only")
    seat = state.active
    p = state.player(seat)
    track = list(p.track)
    track[slot - 1] = replace(g, secondary=card)
    s = state.with_player(seat, hand=_without(p.hand, card), track=tuple(track))
    ev = [Event(f"{state.name(seat)} crafts {c.name} under {main.name}: +2 "
                f"{'Damage' if c.kind == 'weapon' else 'Defense'}, and only its effect 2 counts.", "Crafting")]
    s, e = fire(s, seat, (c.effect1, c.effect2), "on_placement", "Effects Triggered on Placement")
    return s, ev + e


def boost_cost(gear: Gear) -> int:
    """Boosting: the token placed plus one to the bank per token already there."""
    return gear.boosts + 1


def boost(state: State, slot: int) -> tuple[State, list[Event]]:
    """Boosting: +1 Damage or +1 Defense per token, at an escalating cost."""
    g = _gear(state, slot)
    seat = state.active
    p = state.player(seat)
    cost = boost_cost(g)
    if p.boosts < cost:
        raise IllegalAction(f"boosting slot {slot} needs {cost} Boost token(s); {state.name(seat)} has {p.boosts}")
    track = list(p.track)
    track[slot - 1] = replace(g, boosts=g.boosts + 1)
    s = replace(state, bank_boosts=state.bank_boosts + cost - 1).with_player(seat, boosts=p.boosts - cost, track=tuple(track))
    main = state.content.card(g.main)
    side = "+1 Damage" if main.kind == "weapon" else "+1 Defense"
    return s, [Event(f"{state.name(seat)} boosts {main.name} ({side}), paying {cost - 1} extra token(s) to the bank: "
                     f"{g.boosts + 1} Boost token(s) on it.", "Boosting")]


# The four steps of the Preparation Phase, in order ("Perform the following four steps in order"); the turn's
# ``step`` counts from 0, and an action of a step already passed is refused for that reason.
STEPS = ("1 - Obsolescence", "2 - Selling", "3 - Buying", "4 - Tinkering")
STEP_OF = {"WearOut": 0, "Sell": 1, "Buy": 2, "BuyPrestige": 2, "Equip": 3, "Craft": 3, "Boost": 3}


def refusal(state: State, action) -> str | None:
    """Why a Preparation Phase action is refused now, in the rulebook's terms (None: not one of them, or no reason
    found here). Each step's own check is asked, on a copy, so the sentence is the one that step would give."""
    kind = type(action).__name__
    step = STEP_OF.get(kind)
    if step is None or state.turn.phase != "preparation":
        return None
    if state.turn.step > step:
        return (f"{action} belongs to step {STEPS[step]} of the Preparation Phase, which is over this turn "
                f"(the steps come in order)")
    try:
        if kind == "WearOut":
            _gear(state, action.slot)
        elif kind == "Sell":
            _in_hand(state, action.card)
        elif kind == "Buy":
            _buy_refusal(state, action.shop)
        elif kind == "BuyPrestige":
            buy_prestige(state)
        elif kind == "Equip":
            equip(state, action.card, action.slot)
        elif kind == "Craft":
            craft(state, action.card, action.slot)
        else:
            boost(state, action.slot)
    except IllegalAction as e:
        return f"{action} is not allowed: {e}"
    except Exception:  # noqa: BLE001 - a field of the wrong type (rules.apply called directly): the plain refusal
        return None
    return None


def _buy_refusal(state: State, shop) -> None:
    if shop not in SHOPS:
        raise IllegalAction(f"the shops are {', '.join(map(repr, SHOPS))}, not {shop!r}")
    p, cost = state.player(state.active), price(state, shop)
    if p.credits < cost:
        raise IllegalAction(f"{capital(card_of(shop))} costs {cost} Credits; {state.name(state.active)} has {p.credits}")
    if not draw_pool(state, shop):
        raise IllegalAction(f"the {SHOPS[shop]} shop and its discard pile are both empty")
