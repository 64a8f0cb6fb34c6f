"""The compact battle's Battle Sequence: what may be done (``legal``, in ``battle.legal_actions``' order), the
chance an action needs (``draw``, from the generator in the order ``battle.chance_of_legal``'s spec samples it)
and what it does (``play``, then ``settle``), over a ``CBattle`` changed in place.

Actions are tuples, a tag first (``ACTION_TYPES`` names the engine's class of each; ``to_action`` and
``from_action`` convert). Battle Setup is played by the engine: a compact battle starts after it.
"""
from __future__ import annotations

from itertools import combinations

from .. import state as S
from ..campaign_state import Equip, Unequip
from .compact import CBattle
from .compact_ai import returned_die, share_room, takers
from .compact_effects import condition_met, groups, reactions, targets, threats
from .draws import Draws

ROLL, REROLL, KEEP, ASSIGN, SHIELD, HEROISM, DONE, PICKUP = ("roll", "reroll", "keep", "assign", "shield", "heroism",
                                                             "done", "pickup")
ROLLEXTRA, SHUFFLE, ACTIVATE, ITEM, STOPHIDING, ENDINIT = ("rollextra", "shuffle", "activate", "item", "stophiding",
                                                           "endinit")
MINION, BOSS, GIVE, TARGET, SPAWN, NOREACTION, TAKE, ENDROUND = ("minion", "boss", "give", "target", "spawn",
                                                                 "noreaction", "take", "endround")
PLACE, SETUP, FORMATION, EQUIP, UNEQUIP = "place", "setup", "formation", "equip", "unequip"
ACTION_TYPES = {ROLL: S.Roll, REROLL: S.Reroll, KEEP: S.KeepDice, ASSIGN: S.Assign, SHIELD: S.MakeShield,
                HEROISM: S.MakeHeroism, DONE: S.DoneAssigning, PICKUP: S.PickUpLocked, ROLLEXTRA: S.RollExtra,
                SHUFFLE: S.ShuffleExpose, ACTIVATE: S.Activate, ITEM: S.UseItem, STOPHIDING: S.StopHiding,
                ENDINIT: S.EndInitiative, MINION: S.ActivateMinion, BOSS: S.ActivateBoss, GIVE: S.GiveDie,
                TARGET: S.ChooseTarget, SPAWN: S.PlaceSpawn, NOREACTION: S.NoReaction, TAKE: S.TakeDamage,
                ENDROUND: S.EndRound, PLACE: S.PlaceHeroism, SETUP: S.SetUpBattle, FORMATION: S.Formation,
                EQUIP: Equip, UNEQUIP: Unequip}
TAG_OF = {cls: tag for tag, cls in ACTION_TYPES.items()}
CHANCE_TAGS = frozenset({ROLL, ROLLEXTRA, SHUFFLE})  # with SetUpBattle, the table's actions (``skirmish.player_of``)
DAMAGING = frozenset({ACTIVATE, ITEM, MINION, BOSS, NOREACTION, TARGET, GIVE, TAKE, SPAWN})
ROLL_STEPS = frozenset({ROLL, REROLL, KEEP, ASSIGN, SHIELD, HEROISM, DONE, PICKUP})
KEEP_A, DONE_A, ENDINIT_A, ENDROUND_A, ROLL_A, ROLLEXTRA_A, SHUFFLE_A, NOREACTION_A = (
    (KEEP,), (DONE,), (ENDINIT,), (ENDROUND,), (ROLL,), (ROLLEXTRA,), (SHUFFLE,), (NOREACTION,))


def to_action(a: tuple):
    """The engine's action a compact one stands for."""
    return ACTION_TYPES[a[0]](*a[1:])


def from_action(action) -> tuple:
    """The compact action standing for an engine action."""
    return (TAG_OF[type(action)],) + tuple(getattr(action, f) for f in action.__dataclass_fields__)


# ---- what may be done ---------------------------------------------------------------------

def legal(g: CBattle) -> list:
    """Exactly the actions the party (or the table) may take now, phase by phase ("Battle Sequence")."""
    if g.result is not None:
        return []
    if g.stolen and returned_die(g) is not None:  # "the dice may be distributed among any heroes missing dice"
        return [(TARGET, i) for i in takers(g)]
    if g.paused is not None:
        return decisions(g)
    if not g.expose_pool and g.expose_up:
        return [SHUFFLE_A]
    if g.o.heavy_planning:
        for i, h in enumerate(g.heroes):
            if h.hp + h.broken > 0 and h.heroism - sum(n for _, n in h.heroism_on) > 0:
                # "Whenever players gain heroism markers, they must place them on specific ability cards."
                return [(PLACE, i, cid) for cid in dict.fromkeys(h.abilities)]
    phase = g.phase
    if phase == "roll":
        return roll_actions(g)
    waiting = False
    loose = None
    for d in g.dice:
        p = d.place
        if p == "waiting":
            waiting = True
            break
        if p == "rolled" and loose is None:
            loose = d.owner
    if waiting:
        return [ROLLEXTRA_A]
    if loose is not None:
        return assign_actions(g, loose, False)
    if phase == "initiative":
        acts = activations(g, True) + items(g) + [ENDINIT_A]
    elif phase == "minions":
        acts = minion_choices(g) + items(g)
    elif phase == "boss":
        acts = [(BOSS, e.uid) for e in g.enemies if e.hp > 0 and e.boss and not e.activated] + items(g)
    elif phase == "actions":
        acts = activations(g, False) + items(g) + [ENDROUND_A]
    else:
        acts = []
    for i, h in enumerate(g.heroes):
        if h.hidden and h.hp + h.broken > 0:
            acts.append((STOPHIDING, i))
    return acts


def roll_actions(g: CBattle) -> list:
    """Roll Phase: the rolling hero's choices (roll, re-roll any dice twice, keep, assign); before the roll
    a locked die may be picked up (``Options.locked_dice == "optional"``, DR-18)."""
    i = g.roller
    if g.rolls == 0:
        if g.locked and g.o.locked_dice == "optional":
            return [ROLL_A] + [(PICKUP, d.index) for d in g.mine[i] if d.place == "locked"]
        return [ROLL_A]
    if not g.assigning:
        return list(reroll_choices(g, i))
    return assign_actions(g, i, True)


def reroll_choices(g: CBattle, i: int) -> tuple:
    """Roll Phase: re-roll any of hero ``i``'s rolled dice (every subset, by size), or keep them."""
    rolled = tuple([d.index for d in g.mine[i] if d.place == "rolled"])
    acts = _REROLLS.get(rolled)
    if acts is None:
        if len(_REROLLS) >= 4096:
            _REROLLS.clear()
        acts = _REROLLS[rolled] = tuple(
            [(REROLL, c) for n in range(1, len(rolled) + 1) for c in combinations(rolled, n)] + [KEEP_A])
    return acts


_REROLLS: dict[tuple, tuple] = {}  # the re-roll choices of each set of rolled dice (every subset, then keep)


def hero_dice(g: CBattle, i: int) -> tuple[list, dict[str, int]]:
    """A hero's dice, and how many dice each of its ability cards holds (placed or locked)."""
    mine = g.mine[i]
    held: dict[str, int] = {}
    for d in mine:
        if d.place == "card" or d.place == "locked":
            held[d.card] = held.get(d.card, 0) + 1
    return mine, held


def assign_actions(g: CBattle, i: int, roll_phase: bool) -> list:
    """Assign dice (and, in the roll phase, 1s for shields and 6s for heroism); with ``assign_if_able`` the hero
    is done only when no die left fits a card (DR-29)."""
    mine, held = hero_dice(g, i)
    fits = g.t.fits(g.heroes[i].abilities)
    acts: list = []
    assigned = False
    for d in mine:
        if d.place != "rolled":
            continue
        f = d.face
        for cid, capacity, _ in fits[f]:
            if held.get(cid, 0) < capacity:
                acts.append((ASSIGN, d.index, cid))
                assigned = True
        if roll_phase:
            if f == 1:
                acts.append((SHIELD, d.index))
            elif f == 6:
                acts.append((HEROISM, d.index))
    if assigned and g.o.assign_if_able:
        return acts
    acts.append(DONE_A)
    return acts


def decisions(g: CBattle) -> list:
    """Rules for the Rules: "players decide" inside an AI card (a stolen die, a target, a spawn, a reaction,
    divided party damage)."""
    p = g.paused
    k = p.kind
    if k == "steal":
        return [(GIVE, d.index) for d in g.mine[p.hero] if d.place == "card"]
    if k == "target":
        return [(TARGET, i) for i in p.choices]
    if k == "spawn":
        return [(SPAWN, x) for x in groups(g)] + [(SPAWN, None)]
    if k == "reaction":
        acts = []
        h = g.heroes[p.hero]
        for cid in reactions(g, p.hero):
            c = g.t.cards[cid]
            most = most_heroism(g, h, cid, c)
            acts += [(ACTIVATE, p.hero, cid, t, n) for t in targets(g, p.hero, c) for n in range(most + 1)]
        return acts + items(g) + [NOREACTION_A]
    taken = dict(p.shares)
    return [(TAKE, i) for i in g.alive() if share_room(g, i) - taken.get(i, 0) > 0] + items(g)


def activations(g: CBattle, initiative: bool) -> list:
    """Hero Action Phase: every ready card on every valid target with any affordable heroism."""
    acts = []
    for i, h, cid, c in ready(g, initiative):
        most = most_heroism(g, h, cid, c)
        for t in targets(g, i, c):
            acts += [(ACTIVATE, i, cid, t, n) for n in range(most + 1)]
    return acts


def ready(g: CBattle, initiative: bool) -> list:
    """Ability activation: each undefeated hero's cards holding a full set of unspent dice, not dice-lock, not a
    reaction, initiative ones only in the initiative phase, with their condition met: (hero, its hero, card id,
    card) in ``activations``' order."""
    cards = g.t.cards
    out = []
    every = placed(g)
    for i, h in enumerate(g.heroes):
        held = every[i]
        if not held or h.hp + h.broken <= 0:
            continue
        for cid in g.t.unique(h.abilities):
            on = held.get(cid)
            if on is None:
                continue
            c = cards[cid]
            # A reaction is used only when its condition is met: its hero is attacked (DR-17).
            if c.lock or on < c.dice or c.reaction or (initiative and not c.initiative):
                continue
            if c.condition is not None and not condition_met(g, i, c.condition):
                continue
            out.append((i, h, cid, c))
    return out


def placed(g: CBattle) -> list[dict[str, int]]:
    """For each hero, how many unspent dice each ability card holds (placed, not locked), in one pass."""
    out: list[dict[str, int]] = [{} for _ in g.heroes]
    for d in g.dice:
        if d.place == "card":
            held = out[d.owner]
            held[d.card] = held.get(d.card, 0) + 1
    return out


def most_heroism(g: CBattle, h, cid: str, c) -> int:
    """The heroism a card may spend: the hero's, or with heavy planning the markers placed on it (DR-25)."""
    if not c.heroism:
        return 0
    return dict(h.heroism_on).get(cid, 0) if g.o.heavy_planning else h.heroism


def items(g: CBattle) -> list:
    """Using items: each equipped item's Use: effect once per round."""
    acts = []
    for i, h in enumerate(g.heroes):
        if not h.items or h.hp + h.broken <= 0:
            continue
        for iid in dict.fromkeys(h.items):
            c = g.t.cards[iid]
            if c.use and iid not in h.used_items:
                acts += [(ITEM, i, iid, t) for t in targets(g, i, c)]
    return acts


def minion_choices(g: CBattle) -> list:
    """Minion Activation: two minions per hero in threat order; rampage when all were activated."""
    minions, fresh = [], []
    for e in g.enemies:
        if e.hp > 0 and not e.boss:
            minions.append(e)
            if not e.activated:
                fresh.append(e)
    if g.active is not None:
        return _with_redirects(g, g.active, fresh)
    done = g.minion_done
    waiting = [i for i, h in enumerate(g.heroes) if h.hp + h.broken > 0 and i not in done]
    if not waiting or not minions:
        return []
    every = threats(g)
    top = max([every[i] for i in waiting])
    pool = fresh or minions  # Rampage: with every minion activated, any minion may be chosen.
    acts: list = []
    for i in waiting:
        if every[i] == top:
            acts += _with_redirects(g, i, pool)
    return acts


def _with_redirects(g: CBattle, i: int, minions: list) -> list:
    """Hero ``i`` activates each of ``minions``; hidden: once per round a hidden hero may let another hero be the
    active hero."""
    h = g.heroes[i]
    if not h.hidden or h.redirected:
        return [(MINION, i, e.uid, None) for e in minions]
    others = [j for j in g.alive() if j != i]
    acts = []
    for e in minions:
        acts.append((MINION, i, e.uid, None))
        acts += [(MINION, i, e.uid, j) for j in others]
    return acts


# ---- chance ---------------------------------------------------------------------------------

def draw(g: CBattle, a: tuple, rng: Draws):
    """The outcome ``battle.chance_of_legal``'s spec would sample for ``a`` from the generator (the same draws in
    the same order), or None; shuffles of ranks are lists of ints (the engine's are strings)."""
    tag = a[0]
    if tag == ROLL:
        roller = g.roller
        return rng.dice(sum(1 for d in g.mine[roller] if d.place == "pool"))
    if tag == REROLL:
        return rng.dice(len(a[1]))
    if tag == ROLLEXTRA:
        waiting = [d for d in g.dice if d.place == "waiting"]
        owner = waiting[0].owner if waiting else 0
        return rng.dice(sum(1 for d in waiting if d.owner == owner))
    if tag == SHUFFLE:
        up = g.expose_up
        return [up[i] for i in rng.order(len(up))]
    if tag == MINION or tag == BOSS:
        deck_id = g.by_uid[a[1] if tag == BOSS else a[2]].deck
        ai = None
        if not g.ai_draw.get(deck_id):
            pile = g.ai_discard.get(deck_id, ())
            ai = [pile[i] for i in rng.order(len(pile))]
        out = _orders(g, a, g.t.ai_expose[deck_id]["minion" if tag == MINION else "boss"], rng)
        if out is None:
            return ai
        if ai is not None:
            out = {"ai": ai, **out}
        return out
    if tag not in DAMAGING and g.paused is None:
        return None  # nothing to draw: no AI card, no markers (``expose_need`` is 0, no damage)
    return _orders(g, a, expose_need(g, a), rng)


def _orders(g: CBattle, a: tuple, need: int, rng: Draws) -> dict | None:
    """The expose reshuffle order and the battle cumulation orders ``a`` needs (parts "reshuffle", "cumulation 1",
    "cumulation 2"...), or None."""
    out = None
    if need > len(g.expose_pool):  # the pool may run out during this action: a reshuffle order (DR-3)
        out = {"reshuffle": rng.order(sum(k for _, k in g.o.expose_counts))}
    hidden, size = cumulation_parts(g, a, need)
    if hidden:
        if out is None:
            out = {}
        names = (_CUMULATION[1:hidden + 1] if hidden < len(_CUMULATION)
                 else [f"cumulation {k}" for k in range(1, hidden + 1)])
        out.update(zip(names, rng.orders(hidden, size)))
    return out


def expose_need(g: CBattle, a: tuple) -> int:
    """The most expose markers ``a`` could place (``cumulation_need.expose_need``)."""
    p = g.paused
    waiting = sum(x.amount for x in p.script if x.do == "expose") if p is not None else 0
    tag = a[0]
    if tag == ACTIVATE:
        c = g.t.cards[a[2]]
        return waiting + c.expose + a[4] * sum(n for name, n in c.bonus if name == "bonus_expose")
    if tag == ITEM:
        return waiting + g.t.cards[a[2]].expose
    if tag == MINION:
        return g.t.ai_expose[g.by_uid[a[2]].deck]["minion"]
    if tag == BOSS:
        return g.t.ai_expose[g.by_uid[a[1]].deck]["boss"]
    return waiting


def cumulation_parts(g: CBattle, a: tuple, need: int) -> tuple[int, int]:
    """The battle cumulation shuffles ``a`` would need, drawn in advance: how many (one per battle cumulation
    marker not yet seen) and the ranks each orders (``cumulation_need.cumulation_parts``, DR-3).

    Every marker is in exactly one place (the pool, a character, revealed, out of the battle), so the face-down
    cumulation markers are those not seen, and the markers still in play are all but those out."""
    if g.o.cumulation_flip != "shuffle":
        return 0, 0
    if need <= len(g.expose_pool) + len(g.expose_up):  # no expose explosion possible
        if not may_damage(g, a):
            return 0, 0
        if need <= 0:
            for x in g.heroes:
                if x.expose:
                    break
            else:
                for x in g.enemies:
                    if x.expose:
                        break
                else:
                    return 0, 0  # nobody is exposed: no marker can turn up
    cums = g.cumulations
    up, out = g.expose_up, g.expose_out
    seen = (len(cums.intersection(up)) if up else 0) + (len(cums.intersection(out)) if out else 0)  # (ids unique)
    hidden = max(g.o.expose_cumulation - seen, len(cums) - seen)
    if hidden <= 0:
        return 0, 0
    return hidden, g.markers - len(out)


_CUMULATION = tuple(f"cumulation {k}" for k in range(61))


def may_damage(g: CBattle, a: tuple) -> bool:
    """Whether ``a`` may deal damage (``cumulation_need.may_damage``)."""
    tag = a[0]
    if tag not in DAMAGING:
        return False
    if g.paused is not None:
        return True
    if tag == ACTIVATE or tag == ITEM:
        return g.t.cards[a[2]].damages
    return True
