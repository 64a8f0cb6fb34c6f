"""Playing one action on the compact game: its chance outcome drawn as the engine's spec draws it (``rules.chance``),
then the rule it names (``rules._apply``), then the rewards that need no decision (``loot.settle``).

``step(g, action)`` returns the outcome drawn (None for an action without chance), so a replay can log it.
"""
from __future__ import annotations

from .. import state as st
from .compact import Game
from .compact_attack import attack, push_injured
from .compact_loot import claim_feat, drop_lootboxes, end_turn, open_lootbox, settle
from .compact_rules import (
    apply_gain,
    arrive,
    at_once,
    begin_turn,
    enter,
    gain_pp,
    lose_pp,
    make_obsolete,
    movement_points,
    obsolescence_shift,
    pick_up,
    place_hero,
    placed_fall,
    relocate,
    take_credits,
)


def step(g: Game, a):
    """Apply a legal action (from ``compact_turn.legal_actions``); returns the chance outcome it drew."""
    outcome = PLAY[type(a)](g, a)
    g.aimed = None
    if g.pending and g.stage == "play":
        settle(g)
    return outcome


# -- setup and GPS ----------------------------------------------------------------------------------
def _set_up(g: Game, a):
    """Setup steps 2-3: 5 Level 2 Feats under 5 Level 1 Feats, the top 2 revealed; the GPS deck's top card."""
    shuffle = g.draws.permutation  # Shuffle.sample: its draws on the same generator
    feats = g.content.feats
    ones = tuple(f.id for f in feats if f.level == 1)
    twos = tuple(f.id for f in feats if f.level == 2)
    level1 = [ones[i] for i in shuffle(len(ones))]
    level2 = [twos[i] for i in shuffle(len(twos))]
    top = g.draw(g.gps_deck)
    deck = level1[:5] + level2[:5]
    g.stage = "deploy"
    g.feat_deck = deck[2:]
    g.feats = [[f, []] for f in deck[:2]]
    g.gps_top = top
    g.gps_deck = [c for c in g.gps_deck if c != top]
    return {"level1": level1, "level2": level2, "gps": top}


def _deploy(g: Game, a):
    """Setup step 7: a multiple GPS relocation places the Heroes in turn order (ruling RP-7)."""
    new_top = g.draw(g.gps_pool())
    for seat, sp in enumerate(relocate(g, new_top, g.n)):
        g.seats[seat].space = sp
    g.stage = "play"
    begin_turn(g, 0)
    for seat in range(g.n):
        arrive(g, seat)
    return new_top


def _return(g: Game, a):
    """Knocked Out!: reset HP and perform a GPS relocation; then the turn goes on, obsolescence included."""
    new_top = g.draw(g.gps_pool())
    seat = g.active
    p = g.seats[seat]
    del g.pending[0]
    p.hp, p.ko = g.o.max_hp, False
    place_hero(g, seat, relocate(g, new_top, 1)[0])
    if not (g.pending and g.pending[0][0] == "place"):
        arrive(g, seat)
    if g.pending and g.pending[0][0] in ("place", "teleport"):  # obsolescence waits for the Hero to be on the Green
        g.pending.insert(1, ("obsolescence", seat, ()))
    else:
        obsolescence_shift(g, seat)
    return new_top


def _choose_region(g: Game, a):
    """Teleportation: a controlled GPS relocation; the active player chooses the region."""
    new_top = g.draw(g.gps_pool())
    seat = int(g.pending[0][2][0])
    del g.pending[0]
    waiting = len(g.pending)
    space = relocate(g, new_top, 1, controlled=a.region)[0]
    if g.o.teleport_ends_movement and seat == g.active and g.t_movement == "open":
        g.t_movement, g.t_mp = "done", 0
    frm = g.seats[seat].space
    place_hero(g, seat, space)
    if not (g.pending and g.pending[0][0] == "place"):
        placed_fall(g, seat, frm)
        arrive(g, seat)
        at_once(g, waiting)
    return new_top


# -- I - Preparation Phase ------------------------------------------------------------------------------
def _step_to(g: Game, k: int) -> None:
    """The Preparation Phase's steps go in order ("Perform the following four steps in order")."""
    if g.t_step < k:
        g.t_step = k


def _price(g: Game, kind: str) -> int:
    """3 - Buying: a card's value by shop (Weapon 8, Armor 6)."""
    return g.o.weapon_price if kind == "weapon" else g.o.armor_price


def draw_card(g: Game, seat: int, shop: str, card: str) -> None:
    """Draw the named card from a shop into the hand, rebuilding the shop from its discards if needed ("Shortages")."""
    pile = g.shop[shop]
    if not pile:
        pile = g.shop[shop] = g.discard[shop]
        g.discard[shop] = []
    pile.remove(card)
    g.seats[seat].hand.append(card)


def _wear_out(g: Game, a):
    """Voluntary Obsolescence: make a piece worn out now, for its Boost tokens."""
    make_obsolete(g, g.active, a.slot)


def _sell(g: Game, a):
    """2 - Selling: discard a card from your hand for half its value."""
    _step_to(g, 1)
    seat = g.active
    g.seats[seat].hand.remove(a.card)
    g.to_discard(a.card)
    take_credits(g, seat, _price(g, g.tab.kind[a.card]) // 2)


def _buy(g: Game, a):
    """3 - Buying: pay the card's value to the bank and draw from that shop (the drawn card is the outcome)."""
    card = g.draw(g.draw_pool(a.shop))
    _step_to(g, 2)
    cost = _price(g, a.shop)
    g.bank_credits += cost
    g.seats[g.active].credits -= cost
    draw_card(g, g.active, a.shop, card)
    return card


def _buy_prestige(g: Game, a):
    """Buying Prestige Points: 18 Credits to the bank for 1 PP."""
    _step_to(g, 2)
    g.bank_credits += g.o.pp_price
    g.seats[g.active].credits -= g.o.pp_price
    gain_pp(g, g.active, 1)


def _placed(g: Game, seat: int, card: str) -> None:
    """Effects Triggered on Placement: both effects of the card placed (equipped or crafted)."""
    for gain in g.tab.placement[card]:
        apply_gain(g, seat, gain)


def _tinker(g: Game, a, gear: tuple) -> None:
    """4 - Tinkering: a card from the hand onto the track; its "on placement" effects fire."""
    _step_to(g, 3)
    p = g.seats[g.active]
    p.track[a.slot - 1] = gear
    p.arms = None
    p.hand.remove(a.card)
    _placed(g, g.active, a.card)


def _equip(g: Game, a):
    """Equipping: a Weapon or Armor card from your hand into an empty slot."""
    _tinker(g, a, (a.card, None, 0))


def _craft(g: Game, a):
    """Crafting: slide a card from your hand under a non-crafted card of the same type on the track."""
    main, _, boosts = g.seats[g.active].track[a.slot - 1]
    _tinker(g, a, (main, a.card, boosts))


def _boost(g: Game, a):
    """Boosting: +1 Damage or +1 Defense per token, at an escalating cost."""
    _step_to(g, 3)
    p = g.seats[g.active]
    main, sec, boosts = p.track[a.slot - 1]
    cost = boosts + 1
    p.track[a.slot - 1] = (main, sec, boosts + 1)
    p.arms = None
    g.bank_boosts += cost - 1
    p.boosts -= cost


def _end_preparation(g: Game, a):
    """I - Preparation Phase ends; II - Action Phase begins."""
    g.t_phase = "action"


# -- II - Action Phase ---------------------------------------------------------------------------------
def start_movement(g: Game) -> None:
    """The movement step begins: MP are counted and a Lootbox in your space is picked up."""
    seat = g.active
    here = g.seats[seat].space
    g.t_mp = movement_points(g, seat)
    g.t_movement = "open"
    if g.t_attack == "open":
        g.t_attack = "done"
    g.t_fall_from, g.t_fallen = g.alt[here], 0
    pick_up(g, seat, here)


def _start(g: Game, a):
    """Movement Step: begin it without moving yet (a Lootbox in your space is picked up)."""
    start_movement(g)


def _move(g: Game, a):
    """Movement Step: spend MP (1, +1 per level climbed, +1 to leave an Oil Slick) to move into an adjacent space."""
    if g.t_movement == "ready":
        start_movement(g)
    seat = g.active
    frm = g.seats[seat].space
    alt = g.alt
    g.t_mp -= (2 if g.tiles.get(frm) == "oil_slick" else 1) + max(0, alt[a.to] - alt[frm])
    enter(g, seat, frm, a.to, movement=True)


def _attack(g: Game, a):
    """Detailed Attack Sequence: the attack die is rolled (the outcome), then the attack is resolved."""
    die = g.o.attack_die
    face = die[g.integers(len(die))]
    aimed = g.aimed  # the bot's profile of the attack it chose here (Game.aimed)
    if aimed is not None:
        g.aimed = None
        aimed = aimed[1] if aimed[0] is a else None
    attack(g, a.weapon, a.target, face, aimed)
    return face


def _end_actions(g: Game, a):
    """II - Action Phase ends; III - Loot Phase begins."""
    g.t_phase, g.t_movement, g.t_attack = "loot", "done", "done"


# -- III - Loot Phase and the end of the turn ------------------------------------------------------------
def _open_golden(g: Game, a):
    """Golden Lootbox: draw one card from the Weapon or the Armor shop (nothing if both are used up)."""
    pool = g.draw_pool(a.shop)
    card = g.draw(pool) if pool else None
    g.seats[g.active].golden = False
    g.t_golden_drop = True
    if card is not None:
        draw_card(g, g.active, a.shop, card)
    return card


def _open_lootbox(g: Game, a):
    """Looting: the Loot card revealed is the outcome (from the Loot deck, or its discards reshuffled)."""
    card = g.draw(g.loot_deck or g.loot_discard)
    open_lootbox(g, card)
    return card


def _drop(g: Game, a):
    """Lootbox Drops: the next GPS card drawn is the outcome."""
    new_top = g.draw(g.gps_pool())
    drop_lootboxes(g, new_top)
    return new_top


def _claim(g: Game, a):
    """Accomplishing a Feat."""
    claim_feat(g, a.feat)


def _end_turn(g: Game, a):
    """End of the turn (and of the game when its round is complete)."""
    end_turn(g)


# -- the decisions the rules wait for ---------------------------------------------------------------------
def _place_at(g: Game, a):
    """A space chosen for a waiting decision: a Hero placed, a tile placed, a shove, a Replacement."""
    kind, seat, data = g.pending[0]
    del g.pending[0]
    waiting = len(g.pending)
    to = a.space
    if kind == "place":  # Impossible Placement or Replacement
        who = int(data[0])
        p = g.seats[who]
        frm, p.space = p.space, to
        placed_fall(g, who, frm)
        if not p.ko:
            arrive(g, who)
        at_once(g, waiting)
    elif kind == "place_tile":  # Tile Effects; a Teleporter placed in a Hero's space teleports them
        tile = data[0]
        g.set_tile(to, tile)
        who = g.seat_at(to)
        if tile == "teleporter" and who is not None:
            g.pending.insert(0, ("teleport", g.active, (str(who),)))
    elif kind == "shove":  # Movement of another Hero by an effect: one space at a time, each farther away
        victim, left, origin, rest = int(data[0]), int(data[1]), data[2], data[3:]
        suffered = enter(g, victim, g.seats[victim].space, to, movement=False)
        if rest:  # push_injuries="the_attacks": the attack's Injuries to the Hero so far (ruling RP-37)
            push_injured(g, seat, victim, int(rest[0]), suffered)
            rest = (str(int(rest[0]) + suffered),)
        at_once(g, waiting)
        if left > 1 and not g.seats[victim].ko:  # the rest of the push, after what entering queued
            g.pending.insert(len(g.pending) - waiting, ("shove", seat, (str(victim), str(left - 1), origin) + rest))
    else:  # the Replacement loot card (rulings RP-11 and RP-7)
        p = g.seats[seat]
        frm = p.space
        moves = g.o.replacement_loot == "move"
        if moves or g.o.placement_enters:
            enter(g, seat, frm, to, movement=False, falls=moves or g.o.placement_falls)
        else:
            p.space = to
            placed_fall(g, seat, frm)
        at_once(g, waiting)  # a teleport before the Loot card's other rewards


def _draw(g: Game, a):
    """Loot Cards (Weapon, Armor): a card drawn from that shop (the outcome) into the hand."""
    kind, seat, _ = g.pending[0]
    card = g.draw(g.draw_pool(kind))
    del g.pending[0]
    draw_card(g, seat, kind, card)
    return card


def _move_tile(g: Game, a):
    """Replacement of a tile; a Teleporter replaced in a Hero's space teleports them (Teleporter Tile)."""
    tile = g.tiles[a.source]
    del g.pending[0]
    g.set_tile(a.source, None)
    g.set_tile(a.to, tile)
    who = g.seat_at(a.to)
    if who is not None and tile == "teleporter":
        g.pending.insert(0, ("teleport", g.active, (str(who),)))


def _swap(g: Game, a):
    """Gear Swap: two adjacent pieces of equipment change places on the track."""
    _, seat, _ = g.pending.pop(0)
    p = g.seats[seat]
    track = p.track
    track[a.slot - 1], track[a.slot] = track[a.slot], track[a.slot - 1]
    p.arms = None


def _taunt(g: Game, a):
    """Accomplishing a Feat: the taunted player loses 1 PP (never below 0)."""
    del g.pending[0]
    lose_pp(g, a.seat, 1)


def _decline(g: Game, a):
    """A "may" of the rules not taken (a Replacement, a tile replaced, a Gear Swap, a taunt)."""
    del g.pending[0]


PLAY = {st.SetUp: _set_up, st.Deploy: _deploy, st.Return: _return, st.WearOut: _wear_out, st.Sell: _sell,
         st.Buy: _buy, st.BuyPrestige: _buy_prestige, st.Equip: _equip, st.Craft: _craft, st.Boost: _boost,
         st.EndPreparation: _end_preparation, st.StartMovement: _start, st.Move: _move, st.Attack: _attack,
         st.EndActions: _end_actions, st.OpenGolden: _open_golden, st.OpenLootbox: _open_lootbox, st.DropLootboxes: _drop,
         st.ClaimFeat: _claim, st.EndTurn: _end_turn, st.ChooseRegion: _choose_region, st.PlaceAt: _place_at,
         st.Draw: _draw, st.MoveTile: _move_tile, st.SwapGear: _swap, st.Taunt: _taunt, st.Decline: _decline}
