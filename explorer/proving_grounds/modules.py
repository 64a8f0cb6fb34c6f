"""The six modules' own steps: dragonling, chariots, conspirators, sun and moon.

(Module 3, Inspiration, and Module 4, Shields, only bend the shared steps: see
``effects.py`` and ``attacks.py``.)
"""
from __future__ import annotations

from collections import Counter

from ..core.errors import IllegalAction
from ..core.events import Event, count, plural
from . import sections as S
from . import tabletop
from .state import (
    AssignDragonling,
    ChaosReroll,
    Chariot,
    PlaceOnChariot,
    State,
    colour,
    evolve,
)

# -- Module 1: The Dragonling -----------------------------------------------------------------------


def dragonling_actions(state: State) -> list:
    """Module 1, Gameplay: what the dragonling result can do after the timer has ended."""
    face = state.dragonling
    if face == "chaos":
        return [ChaosReroll()]
    return [AssignDragonling(n) for n in _dragon_targets(state)] + [AssignDragonling(None)]


def _dragon_targets(state: State) -> list[int]:
    face = state.dragonling
    mods = tabletop.round_mods(state)
    showing = Counter(f for _, f in state.rolled)
    if face in ("talon", "tail", "teeth"):
        return [n for n in range(1, 7) if state.slot(n) and showing[n]
                and (state.enemy(n).icon == face or face in mods.dragonling_any)]
    if face == "wing" and len(state.wing_saved) < mods.wing_singles:
        return [n for n in range(1, 7) if state.slot(n) and showing[n] == 1 and n not in state.wing_saved]
    return []


def skip_dragonling(state: State):
    if state.dragonling is None:
        return tabletop.pop(state), []
    if dragonling_actions(state) == [AssignDragonling(None)]:
        used = state.wing_saved and state.dragonling == "wing"
        text = "The wing result is used." if used else f"The dragonling result ({state.dragonling}) has no use this round."
        return tabletop.pop(state), [Event(text, S.gameplay(S.DRAGONLING))]
    return None


def assign_dragonling(state: State, action: AssignDragonling, outcome=None):
    """Module 1: talon, tail or teeth join an attack on an enemy with that icon; wing saves a single."""
    face = state.dragonling
    if face == "chaos":
        raise IllegalAction("the chaos result must be used: reroll all coloured dice before resolving attacks")
    n = action.slot
    if n is None:
        return tabletop.pop(state), [Event(f"You do not use the dragonling result ({face}).", S.gameplay(S.DRAGONLING))]
    if n not in _dragon_targets(state):
        raise IllegalAction(_why_not_dragon(state, n))
    if face == "wing":
        state = evolve(state, wing_saved=state.wing_saved + (n,))
        done = len(state.wing_saved) >= tabletop.round_mods(state).wing_singles or not _dragon_targets(state)
        ev = [Event(f"The wing result saves the single {n}: enemy #{n}'s marker will not move down.", S.gameplay(S.DRAGONLING))]
        return (tabletop.pop(state) if done else state), ev
    state = evolve(tabletop.pop(state), dragon_slot=n)
    return state, [Event(f"The {face} result joins the dice attacking enemy #{n} ({state.enemy(n).name}), counting as a white die.", S.gameplay(S.DRAGONLING))]


def _why_not_dragon(state: State, n) -> str:
    face = state.dragonling
    if not isinstance(n, int) or not 1 <= n <= 6 or state.slot(n) is None:
        return f"there is no enemy in slot {n!r}"
    showing = sum(1 for _, f in state.rolled if f == n)
    if face == "wing":
        if n in state.wing_saved:
            return f"the single {n} is already saved"
        if showing != 1:
            return f"the wing result saves a single, and {n} is shown by {showing} dice"
        return "the wing result has already been used"
    if face in ("talon", "tail", "teeth"):
        if not showing:
            return f"no dice attack enemy #{n}: the {face} result joins a set or single"
        return f"enemy #{n} ({state.enemy(n).name}) has no {face} icon"
    return f"the {face} result cannot be assigned"


def chaos_reroll(state: State, action: ChaosReroll, outcome):
    """Module 1: the chaos result: immediately reroll all coloured dice, before resolving attacks."""
    dice = tabletop.coloured_rolled(state)
    new = dict(zip(dice, outcome))
    state = evolve(tabletop.pop(state), faces=tuple(new.get(d, f) for d, f in zip(state.pool, state.faces)))
    return state, [Event(f"Chaos! The coloured dice are rerolled: {', '.join(f'{colour(d)} {f}' for d, f in new.items()) or 'none in play'}. "
                         f"Now {tabletop.describe_roll(state)}.", S.gameplay(S.DRAGONLING))]


# -- Module 2: Chariots -------------------------------------------------------------------------------


def chariot_placements(state: State) -> list:
    """Module 2: while rolling, dice may be placed on a chariot to stop it (one choice per kind of die)."""
    out = []
    pair_single = tabletop.round_mods(state).chariot_pair_single
    rolled = state.rolled
    for i, ch in enumerate(state.chariots, 1):
        if ch.placed:
            continue
        card = state.deck.card(ch.card)
        if card.face:
            for d in _kinds([d for d, f in rolled if f == card.face]):
                out.append(PlaceOnChariot(i, (d,)))
            continue
        seen = set()
        for face in sorted({f for _, f in rolled}):
            dice = [d for d, f in rolled if f == face]
            for a in range(len(dice)):
                for b in range(a + 1, len(dice)):
                    key = (face, tuple(sorted((colour(dice[a]), colour(dice[b])))))
                    if key not in seen:
                        seen.add(key)
                        out.append(PlaceOnChariot(i, (dice[a], dice[b])))
            if pair_single:
                for d in _kinds(dice):
                    out.append(PlaceOnChariot(i, (d,)))
    return out


def _kinds(dice: list[str]) -> list[str]:
    return list({colour(d): d for d in dice}.values())


def place_on_chariot(state: State, action: PlaceOnChariot, outcome=None):
    i, dice = action.chariot, tuple(action.dice)
    if not isinstance(i, int) or not 1 <= i <= len(state.chariots):
        raise IllegalAction(f"there is no chariot #{i!r}; {len(state.chariots)} in play")
    ch = state.chariots[i - 1]
    card = state.deck.card(ch.card)
    if ch.placed:
        raise IllegalAction(f"chariot #{i} ({card.name}) is already stopped")
    faces = dict(state.rolled)
    missing = [d for d in dice if d not in faces]
    if missing or len(set(dice)) != len(dice):
        raise IllegalAction(f"die {missing[0] if missing else dice} is not a rolled die in your pool")
    shown = [faces[d] for d in dice]
    if card.face:
        if len(dice) != 1 or shown[0] != card.face:
            raise IllegalAction(f"chariot #{i} ({card.name}) needs a single die showing {card.face}")
    elif not (len(dice) == 2 and shown[0] == shown[1]) and not (len(dice) == 1 and tabletop.round_mods(state).chariot_pair_single):
        raise IllegalAction(f"chariot #{i} ({card.name}) needs two dice of equal number")
    chariots = list(state.chariots)
    chariots[i - 1] = Chariot(ch.card, tuple((d, faces[d]) for d in dice))
    state = evolve(tabletop.remove_from_pool(state, dice), chariots=tuple(chariots))
    return state, [Event(f"You place {', '.join(f'{colour(d)} {faces[d]}' for d in dice)} on chariot #{i} ({card.name}).", S.gameplay(S.CHARIOTS))]


def queue_chariots(state: State):
    """Module 2: resolve the chariots in the order they were drawn."""
    return tabletop.push(tabletop.pop(state), *[("chariot", ch.card) for ch in state.chariots]), []


def resolve_chariot(state: State):
    card_id = state.tasks[0][1]
    state = tabletop.pop(state)
    ch = next(c for c in state.chariots if c.card == card_id)
    card = state.deck.card(card_id)
    state = evolve(state, chariots=tuple(c for c in state.chariots if c.card != card_id),
                   chariot_discard=state.chariot_discard + (card_id,))
    dice = [d for d, _ in ch.placed]
    if dice:
        if tabletop.round_mods(state).reserve_skip:
            state = tabletop.add_to_pool(state, dice)
            where = "back to your dice pool"
        else:
            state = evolve(state, reserve=state.reserve + tuple(dice))
            where = "to the reserve"
        return state, [Event(f"Chariot {card.name} is stopped: its dice go {where} and the card is discarded.", S.gameplay(S.CHARIOTS))]
    ev = [Event(f"Chariot {card.name} activates: {card.effect.text}", S.gameplay(S.CHARIOTS))]
    if card.effect.kind == "immediate":
        state, more = card.effect.fire(state, tabletop, S.gameplay(S.CHARIOTS))
        return state, ev + more
    return evolve(state, round_effects=state.round_effects + (card.effect,)), ev


def retrieve_reserve(state: State):
    """Module 2 / Q2: retrieve dice from the reserve after the exhaustion track advances."""
    if not state.reserve:
        return state, []
    n = len(state.reserve)
    return evolve(tabletop.add_to_pool(state, state.reserve), reserve=()), [Event(f"{count(n, 'die', 'dice')} {plural(n, 'comes', 'come')} back from the reserve.", S.gameplay(S.CHARIOTS))]


def draw_chariots(state: State):
    """Module 2: reveal a chariot card, and another if the exhaustion track is empty."""
    if not state.options.chariots:
        return state, []
    want = 1 if any(state.exhaustion) else 2
    ev = []
    for _ in range(want):
        if not state.chariot_deck:
            ev.append(Event("The chariot deck is empty: no chariot is revealed (ruling PG-9).", S.gameplay(S.CHARIOTS)))
            break
        card = state.deck.card(state.chariot_deck[0])
        state = evolve(state, chariot_deck=state.chariot_deck[1:], chariots=state.chariots + (Chariot(card.id),))
        ev.append(Event(f"Chariot revealed: {card.name} (stopped by {card.requirement}).", S.gameplay(S.CHARIOTS)))
    return state, ev


# -- Module 5: Conspirators ---------------------------------------------------------------------------


def reveal_conspirators(state: State):
    """Module 5: reveal one conspirator for each enemy defeated last round."""
    state, ev = tabletop.pop(state), []
    for _ in range(state.reveal_due):
        if not state.conspirator_deck:
            break
        card = state.deck.card(state.conspirator_deck[0])
        state = evolve(state, conspirator_deck=state.conspirator_deck[1:], conspirators=state.conspirators + (card.id,))
        ev.append(Event(f"Conspirator revealed: {card.name} ({card.number}): {card.effect.text}", S.gameplay(S.CONSPIRATORS)))
    return evolve(state, reveal_due=0), ev


def roll_activation(state: State, action, outcome):
    """Module 5: roll one attack die; a revealed conspirator with that number is active this round."""
    face = outcome[0]
    state = tabletop.pop(state)
    card = next((state.deck.card(c) for c in state.conspirators if state.deck.card(c).number == face), None)
    if card is None:
        return state, [Event(f"Activation roll {face}: no revealed conspirator has that number; nothing happens.", S.gameplay(S.CONSPIRATORS))]
    if face in tabletop.round_mods(state).activation_ignore:
        who = tabletop.source_of(state, "activation_ignore")
        return state, [Event(f"Activation roll {face}: {card.name} would be active, but {who} keeps them quiet.",
                             S.gameplay(S.CONSPIRATORS))]
    state = evolve(state, active=card.id)
    ev = [Event(f"Activation roll {face}: {card.name} is active this round: {card.effect.text}", S.gameplay(S.CONSPIRATORS))]
    if card.effect.kind == "immediate":
        state, more = card.effect.fire(state, tabletop, S.gameplay(S.CONSPIRATORS))
        return state, ev + more
    return evolve(state, round_effects=state.round_effects + (card.effect,)), ev


# -- Module 6: Sun and Moon ---------------------------------------------------------------------------


def moon_slot(sun: int) -> int:
    """The slot directly behind Maia (1-4, 2-5, 3-6)."""
    return (sun + 2) % 6 + 1


def rotate_dial(state: State, action, outcome=None):
    """Module 6: rotate the dial to face an enemy; never the same slot two rounds in a row."""
    n = action.slot
    if not isinstance(n, int) or not 1 <= n <= 6:
        raise IllegalAction(f"the dial faces a slot 1-6, not {n!r}")
    if n == state.last_sun:
        raise IllegalAction(f"you must rotate the dial: Maia faced enemy #{n} last round")
    state = evolve(tabletop.pop(state), sun=n)
    return state, [Event(f"Maia faces enemy #{n} (sun); enemy #{moon_slot(n)} is behind her (moon).", S.gameplay(S.SUN_AND_MOON))]


def sun_and_moon_effects(state: State):
    """Module 6: return last round's sun die, then check the sun and moon effects."""
    state, ev = tabletop.pop(state), []
    if state.lent and state.options.sun_die_return == "from_pool" and state.lent not in state.pool:
        ev.append(Event(f"The {colour(state.lent)} die gained last round is not in the dice pool: it stays with you "
                        "(ruling PG-12, sun_die_return='from_pool').", S.gameplay(S.SUN_AND_MOON)))
        state = evolve(state, lent=None)
    elif state.lent:
        state = _return_to_dial(state, state.lent)
        ev.append(Event(f"The {colour(state.dial[-1])} die gained last round returns to the dial.", S.gameplay(S.SUN_AND_MOON)))
    mods = tabletop.round_mods(state)
    sun, moon = state.sun, moon_slot(state.sun)
    if sun in state.hits or (mods.sun_on_set and sun in state.sets):
        state = tabletop.push(state, ("sun_die",))
        ev.append(Event(f"You scored a hit on the enemy in the sun position (#{sun}): choose a die from the dial.", S.SUN))
    else:
        ev.append(Event(f"No hit on the enemy in the sun position (#{sun}): nothing happens.", S.SUN))
    if state.slot(moon) is None:
        ev.append(Event(f"No enemy is in the moon position (#{moon}): nothing happens.", S.MOON))
    elif moon in state.hits:
        ev.append(Event(f"You scored a hit on the enemy in the moon position (#{moon}): nothing happens.", S.MOON))
    elif mods.moon_mercy and moon in state.attacked:
        ev.append(Event(f"You attacked the enemy in the moon position (#{moon}) without scoring a hit; "
                        f"{tabletop.source_of(state, 'moon_mercy')} spares you the moon effect: nothing happens.", S.MOON))
    else:
        state, more = tabletop.marker_down(state, moon, 1, S.MOON)
        ev += more
    return state, ev


def _return_to_dial(state: State, die: str) -> State:
    """The lent die comes back from wherever it is (ruling PG-12)."""
    if die in state.pool:
        state = tabletop.remove_from_pool(state, [die])
    state = evolve(
        state,
        exhaustion=tuple(tuple(d for d in space if d != die) for space in state.exhaustion),
        reserve=tuple(d for d in state.reserve if d != die),
    )
    return evolve(state, dial=state.dial + (die,), lent=None)


def take_sun_die(state: State, action, outcome=None):
    pick = [d for d in state.dial if colour(d) == action.colour]
    if not pick:
        raise IllegalAction(f"there is no {action.colour} die on the dial; it holds {', '.join(colour(d) for d in state.dial) or 'nothing'}")
    state = evolve(tabletop.add_to_pool(tabletop.pop(state), pick[:1]), dial=tuple(d for d in state.dial if d != pick[0]), lent=pick[0])
    return state, [Event(f"You take the {action.colour} die from the dial for next round.", S.SUN)]
