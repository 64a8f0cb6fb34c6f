"""Resource tokens, Glory tokens and paying: the pieces that move between villages.

Players hold Resource *value*; which 1- and 3-value tokens they hold follows from it.
The rulebook asks players to "always make change ... so as to maximize the number of
tokens available to all players", so every holding is kept in its fewest tokens, breaking
3-value tokens into 1s only when the pool has run out of 3s (ruling BB-4). A gain the
common pool cannot supply even after making change is cut short.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.events import Event
from ..core.events import count as plural_count
from . import sections as S
from .options import RESOURCES, Cost
from .state import State, evolve, set_player

Tokens = tuple[int, int]  # (ones, threes)


def tokens(state: State, resource: str) -> tuple[list[Tokens], Tokens]:
    """Each seat's (ones, threes) of ``resource`` and what stays in the common pool."""
    i = RESOURCES.index(resource)
    return split_tokens([p.resources[i] for p in state.players], state.options.token_ones, state.options.token_threes)


def split_tokens(values: list[int], ones: int, threes: int) -> tuple[list[Tokens], Tokens]:
    """Fewest tokens for everyone; when 3s run short, the largest holders take 1s instead."""
    t = [v // 3 for v in values]
    short = sum(t) - threes
    while short > 0:
        k = max(range(len(t)), key=lambda j: (t[j], -j))
        t[k] -= 1
        short -= 1
    held = [(v - 3 * tk, tk) for v, tk in zip(values, t)]
    return held, (ones - sum(o for o, _ in held), threes - sum(th for _, th in held))


def feasible(values: list[int], ones: int, threes: int) -> bool:
    _, (pool_ones, pool_threes) = split_tokens(values, ones, threes)
    return pool_ones >= 0 and pool_threes >= 0


def gain(state: State, seat: int, resource: str, amount: int, section: str) -> tuple[State, list[Event], int]:
    """Collect ``amount`` of ``resource`` from the common pool (less if it has run out)."""
    if amount <= 0:
        return state, [], 0
    i = RESOURCES.index(resource)
    values = [p.resources[i] for p in state.players]
    o = state.options
    got = amount
    while got > 0:
        trial = list(values)
        trial[seat] += got
        if feasible(trial, o.token_ones, o.token_threes):
            break
        got -= 1
    ev = []
    if got < amount:
        ev.append(Event(f"The common pool has run out of {resource}: {state.name(seat)} collects {got} instead of {amount}.", section))
    return add(state, seat, resource, got), ev, got


def add(state: State, seat: int, resource: str, delta: int) -> State:
    """Change a holding by ``delta`` (callers check the pool or the holder can afford it)."""
    p = state.players[seat]
    i = RESOURCES.index(resource)
    res = list(p.resources)
    res[i] += delta
    if res[i] < 0:
        raise IllegalAction(f"{state.name(seat)} has only {p.resources[i]} {resource}")
    return set_player(state, seat, resources=tuple(res))


def can_afford(state: State, seat: int, cost: Cost) -> bool:
    p = state.players[seat]
    return all(p.resource(r) >= n for r, n in cost)


def describe(cost: Cost) -> str:
    return ", ".join(f"{n} {r}" for r, n in cost) or "nothing"


def pay(state: State, seat: int, cost: Cost, what: str) -> State:
    """Pay a Marketplace price into the common pool; IllegalAction if the player cannot."""
    if not can_afford(state, seat, cost):
        p = state.players[seat]
        have = ", ".join(f"{p.resource(r)} {r}" for r, _ in cost)
        raise IllegalAction(f"{state.name(seat)} cannot afford {what}: it costs {describe(cost)} and they have {have}")
    for r, n in cost:
        state = add(state, seat, r, -n)
    return state


def transfer(state: State, giver: int, taker: int, resource: str, amount: int = 1) -> State:
    """Resources stolen in a raid (change is made, so a 3-value token can give 1)."""
    return add(add(state, giver, resource, -amount), taker, resource, amount)


def resource_units(state: State, seat: int) -> list[str]:
    """The resources a seat could give, one entry per unit of value."""
    p = state.players[seat]
    return [r for r in RESOURCES for _ in range(p.resource(r))]


# -- Glory --------------------------------------------------------------------------------------

def _sorted(glory) -> tuple[tuple[str, bool], ...]:
    return tuple(sorted(glory))


def gain_reserve_glory(state: State, seat: int, count: int, section: str, why: str) -> tuple[State, list[Event]]:
    """Glory of the player's own colour from the clan's reserve (unlocked); fewer if it runs out."""
    p = state.players[seat]
    got = min(count, p.reserve_glory)
    ev = []
    if got:
        state = set_player(state, seat, glory=_sorted(p.glory + ((p.clan, False),) * got), reserve_glory=p.reserve_glory - got)
        ev.append(Event(f"{state.name(seat)} gains {plural_count(got, 'Glory token')} from the {p.clan} reserve ({why}); "
                        f"{state.players[seat].glory_count} Glory.", section))
    if got < count:
        ev.append(Event(f"The {p.clan} reserve is empty: {plural_count(count - got, 'Glory token')} cannot be taken.", section))
    state, ev2 = check_win(state, seat)
    return state, ev + ev2


def steal_glory(state: State, raider: int, defender: int, colour: str) -> tuple[State, list[Event]]:
    """Stealing Loot: one unlocked token of ``colour`` moves from defender to raider."""
    d = state.players[defender]
    if colour not in d.unlocked_colours:
        have = ", ".join(d.unlocked_colours) or "none"
        raise IllegalAction(f"{state.name(defender)} has no unlocked {colour} Glory token (unlocked: {have})")
    glory = list(d.glory)
    glory.remove((colour, False))
    state = set_player(state, defender, glory=tuple(glory))
    state = set_player(state, raider, glory=_sorted(state.players[raider].glory + ((colour, False),)))
    ev = [Event(f"{state.name(raider)} steals a {colour} Glory token from {state.name(defender)} "
                f"({state.players[raider].glory_count} Glory).", S.LOOT)]
    state, ev2 = check_win(state, raider)
    return state, ev + ev2


def lock_glory(state: State, seat: int, colour: str) -> State:
    """Temple: flip one unlocked token of ``colour`` to its locked side."""
    p = state.players[seat]
    if colour not in p.unlocked_colours:
        raise IllegalAction(f"{state.name(seat)} has no unlocked {colour} Glory token to lock")
    glory = list(p.glory)
    glory.remove((colour, False))
    return set_player(state, seat, glory=_sorted(glory + [(colour, True)]))


def check_win(state: State, seat: int) -> tuple[State, list[Event]]:
    """Winning: "If at any point in time a player reaches seven Glory tokens ... immediately wins"."""
    if state.result or state.players[seat].glory_count < state.options.glory_to_win:
        return state, []
    text = f"{state.name(seat)} reaches {state.options.glory_to_win} Glory tokens and wins!"
    return evolve(state, winner=seat, result=f"{state.clan(seat)} wins", tasks=()), [Event(text, S.WINNING)]
