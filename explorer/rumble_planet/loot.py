"""III - Loot Phase: lootboxes, the golden Lootbox, Loot card rewards and Lootbox drops."""
from __future__ import annotations

from ..core.events import Event
from ..core.frozen import replace
from .board import adjacent
from .gps import relocate
from .health import blocked, heal, take_credits
from .injuries import injure
from .preparation import draw_card, obsolescence_shift
from .state import State, Task
from .tiles import task_spots
from .turn import shove_spaces
from .words import SHOPS, a_tile, capital, clauses, the_tile


def open_golden(state: State, shop: str, card: str | None) -> tuple[State, list[Event]]:
    """Golden Lootbox: draw one card from the Weapon or the Armor shop (nothing if both are used up)."""
    seat = state.active
    s = replace(state.with_player(seat, golden=False), turn=replace(state.turn, golden_drop=True))
    if card is None:
        return s, [Event(f"{state.name(seat)} opens the golden Lootbox, but no card is left in either shop.", "Shortages")]
    s, e = draw_card(s, seat, shop, card, "Golden Lootbox")
    return s, [Event(f"{state.name(seat)} opens the golden Lootbox.", "Golden Lootbox")] + e


def open_lootbox(state: State, card: str) -> tuple[State, list[Event]]:
    """Looting: spend one Lootbox token, reveal one Loot card, gain what it shows, discard it."""
    seat = state.active
    ev = []
    deck = state.loot_deck
    if not deck:
        deck, state = state.loot_discard, replace(state, loot_discard=())
        ev.append(Event("The Loot deck is empty: its discard pile is shuffled into a new deck.", "Shortages"))
    c = state.content.card(card)
    s = replace(state, loot_deck=tuple(x for x in deck if x != card), loot_discard=tuple(sorted(state.loot_discard + (card,))),
                turn=replace(state.turn, to_drop=state.turn.to_drop + 1))
    s = s.with_player(seat, lootboxes=s.player(seat).lootboxes - 1)
    ev.append(Event(f"{state.name(seat)} opens a lootbox: {c.name} ({clauses(r.text for r in c.rewards)}).", "Looting"))
    tasks = tuple(Task(kind, seat, (amount,)) for kind, amount in (r() for r in c.rewards))
    return settle(replace(s, pending=s.pending + tasks), ev)


def settle(state: State, ev: list[Event]) -> tuple[State, list[Event]]:
    """Run the waiting rewards that need no decision; skip those that cannot happen."""
    while state.pending:
        task = state.pending[0]
        seat = task.seat
        rest = replace(state, pending=state.pending[1:])
        if task.kind == "obsolescence":
            state, e = obsolescence_shift(rest, seat)
        elif task.kind == "credits":
            state, e = take_credits(rest, seat, task.data[0], "Loot Cards")
        elif task.kind == "healing":
            state, e = heal(rest, seat, task.data[0], "Loot Cards")
        elif task.kind in ("weapon", "armor") and not (getattr(state, f"{task.kind}_shop") or getattr(state, f"{task.kind}_discard")):
            state, e = rest, [Event(f"No {SHOPS[task.kind]} card is left to draw.", "Shortages")]
        elif task.kind == "replacement" and not replacement_spaces(state, seat):
            why = ("is off the Green (knocked out), so the Replacement is skipped" if state.player(seat).space is None
                   else "has no free space next to them: the Replacement is skipped")
            state, e = rest, [Event(f"{state.name(seat)} {why}.", "Loot Cards")]
        elif task.kind == "teleporter_replacement" and not teleporter_moves(state, seat):
            state, e = rest, [Event("No Teleporter can be replaced.", "Loot Cards")]
        elif task.kind == "shove" and not shove_spaces(state, task):
            state, e = rest, [Event(f"{state.name(int(task.data[0]))} cannot be pushed any farther.", "Distances")]
        elif task.kind in ("place_tile", "move_tile") and not task_spots(state, task):
            state, e = rest, [Event(f"No space can take {a_tile(task.data[0])} any more.", "Tile Effects")]
        elif task.kind == "gear_swap" and not swap_slots(state, seat):
            state, e = rest, [Event(f"{state.name(seat)} has no two adjacent pieces of equipment to swap.", "Loot Cards")]
        else:
            break
        ev = ev + e
    return state, ev


def replacement_spaces(state: State, seat: int) -> tuple[str, ...]:
    """Replacement loot: the free spaces next to the Hero."""
    here = state.player(seat).space
    return () if here is None else tuple(s for s in adjacent(here) if s not in blocked(state))


def swap_slots(state: State, seat: int) -> tuple[int, ...]:
    """Gear Swap (Loot Cards, ruling RP-11): slot n swaps with n + 1 only when both hold a piece of equipment."""
    track = state.player(seat).track
    return tuple(i for i in range(1, len(track)) if track[i - 1] is not None and track[i] is not None)


def teleporter_moves(state: State, seat: int) -> tuple[tuple[str, str], ...]:
    """Teleporter Replacement (Loot Cards; Movement, Placement, and Replacement; ruling RP-10): a Teleporter tile
    goes to a tile-free space next to it, a free one ("placing it into another free space") unless
    ``options.teleporter_onto_heroes`` lets it go into a Hero's space too (Teleporter Tile: "if a Teleporter tile is
    moved, placed, or replaced in your space, you are immediately teleported").

    ``options.teleporter_replacement``: "any" Teleporter on the Green, or only one "next_to_hero" (the looting Hero's
    space or a space adjacent to it).
    """
    taken = {s for s, _ in state.tiles} | (set() if state.options.teleporter_onto_heroes else blocked(state))
    here = state.player(seat).space
    near = None if state.options.teleporter_replacement == "any" else (() if here is None else (here,) + adjacent(here))
    out = []
    for sp, tile in state.tiles:
        if tile == "teleporter" and (near is None or sp in near):
            out += [(sp, to) for to in adjacent(sp) if to not in taken]
    return tuple(out)


def move_tile(state: State, source: str, to: str) -> tuple[State, list[Event]]:
    """Replacement of a tile; a Teleporter replaced in a Hero's space teleports them (Teleporter Tile)."""
    tile = state.tile_at(source)
    s = replace(state, pending=state.pending[1:], tiles=tuple(sorted([x for x in state.tiles if x[0] != source] + [(to, tile)])))
    ev = [Event(f"{capital(the_tile(tile, source))} is replaced at {to}.", "Movement, Placement, and Replacement")]
    who = s.seat_at(to)
    if who is not None and tile == "teleporter":
        s = replace(s, pending=(Task("teleport", state.active, (str(who),)),) + s.pending)
        ev.append(Event(f"{s.name(who)} is in that space and is teleported.", "Teleporter Tile"))
    return settle(s, ev)


def drop_lootboxes(state: State, new_top: str) -> tuple[State, list[Event]]:
    """Lootbox Drops: a (multiple) GPS relocation, golden Lootbox first; a token landing on you causes 2 Injuries."""
    t = state.turn
    tokens = (["golden"] if t.golden_drop else []) + ["lootbox"] * t.to_drop
    batch = tokens[:4]
    s, spaces, ev = relocate(state, new_top, len(batch))
    golden_left = t.golden_drop and batch[0] != "golden"
    s = replace(s, turn=replace(s.turn, golden_drop=golden_left, to_drop=t.to_drop - batch.count("lootbox")))
    for token, sp in zip(batch, spaces):
        if token == "golden":
            s = replace(s, golden=sp)
        else:
            s = replace(s, lootboxes=tuple(sorted(s.lootboxes + (sp,))))
        ev.append(Event(f"The {'golden Lootbox' if token == 'golden' else 'Lootbox token'} drops at {sp}.", "Lootbox Drops"))
        who = s.seat_at(sp)
        if who is not None:
            s, e = injure(s, who, 2, "Lootbox Drops")
            ev += e
    return s, ev
