"""Two routes to one space (Movement Step, Falling): the cheapest and the safest, offered as buttons; and what a walk did.

Both come from ``explorer.rumble_planet.odds.routes``, the search that labels the map, so a button's MP and
Injuries are what its walk costs; the status line after a walk is read from the states before and after it.
"""
from __future__ import annotations

import ipywidgets as w

from explorer.rumble_planet.odds.reach import mp_left


class RoutePicker(w.HBox):
    """A button per route to the space clicked; ``walk(route)`` is called with the one the player picks."""

    def __init__(self):
        super().__init__([], layout=w.Layout(flex_flow="row wrap"))
        self.add_class("rp-routes")
        self.offered: tuple = ()

    def offer(self, spot, walk) -> None:
        buttons = []
        for name, route in zip(("Cheapest", "Safest"), spot.routes):
            b = w.Button(description=f"{name}: {route.mp} MP, {route.injuries} Injuries", layout=w.Layout(width="auto"))
            b.add_class(f"rp-route-{name.lower()}")
            b.on_click(lambda _, r=route: walk(r))
            buttons.append(b)
        self.offered = spot.routes
        self.children = tuple(buttons)

    def clear(self) -> None:
        self.offered = ()
        self.children = ()


def offer_text(spot) -> str:
    """The status line while two routes are offered: each with the spaces it passes, its MP and its Injuries."""
    ways = [f"{'by ' + ', '.join(r.path[:-1]) if len(r.path) > 1 else 'in one step'} for {r.mp} MP and "
            f"{r.injuries} Injuries" for r in spot.routes]
    return f"Two ways to {spot.space}: {ways[0]}, or {ways[1]}. Pick one below."


def moved_text(before, after, seat: int) -> str:
    """What a walk did, read from the states before and after it: where the Hero is, MP spent, Injuries suffered."""
    name, frm = before.name(seat), before.player(seat).space
    p = after.player(seat)
    hurt = before.player(seat).hp - p.hp
    if p.knocked_out:
        return f"{name} leaves {frm} and is knocked out on the way."
    spent = mp_left(before) - after.turn.mp
    text = f"{name} moves from {frm} to {p.space}: {spent} MP, {hurt} Injuries."
    if after.pending and after.pending[0].kind == "teleport":
        text += f" {p.space} holds a Teleporter: choose the region of the relocation."
    return text
