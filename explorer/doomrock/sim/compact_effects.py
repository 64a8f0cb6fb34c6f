"""The compact battle's positions, damage pipeline and card effects: the engine's ``positions``, ``damage`` and
``abilities`` over a ``CBattle``, changed in place.

Each function is the engine function of the same name (its docstring names the rule), without the log.
"""
from __future__ import annotations

from .compact import CBattle, CDie, regroup

DAMAGE, EXPOSE, PUSH, ARMOUR_DOWN, MOVE, SHIELD, HEAL, EXTRA_DIE, HIDE = (
    "damage", "expose", "push", "armour_down", "move", "shield", "heal", "extra_die", "hide")


_KINDS: dict[str, str] = {}


def kind(m: str) -> str:
    """Expose marker ids name their type: ``plus1#3`` (``damage.marker_type``)."""
    k = _KINDS.get(m)
    if k is None:
        k = _KINDS[m] = m.partition("#")[0]
    return k


# ---- Battle Basics and Positioning -------------------------------------------------------

def passives(g: CBattle, i: int, armour: bool) -> int:
    """``positions.hero_passives``: armour or threat from the hero's locked cards and equipped items."""
    cards = g.t.cards
    total = 0
    if g.locked:
        seen = set()
        for d in g.mine[i]:
            if d.place == "locked" and d.card not in seen:
                seen.add(d.card)
                c = cards[d.card]
                total += c.armour if armour else c.threat
    for iid in g.heroes[i].items:
        c = cards[iid]
        total += c.armour if armour else c.threat
    return total


def threat(g: CBattle, i: int) -> int:
    """Threat value ("Minion Activation: Threat value"); a hidden hero has threat zero."""
    h = g.heroes[i]
    return 0 if h.hidden else h.threat + passives(g, i, False)


def threats(g: CBattle) -> list[int]:
    """Every hero's ``threat``, in one pass over the dice."""
    cards = g.t.cards
    heroes = g.heroes
    out = [h.threat for h in heroes]
    if g.locked:
        seen = set()
        for d in g.dice:
            if d.place == "locked" and (d.owner, d.card) not in seen:
                seen.add((d.owner, d.card))
                out[d.owner] += cards[d.card].threat
    for i, h in enumerate(heroes):
        if h.hidden:
            out[i] = 0
        elif h.items:
            out[i] += sum(cards[it].threat for it in h.items)
    return out


def hero_armour(g: CBattle, i: int) -> int:
    """Armor of a hero: from locked abilities and equipped items."""
    return passives(g, i, True)


def enemies_in(g: CBattle, group: int) -> list:
    return [e for e in g.enemies if e.hp > 0 and e.group == group]


def heroes_in(g: CBattle, group: int) -> list:
    return [h for h in g.heroes if h.hp + h.broken > 0 and h.group == group]


def surrounded(g: CBattle, i: int) -> bool:
    """Surrounded: adjacent to twice the number of enemies as heroes in the group; never when hidden."""
    h = g.heroes[i]
    if h.hidden:
        return False
    return len(enemies_in(g, h.group)) >= 2 * len(heroes_in(g, h.group))


def condition_met(g: CBattle, i: int, condition) -> bool:
    """Activation condition: a prioritized exception listed at the bottom of the card."""
    if condition is None:
        return True
    if condition == "not_surrounded":
        return not surrounded(g, i)
    if condition == "engaged":
        return bool(enemies_in(g, g.heroes[i].group))
    if condition == "not_engaged":
        return not enemies_in(g, g.heroes[i].group)
    return True


def groups(g: CBattle) -> list[int]:
    """The groups in use (every character in a group is adjacent to every other)."""
    used = {h.group for h in g.heroes if h.hp + h.broken > 0} | {e.group for e in g.enemies if e.hp > 0}
    return sorted(used)


def targets(g: CBattle, i: int, card) -> list[str]:
    """Valid targets of a card ("Limitation": no applicable target, no activation)."""
    kind_ = card.target
    if kind_ == "enemy":
        if card.near:
            own = g.heroes[i].group
            return [e.uid for e in g.enemies if e.hp > 0 and e.group == own]
        return [e.uid for e in g.enemies if e.hp > 0]
    if kind_ == "group":
        own = g.heroes[i].group
        return [_GROUP[x] if x < 64 else f"group:{x}" for x in groups(g) if x != own] + ["new"]
    if kind_ == "hero":
        return [_HERO[j] for j, h in enumerate(g.heroes) if h.hp + h.broken > 0]
    return ["self"]


_GROUP = tuple(f"group:{x}" for x in range(64))
_HERO = tuple(f"hero:{j}" for j in range(8))


def on_card(g: CBattle, i: int, cid: str, placed_only: bool) -> int:
    """How many of hero ``i``'s dice are on ``cid`` (``placed_only``: unspent, not locked)."""
    n = 0
    for d in g.mine[i]:
        if d.card == cid and (d.place == "card" or (not placed_only and d.place == "locked")):
            n += 1
    return n


def reactions(g: CBattle, i: int) -> list[str]:
    """Reaction abilities of hero ``i`` with a full set of dice and their condition met."""
    cards = g.t.cards
    out = []
    for cid in g.t.reactive(g.heroes[i].abilities):  # (most heroes have none)
        c = cards[cid]
        if on_card(g, i, cid, True) >= c.dice and condition_met(g, i, c.condition):
            out.append(cid)
    return out


def usable_items(g: CBattle) -> bool:
    """Does any undefeated hero hold an item whose Use: effect is still unused this round?"""
    cards = g.t.cards
    for h in g.heroes:
        if h.items and h.hp + h.broken > 0:
            for it in h.items:
                if cards[it].use and it not in h.used_items:
                    return True
    return False


# ---- Battle Effects: expose markers and damage --------------------------------------------

def _char(g: CBattle, who):
    return g.heroes[who] if type(who) is int else g.by_uid[who]


def _new_group(g: CBattle) -> int:
    n = g.next_group
    g.next_group = n + 1
    return n


def place_expose(g: CBattle, target, count: int) -> None:
    """``damage.place_expose``: ``count`` face-down markers from the top of the pool; an empty pool is
    reshuffled (DR-3); with no marker anywhere the expose explosion occurs first (DR-4)."""
    for _ in range(count):
        if not g.expose_pool and not g.expose_up:
            expose_explosion(g)
            c = _char(g, target)
            if (c.hp + c.broken if type(target) is int else c.hp) <= 0:
                break
        if not g.expose_pool:
            if not g.expose_up or not g.ranks:
                break
            up = sorted(g.expose_up)
            g.expose_pool = [up[r] for r in g.ranks if r < len(up)]
            g.expose_up = []
        _char(g, target).expose.append(g.expose_pool.pop(0))


def expose_explosion(g: CBattle) -> None:
    """Expose explosion: all expose markers on characters are consumed (DR-4)."""
    for i in g.alive():
        if g.heroes[i].expose:
            deal_damage(g, i, 0, False, g.o.cumulation_blanks, True)
    for e in [e for e in g.enemies if e.hp > 0]:
        if e.expose:
            deal_damage(g, e.uid, 0, False, g.o.cumulation_blanks, True)


def deal_damage(g: CBattle, target, amount: int, attack: bool = True, blanks: str = "all",
                explosion: bool = False) -> None:
    """Damage: expose markers, then shields, then armour (this source), then HP (``damage.deal_damage``).

    ``blanks`` is the ``cumulation_blanks`` reading the engine's call passes (its default when it passes no
    options)."""
    hero = type(target) is int
    c = g.heroes[target] if hero else g.by_uid[target]
    revealed = c.expose
    cumulation = False
    if revealed:
        c.expose = []
        g.expose_up.extend(revealed)
        kinds = [kind(m) for m in revealed]
        if "push" in kinds:
            c.group = _new_group(g)
        if not (explosion and g.o.explosion_damage == "none"):
            amount += kinds.count("plus1")
        cumulation = "cumulation" in kinds
    shields = min(c.shields, amount)
    amount -= shields
    armour = passives(g, target, True) if hero else max(0, c.armour - c.armour_down)
    amount -= min(armour, amount)
    c.shields -= shields
    if hero:
        from_broken = min(c.broken, amount)
        c.broken -= from_broken
        c.hp = max(0, c.hp - (amount - from_broken))
        c.hidden = c.hidden and not attack
    else:
        c.hp -= min(c.hp, amount)
    if cumulation:
        battle_cumulation(g, revealed if blanks == "earlier" else ())


def battle_cumulation(g: CBattle, now=()) -> None:
    """Battle cumulation: it and the revealed blanks leave the battle; the other revealed markers are
    flipped face down and shuffled into the pool with the next order drawn in advance (DR-3)."""
    out, back = [], []
    for m in g.expose_up:
        k = kind(m)
        (out if k == "cumulation" or (k == "blank" and m not in now) else back).append(m)
    g.expose_up = []
    g.expose_out.extend(out)
    if g.flips is None:
        g.expose_pool.extend(back)
        return
    pool = g.expose_pool + sorted(back)
    if not g.flips:
        raise RuntimeError("battle cumulation: this action drew no shuffle order for it (chance part 'cumulation')")
    order = g.flips.pop(0)
    shuffled = [pool[r] for r in order if r < len(pool)]
    if len(shuffled) != len(pool):
        raise RuntimeError(f"battle cumulation: an order of {len(order)} ranks cannot shuffle {len(pool)} markers")
    g.expose_pool = shuffled


# ---- Hero Action Phase: card effects ------------------------------------------------------

def resolve(g: CBattle, i: int, effects, bonus_effects, heroism: int, target: str) -> None:
    """Apply a card's effects (with ``heroism`` markers spent on its heroism effect) to ``target``
    (``abilities.resolve``; a push moves the target before the damage)."""
    bonus = {"bonus_damage": 0, "bonus_shield": 0, "bonus_heal": 0, "bonus_expose": 0}
    for name, amount in bonus_effects:
        bonus[name] += amount * heroism
    if any(name == PUSH for name, _ in effects):
        effects = tuple(e for e in effects if e[0] == PUSH) + tuple(e for e in effects if e[0] != PUSH)
    h = g.heroes[i]
    blanks = g.o.cumulation_blanks
    for name, p in effects:
        if h.hp + h.broken <= 0 and name != HEAL:
            break
        if name in (DAMAGE, EXPOSE, PUSH):
            e = g.by_uid.get(target)
            if e is None or e.hp <= 0:
                continue
            if name == DAMAGE:
                deal_damage(g, target, p["amount"] + bonus.pop("bonus_damage", 0), True, blanks)
            elif name == EXPOSE:
                place_expose(g, target, p["count"] + bonus.pop("bonus_expose", 0))
            else:
                e.group = _new_group(g)
        elif name == ARMOUR_DOWN:
            g.by_uid[target].armour_down += p["amount"]
        elif name == MOVE:
            h.group = _new_group(g) if target == "new" else int(target[6:])
        elif name == SHIELD:
            h.shields += p["amount"] + bonus.pop("bonus_shield", 0)
        elif name == HEAL:
            heal(g, int(target.split(":")[1]), p["amount"] + bonus.pop("bonus_heal", 0))
        elif name == EXTRA_DIE:
            n = p["amount"]
            start = max((d.index for d in g.mine[i]), default=-1) + 1
            g.dice.extend(CDie(i, start + k, place="waiting") for k in range(n))
            regroup(g)
            h.extra += n
        elif name == HIDE:
            h.hidden = True
        else:  # pragma: no cover - the registry admits no other ability effect
            raise ValueError(name)
    if bonus.get("bonus_shield"):
        h.shields += bonus["bonus_shield"]
    if bonus.get("bonus_heal"):
        heal(g, i, bonus["bonus_heal"])


def heal(g: CBattle, j: int, amount: int) -> None:
    """Healing: in battle a hero gains broken hit points, never above the maximum."""
    h = g.heroes[j]
    h.broken += max(0, min(amount, h.max_hp - h.hp - h.broken))


def spend_dice(g: CBattle, i: int, cid: str, count: int) -> None:
    """Remove one set of dice from the card: they are spent."""
    n = 0
    for d in g.mine[i]:
        if n >= count:
            break
        if d.place == "card" and d.card == cid:
            d.place, d.card, d.face = "spent", None, None
            n += 1


def use_item(g: CBattle, i: int, item: str, target: str) -> None:
    """Using items: once per round; a consumable is discarded after use."""
    card = g.t.cards[item]
    h = g.heroes[i]
    if card.slot == "consumable":
        h.items = tuple(x for x in h.items if x != item)
    h.used_items = h.used_items + (item,)
    resolve(g, i, card.use, (), 0, target)
