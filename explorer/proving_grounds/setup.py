"""Game Setup and the start of each round (including each module's setup)."""
from __future__ import annotations

from ..core.chance import Shuffle, joint
from ..core.events import Event
from . import sections as S
from .state import Chariot, Slot, State, die_order, evolve

POOL = ("W1", "W2", "W3", "W4", "W5", "B1", "G1", "Y1")
EXHAUSTED = (("W6",), ("W7",), ("W8",))
STACK = ("G2", "Y2", "B2")


def setup_chance(state: State):
    """Game Setup: the enemy deck, and each module's deck in play, are shuffled."""
    o, d = state.options, state.deck
    return joint(
        enemies=Shuffle(tuple(c.id for c in d.enemies), "enemy deck"),
        chariots=Shuffle(tuple(c.id for c in d.chariots), "chariot deck") if o.chariots else None,
        inspirations=Shuffle(tuple(c.id for c in usable_inspirations(state)), "inspiration deck") if o.inspiration else None,
        conspirators=Shuffle(tuple(c.id for c in d.conspirators), "conspirator deck") if o.conspirators else None,
    )


def usable_inspirations(state: State):
    """Module 3 Setup: remove inspiration cards whose module is not in play."""
    return [c for c in state.deck.inspirations if c.module is None or getattr(state.options, c.module)]


def check_deck(state: State) -> str | None:
    """Why this deck cannot play these modules, or None."""
    o, d = state.options, state.deck
    if o.chariots and not d.chariots:
        return f"the deck {d.source} has no chariot cards (Module 2)"
    if o.inspiration and not usable_inspirations(state):
        return f"the deck {d.source} has no inspiration cards usable with these modules (Module 3)"
    if o.conspirators and not d.conspirators:
        return f"the deck {d.source} has no conspirator cards (Module 5)"
    return None


def set_up(state: State, outcome: dict) -> tuple[State, list[Event]]:
    """Game Setup, in the rulebook's order, then each module's setup."""
    o, d = state.options, state.deck
    ev = []
    deck = tuple(outcome["enemies"])
    slots = []
    for n in range(1, 7):  # "Draw six enemy cards, one at a time"
        card = d.card(deck[n - 1])
        slots.append(Slot(card.id, card.start))
        ev.append(Event(f"Enemy #{n}: {card.name} (marker on its start space).", S.SETUP))
    state = evolve(
        state, slots=tuple(slots), enemy_deck=deck[6:], health=0,
        pool=tuple(sorted(POOL, key=die_order)), faces=(0,) * len(POOL), exhaustion=EXHAUSTED,
    )
    ev.append(Event("Health marker on the top left space; three white dice on the exhaustion track; "
                    "the dice pool holds five white dice and one green, yellow and blue die.", S.SETUP))
    if o.sun_and_moon:
        state = evolve(state, dial=STACK)
        ev.append(Event("The green, yellow and blue dice go on the sun and moon dial instead of the health track.", S.setup(S.SUN_AND_MOON)))
    else:
        state = evolve(state, stack=STACK, stack_space=o.stack_space)
        ev.append(Event(f"The stack of green, yellow and blue dice sits on health space {o.stack_space + 1}.", S.SETUP))
    if o.dragonling:
        ev.append(Event("The dragonling die joins the dice pool.", S.setup(S.DRAGONLING)))
    if o.chariots:
        cd = tuple(outcome["chariots"])
        state = evolve(state, chariot_deck=cd[1:], chariots=(Chariot(cd[0]),))
        ev.append(Event(f"Chariot revealed: {d.card(cd[0]).name}.", S.setup(S.CHARIOTS)))
    if o.inspiration:
        card = d.card(outcome["inspirations"][0])
        state = evolve(state, inspiration=card.id)
        ev.append(Event(f"Inspiration: {card.name} ({card.effect.text})", S.setup(S.INSPIRATION)))
    if o.conspirators:
        cd = tuple(outcome["conspirators"])
        state = evolve(state, conspirator_deck=cd[1:], conspirators=(cd[0],))
        c = d.card(cd[0])
        ev.append(Event(f"Conspirator revealed: {c.name} ({c.number}).", S.setup(S.CONSPIRATORS)))
    return evolve(state, round=1, tasks=round_tasks(state)), ev


def round_tasks(state: State) -> tuple[tuple, ...]:
    """One round, in the order of Q2 ("How do I handle timing conflicts?")."""
    o = state.options
    tasks = []
    if o.conspirators:
        tasks += [("reveal",)]
    if o.sun_and_moon:
        tasks += [("dial",)]
    if o.conspirators:
        tasks += [("activation",)]
    tasks += [("roll",), ("rolling",)]
    if o.chariots:
        tasks += [("chariots",)]
    if o.dragonling:
        tasks += [("dragonling",)]
    tasks += [("attacks",)]
    if o.sun_and_moon:
        tasks += [("sun_moon",)]
    tasks += [("recover",)]
    return tuple(tasks)
