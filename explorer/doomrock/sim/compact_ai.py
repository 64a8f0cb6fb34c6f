"""The compact battle's enemies: AI cards resolved top to bottom, die steal, party damage and enemy spawn
(the engine's ``enemies`` module over a ``CBattle``, changed in place; each function is the engine's of the
same name, without the log). A card waiting for the players keeps the engine's own ``Pause`` value.
"""
from __future__ import annotations

from ...core.frozen import replace
from ..state import Pause
from .compact import CBattle, CEnemy
from .compact_effects import _new_group, deal_damage, hero_armour, place_expose, reactions, threats, usable_items

SECTION = "Battle Sequence: Minion Activation"


def pick(g: CBattle, uid: str, target: str, active) -> list[int]:
    """The heroes a target word names: one, none, or several tied in threat (players decide)."""
    heroes = g.heroes
    if target == "active":
        return [active] if active is not None and heroes[active].hp + heroes[active].broken > 0 else []
    highest, adjacent = _WORDS[target]
    if adjacent:
        group = g.by_uid[uid].group
        alive = [i for i, h in enumerate(heroes) if h.hp + h.broken > 0 and h.group == group]
    else:
        alive = [i for i, h in enumerate(heroes) if h.hp + h.broken > 0]
    if not alive:
        return []
    if len(alive) == 1:
        return alive
    every = threats(g)
    values = [every[i] for i in alive]
    best = max(values) if highest else min(values)
    return [i for i, v in zip(alive, values) if v == best]


_WORDS = {t: (t.startswith("highest"), t.endswith("_adjacent"))
          for t in ("highest_threat", "lowest_threat", "highest_adjacent", "lowest_adjacent")}


def valid(g: CBattle, uid: str, action, i: int) -> bool:
    """Can ``action`` be performed against hero ``i`` (otherwise follow the arrow)?"""
    do = action.do
    if do == "move":
        group = g.by_uid[uid].group
        if g.heroes[i].group == group:
            return True
        return not any(h.group == group for h in g.heroes if h.hp + h.broken > 0)
    if do == "attack":
        return action.range == "any" or g.heroes[i].group == g.by_uid[uid].group
    if do == "steal":
        return any(d.place == "card" for d in g.mine[i])
    return True


def spawning_encounter(g: CBattle, uid: str):
    """The encounter card an enemy came with (an extra tier I encounter's enemies use their own)."""
    deck = g.deck
    me = g.by_uid[uid]
    cards = [deck.card(g.encounter)] + ([deck.card(g.extra)] if g.extra else [])
    return next((c for c in cards if c.deck == me.deck), cards[0])


def own_card(g: CBattle, uid) -> bool:
    """Does enemy ``uid`` enrage on the extra tier I card (``Options.enrage_cards="own"``, DR-7)?"""
    return (g.o.enrage_cards == "own" and g.extra is not None and uid is not None
            and spawning_encounter(g, uid).id == g.extra)


def attack_bonus(g: CBattle, uid) -> int:
    """Enrage: each enrage value reached on the attacker's encounter card adds damage (DR-7)."""
    if own_card(g, uid):
        card, value = g.extra, g.enrage_extra
    else:
        card, value = g.encounter, g.enrage
    reached = 0
    for t in g.t.enrage(card):
        if value >= t:
            reached += 1
    return reached * g.o.enraged_bonus


def share_room(g: CBattle, i: int) -> int:
    """Party damage: "A hero may not accept an amount of damage that would reduce his or her HP below zero"
    (DR-11: after shields and armour, or the HP left)."""
    h = g.heroes[i]
    if g.o.party_damage_limit == "hp":
        return h.hp + h.broken
    return h.hp + h.broken + h.shields + hero_armour(g, i)


def run_script(g: CBattle, uid: str, script: tuple, active, section: str = SECTION, forced=None,
               reacted: bool = False) -> None:
    """Minion Activation: perform the actions of an AI card part from top to bottom; a line with no valid
    target is skipped, ties in threat and reactions pause the card for the players (DR-5, DR-17)."""
    me = g.by_uid[uid]
    heroes = g.heroes
    for k, action in enumerate(script):
        if me.hp <= 0:
            break
        for h in heroes:
            if h.hp + h.broken > 0:
                break
        else:
            break  # every hero is defeated
        do = action.do
        if action.target:
            chosen = None
            if k == 0 and forced is not None:
                if g.heroes[forced].hp + g.heroes[forced].broken > 0 and valid(g, uid, action, forced):
                    chosen = forced
            else:
                for t in action.target:
                    if t == "active":  # (``pick``'s first case, without a list)
                        if active is not None and heroes[active].hp + heroes[active].broken > 0 and valid(
                                g, uid, action, active):
                            chosen = active
                            break
                        continue
                    fits = [i for i in pick(g, uid, t, active) if valid(g, uid, action, i)]
                    if len(fits) > 1:  # a tie in threat: the players decide (DR-5)
                        g.paused = Pause(uid, script[k:], active, section, "target", choices=tuple(fits))
                        return
                    if fits:
                        chosen = fits[0]
                        break
            if chosen is None:
                continue
            hero = g.heroes[chosen]
            if do == "move":
                if me.group != hero.group:
                    me.group = hero.group
            elif do == "attack":
                if not (k == 0 and reacted) and (g.t.reactive(hero.abilities) and reactions(g, chosen)
                                                 or usable_items(g)):
                    g.paused = Pause(uid, script[k:], active, section, "reaction", hero=chosen)
                    return
                deal_damage(g, chosen, action.amount + attack_bonus(g, uid), True, g.o.cumulation_blanks)
            elif do == "expose":
                place_expose(g, chosen, action.amount)
            elif do == "push":
                hero.group = _new_group(g)
            elif do == "steal":
                dice = [d for d in g.mine[chosen] if d.place == "card"]
                if len({(d.card, d.face) for d in dice}) > 1:  # the hero chooses which die
                    g.paused = Pause(uid, script[k:], active, section, "steal", hero=chosen)
                    return
                dice[0].place, dice[0].card = "stolen", uid
                g.stolen += 1
        elif do == "enrage":
            if own_card(g, uid):
                g.enrage_extra = max(0, g.enrage_extra + action.amount)
            else:
                g.enrage = max(0, g.enrage + action.amount)
        elif do == "shield":
            me.shields += action.amount
        elif do == "heal":
            me.hp += min(action.amount, me.max_hp - me.hp)
        elif do == "party_damage":
            amount = action.amount + attack_bonus(g, uid)
            alive = g.alive()
            if len(alive) > 1:  # the party divides it as it sees fit
                left = min(amount, sum(share_room(g, i) for i in alive))
                g.paused = Pause(uid, script[k:], active, section, "party_damage", left=left)
                return
            deal_damage(g, alive[0], min(amount, share_room(g, alive[0])), False, g.o.cumulation_blanks)
        elif do == "spawn":
            spawn(g, uid, action.amount, script[k:], active, section)
            if g.paused is not None:
                return


def takers(g: CBattle) -> list[int]:
    """Die steal: the heroes currently missing dice (fewer dice in hand than ability cards plus extra dice)."""
    out = []
    for i, h in enumerate(g.heroes):
        if h.hp + h.broken > 0:
            n = sum(1 for x in g.mine[i] if x.place != "stolen")
            if n < len(h.abilities) + h.extra:
                out.append(i)
    return out


def returned_die(g: CBattle):
    """Die steal: a stolen die on a defeated enemy waiting for the players to choose who gets it."""
    if not g.stolen:
        return None
    by_uid = g.by_uid
    for d in g.dice:
        if d.place == "stolen" and by_uid[d.card].hp <= 0:
            return d if len(takers(g)) >= 2 else None
    return None


def still_reacting(g: CBattle) -> bool:
    """After a response to an attack the pause stays open while the attack stands and a reaction or an item
    is left (DR-17)."""
    p = g.paused
    if p is None or p.kind != "reaction" or not p.script or p.hero is None:
        return False
    h = g.heroes[p.hero]
    if g.by_uid[p.uid].hp <= 0 or h.hp + h.broken <= 0 or not valid(g, p.uid, p.script[0], p.hero):
        return False
    return bool(reactions(g, p.hero) or usable_items(g))


def resume(g: CBattle) -> None:
    """Go on with the paused AI card: after its waiting line, or (after a reaction or a choice) with it."""
    p = g.paused
    g.paused = None
    if p.kind in ("reaction", "target"):
        run_script(g, p.uid, p.script, p.active, p.section, forced=p.hero, reacted=p.kind == "reaction")
    else:
        run_script(g, p.uid, p.script[1:], p.active, p.section)


def _spawn_kind(g: CBattle, uid: str):
    """Enemy spawn: the first minion kind of the spawning enemy's own encounter card (DR-6)."""
    enc = spawning_encounter(g, uid)
    return enc, next((s for s in enc.enemies if not s.boss), None)


def _fits(g: CBattle, spec) -> bool:
    """Enemy markers are limited: the minion tokens in play plus the new enemy's fit in the box (DR-6)."""
    used = sum((e.hp + 1) // 2 for e in g.enemies if e.hp > 0 and not e.boss)
    return used + (spec.hp + 1) // 2 <= g.o.minion_tokens


def spawn(g: CBattle, uid: str, count: int, script: tuple = (), active=None, section: str = SECTION) -> None:
    """Enemy spawn (Boss Activations): ``count`` enemies as the markers allow, placed by the players or with
    the spawning enemy (``Options.spawn_placement``, DR-6)."""
    enc, spec = _spawn_kind(g, uid)
    if spec is None or not _fits(g, spec):
        return
    if g.o.spawn_placement == "players":
        g.paused = Pause(uid, script, active, section, "spawn", left=count)
        return
    for _ in range(count):
        if not _fits(g, spec):
            break
        _place(g, enc, spec, g.by_uid[uid].group)


def place_spawn(g: CBattle, group) -> None:
    """``PlaceSpawn``: one paused spawn's enemy goes where the players chose; the card goes on once every
    enemy of the line is placed or the markers run out."""
    p = g.paused
    enc, spec = _spawn_kind(g, p.uid)
    g.paused = None
    _place(g, enc, spec, group)
    if p.left - 1 > 0 and _fits(g, spec):
        g.paused = replace(p, left=p.left - 1)
        return
    run_script(g, p.uid, p.script[1:], p.active, p.section)


def _place(g: CBattle, enc, spec, group) -> None:
    """A new enemy with the properties at the top of its encounter card, in ``group`` (None: a new group)."""
    if group is None:
        group = _new_group(g)
    e = CEnemy()
    e.uid, e.name, e.deck, e.hp, e.max_hp, e.armour, e.armour_down = (f"E{g.next_enemy}", spec.name, enc.deck,
                                                                      spec.hp, spec.hp, spec.armour, 0)
    e.shields, e.command, e.boss, e.objective, e.group, e.activated, e.expose = (spec.shields, spec.command, False,
                                                                                 spec.objective, group, False, [])
    g.enemies.append(e)
    g.by_uid[e.uid] = e
    g.next_enemy += 1
