"""The turn on the compact game: which actions are legal (the engine's ``rules.legal_actions``, in its order) and
what each does, its chance outcome drawn from the game's generator as the engine's spec draws it.

The actions are the engine's own action values (made once and kept), so a bot and a test see the very actions
the engine lists. ``step`` plays one, then runs the waiting rewards that need no decision (``loot.settle``).
"""
from __future__ import annotations

from ..board import REGIONS, SPACES
from .. import state as st
from .compact import Game
from .compact_attack import RANGE_ROWS, WEAPONS
from .compact_loot import claimable_feats, replacement_spaces, shove_spaces, swap_slots, teleporter_moves
from .compact_rules import arms, task_spots

SHOPS = ("weapon", "armor")
_MADE: dict = {}


def made(cls, *args):
    """The action ``cls(*args)``, made once (an action is a frozen value: the kept one equals a new one)."""
    key = (cls, args)
    a = _MADE.get(key)
    if a is None:
        a = _MADE[key] = cls(*args)
    return a


SET_UP, DEPLOY, RETURN, DRAW, DECLINE = st.SetUp(), st.Deploy(), st.Return(), st.Draw(), st.Decline()
END_PREP, START, END_ACTIONS, PRESTIGE = st.EndPreparation(), st.StartMovement(), st.EndActions(), st.BuyPrestige()
OPEN_LOOT, DROP, END_TURN = st.OpenLootbox(), st.DropLootboxes(), st.EndTurn()
REGION_CHOICES = [st.ChooseRegion(r) for r in REGIONS]
BUY = {shop: made(st.Buy, shop) for shop in SHOPS}
SLOT_NUMBERS = range(1, st.SLOTS + 1)
MOVES = {s: st.Move(s) for s in SPACES}
ATTACKS = {w: {s: st.Attack(w, s) for s in SPACES} for w in WEAPONS}
WEAR_OUT = {i: st.WearOut(i) for i in SLOT_NUMBERS}
BOOST = {i: st.Boost(i) for i in SLOT_NUMBERS}
_TINKERING: dict = {}


def tinkering(card: str) -> tuple:
    """The Equip and the Craft actions of a card, by slot."""
    got = _TINKERING.get(card)
    if got is None:
        got = _TINKERING[card] = ({i: st.Equip(card, i) for i in SLOT_NUMBERS},
                                  {i: st.Craft(card, i) for i in SLOT_NUMBERS})
    return got


def current_seat(g: Game) -> int:
    """The seat to act: the one a waiting decision belongs to, else the active player."""
    return g.pending[0][1] if g.pending else g.active


def _task_actions(g: Game) -> list:
    """The choices of the decision the rules wait for (``rules._task_actions``, in its order)."""
    kind, seat, data = g.pending[0]
    if kind == "return":
        return [RETURN]
    if kind == "teleport":
        return list(REGION_CHOICES)
    if kind == "place":
        return [made(st.PlaceAt, s) for s in data[1:]]
    if kind == "place_tile":
        return [made(st.PlaceAt, s) for s in task_spots(g, data)]
    if kind == "move_tile":
        spots = task_spots(g, data)
        sources = [s for s, t in g.sorted_tiles if t == data[0]]
        return [made(st.MoveTile, a, b) for a in sources for b in spots if a != b] + [DECLINE]
    if kind in SHOPS:
        return [DRAW]
    if kind == "shove":
        return [made(st.PlaceAt, s) for s in shove_spaces(g, data)]
    if kind == "replacement":
        return [made(st.PlaceAt, s) for s in replacement_spaces(g, seat)] + [DECLINE]
    if kind == "teleporter_replacement":
        return [made(st.MoveTile, a, b) for a, b in teleporter_moves(g, seat)] + [DECLINE]
    if kind == "gear_swap":
        return [made(st.SwapGear, i) for i in swap_slots(g, seat)] + [DECLINE]
    if kind == "taunt":
        return [made(st.Taunt, i) for i in range(g.n) if i != seat] + [DECLINE]
    raise AssertionError(kind)


def legal_actions(g: Game) -> list:
    """Every action the current player may take, exactly and in the engine's order (``rules.legal_actions``)."""
    stage = g.stage
    if stage != "play":
        return [] if stage == "over" else [SET_UP] if stage == "setup" else [DEPLOY]
    if g.pending:
        return _task_actions(g)
    seat = g.active
    p = g.seats[seat]
    phase = g.t_phase
    if phase == "preparation":
        out = _preparation(g, p)
    elif phase == "action":
        out = movement_actions(g, seat, p)
        out += attack_actions(g, seat, p)
        out.append(END_ACTIONS)
    else:
        out = loot_actions(g, p)
    feats = feat_actions(g, p)
    if feats:
        out += feats
    return out


def loot_actions(g: Game, p) -> list:
    """III - Loot Phase: open the golden Lootbox (from a shop that has cards), open a Lootbox, then drop the
    opened ones (Lootbox Drops) or end the turn; the Feats aside."""
    if p.golden:
        out = [made(st.OpenGolden, shop) for shop in SHOPS if g.draw_pool(shop)] or [made(st.OpenGolden, "weapon")]
        if p.lootboxes:
            out.append(OPEN_LOOT)
        return out
    if p.lootboxes:
        return [OPEN_LOOT]
    return [DROP if g.t_to_drop or g.t_golden_drop else END_TURN]


feat_actions = claimable_feats  # Accomplishing a Feat: claimable at any time of one's turn (last in every list)


def _preparation(g: Game, p) -> list:
    """I - Preparation Phase: the four steps in order, each while its step is not passed."""
    step = g.t_step
    track = p.track
    out = []
    if step == 0:
        out += [WEAR_OUT[i] for i in SLOT_NUMBERS if track[i - 1] is not None]
    if step <= 1 and p.hand:
        out += [made(st.Sell, c) for c in dict.fromkeys(p.hand)]
    out += buy_actions(g, p)
    out += tinker_actions(g, p)
    out += boost_actions(p)
    out.append(END_PREP)
    return out


def buy_actions(g: Game, p) -> list:
    """3 - Buying (while it is not passed): a card from a shop that has one, and Prestige Points, as Credits allow."""
    if g.t_step > 2:
        return []
    o = g.o
    out = [BUY[shop] for shop, price in (("weapon", o.weapon_price), ("armor", o.armor_price))
           if p.credits >= price and g.draw_pool(shop)]
    if p.credits >= o.pp_price:
        out.append(PRESTIGE)
    return out


def tinker_actions(g: Game, p) -> list:
    """4 - Tinkering: each card of the hand into each empty slot (Equipping) or under a non-crafted card of its
    type (Crafting), card by card in the hand's order."""
    out = []
    if p.hand:
        track, kinds = p.track, g.tab.kind
        for c in dict.fromkeys(p.hand):
            kind = kinds[c]
            equip, craft = tinkering(c)
            for i in SLOT_NUMBERS:
                x = track[i - 1]
                if x is None:
                    out.append(equip[i])
                elif x[1] is None and kinds[x[0]] == kind:
                    out.append(craft[i])
    return out


def boost_actions(p) -> list:
    """Boosting: a slot whose next Boost token the Hero can pay for."""
    if not p.boosts:
        return []
    track = p.track
    return [BOOST[i] for i in SLOT_NUMBERS if track[i - 1] is not None and p.boosts >= track[i - 1][2] + 1]


def movement_actions(g: Game, seat: int, p) -> list:
    """II - Action Phase, Movement Step: starting it, and each move into an adjacent free space within the MP left
    (a move from "ready" starts the step too)."""
    here = p.space
    if here is None or g.t_movement == "done":
        return []
    if g.t_movement == "ready":
        out = [START]
        mp = (p.arms or arms(g, seat))[2]
    else:
        out = []
        mp = g.t_mp
    walls = g.walls
    heroes = [q.space for q in g.seats]  # Blocked Space: Heroes and blocking tiles
    for s, cost in g.moves_from.get(here) or g.moves_out(here):
        if cost <= mp and s not in walls and s not in heroes:
            out.append(MOVES[s])
    return out


def attack_actions(g: Game, seat: int, p) -> list:
    """II - Action Phase, Attack Step 1-2: each weapon not used yet (two at most a turn) at each opposing Hero (in
    seat order) and each blocking tile (in the tiles' order) within its Range (ruling RP-9)."""
    here = p.space
    used = g.t_used
    if here is None or g.t_attack == "done" or len(used) >= 2:
        return []
    found = p.arms or arms(g, seat)
    longest = found[1]
    row = RANGE_ROWS[g.o.range_shape][here]
    near = []
    for q in g.seats:
        s = q.space
        if s is not None and q is not p:
            d = row[s]
            if d <= longest:
                near.append((d, s))
    for s in g.wall_list:
        d = row[s]
        if d <= longest:
            near.append((d, s))
    if not near:
        return near
    out = []
    for w, rng in found[0]:
        if w not in used:
            attack = ATTACKS[w]
            for d, s in near:
                if d <= rng:
                    out.append(attack[s])
    return out
