"""The shop (Preparation Phase, 3 - Buying): every price, the Credits in hand, and why a purchase is not on offer.

A button is enabled exactly when its action is among the engine's legal actions; the words only say why not
(the rulebook: "If you don't have enough Credits, you cannot buy"), so the panel can never offer what the rules refuse.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer.rumble_planet.preparation import draw_pool, price
from explorer.rumble_planet.state import Buy, BuyPrestige

ITEMS = (("weapon", "a Weapon card"), ("armor", "an Armor card"), ("pp", "a Prestige Point"))


def cost(state, item: str) -> int:
    return state.options.pp_price if item == "pp" else price(state, item)


def action_of(item: str):
    return BuyPrestige() if item == "pp" else Buy(item)


def why_not(state, item: str) -> str:
    """Why the active player cannot buy ``item`` now (called only when its action is not legal)."""
    t, p = state.turn, state.player(state.active)
    if state.stage != "play" or t.phase != "preparation" or state.pending:
        return "buying is step 3 of the Preparation Phase"
    if t.step > 2:
        return "the buying step has passed (tinkering has begun)"
    need = cost(state, item)
    if p.credits < need:
        return f"{need - p.credits} more Credits needed"
    if item != "pp" and not draw_pool(state, item):
        return f"the {item} shop and its discard pile are empty"
    return "not allowed now"


class ShopBar(w.VBox):
    """Prices and one button a purchase; ``buy(action)`` is called with the Buy or BuyPrestige clicked."""

    def __init__(self, buy):
        self.note = w.HTML()
        self.note.add_class("rp-shop-note")
        self.buttons = {}
        for item, words in ITEMS:
            b = w.Button(description=f"Buy {words.split(' ', 1)[1]}", layout=w.Layout(width="auto"))
            b.add_class(f"rp-buy-{item}")
            b.on_click(lambda _, i=item: buy(action_of(i)))
            self.buttons[item] = b
        super().__init__([self.note, w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))])
        self.add_class("rp-shop")

    def show(self, state, legal, human: bool) -> None:
        """Shown while the human to move is in the Preparation Phase (where buying happens)."""
        here = human and state.stage == "play" and state.turn.phase == "preparation" and not state.pending
        self.layout.display = None if here else "none"
        if not here:
            return
        p = state.player(state.active)
        can, reasons = [], set()
        for item, words in ITEMS:
            b, need, name = self.buttons[item], cost(state, item), words.split(" ", 1)[1]
            b.disabled = action_of(item) not in legal
            why = why_not(state, item) if b.disabled else ""
            # the reason is on the button itself: a phone shows no tooltips
            b.description = (f"Buy {name} ({need} Credits)" if not b.disabled else
                             f"{name}: {need} Credits, {why}" if "Credits" in why else f"{name} ({need} Credits)")
            b.tooltip = f"Pay {need} Credits for {words}" if not b.disabled else f"Cannot buy {words}: {why}"
            if b.disabled and "Credits" not in why:
                reasons.add(f"{name}: {why}" if "shop" in why else why)
            if not b.disabled:
                can.append(name)
        verdict = (f"You can buy: {', '.join(can)}." if can else "Not enough for any purchase yet." if not reasons else "")
        if reasons:
            verdict += " No purchase now: " + "; ".join(sorted(reasons)) + "."
        self.note.value = (f'<div class="rx-small"><b>Shop</b> (3 - Buying): you have <b>{p.credits} Credits</b>. '
                           f'{escape(verdict.strip())}</div>')
