"""The engine's rules below the turn, on the compact game: health and prestige, the obsolescence track, tiles,
GPS relocation and entering a space. Each function changes the ``Game`` in place and names the rulebook section
it implements, as its engine counterpart in ``health``, ``injuries``, ``preparation``, ``tiles``, ``gps`` and
``turn`` does; the replay tests hold the two to each other step by step."""
from __future__ import annotations

from ..board import REGIONS, adjacent, clockwise
from ..state import SLOTS
from ..tile_table import BLOCKING
from ..turn import fall
from .compact import Game
from .compact_spaces import placement


# -- health, prestige, the bank ----------------------------------------------------------------
def take_credits(g: Game, seat: int, n: int) -> None:
    """Credits from the bank, as many as it holds ("Shortages": an empty bank pays nothing)."""
    got = min(n, g.bank_credits)
    if got > 0:
        g.bank_credits -= got
        g.seats[seat].credits += got


def take_boosts(g: Game, seat: int, n: int) -> None:
    """Boost tokens from the bank, as many as it holds ("Shortages")."""
    got = min(n, g.bank_boosts)
    if got > 0:
        g.bank_boosts -= got
        g.seats[seat].boosts += got


def level_up(p) -> None:
    """Level-Up!: the HP and PP cubes meet or cross for the first time."""
    if p.level == 1 and p.pp >= p.hp:
        p.level, p.arms = 2, None


def gain_pp(g: Game, seat: int, n: int) -> None:
    """Gaining PP, only as the active player; the first to reach the goal gains the bonus (End of Game)."""
    if n <= 0 or seat != g.active:
        return
    p = g.seats[seat]
    p.pp += n
    if g.first_to_goal is None and p.pp >= g.o.prestige_goal:
        g.first_to_goal = seat
        p.pp += g.o.first_bonus
    level_up(p)


def lose_pp(g: Game, seat: int, n: int) -> None:
    """Losing PP, at any time; "It's not possible to go below 0 PP"."""
    p = g.seats[seat]
    p.pp -= max(0, min(n, p.pp))


def heal(g: Game, seat: int, n: int) -> None:
    """Losing Health Points and Healing: never above the top of the track; a knocked-out Hero's healing is lost."""
    p = g.seats[seat]
    if n > 0 and not p.ko:
        p.hp = min(g.o.max_hp, p.hp + n)


def injure(g: Game, seat: int, n: int) -> None:
    """Losing Health Points: down the track, never below 0; at 0 the Hero is knocked out."""
    p = g.seats[seat]
    if n <= 0 or p.ko:
        return
    p.hp = max(0, p.hp - n)
    level_up(p)
    if p.hp == 0:
        knock_out(g, seat)


def knock_out(g: Game, seat: int) -> None:
    """Knocked Out! (KO): obsolescence at once, then the Mini leaves the Green; the active player gains 1 PP."""
    p = g.seats[seat]
    p.ko = True
    obsolescence_shift(g, seat)
    p.space = None
    if seat != g.active:
        g.t_knockouts += 1
        gain_pp(g, g.active, 1)
    else:
        g.t_movement = g.t_attack = "done"


# -- the obsolescence track ----------------------------------------------------------------------
def apply_gain(g: Game, seat: int, gain) -> None:
    """A one-off reward (on placement, upon obsolescence); a tile waits for the active player's choice of space."""
    take_credits(g, seat, gain.credits)
    heal(g, seat, gain.heal)
    take_boosts(g, seat, gain.boosts)
    if gain.tile is not None:
        offer_tile(g, gain.tile, g.seats[seat].space)


def make_obsolete(g: Game, seat: int, slot: int) -> None:
    """Obsolete equipment: cards to the shop piles, its Boost tokens to the bank, 1 Boost token per card, then its
    "upon obsolescence" effects (ruling RP-33)."""
    p = g.seats[seat]
    gear = p.track[slot - 1]
    p.track[slot - 1] = p.arms = None
    g.bank_boosts += gear[2]
    info = g.tab.gear(gear)
    for c in info.cards:
        g.to_discard(c)
    take_boosts(g, seat, len(info.cards))
    for gain in info.obsolete:
        apply_gain(g, seat, gain)


def obsolescence_shift(g: Game, seat: int) -> None:
    """1 - Obsolescence: every piece moves one slot to the right; the last one becomes obsolete."""
    p = g.seats[seat]
    if p.track[-1] is not None:
        make_obsolete(g, seat, SLOTS)
    p.track, p.arms = [None] + p.track[:-1], None


def arms(g: Game, seat: int) -> tuple:
    """What the track and the level make of a Hero, kept until the track or the level changes: (weapon, Range) for
    the Heroic Object and each slot that holds a Weapon (Attack Step 1), the longest of those Ranges, the Movement
    Points (Movement Step: a base of 3, +1 for each empty slot on the obsolescence track, and passive effects), the
    Armor on the track in slot order (Attack Step 7) and the crafted pieces (for Feats)."""
    p = g.seats[seat]
    found = p.arms
    if found is None:
        key = (p.hero, p.level, *p.track)
        found = p.arms = g.tab.arms.get(key)  # the same Hero, level and track in any game make the same
    if found is None:
        heroic = g.tab.heroic[p.hero, p.level]
        weapons, longest = [("heroic", heroic.range)], heroic.range
        mp, armor, crafted = 3 + heroic.mp, [], 0
        for i, x in enumerate(p.track):
            if x is None:
                mp += 1
                continue
            info = g.tab.gear(x)
            mp += info.mp
            crafted += x[1] is not None
            if info.kind == "weapon":
                weapons.append((str(i + 1), info.range))
                longest = max(longest, info.range)
            else:
                armor.append(info)
        found = p.arms = (weapons, longest, mp, tuple(armor), crafted)
        if len(g.tab.arms) > 100_000:  # a bound on what is remembered over very many games
            g.tab.arms.clear()
        g.tab.arms[key] = found
    return found


def movement_points(g: Game, seat: int) -> int:
    """Movement Step: a base of 3 MP, +1 for each empty slot on the obsolescence track (and passive effects)."""
    return arms(g, seat)[2]


# -- tiles --------------------------------------------------------------------------------------
def tile_spots(g: Game, tile: str, center: str, own_space: bool) -> tuple:
    """Tile Effects, Blocked Space / Free Space (ruling RP-19): the engine's ``tiles.tile_spots``."""
    taken = set(g.tiles)
    block = g.blocked()
    if tile in BLOCKING:
        return placement(adjacent(center), block | taken)
    own = [center] if own_space and center not in taken else []
    return tuple(own + [s for s in adjacent(center) if s not in taken and s not in block])


def offer_tile(g: Game, tile: str, center, own_space: bool = True, before=None) -> None:
    """Queue the active player's choice of a space for a new tile, or of a tile to replace when all of that type
    are on the Green ("Shortages"); an "on attack" tile's choice comes first (ruling RP-21)."""
    if center is None:
        return
    spots = tile_spots(g, tile, center, own_space)
    if before is not None:
        spots = tuple(s for s in spots if s in before)
    if not spots:
        return
    on_green = sum(1 for t in g.tiles.values() if t == tile)
    where = (tile, center, "own" if own_space else "") + (() if before is None else tuple(before))
    task = ("move_tile" if on_green >= g.supply[tile] else "place_tile", g.active, where)
    if before is not None:
        g.pending.insert(0, task)
    else:
        g.pending.append(task)


def task_spots(g: Game, data: tuple) -> tuple:
    """The spaces a waiting tile task may use now (an "on attack" tile only those it could take before the roll)."""
    tile, center, own, *before = data
    spots = tile_spots(g, tile, center, own == "own")
    return tuple(s for s in spots if s in before) if before else spots


CLOCKWISE = {(r, n): clockwise(r, n) for r in REGIONS for n in range(5)}  # Multiple GPS Relocations, tabled


# -- GPS, placement, entering a space -----------------------------------------------------------------
def relocate(g: Game, new_top: str, count: int, controlled: str | None = None) -> tuple:
    """GPS Relocation: reveal and discard the top card; the next card's back names the first region (unless
    controlled); an empty deck is rebuilt from the discards, the last drawn card excepted ("Shortages")."""
    old = g.gps_top
    if g.gps_deck:
        g.gps_deck.remove(new_top)
        g.gps_discard.append(old)
    else:
        deck = g.gps_discard
        deck.remove(new_top)
        g.gps_deck, g.gps_discard = deck, [old]
    g.gps_top = new_top
    first = controlled or g.tab.gps[new_top][0]
    face = g.tab.gps[old][1]
    return tuple(face[r] for r in CLOCKWISE[first, min(count, 4)])


def place_hero(g: Game, seat: int, target: str) -> None:
    """Placement of a Mini; when its space is blocked the active player picks a free space next to it (or farther)."""
    p = g.seats[seat]
    block = g.blocked()
    block.discard(p.space)
    spots = placement((target,), block)
    if len(spots) == 1:
        p.space = spots[0]
    else:
        g.pending.insert(0, ("place", g.active, (str(seat),) + spots))


def pick_up(g: Game, seat: int, space: str) -> None:
    """Picking up lootboxes: every Lootbox token (and the golden one) in the space goes to your supply."""
    n = g.lootboxes.count(space)
    golden = g.golden == space
    if not n and not golden:
        return
    p = g.seats[seat]
    if n:
        g.lootboxes = [x for x in g.lootboxes if x != space]
    if golden:
        g.golden = None
    p.lootboxes += n
    p.golden = p.golden or golden
    g.t_picked += n + golden


def enter(g: Game, seat: int, frm: str, to: str, movement: bool, falls: bool = True) -> int:
    """Entering a space: falling, lootboxes, turrets and squirrels, teleporters (Altitudes, Tile Effects); returns
    the Injuries suffered (``turn.entered``)."""
    p = g.seats[seat]
    suffered = 0
    step = movement and seat == g.active and g.t_movement == "open"
    alt = g.alt
    a_frm, a_to = alt[frm], alt[to]
    if step:
        hurt, fallen = fall(g.o.falling, g.t_fall_from, a_frm, a_to, g.t_fallen)
    else:
        hurt, fallen = fall("move", a_frm, a_frm, a_to, 0)
    p.space = to
    if step and falls:
        g.t_fallen = fallen
    if hurt and falls:
        injure(g, seat, hurt)
        suffered = hurt
    if movement and not p.ko and (to in g.lootboxes or to == g.golden):
        pick_up(g, seat, to)
    for injuries, spares_agent in g.hazards.get(to, ()):  # Turret and Squirrel zones, in the tiles' order
        if not (spares_agent and p.dogniss) and not p.ko:
            injure(g, seat, injuries)
            suffered += injuries
    if g.tiles.get(to) == "teleporter" and not p.ko:
        g.pending.append(("teleport", g.active, (str(seat),)))
    return suffered


def at_once(g: Game, waiting: int) -> None:
    """What entering a space queued goes before the ``waiting`` decisions already waiting ("immediately teleported",
    ``turn.at_once``)."""
    if 0 < waiting < len(g.pending):
        g.pending[:] = g.pending[waiting:] + g.pending[:waiting]


def placed_fall(g: Game, seat: int, frm) -> None:
    """Altitudes: Falling for a Hero teleported, placed or replaced (ruling RP-7, ``options.placement_falls``)."""
    here = g.seats[seat].space
    if not g.o.placement_falls or frm is None or here is None:
        return
    hurt = fall("move", 0, g.alt[frm], g.alt[here])[0]
    if hurt:
        injure(g, seat, hurt)


def arrive(g: Game, seat: int) -> None:
    """A Hero placed by GPS enters the space when ``options.placement_enters`` (ruling RP-7); not a fall."""
    here = g.seats[seat].space
    if g.o.placement_enters and here is not None:
        enter(g, seat, here, here, movement=seat == g.active and g.t_movement == "open", falls=False)


def begin_turn(g: Game, seat: int) -> None:
    """Game Turns: a knocked-out Hero first returns (Knocked Out!), then obsolescence is applied."""
    g.active = seat
    g.new_turn()
    g.pending = []
    if g.seats[seat].ko:
        g.pending = [("return", seat, ())]
    else:
        obsolescence_shift(g, seat)
