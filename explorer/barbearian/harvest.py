"""The Gather, Build and Clean Up phases: produce, spend, and reset for the next round."""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.events import Event
from . import economy
from . import sections as S
from .options import RESOURCE_OF
from .state import (
    BuyUpgrade,
    GrandOffering,
    HireSpecialist,
    Pass,
    Reinforce,
    State,
    TempleSix,
    evolve,
    pop,
    push,
    set_player,
)

# -- Gather ---------------------------------------------------------------------------------------

def gather(state: State) -> tuple[State, list[Event]]:
    """Gather Phase: Farm (honey), Forge (ore), Temple (faith): one per die and Specialist token."""
    seat = state.task[1]
    state = pop(state)
    p = state.players[seat]
    ev = []
    sixes = 0
    for space, resource in RESOURCE_OF.items():
        dice = p.on(space)
        if space == "temple":
            sixes = dice.count(6)
            dice = [f for f in dice if f != 6]
        amount = len(dice) + p.specialists_on(space)
        if amount:
            state, ev2, got = economy.gain(state, seat, resource, amount, S.GATHER)
            ev += ev2
            ev.append(Event(f"{state.name(seat)} collects {got} {resource} from the {space.capitalize()}.", S.GATHER))
        for card_id in p.upgrades:  # Upgrade cards that bring this Resource, each named
            card = state.deck.card(card_id)
            bonus = state.deck.perks((card_id,)).bonus(resource)
            if bonus:
                state, ev2, got = economy.gain(state, seat, resource, bonus, S.GATHER)
                ev += ev2 + [Event(f"{state.name(seat)} collects {got} {resource} from {card.name}.", S.GATHER)]
    return push(state, *[("six", seat)] * sixes), ev


def six_actions(state: State, seat: int) -> list:
    """Temple: for each 6, two Faith or lock one of your Glory tokens."""
    return [TempleSix(seat, c) for c in state.players[seat].unlocked_colours] + [TempleSix(seat, None)]


def temple_six(state: State, action: TempleSix, outcome=None) -> tuple[State, list[Event]]:
    """Temple: "Gain two Faith Resource tokens, or; Lock one of your Glory tokens"."""
    seat = action.seat
    state = pop(state)
    if action.lock is None:
        state, ev, got = economy.gain(state, seat, "faith", 2, S.GATHER)
        return state, ev + [Event(f"{state.name(seat)}'s 6 on the Temple brings {got} faith.", S.GATHER)]
    state = economy.lock_glory(state, seat, action.lock)
    text = f"{state.name(seat)}'s 6 on the Temple locks a {action.lock} Glory token: it can no longer be stolen."
    return state, [Event(text, S.GATHER)]


# -- Build ------------------------------------------------------------------------------------------

def build_actions(state: State, seat: int) -> list:
    """Build Phase: what the seat can afford from the Marketplace and the Upgrade cards, or pass."""
    o = state.options
    p = state.players[seat]
    afford = lambda cost: economy.can_afford(state, seat, cost)  # noqa: E731
    acts: list = []
    if afford(o.price_specialist):
        acts += [HireSpecialist(seat, s) for s in o.specialist_spaces if state.supply(s) > 0]
    acts += [BuyUpgrade(seat, c.id) for c in state.deck.upgrades
             if c.id not in p.upgrades and state.copies_left(c.id) > 0 and afford(c.cost)]
    if p.active < o.clan_dice and afford(o.price_reinforcements):
        acts.append(Reinforce(seat))
    if p.reserve_glory > 0 and afford(o.price_grand_offering):
        acts.append(GrandOffering(seat))
    return acts + [Pass(seat)]


def hire_specialist(state: State, action: HireSpecialist, outcome=None) -> tuple[State, list[Event]]:
    """Marketplace D: a Specialist token from the limited supply, placed on its matching space."""
    o = state.options
    if action.space not in o.specialist_spaces:
        raise IllegalAction(f"there are no {action.space!r} Specialists (spaces: {', '.join(o.specialist_spaces)})")
    if state.supply(action.space) <= 0:
        raise IllegalAction(f"the {action.space.capitalize()} Specialist tokens have run out: once they're gone, they're gone")
    state = economy.pay(state, action.seat, o.price_specialist, "a Specialist")
    p = state.players[action.seat]
    specs = tuple((s, n + (s == action.space)) for s, n in p.specialists)
    state = set_player(state, action.seat, specialists=specs)
    supply = tuple((s, n - (s == action.space)) for s, n in state.specialist_supply)
    state = evolve(state, specialist_supply=supply)
    return state, [Event(f"{state.name(action.seat)} hires a {action.space.capitalize()} Specialist "
                         f"({state.supply(action.space)} left).", S.HIRE_SPECIALISTS)]


def buy_upgrade(state: State, action: BuyUpgrade, outcome=None) -> tuple[State, list[Event]]:
    """Build Phase: "A player can only obtain one copy of each Upgrade card"."""
    try:
        card = state.deck.card(action.card)
    except KeyError:
        raise IllegalAction(f"there is no Upgrade card {action.card!r}") from None
    if card not in state.deck.upgrades:
        raise IllegalAction(f"{action.card!r} is not an Upgrade card")
    p = state.players[action.seat]
    if card.id in p.upgrades:
        raise IllegalAction(f"{state.name(action.seat)} already has {card.name}: only one copy of each Upgrade card")
    if state.copies_left(card.id) <= 0:
        raise IllegalAction(f"no copy of {card.name} is left")
    state = economy.pay(state, action.seat, card.cost, card.name)
    state = set_player(state, action.seat, upgrades=p.upgrades + (card.id,))
    state = evolve(state, upgrade_supply=tuple((c, n - (c == card.id)) for c, n in state.upgrade_supply))
    return state, [Event(f"{state.name(action.seat)} buys {card.name}: {card.text}", S.BUILD)]


def reinforce(state: State, action: Reinforce, outcome=None) -> tuple[State, list[Event]]:
    """Marketplace E: one more die of your colour, "a max of five active dice"."""
    p = state.players[action.seat]
    if p.active >= state.options.clan_dice:
        raise IllegalAction(f"{state.name(action.seat)} already has all {state.options.clan_dice} clan dice active; there is no sixth die")
    state = economy.pay(state, action.seat, state.options.price_reinforcements, "Reinforcements")
    state = set_player(state, action.seat, active=p.active + 1)
    return state, [Event(f"{state.name(action.seat)} calls Reinforcements: {p.active + 1} active dice.", S.REINFORCEMENTS)]


def grand_offering(state: State, action: GrandOffering, outcome=None) -> tuple[State, list[Event]]:
    """Marketplace F: one Glory token of your colour (unlocked) from the clan's reserve."""
    if state.players[action.seat].reserve_glory <= 0:
        raise IllegalAction(f"the {state.clan(action.seat)} reserve has no Glory token left")
    state = economy.pay(state, action.seat, state.options.price_grand_offering, "a Grand Offering")
    return economy.gain_reserve_glory(state, action.seat, 1, S.GRAND_OFFERING, "Grand Offering")


def end_turn(state: State, action: Pass, outcome=None) -> tuple[State, list[Event]]:
    """Build Phase: done purchasing; the next player in turn order builds."""
    return pop(state), []


# -- Clean Up ----------------------------------------------------------------------------------------

def cleanup(state: State) -> tuple[State, list[Event]]:
    """Clean Up: pass the First Player token clockwise; mercenaries return to the common pool."""
    state = pop(state)
    hired = state.options.mercenary_dice - state.mercenaries_left
    for seat in range(state.n):
        state = set_player(state, seat, mercenaries=0, faces=(), placement=(), ready=False, raided=(), repelled=0)
    first = (state.first + 1) % state.n
    state = evolve(state, first=first, mercenaries_left=state.options.mercenary_dice, revealed=False, forces=(),
                   barracks_boost=(0,) * state.n, clashed=())
    ev = []
    if hired:
        ev.append(Event(f"{hired} mercenary dice return to the common pool.", S.CLEAN_UP))
    ev.append(Event(f"The First Player token passes to {state.name(first)}.", S.CLEAN_UP))
    return push(state, ("round",)), ev
