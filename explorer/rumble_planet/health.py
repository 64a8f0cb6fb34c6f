"""Health, prestige and the bank: healing, PP, level-up, Credits and Boost tokens (Injuries and knock-outs, which
wear equipment out, are in ``injuries``, above the obsolescence track).

Every function returns ``(state, events)`` and never mutates; the active player is the only one
who gains PP ("you can only gain PP during your turn when you are the active player").
"""
from __future__ import annotations

from ..core.events import Event
from ..core.frozen import replace
from .board import ring
from .effects import Passive
from .state import SLOTS, Gear, State
from .tile_table import BLOCKING

HP = "Health Points (HP)"
PP = "Prestige Points (PP)"


def take_credits(state: State, seat: int, n: int, section: str) -> tuple[State, list[Event]]:
    """Credits from the bank, as many as it holds ("Shortages": an empty bank pays nothing)."""
    got = min(n, state.bank_credits)
    if got <= 0:
        return state, ([Event(f"The bank has no Credits left for {state.name(seat)}.", "Shortages")] if n > 0 else [])
    s = replace(state, bank_credits=state.bank_credits - got).with_player(seat, credits=state.player(seat).credits + got)
    return s, [Event(f"{state.name(seat)} takes {got} Credit(s) from the bank.", section)]


def take_boosts(state: State, seat: int, n: int, section: str) -> tuple[State, list[Event]]:
    """Boost tokens from the bank, as many as it holds ("Shortages")."""
    got = min(n, state.bank_boosts)
    if got <= 0:
        return state, ([Event(f"The bank has no Boost tokens left for {state.name(seat)}.", "Shortages")] if n > 0 else [])
    s = replace(state, bank_boosts=state.bank_boosts - got).with_player(seat, boosts=state.player(seat).boosts + got)
    return s, [Event(f"{state.name(seat)} gains {got} Boost token(s).", section)]


def level_up(state: State, seat: int) -> tuple[State, list[Event]]:
    """Level-Up!: the HP and PP cubes meet or cross for the first time."""
    p = state.player(seat)
    if p.level == 1 and p.pp >= p.hp:
        hero = state.content.hero(p.hero)
        return state.with_player(seat, level=2), [Event(f"{hero.name}'s cubes meet: {hero.heroic_name} flips to Level II.", "Level-Up!")]
    return state, []


def gain_pp(state: State, seat: int, n: int, why: str) -> tuple[State, list[Event]]:
    """Gaining PP, only as the active player; the first to reach the goal gains the bonus (End of Game)."""
    if n <= 0 or seat != state.active:
        return state, []
    o = state.options
    p = state.player(seat)
    s = state.with_player(seat, pp=p.pp + n)
    ev = [Event(f"{state.name(seat)} gains {n} PP ({why}): {p.pp + n} PP.", "Ways to Gain or Lose PP")]
    if s.first_to_goal is None and p.pp + n >= o.prestige_goal:
        s = replace(s, first_to_goal=seat).with_player(seat, pp=p.pp + n + o.first_bonus)
        ev.append(Event(f"{state.name(seat)} is the first to reach {o.prestige_goal} PP and gains {o.first_bonus} more; "
                        "the game ends when the round is complete.", "End of Game"))
    s, e2 = level_up(s, seat)
    return s, ev + e2


def pp_cubes(pp: int, top: int = 18) -> tuple[int, int | None]:
    """Where the PP cubes stand (Exceeding 18 PP): the first cube, and the second one once past the top."""
    return (pp, None) if pp <= top else (top, pp - top)


def lose_pp(state: State, seat: int, n: int, why: str) -> tuple[State, list[Event]]:
    """Losing PP, at any time; "It's not possible to go below 0 PP"."""
    p = state.player(seat)
    lost = min(n, p.pp)
    if lost <= 0:
        return state, []
    return state.with_player(seat, pp=p.pp - lost), [Event(f"{state.name(seat)} loses {lost} PP ({why}).", "Ways to Gain or Lose PP")]


def heal(state: State, seat: int, n: int, section: str) -> tuple[State, list[Event]]:
    """Losing Health Points and Healing: "move the HP cube up the track ... It's not possible to go above 18 HP".
    A knocked-out Hero's HP cube waits for their return ("reset your HP cube to 18"), so their healing is lost; the
    log says so, as it says when the cube is already at the top."""
    p = state.player(seat)
    if n <= 0:
        return state, []
    name = state.name(seat)
    if p.knocked_out:
        return state, [Event(f"{name} is knocked out: the healing of {n} HP is lost.", section)]
    hp = min(state.options.max_hp, p.hp + n)
    if hp == p.hp:
        return state, [Event(f"{name} is already at {hp} HP, the top of the track: the healing of {n} HP is lost.", section)]
    return state.with_player(seat, hp=hp), [Event(f"{name} heals {hp - p.hp} HP: {hp} HP.", section)]


def crafted_count(state: State, seat: int) -> int:
    """Crafted pieces on the track (for Feats)."""
    return sum(1 for g in state.player(seat).track if g is not None and g.secondary is not None)


def visible_effects(state: State, gear: Gear) -> tuple:
    """Effects whose text shows: both of the main card's, and only effect 2 of a secondary card (Crafting)."""
    main = state.content.card(gear.main)
    effects = [main.effect1, main.effect2]
    if gear.secondary is not None:
        effects.append(state.content.card(gear.secondary).effect2)
    return tuple(e for e in effects if e is not None)


def passive_mp(state: State, seat: int) -> int:
    """Movement Points added by passive effects visible on the equipment board, Heroic Object included ("Equipment Effects")."""
    player = state.player(seat)
    level = state.content.hero(player.hero).levels[player.level - 1]
    effects = [level.effect] + [e for g in player.track if g is not None for e in visible_effects(state, g)]
    p = Passive()
    for e in effects:
        if e is not None and e.kind == "passive":
            p = e(p)
    return p.mp


def movement_points(state: State, seat: int) -> int:
    """Movement Step: a base of 3 MP, +1 for each empty slot on the obsolescence track (and passive effects)."""
    empty = sum(1 for g in state.player(seat).track if g is None)
    return 3 + empty + passive_mp(state, seat)


def blocked(state: State) -> frozenset:
    """Blocked Space: Heroes and blocking tiles (turret, squirrel, energy wall)."""
    out = {p.space for p in state.players if p.space is not None}
    out |= {s for s, t in state.tiles if t in BLOCKING}
    return frozenset(out)




def altitude(state: State, space: str) -> int:
    """Altitude of a space: the board's level, +1 with a Drone tile ("Drone Tile")."""
    return state.board.altitude(space) + (1 if state.tile_at(space) == "drone" else 0)


def fields_around(state: State, space: str) -> int:
    """Defensive Field Tile (ruling RP-28): the fields whose Zone 1 covers ``space``: its Ring, and the field's own
    space with ``options.field_own_space``."""
    own = state.options.field_own_space
    return sum(1 for s, t in state.tiles if t == "defensive_field" and (own and s == space or space in ring(s, 1, state.options.ring_shape)))


SLOT_RANGE = range(1, SLOTS + 1)
