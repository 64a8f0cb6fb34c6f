"""The Brawl phase: clashes, Empower offers, raids on the Barracks and Stealing Loot."""
from __future__ import annotations

from itertools import combinations_with_replacement

from ..core.errors import IllegalAction
from ..core.events import Event, count
from . import economy
from . import sections as S
from .options import RESOURCES
from .state import (
    Empower,
    GiveResources,
    Pass,
    State,
    StealGlory,
    StealResources,
    TakeResources,
    WalkAway,
    battleground,
    evolve,
    pop,
    push,
    set_force,
    set_player,
)


def barracks_strength(state: State, seat: int) -> int:
    """Brawl Phase 3: dice in both Barracks spaces, Empowers on them, Sentry tokens and Specialist tokens."""
    return sum(n for n, _ in barracks_parts(state, seat))


def barracks_parts(state: State, seat: int) -> list[tuple[int, str]]:
    """What the Barracks' strength is made of, as (value, what) pairs, so the log can say it."""
    p = state.players[seat]
    dice = p.on("barracks")
    sentries = state.deck.perks(p.upgrades).sentries
    specialists = p.specialists_on("barracks")
    parts = [(sum(dice), f"dice {' + '.join(map(str, sorted(dice)))}")] if dice else []
    if state.barracks_boost[seat]:
        parts.append((state.barracks_boost[seat], f"Empower +{state.barracks_boost[seat]}"))
    if sentries:
        parts.append((sentries, count(sentries, "Sentry token")))
    if specialists:
        parts.append((specialists, count(specialists, "Specialist token")))
    return parts


def _barracks_text(state: State, seat: int) -> str:
    """ "Blue's Barracks of 4 (dice 2, 2 Sentry tokens)"; the parts are shown unless only dice count."""
    parts = barracks_parts(state, seat)
    total = sum(n for n, _ in parts)
    only_dice = len(parts) == 1 and parts[0][1].startswith("dice")
    shown = "" if only_dice or not parts else f" ({', '.join(w for _, w in parts)})"
    return f"{state.name(seat)}'s Barracks of {total}{shown}"


def nearer_first(state: State, a: int, b: int) -> int:
    """Of two players, the one closer to the first player in turn order (declares first)."""
    return a if state.distance(a) < state.distance(b) else b


def brawl_turn(state: State) -> tuple[State, list[Event]]:
    """Brawl Phase 1: this player's raids, clockwise from them; a mutual raid clashes first."""
    seat = state.task[1]
    state = pop(state)
    tasks: list[tuple] = []
    for k in range(1, state.n):
        t = (seat + k) % state.n
        if state.force(seat, t) is None:
            continue
        if state.force(t, seat) is not None and (min(seat, t), max(seat, t)) not in state.clashed:
            tasks += [("window", seat, t, "clash", nearer_first(state, seat, t), 0), ("clash", seat, t)]
        tasks.append(("raid", seat, t))
    return push(state, *tasks), []


def clash(state: State) -> tuple[State, list[Event]]:
    """Brawl Phase 2: the larger force loses the smaller one's strength; the smaller is removed."""
    _, a, b = state.task
    state = pop(state)
    state = evolve(state, clashed=state.clashed + ((min(a, b), max(a, b)),))
    fa, fb = state.force(a, b), state.force(b, a)
    if fa is None or fb is None:
        return state, []
    text = f"{state.name(a)}'s {fa} clashes with {state.name(b)}'s {fb}: "
    if fa != fb:
        big, small, fbig, fsmall = (a, b, fa, fb) if fa > fb else (b, a, fb, fa)
        state = set_force(set_force(state, big, small, fbig - fsmall), small, big, None)
        text += f"{state.name(small)}'s force is removed; {state.name(big)} goes on with {fbig - fsmall}."
    elif state.options.clash_tie == "both_fall":
        state = set_force(set_force(state, a, b, None), b, a, None)
        text += "equal forces, both are removed (ruling BB-12)."
    else:
        state = set_force(set_force(state, a, b, 0), b, a, 0)
        text += "equal forces, both go on with strength 0 (ruling BB-12, clash_tie='zero_raids')."
    return state, [Event(text, S.BRAWL)]


def raid(state: State) -> tuple[State, list[Event]]:
    """Brawl Phase 3: a standing force attacks; first both sides may Empower."""
    _, a, t = state.task
    state = pop(state)
    if state.force(a, t) is None:
        return state, []
    return push(state, ("window", a, t, "raid", nearer_first(state, a, t), 0), ("break", a, t)), []


def break_through(state: State) -> tuple[State, list[Event]]:
    """Brawl Phase 3: subtract the Barracks; "In the event of a tie, the raiding player wins"."""
    _, a, t = state.task
    state = pop(state)
    force, wall = state.force(a, t), barracks_strength(state, t)
    state = set_force(state, a, t, None)
    text = f"{state.name(a)}'s {force} meets {_barracks_text(state, t)}: "
    if force >= wall:
        p = state.players[a]
        state = set_player(state, a, raided=tuple(sorted(set(p.raided) | {t})))
        tie = " (a tie goes to the raider)" if force == wall else ""
        return push(state, ("loot", a, t)), [Event(text + f"breaks through{tie}! {state.name(a)} gets to steal loot.", S.BRAWL)]
    state = set_player(state, t, repelled=state.players[t].repelled + 1)
    return state, [Event(text + "the raid is repelled.", S.BRAWL)]


# -- Empower offers ---------------------------------------------------------------------------------

def empowerable(state: State, seat: int) -> list[str]:
    """What ``seat`` may Empower in the open window: its own force, or (defending) its Barracks."""
    _, a, b, kind, _, _ = state.task
    other = b if seat == a else a
    if kind == "clash" or seat == a:
        return [battleground(state.clan(other))]
    return ["barracks"] if state.players[seat].on("barracks") else []


def window_actions(state: State, seat: int) -> list:
    """Marketplace C: Empower (if the seat can pay) or pass."""
    acts = []
    if economy.can_afford(state, seat, state.options.price_empower):
        acts = [Empower(seat, s) for s in empowerable(state, seat)]
    return acts + [Pass(seat)]


def empower(state: State, action: Empower, outcome=None) -> tuple[State, list[Event]]:
    """Marketplace C: +1 to a die on the Battleground or in the Barracks, then the other player declares."""
    _, a, b, kind, turn, _ = state.task
    if action.space not in empowerable(state, action.seat):
        raise IllegalAction(f"{state.name(action.seat)} can Empower only {', '.join(empowerable(state, action.seat)) or 'nothing'} now")
    state = economy.pay(state, action.seat, state.options.price_empower, "Empower")
    if action.space == "barracks":
        boost = list(state.barracks_boost)
        boost[action.seat] += 1
        state = evolve(state, barracks_boost=tuple(boost))
        what = f"Barracks (now {barracks_strength(state, action.seat)})"
    else:
        other = b if action.seat == a else a
        state = set_force(state, action.seat, other, state.force(action.seat, other) + 1)
        what = f"force against {state.name(other)} (now {state.force(action.seat, other)})"
    state = evolve(state, tasks=(("window", a, b, kind, b if turn == a else a, 0),) + state.tasks[1:])
    return state, [Event(f"{state.name(action.seat)} Empowers their {what}.", S.EMPOWER)]


def pass_window(state: State, action: Pass, outcome=None) -> tuple[State, list[Event]]:
    """Marketplace C: "The option to Empower ends once both players ... have chosen to pass"."""
    _, a, b, kind, turn, passes = state.task
    if passes + 1 >= 2:
        return pop(state), []
    return evolve(state, tasks=(("window", a, b, kind, b if turn == a else a, passes + 1),) + state.tasks[1:]), []


# -- Stealing Loot ----------------------------------------------------------------------------------

def loot_actions(state: State, seat: int) -> list:
    """Stealing Loot: Glory (any unlocked colour) or Resources; walking away only if no Resources."""
    _, a, d = state.task
    defender = state.players[d]
    glory = [StealGlory(a, c) for c in defender.unlocked_colours]
    has_resources = sum(defender.resources) > 0
    if state.deck.perks(state.players[a].upgrades).pillaging:
        return glory
    return glory + ([StealResources(a)] if has_resources else [WalkAway(a)] if glory else [])


def resolve_loot_without_choice(state: State) -> tuple[State, list[Event]] | None:
    """Loot with nothing to decide: nothing to take, Resources forced, or Pillaging without Glory."""
    _, a, d = state.task
    acts = loot_actions(state, a)
    pillaging = state.deck.perks(state.players[a].upgrades).pillaging
    if not acts:
        state = pop(state)
        if pillaging and sum(state.players[d].resources) > 0:
            return push(state, ("pillage", a, d, _loot_size(state, a))), []
        text = f"{state.name(d)} has no unlocked Glory and no Resources: {state.name(a)} leaves empty-handed."
        return state, [Event(text, S.LOOT)]
    if acts == [StealResources(a)]:
        glory = "only locked Glory" if state.players[d].glory else "no Glory tokens"
        ev = [Event(f"{state.name(d)} has {glory}: {state.name(a)} must take Resources.", S.LOOT)]
        state, ev2 = steal_resources(state, acts[0])
        return state, ev + ev2
    return None


def _loot_size(state: State, raider: int) -> int:
    return 2 + state.deck.perks(state.players[raider].upgrades).loot_bonus


def steal_glory(state: State, action: StealGlory, outcome=None) -> tuple[State, list[Event]]:
    """Stealing Loot, Glory: the raider picks the colour of an unlocked token."""
    _, a, d = state.task
    state, ev = economy.steal_glory(pop(state), a, d, action.colour)
    if not state.result and state.deck.perks(state.players[a].upgrades).pillaging and sum(state.players[d].resources) > 0:
        state = push(state, ("pillage", a, d, _loot_size(state, a)))
    return state, ev


def steal_resources(state: State, action: StealResources, outcome=None) -> tuple[State, list[Event]]:
    """Stealing Loot, Resource: the defender chooses two of their tokens to give."""
    _, a, d = state.task
    return push(pop(state), ("give", d, a, _loot_size(state, a))), []


def walk_away(state: State, action: WalkAway, outcome=None) -> tuple[State, list[Event]]:
    """Stealing Loot: "walk away empty-handed" (only when the defender has no Resources)."""
    _, a, d = state.task
    return pop(state), [Event(f"{state.name(a)} walks away empty-handed from {state.name(d)}'s village.", S.LOOT)]


def resource_choices(state: State, giver: int, n: int) -> list[tuple[str, ...]]:
    """Every way to hand over ``n`` Resource tokens, or ``n`` Resources of value one with
    ``loot_resources="value"`` (fewer if the giver has fewer: "it must still be given"; ruling
    BB-15). A choice lists the Resources that move, one entry per unit of value."""
    if state.options.loot_resources == "value":
        units = economy.resource_units(state, giver)
        k = min(n, len(units))
        have = {r: units.count(r) for r in RESOURCES}
        return [c for c in combinations_with_replacement([r for r in RESOURCES if have[r]], k)
                if all(c.count(r) <= have[r] for r in RESOURCES)]
    held = held_tokens(state, giver)
    kinds = sorted(held, key=lambda t: (RESOURCES.index(t[0]), t[1]))
    k = min(n, sum(held.values()))
    return [tuple(r for r, value in c for _ in range(value)) for c in combinations_with_replacement(kinds, k)
            if all(c.count(t) <= held[t] for t in kinds)]


def held_tokens(state: State, seat: int) -> dict[tuple[str, int], int]:
    """The seat's Resource tokens: (resource, 1 or 3) -> how many (ruling BB-4 makes the change)."""
    out = {}
    for r in RESOURCES:
        ones, threes = economy.tokens(state, r)[0][seat]
        for value, n in ((1, ones), (3, threes)):
            if n:
                out[(r, value)] = n
    return out


def give_actions(state: State, seat: int) -> list:
    """Stealing Loot: the defender's ways to give two of their Resource tokens (ruling BB-15)."""
    _, d, a, n = state.task
    return [GiveResources(d, c) for c in resource_choices(state, d, n)]


def pillage_actions(state: State, seat: int) -> list:
    """Pillaging: the raider's ways to choose the Resources (ruling BB-18)."""
    _, a, d, n = state.task
    return [TakeResources(a, c) for c in resource_choices(state, d, n)]


def hand_over(state: State, action: GiveResources | TakeResources, outcome=None) -> tuple[State, list[Event]]:
    """Resources move from defender to raider (the defender chooses, or the raider with Pillaging)."""
    if isinstance(action, GiveResources):
        _, d, a, n = state.task
    else:
        _, a, d, n = state.task
    choice = tuple(sorted(action.resources))
    if choice not in [tuple(sorted(c)) for c in resource_choices(state, d, n)]:
        by_tokens = state.options.loot_resources == "tokens"
        k = min(n, sum(held_tokens(state, d).values()) if by_tokens else sum(state.players[d].resources))
        raise IllegalAction(f"{state.name(d)} must give {count(k, 'Resource token' if by_tokens else 'Resource')} they hold; "
                            f"{list(action.resources)} is not possible (they hold {_holding(state, d)})")
    tokens = token_text(state, d, choice)
    state = pop(state)
    for r in choice:
        state = economy.transfer(state, d, a, r)
    text = (f"{state.name(a)} chooses {tokens} from {state.name(d)}" if isinstance(action, TakeResources)
            else f"{state.name(d)} gives {tokens} to {state.name(a)}")
    return state, [Event(text + ".", S.LOOT)]


def token_text(state: State, giver: int, units: tuple[str, ...]) -> str:
    """What moves from ``giver``, as players say it: "a 3-value honey token and a 1-value ore token" (by tokens)
    or "ore, faith" (by value)."""
    if state.options.loot_resources == "value":
        return ", ".join(units)
    parts = []
    for r in RESOURCES:
        amount = units.count(r)
        threes = min(amount // 3, held_tokens(state, giver).get((r, 3), 0))
        parts += [f"a 3-value {r} token"] * threes + [f"a 1-value {r} token"] * (amount - 3 * threes)
    return (", ".join(parts[:-1]) + " and " + parts[-1]) if len(parts) > 1 else parts[0]


def _holding(state: State, seat: int) -> str:
    p = state.players[seat]
    return ", ".join(f"{p.resource(r)} {r}" for r in RESOURCES)
