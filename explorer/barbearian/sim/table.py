"""What every compact game of the same options and deck reads and never changes, made once."""
from __future__ import annotations

from ..cards import Deck
from ..options import RESOURCES, Options

RES = {r: i for i, r in enumerate(RESOURCES)}


def cost_of(cost) -> tuple[tuple[int, int], ...]:
    return tuple((RES[r], n) for r, n in cost)


class Table:
    """What every game of the same options and deck reads and never changes: prices, the cards'
    costs and perks, Battleground names, boards and a round's tasks by first player (filled in as
    games meet them), and the Upgrade cards each holding of Resources pays for."""

    def __init__(self, o: Options, deck: Deck):
        self.bg = [f"battleground:{c}" for c in o.clans]
        self.front = {b: t for t, b in enumerate(self.bg)}  # a Battleground space's seat
        self.glory_of = {c.id: c.glory for c in deck.trials}
        self.perks = deck.perks(())
        self.price = {k: cost_of(o.price(k)) for k in
                      ("mercenary", "change_fate", "empower", "specialist", "reinforcements", "grand_offering")}
        self.upgrade_cost = [(c.id, cost_of(c.cost)) for c in deck.upgrades]
        self.cost_of_card = dict(self.upgrade_cost)
        self.upgrade_offers = [(cid, cost, ("upgrade", cid)) for cid, cost in self.upgrade_cost]
        self.specialist_offers = [("specialist", s) for s in o.specialist_spaces]
        self.caps = [max([k for _, cost in self.upgrade_cost for i, k in cost if i == r], default=0) for r in range(3)]
        self.within: dict[tuple, list] = {}  # Resources held (up to ``caps``) -> the Upgrade cards they pay for
        self.effect_of = {c.id: c.effect for c in deck.upgrades}
        self.bonus_of = {c.id: [deck.perks((c.id,)).bonus(r) for r in RESOURCES] for c in deck.upgrades}
        self.cheapest = min(sum(k for _, k in cost) for cost in  # the least Resource value any purchase needs
                            [self.price["specialist"], self.price["reinforcements"], self.price["grand_offering"]]
                            + [cost for _, cost in self.upgrade_cost])
        self.boards: dict[int, tuple] = {}  # turn order and every seat's board, by first player
        self.round_tasks: dict[int, list[tuple]] = {}  # a round's tasks (reversed) by first player


TABLES: dict[Options, tuple[Deck, Table]] = {}


def table_of(o: Options, deck: Deck) -> Table:
    """The options' and deck's ``Table``, made once (a deck is known by identity: it is frozen)."""
    known = TABLES.get(o)
    if known is None or known[0] is not deck:
        if len(TABLES) > 100:
            TABLES.clear()
        known = TABLES[o] = (deck, Table(o, deck))
    return known[1]
