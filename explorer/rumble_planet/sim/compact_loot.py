"""III - Loot Phase, Feats and the end of the turn on the compact game (the engine's ``loot`` and the end of
``turn``): lootboxes, Loot card rewards and the decisions they wait for, Lootbox drops, Feats, the end of the game."""
from __future__ import annotations

from bisect import insort

from .. import state as st
from ..board import _DISTANCE, adjacent
from .compact import Game
from .compact_rules import (
    begin_turn,
    gain_pp,
    heal,
    injure,
    obsolescence_shift,
    relocate,
    take_credits,
    task_spots,
)


def replacement_spaces(g: Game, seat: int) -> list:
    """Replacement loot: the free spaces next to the Hero."""
    here = g.seats[seat].space
    if here is None:
        return []
    block = g.blocked()
    return [s for s in adjacent(here) if s not in block]


def swap_slots(g: Game, seat: int) -> list:
    """Gear Swap (Loot Cards, ruling RP-11): slot n swaps with n + 1 only when both hold a piece of equipment."""
    track = g.seats[seat].track
    return [i for i in range(1, len(track)) if track[i - 1] is not None and track[i] is not None]


def teleporter_moves(g: Game, seat: int) -> list:
    """Teleporter Replacement (ruling RP-10): a Teleporter goes to a tile-free space next to it, a free one unless
    ``options.teleporter_onto_heroes``; "any" Teleporter, or only one "next_to_hero"."""
    taken = set(g.tiles) | (set() if g.o.teleporter_onto_heroes else g.blocked())
    here = g.seats[seat].space
    near = None if g.o.teleporter_replacement == "any" else (() if here is None else (here,) + adjacent(here))
    out = []
    for sp, tile in g.sorted_tiles:
        if tile == "teleporter" and (near is None or sp in near):
            out += [(sp, to) for to in adjacent(sp) if to not in taken]
    return out


def shove_spaces(g: Game, data: tuple) -> list:
    """Distances: the free spaces next to the shoved Hero that are farther from the attacker's space."""
    victim, _, origin = data[:3]
    here = g.seats[int(victim)].space
    if here is None:
        return []
    block = g.blocked()
    d = _DISTANCE[here, origin]
    return [s for s in adjacent(here) if s not in block and _DISTANCE[s, origin] > d]


def settle(g: Game) -> None:
    """Run the waiting rewards that need no decision; skip those that cannot happen (``loot.settle``)."""
    pending = g.pending
    while pending:
        kind, seat, data = pending[0]
        if kind == "obsolescence":
            del pending[0]
            obsolescence_shift(g, seat)
        elif kind == "credits":
            del pending[0]
            take_credits(g, seat, data[0])
        elif kind == "healing":
            del pending[0]
            heal(g, seat, data[0])
        elif (kind in ("weapon", "armor") and not g.draw_pool(kind)
              or kind == "replacement" and not replacement_spaces(g, seat)
              or kind == "teleporter_replacement" and not teleporter_moves(g, seat)
              or kind == "shove" and not shove_spaces(g, data)
              or kind in ("place_tile", "move_tile") and not task_spots(g, data)
              or kind == "gear_swap" and not swap_slots(g, seat)):
            del pending[0]
        else:
            break
        pending = g.pending  # a step may have queued (or replaced) the list


def open_lootbox(g: Game, card: str) -> None:
    """Looting: spend one Lootbox token, reveal one Loot card, gain what it shows, discard it."""
    if not g.loot_deck:
        g.loot_deck, g.loot_discard = g.loot_discard, []
    deck = g.loot_deck
    while card in deck:  # every copy of the card leaves the deck, as the engine filters it
        deck.remove(card)
    insort(g.loot_discard, card)
    g.t_to_drop += 1
    g.seats[g.active].lootboxes -= 1
    g.pending += [(kind, g.active, (amount,)) for kind, amount in g.tab.loot[card]]


def drop_lootboxes(g: Game, new_top: str) -> None:
    """Lootbox Drops: a (multiple) GPS relocation, golden Lootbox first; a token landing on you causes 2 Injuries."""
    tokens = (["golden"] if g.t_golden_drop else []) + ["lootbox"] * g.t_to_drop
    batch = tokens[:4]
    spaces = relocate(g, new_top, len(batch))
    g.t_golden_drop = g.t_golden_drop and batch[0] != "golden"
    g.t_to_drop -= batch.count("lootbox")
    for token, sp in zip(batch, spaces):
        if token == "golden":
            g.golden = sp
        else:
            g.lootboxes = sorted(g.lootboxes + [sp])
        who = g.seat_at(sp)
        if who is not None:
            injure(g, who, 2)


def _crafted(g: Game, p) -> int:
    """Crafted pieces on the track (for Feats): as ``arms`` counts them, without rebuilding it after a change."""
    if p.arms is not None:
        return p.arms[4]
    n = 0
    for x in p.track:
        if x is not None and x[1] is not None:
            n += 1
    return n


# What each registered Feat condition reads (``effects.FeatView``), of the active player's turn: its condition is
# met when that number reaches the card's parameter (1 for "critical_hit").
FEAT_READS = {
    "injure_opponents": lambda g, p: len(g.t_injured),
    "knock_out": lambda g, p: g.t_knockouts,
    "pick_up_lootboxes": lambda g, p: g.t_picked,
    "big_hit": lambda g, p: g.t_best_hit,
    "critical_hit": lambda g, p: g.t_criticals,
    "high_ground": lambda g, p: g.alt[p.space] if p.space else 0,
    "crafter": _crafted,
}


def feat_test(condition) -> tuple:
    """(what the condition reads, the least number that meets it)."""
    params = dict(condition.params)
    return FEAT_READS[condition.name], next(iter(params.values()), 1)


def claimable_feats(g: Game, p) -> list:
    """Accomplishing a Feat: up to 2 different Feats a turn, one token each, while tokens last (``p``: the active
    player's seat); the ``ClaimFeat`` actions, which come last in every list of the turn."""
    if len(g.t_feats) >= 2 or p.feat_tokens <= 0:
        return []
    offer = g.feat_offer
    if offer is None or offer[0] is not g.feats:  # end_turn replaces the list when a Feat card leaves
        tests = g.tab.feat_tests
        if tests is None:
            tests = g.tab.feat_tests = {f: feat_test(c) + (st.ClaimFeat(f),) for f, c in g.tab.feat_condition.items()}
        offer = g.feat_offer = (g.feats, [(f,) + tests[f] for f, _ in g.feats])
    claimed = g.t_feats
    out = []
    for f, read, least, claim in offer[1]:
        if f not in claimed and read(g, p) >= least:
            out.append(claim)
    return out


def claim_feat(g: Game, feat: str) -> None:
    """Accomplishing a Feat: a token on the card, 1 or 2 PP, and a taunt offered for a Level 2 Feat."""
    seat = g.active
    for entry in g.feats:
        if entry[0] == feat:
            entry[1].append(seat)
    g.t_feats.append(feat)
    g.seats[seat].feat_tokens -= 1
    level = g.tab.feat_level[feat]
    gain_pp(g, seat, level)
    if level == 2:
        g.pending.append(("taunt", seat, ()))


def end_turn(g: Game) -> None:
    """End of the turn: full Feat cards leave, then the next player; the game ends when the round is complete."""
    n = g.n
    if any(len(toks) >= n for _, toks in g.feats):  # the list stays while no card leaves (claimable_feats keeps it)
        feats = []
        for f, toks in g.feats:
            if len(toks) >= n:
                for seat in toks:
                    g.seats[seat].feat_tokens += 1
                if g.feat_deck:
                    feats.append([g.feat_deck.pop(0), []])
            else:
                feats.append([f, toks])
        g.feats = feats
    o = g.o
    if g.active == n - 1 and (g.first_to_goal is not None or (o.round_limit is not None and g.round >= o.round_limit)):
        finish(g)
        return
    nxt = (g.active + 1) % n
    if nxt == 0:
        g.round += 1
    begin_turn(g, nxt)


def finish(g: Game) -> None:
    """End of Game: the most PP wins; a tie goes by turn order (ruling RP-14)."""
    order = list(range(g.n))
    if g.o.tie_break == "later":
        order.reverse()
    best = max(p.pp for p in g.seats)
    g.winner = next(i for i in order if g.seats[i].pp == best)
    g.result = f"{g.seats[g.winner].name} wins with {best} PP"
    g.stage = "over"
    g.pending = []
