"""What a compact battle action does: ``battle.apply_legal`` (and the roll phase, AI activations, end of round and
``settle`` it calls) over a ``CBattle`` changed in place, for an action ``compact_rules.legal`` listed and the
outcome ``compact_rules.draw`` drew for it; ``fight`` plays a battle on by a bot (the batch games' loop and the
search bot's rollouts)."""
from __future__ import annotations

from ...core.frozen import replace
from ..state import RETURNED
from .compact import CBattle, CDie, regroup
from .compact_ai import place_spawn, resume, returned_die, run_script, share_room, still_reacting, takers
from .compact_effects import deal_damage, resolve, spend_dice, use_item
from .compact_rules import (
    ACTIVATE, ASSIGN, BOSS, ENDINIT, ENDROUND, GIVE, HEROISM, ITEM, KEEP, MINION, NOREACTION, PICKUP, PLACE,
    CHANCE_TAGS, REROLL, ROLL, ROLL_STEPS, ROLLEXTRA, SHIELD, SHUFFLE, SPAWN, STOPHIDING, TAKE, TARGET, draw, legal,
)
from .draws import Draws

MINION_SECTION, BOSS_SECTION = "Battle Sequence: Minion Activation", "Battle Sequence: Boss Activations"


def play(g: CBattle, a: tuple, outcome=None) -> None:
    """Play one listed action with the outcome drawn for it ("Battle Sequence"), then ``settle``."""
    tag = a[0]
    if tag in ROLL_STEPS and g.phase == "roll":
        # A roll phase step changes no hit points, no enemy and nobody's dice count: ``settle`` has nothing to do.
        roll_phase(g, a, outcome)
        return
    if type(outcome) is dict:
        # the expose reshuffle order and the battle cumulation orders drawn for this action (DR-3), in the order
        # ``draw`` made them ("cumulation 1", "cumulation 2"...)
        g.flips = [v for k, v in outcome.items() if k[0] == "c"]
        g.ranks = outcome.get("reshuffle", [])
        outcome = outcome.get("ai")
    if g.o.cumulation_flip == "under":
        g.flips = None
    if tag in ROLL_STEPS:
        roll_phase(g, a, outcome)
    elif tag == ACTIVATE:
        _, i, cid, target, n = a
        c = g.t.cards[cid]
        spend_dice(g, i, cid, c.dice)
        h = g.heroes[i]
        h.heroism -= n
        if h.heroism_on:
            on = dict(h.heroism_on)
            if n and cid in on:
                on[cid] -= n
            h.heroism_on = tuple(sorted((k, v) for k, v in on.items() if v > 0))
        resolve(g, i, c.effects, c.bonus, n, target)
        if g.paused is not None and g.paused.kind == "reaction" and not still_reacting(g):  # then the attack
            resume(g)
    elif tag == MINION:
        _activate(g, a[2], a[1], outcome, a[3])
    elif tag == BOSS:
        _activate(g, a[1], None, outcome)
    elif tag == ENDINIT:
        g.phase = "minions"
    elif tag == ENDROUND:
        end_round(g)
    elif tag == ROLLEXTRA:
        waiting = [d for d in g.dice if d.place == "waiting"]
        mine = [d for d in waiting if d.owner == waiting[0].owner]
        for d, f in zip(mine, outcome):
            d.face, d.place, d.card = f, "rolled", None
    elif tag == SHUFFLE:
        g.expose_pool, g.expose_up = list(outcome), []
    elif tag == NOREACTION:
        resume(g)
    elif tag == TARGET:
        back = returned_die(g)
        if back is not None:
            return_die(g, back, a[1])
        else:
            g.paused = replace(g.paused, hero=a[1])
            resume(g)
    elif tag == SPAWN:
        place_spawn(g, a[1])
    elif tag == GIVE:
        p = g.paused
        die = _die(g, p.hero, a[1])
        die.place, die.card = "stolen", p.uid
        g.stolen += 1
        resume(g)
    elif tag == TAKE:
        _take(g, a[1])
    elif tag == STOPHIDING:
        g.heroes[a[1]].hidden = False
    elif tag == PLACE:  # Heavy planning: a heroism marker placed on an ability card
        h = g.heroes[a[1]]
        on = dict(h.heroism_on)
        on[a[2]] = on.get(a[2], 0) + 1
        h.heroism_on = tuple(sorted(on.items()))
    elif tag == ITEM:
        use_item(g, a[1], a[2], a[3])
        if g.paused is not None and g.paused.kind == "reaction" and not still_reacting(g):
            resume(g)
    else:  # pragma: no cover
        raise ValueError(f"{a} is not a compact battle action")
    g.ranks, g.flips = (), ()  # the orders drawn for this action only are dropped
    settle(g)


def _take(g: CBattle, i: int) -> None:
    """Party damage: one point of it goes to hero ``i``; once divided, each share is dealt as one source."""
    p = g.paused
    shares = dict(p.shares)
    shares[i] = shares.get(i, 0) + 1
    p = replace(p, left=p.left - 1, shares=tuple(sorted(shares.items())))
    g.paused = p
    if p.left > 0 and any(share_room(g, j) - shares.get(j, 0) > 0 for j in g.alive()):
        return
    for j, n in p.shares:  # not an attack: a hidden hero stays hidden (the engine's default readings)
        deal_damage(g, j, n, False, g.o.cumulation_blanks)
    resume(g)


def roll_phase(g: CBattle, a: tuple, outcome) -> None:
    """Roll Phase: roll, two re-rolls, assign dice, shields from 1s and heroism from 6s."""
    i = g.roller if g.phase == "roll" else next((d.owner for d in g.dice if d.place == "rolled"), None)
    tag = a[0]
    if tag == ROLL:
        for d, f in zip([d for d in g.mine[i] if d.place == "pool"], outcome):
            d.face, d.place = f, "rolled"
        g.rolls = 1
        return
    if tag == REROLL:
        faces = dict(zip(a[1], outcome))
        for d in g.mine[i]:
            if d.index in faces:
                d.face = faces[d.index]
        g.rolls += 1
        if g.rolls >= 3:  # the result of the third roll must be kept
            g.assigning = True
        return
    if tag == KEEP:
        g.assigning = True
        return
    if tag == PICKUP:
        d = _die(g, i, a[1])
        d.place, d.face, d.card = "pool", None, None
        g.locked -= 1
        return
    if tag == ASSIGN:
        d = _die(g, i, a[1])
        if g.t.cards[a[2]].lock:
            d.place = "locked"
            g.locked += 1
        else:
            d.place = "card"
        d.card = a[2]
        return
    if tag == SHIELD or tag == HEROISM:
        d = _die(g, i, a[1])
        d.place, d.face = "spent", None
        if tag == SHIELD:
            g.heroes[i].shields += 1
        else:
            g.heroes[i].heroism += 1
        return
    for d in g.mine[i]:  # DoneAssigning: unassigned dice are immediately spent
        if d.place == "rolled":
            d.place, d.face = "spent", None
    if g.phase != "roll":
        return
    later = [j for j in g.alive() if j > i]
    if later:
        g.roller, g.rolls, g.assigning = later[0], 0, False
    else:
        g.phase, g.rolls, g.assigning = "initiative", 0, False


def play_roll_phase(g: CBattle, choice, rng, budget: int) -> int:
    """The roll phase's steps a bot reads from the dice (``choice(g)``; None: it needs the legal list), each
    drawn and played as ``play`` would (a roll phase step settles nothing), without listing them: returns how many
    were played (at most ``budget``)."""
    n = 0
    while n < budget and g.phase == "roll":
        a = choice(g)
        if a is None:
            break
        tag = a[0]
        roll_phase(g, a, draw(g, a, rng) if tag == ROLL or tag == REROLL else None)  # (the others draw nothing)
        n += 1
    return n


def _die(g: CBattle, owner: int, index: int) -> CDie:
    for d in g.mine[owner]:
        if d.index == index:
            return d
    raise LookupError(f"hero {owner} has no die {index}")  # pragma: no cover - listed actions name real dice


def _activate(g: CBattle, uid: str, hero, outcome, redirect=None) -> None:
    """Draw an AI card (reshuffling the discards when the pile is empty) and resolve its part."""
    me = g.by_uid[uid]
    deck_id = me.deck
    pile = g.ai_draw.get(deck_id)
    if not pile:
        pile = g.ai_draw[deck_id] = list(outcome)
        g.ai_discard[deck_id] = []
    card_id = pile.pop(0)
    discard = g.ai_discard.get(deck_id)
    if discard is None:
        discard = g.ai_discard[deck_id] = []
    discard.append(card_id)
    if len(g.discard_order) != len(g.ai_discard) or not g.discard_sorted:
        g.discard_order = sorted(g.ai_discard)  # the engine's piles are sorted once a card is discarded
        g.discard_sorted = True
    card = g.t.ai[card_id]
    if hero is not None:
        g.active = hero
        g.activations += 1
        script, section = card.minion, MINION_SECTION
        if redirect is not None:
            g.heroes[hero].redirected = True
    else:
        script, section = card.boss, BOSS_SECTION
    me.activated = True
    run_script(g, uid, script, hero if redirect is None else redirect, section)


def end_round(g: CBattle) -> None:
    """End of Round: shields and heroism discarded, hidden ends, ability effects (armour reductions) cease,
    dice collected except locked ones; extra dice leave the pool; the round limit of simulations (DR-10)."""
    for i, h in enumerate(g.heroes):
        if h.extra:  # "reduce his dice pool by the number equal to extra dice he had this round"
            free = sorted((d for d in g.mine[i] if d.place not in ("stolen", "locked")), key=lambda d: -d.index)
            gone = {(d.owner, d.index) for d in free[: h.extra]}
            g.dice = [d for d in g.dice if (d.owner, d.index) not in gone]
            regroup(g)
    for h in g.heroes:
        h.shields = h.heroism = h.extra = 0
        h.heroism_on, h.used_items = (), ()
        h.hidden = h.redirected = False
    for e in g.enemies:
        e.shields = e.armour_down = 0
        e.activated = False
    for d in g.dice:
        if d.place in ("card", "spent", "rolled"):
            d.place, d.face, d.card = "pool", None, None
    alive = g.alive()
    g.phase, g.round, g.rolls, g.assigning = "roll", g.round + 1, 0, False
    g.active, g.activations, g.minion_done = None, 0, []
    g.roller = alive[0] if alive else 0
    if g.o.round_limit is not None and g.round > g.o.round_limit:
        g.result, g.phase = "defeat", "over"


def return_die(g: CBattle, d: CDie, to=None) -> None:
    """Die steal: a returned die goes to a hero missing dice (the players' choice ``to``, DR-16) and is rolled
    at once; with nobody missing a die, it is discarded."""
    g.stolen -= 1  # (the die was on an enemy)
    missing = takers(g)
    if not missing:
        g.dice = [x for x in g.dice if x is not d]
        regroup(g)
        return
    to = to if to in missing else missing[0]
    index = d.index if to == d.owner else max(x.index for x in g.mine[to]) + 1
    d.owner, d.index, d.place, d.card, d.face = to, index, "waiting", RETURNED, None
    regroup(g)


def settle(g: CBattle) -> None:
    """After each action: dice of defeated enemies return, the battle may end, phases advance."""
    if g.stolen:
        by_uid = g.by_uid
        for d in g.dice:
            if d.place == "stolen" and by_uid[d.card].hp <= 0:  # (only the dice on defeated enemies go back)
                _give_back(g)
                break
    if g.result is not None:
        return
    # one pass over the enemies: what the end of the battle and the enemy phases ask of them
    standing = objectives = objective_standing = fresh = boss_waiting = False
    minions = 0
    for e in g.enemies:
        if e.objective:
            objectives = True
            if e.hp > 0:
                objective_standing = True
        if e.hp > 0:
            standing = True
            if not e.boss:
                minions += 1
                if not e.activated:
                    fresh = True
            elif not e.activated:
                boss_waiting = True
    won = not objective_standing if objectives else not standing
    if won and g.enemies and g.phase != "setup":
        g.result, g.phase = "victory", "over"
        return
    alive = [i for i, h in enumerate(g.heroes) if h.hp + h.broken > 0]
    if not alive:
        g.result, g.phase = "defeat", "over"
        return
    if g.paused is not None:
        return
    phase = g.phase
    if phase == "roll":
        if g.roller not in alive:
            later = [j for j in alive if j > g.roller]
            if later:
                g.roller, g.rolls, g.assigning = later[0], 0, False
            else:
                g.phase = "initiative"
    elif phase == "minions":
        if g.active is not None and (g.active not in alive or g.activations >= 2 or not fresh):
            g.minion_done.append(g.active)
            g.active, g.activations = None, 0
        if g.active is None and (not minions or all(i in g.minion_done for i in alive)):
            g.phase = phase = "boss"
    if phase == "boss" and not boss_waiting:
        g.phase = "actions"


def _give_back(g: CBattle) -> None:
    """Die steal: the dice on defeated enemies go back (to the one hero missing dice; the players choose among
    several)."""
    for e in g.enemies:
        if e.hp <= 0:
            for d in list(g.dice):
                if d.place == "stolen" and d.card == e.uid and len(takers(g)) < 2:  # else the players choose
                    return_die(g, d)


def fresh_roll_phase(g: CBattle) -> bool:
    """Nothing comes before the roller's choices in ``legal``: no paused card, no die to give back, no expose
    reshuffle, no heroism to place."""
    if g.paused is not None or (not g.expose_pool and g.expose_up) or g.o.heavy_planning:
        return False
    if g.stolen:
        by_uid = g.by_uid
        for d in g.dice:
            if d.place == "stolen" and by_uid[d.card].hp <= 0:
                return False  # (a die to give back may come first)
    return True


def fight(g, player, rng: Draws, step: int, max_steps: int, log: list | None = None,
          until_round: int | None = None) -> tuple[int, int]:
    """Play the compact battle ``g`` until it ends, ``max_steps`` steps are taken in all or round ``until_round``
    starts: returns the steps taken in all and the round the last step started in."""
    choose = player.choose
    before = g.round
    until = until_round if until_round is not None else float("inf")
    if log is not None:  # every step listed and logged (the bot's shortcut is held to the list by the tests)
        while step < max_steps and g.result is None and g.round < until:
            before = g.round
            acts = legal(g)
            a = acts[0] if len(acts) == 1 and acts[0][0] in CHANCE_TAGS else choose(g, acts)
            outcome = draw(g, a, rng)
            log.append((acts, a, outcome))
            play(g, a, outcome)
            step += 1
        return step, before
    shortcut = getattr(player, "shortcut", None)  # a bot that can choose some steps without the legal list
    roll_choice = getattr(player, "roll_choice", None)  # ... and the roll phase's, one after the other
    while step < max_steps and g.result is None and g.round < until:
        before = g.round
        if roll_choice is not None and g.phase == "roll" and fresh_roll_phase(g):
            taken = play_roll_phase(g, roll_choice, rng, max_steps - step)
            if taken:
                step += taken
                continue
        a = shortcut(g) if shortcut is not None else None
        if a is None:
            acts = legal(g)
            a = acts[0] if len(acts) == 1 and acts[0][0] in CHANCE_TAGS else choose(g, acts)
        play(g, a, draw(g, a, rng))
        step += 1
    return step, before
