"""The Battle Sequence: roll phase, start of round, initiative, minion and boss activations,
hero actions and end of round, as ``legal_actions`` / ``chance`` / ``apply`` over a ``Battle``.
"""
from __future__ import annotations

from ..core.frozen import replace

from ..core.chance import Dice, Joint, Shuffle
from ..core.errors import IllegalAction
from ..core.events import Event
from . import setup
from .abilities import condition_met, reactions, resolve, spend_dice, targets, use_item
from .campaign_state import Equip, Unequip
from .cards import Deck
from .cumulation_need import cumulation_parts, expose_need
from .damage import name_of
from .enemies import divided_damage, place_spawn, resume, returned_die, run_script, share_room, steal, still_reacting, takers
from .items import can_equip, unequip_refusal
from .options import Options
from .positions import groups, threat
from .refusals import explain
from .roll_phase import assign_actions, assigner, dice_word, faces_text, roll_actions, roll_phase
from .state import (
    Activate, ActivateBoss, ActivateMinion, Assign, Battle, ChooseTarget, DoneAssigning, EndInitiative, EndRound,
    Formation, GiveDie, KeepDice, MakeHeroism, MakeShield, NoReaction, PickUpLocked, PlaceHeroism, PlaceSpawn, Reroll, Roll,
    RETURNED, RollExtra,
    SetUpBattle, ShuffleExpose, StopHiding, TakeDamage, UseItem, set_pile,
)


# ---- what may be done ---------------------------------------------------------------------

def legal_actions(b: Battle, deck: Deck, options: Options) -> list:
    """Exactly the actions the party (or the table) may take now, phase by phase ("Battle Sequence")."""
    if b.result is not None:
        return []
    if b.phase == "setup":
        current = _labels(b)
        return ([SetUpBattle()] + [Formation(f) for f in setup.formations(len(b.heroes)) if f != current]
                + [Unequip(i, it) for i, h in enumerate(b.heroes) for it in dict.fromkeys(h.items)
                   if unequip_refusal(deck, h, it) is None]
                + [Equip(i, it) for i, h in enumerate(b.heroes) for it in dict.fromkeys(b.inventory)
                   if can_equip(deck, h, it)])
    if returned_die(b) is not None:  # "the dice may be distributed among any heroes currently missing dice"
        return [ChooseTarget(i) for i in takers(b)]
    if b.paused is not None:
        return _decisions(b, deck, options)
    if not b.expose_pool and b.expose_up:
        return [ShuffleExpose()]
    if options.heavy_planning:
        owed = [i for i in b.alive_heroes if b.hero(i).unplaced > 0]
        if owed:  # "Whenever players gain heroism markers, they must place them on specific ability cards."
            return [PlaceHeroism(owed[0], cid) for cid in dict.fromkeys(b.hero(owed[0]).abilities)]
    if b.phase == "roll":
        return roll_actions(b, deck, options.assign_if_able, options.locked_dice == "optional")
    if any(d.place == "waiting" for d in b.dice):
        return [RollExtra()]
    loose = assigner(b)
    if loose is not None:
        return assign_actions(b, deck, loose, roll_phase=False, must_assign=options.assign_if_able)
    acts: list = []
    if b.phase == "initiative":
        acts = _activations(b, deck, options, initiative=True) + _items(b, deck) + [EndInitiative()]
    elif b.phase == "minions":
        acts = _minion_choices(b, deck) + _items(b, deck)
    elif b.phase == "boss":
        acts = [ActivateBoss(e.uid) for e in b.alive_enemies if e.boss and not e.activated]
        acts += _items(b, deck)
    elif b.phase == "actions":
        acts = _activations(b, deck, options) + _items(b, deck) + [EndRound()]
    return acts + [StopHiding(i) for i in b.alive_heroes if b.hero(i).hidden]


def gear_up(b: Battle, deck: Deck, action) -> tuple[Battle, list[Event]]:
    """Battle Setup 1: gear up: "the final opportunity for the heroes to switch gear"."""
    h = b.hero(action.hero)
    inv, items = list(b.inventory), list(h.items)
    if isinstance(action, Equip):
        inv.remove(action.item)
        items.append(action.item)
        text = f"{h.name} equips {deck.card(action.item).name}."
    else:
        items.remove(action.item)
        inv.append(action.item)
        text = f"{h.name} unequips {deck.card(action.item).name}."
    b = replace(b.with_hero(action.hero, items=tuple(items)), inventory=tuple(inv))
    return b, [Event(text, "Battle Setup: 1. Set up party formation, gear up")]


def _decisions(b: Battle, deck: Deck, options: Options) -> list:
    """Rules for the Rules: "players decide" inside an AI card (a stolen die, divided party damage), and the
    answers that interrupt it (Battle Effects: Anytime: a reaction, an item, stopping hiding with DR-45's option)."""
    p = b.paused
    if p.kind == "steal":
        return [GiveDie(d.index) for d in b.hero_dice(p.hero) if d.place == "card"]
    if p.kind == "target":
        return [ChooseTarget(i) for i in p.choices]
    if p.kind == "spawn":  # "players decide where to place the object"
        return [PlaceSpawn(g) for g in groups(b)] + [PlaceSpawn(None)]
    if p.kind == "hiding":  # Hidden + Anytime (DR-45): step out, hero by hero, then let the card go on
        return [StopHiding(i) for i in b.alive_heroes if b.hero(i).hidden] + [NoReaction()]
    if p.kind == "reaction":
        acts = []
        for cid in reactions(b, deck, p.hero):
            card = deck.card(cid)
            most = 0 if not card.heroism else b.hero(p.hero).placed(cid) if options.heavy_planning else b.hero(p.hero).heroism
            acts += [Activate(p.hero, cid, t, n) for t in targets(b, p.hero, card.target, card.effects) for n in range(most + 1)]
        return acts + _items(b, deck) + [NoReaction()]
    taken = dict(p.shares)
    # Items "may be used ... at any time and this action may interrupt enemy actions".
    return [TakeDamage(i) for i in b.alive_heroes if share_room(b, deck, options, i) - taken.get(i, 0) > 0] + _items(b, deck)


def _labels(b: Battle) -> tuple[int, ...]:
    """The party's formation as group labels in order of first use."""
    seen: dict[int, int] = {}
    return tuple(seen.setdefault(h.group, len(seen)) for h in b.heroes)


def _ready(b: Battle, deck: Deck, i: int, cid: str) -> bool:
    """Ability activation: the card holds a full set of unspent dice (dice-lock cards never activate)."""
    card = deck.card(cid)
    return not card.lock and sum(d.place == "card" for d in b.on_card(i, cid)) >= card.activation.dice


def _activations(b: Battle, deck: Deck, options: Options, initiative: bool = False) -> list:
    """Hero Action Phase: every ready card on every valid target with any affordable heroism."""
    acts = []
    for i in b.alive_heroes:
        h = b.hero(i)
        for cid in dict.fromkeys(h.abilities):
            card = deck.card(cid)
            # A reaction is used only when its condition is met: its hero is attacked (DR-17).
            if not _ready(b, deck, i, cid) or card.reaction or (initiative and not card.activation.initiative):
                continue
            if not condition_met(b, i, card.condition):
                continue
            most = 0 if not card.heroism else h.placed(cid) if options.heavy_planning else h.heroism
            for t in targets(b, i, card.target, card.effects):
                acts += [Activate(i, cid, t, n) for n in range(most + 1)]
    return acts


def _items(b: Battle, deck: Deck) -> list:
    """Using items: each equipped item's Use: effect once per round."""
    acts = []
    for i in b.alive_heroes:
        h = b.hero(i)
        for iid in dict.fromkeys(h.items):
            card = deck.card(iid)
            if card.use and iid not in h.used_items:
                acts += [UseItem(i, iid, t) for t in targets(b, i, card.target, card.use)]
    return acts


def _minion_choices(b: Battle, deck: Deck) -> list:
    """Minion Activation: two minions per hero in threat order; rampage when all were activated."""
    minions = [e for e in b.alive_enemies if not e.boss]
    fresh = [e for e in minions if not e.activated]
    if b.active is not None:
        return [a for e in fresh for a in _with_redirects(b, b.active, e.uid)]
    waiting = [i for i in b.alive_heroes if i not in b.minion_done]
    if not waiting or not minions:
        return []
    top = max(threat(b, deck, i) for i in waiting)
    # Ties in threat: the players decide which hero activates first (one action per tied hero).
    pool = fresh or minions  # Rampage: with every minion activated, any minion may be chosen.
    return [a for i in waiting if threat(b, deck, i) == top for e in pool for a in _with_redirects(b, i, e.uid)]


def _with_redirects(b: Battle, i: int, uid: str) -> list:
    """Hidden: once per round a hidden hero may let another hero be the active hero."""
    acts = [ActivateMinion(i, uid)]
    h = b.hero(i)
    if h.hidden and not h.redirected:
        acts += [ActivateMinion(i, uid, j) for j in b.alive_heroes if j != i]
    return acts


# ---- chance ---------------------------------------------------------------------------------

def chance(b: Battle, deck: Deck, options: Options, action, held: tuple[str, ...] = ()):
    """The chance spec of a listed action (an unlisted one needs none: ``apply`` refuses it)."""
    if action not in legal_actions(b, deck, options):
        return None
    return chance_of_legal(b, deck, options, action, held)


def chance_of_legal(b: Battle, deck: Deck, options: Options, action, held: tuple[str, ...] = ()):
    """``chance`` for an action taken from ``legal_actions`` itself: the same spec without listing the legal
    actions again to check it (the simulator's fast path; tests hold it to ``chance``)."""
    if isinstance(action, SetUpBattle) and b.phase == "setup":
        return setup.setup_chance(b, deck, options, held)
    if isinstance(action, Roll) and b.phase == "roll":
        return Dice(sum(d.place == "pool" for d in b.hero_dice(b.roller)), f"{b.hero(b.roller).name}'s dice")
    if isinstance(action, Reroll) and b.phase == "roll":
        return Dice(len(action.dice), "re-rolled dice")
    if isinstance(action, RollExtra):
        waiting = [d for d in b.dice if d.place == "waiting"]
        mine = [d for d in waiting if d.owner == (waiting[0].owner if waiting else 0)]
        return Dice(len(mine), "returned die" if mine and all(d.card == RETURNED for d in mine) else "extra dice")
    if isinstance(action, ShuffleExpose):
        return Shuffle(b.expose_up, "revealed expose markers")
    ai = None
    if isinstance(action, (ActivateMinion, ActivateBoss)):
        deck_id = b.enemy(action.enemy).deck
        if not b.pile(b.ai_draw, deck_id):
            ai = Shuffle(b.pile(b.ai_discard, deck_id), f"{deck_id} AI discard pile")
    parts = [("ai", ai)] if ai is not None else []
    need = expose_need(b, deck, action)
    if need > len(b.expose_pool):
        # The pool may run out during this action: "all face up expose markers should immediately be turned
        # face down and shuffled". The shuffle is drawn now as an order of ranks (DR-3).
        parts.append(("reshuffle", Shuffle(tuple(str(n) for n in range(sum(k for _, k in options.expose_counts))),
                                           "expose reshuffle order")))
    parts += cumulation_parts(b, deck, options, action, need)
    if parts == [("ai", ai)]:
        return ai
    return Joint(tuple(parts)) if parts else None


#: The actions that may deal damage, so may reveal a battle cumulation marker (Battle Effects: Expose markers).
# ---- doing it -------------------------------------------------------------------------------

def apply(b: Battle, deck: Deck, options: Options, action, outcome=None) -> tuple[Battle, list[Event]]:
    """Play one listed action ("Battle Sequence"); anything else raises ``IllegalAction``."""
    if action not in legal_actions(b, deck, options):
        raise IllegalAction(explain(b, deck, action))
    return apply_legal(b, deck, options, action, outcome)


def apply_legal(b: Battle, deck: Deck, options: Options, action, outcome=None) -> tuple[Battle, list[Event]]:
    """``apply`` for an action taken from ``legal_actions`` and an outcome its own spec drew: the same battle and
    events without checking the action again (the simulator's fast path; tests replay its games through ``apply``)."""
    if isinstance(outcome, dict) and any(k == "reshuffle" or k.startswith("cumulation ") for k in outcome):
        # a Joint with the expose reshuffle order and/or battle cumulation orders (and the AI deck's)
        flips = tuple(tuple(outcome[k]) for k in sorted((k for k in outcome if k.startswith("cumulation ")), key=_rank))
        b = replace(b, ranks=tuple(outcome.get("reshuffle", ())), flips=flips)
        outcome = outcome.get("ai")
    if options.cumulation_flip == "under":
        b = replace(b, flips=None)
    if isinstance(action, Formation):
        b = setup.place_party(b, action.groups)
        events = [Event("The party takes its formation: " + "; ".join(
            " and ".join(h.name for h in b.heroes if h.group == g) for g in sorted({h.group for h in b.heroes})) + ".",
            "Battle Setup: 1. Set up party formation")]
    elif isinstance(action, (Equip, Unequip)):
        b, events = gear_up(b, deck, action)
    elif isinstance(action, SetUpBattle):
        b, events = setup.set_up(b, deck, options, outcome)
    elif isinstance(action, ShuffleExpose):
        b, events = replace(b, expose_pool=tuple(outcome), expose_up=()), [
            Event("The face-down expose markers ran out: the revealed ones are shuffled into a new pool.", "Battle Effects")]
    elif isinstance(action, RollExtra):
        waiting = [d for d in b.dice if d.place == "waiting"]
        mine = [d for d in waiting if d.owner == waiting[0].owner]
        for d, f in zip(mine, outcome):
            b = b.with_die(d, face=f, place="rolled", card=None)
        returned = all(d.card == RETURNED for d in mine)
        # "may be immediately assigned to ability cards" (Die steal); Extra dice: "roll and assign them"
        events = [Event(f"{b.hero(mine[0].owner).name} rolls {faces_text(outcome)}; "
                        + ("it" if len(mine) == 1 else "they") + " may be placed on ability cards at once.",
                        "Battle Effects: " + ("Die steal" if returned else "Extra dice"))]
    elif isinstance(action, (Roll, Reroll, KeepDice, Assign, MakeShield, MakeHeroism, DoneAssigning, PickUpLocked)):
        b, events = roll_phase(b, deck, action, outcome)
    elif isinstance(action, PlaceHeroism):
        h = b.hero(action.hero)
        on = dict(h.heroism_on)
        on[action.card] = on.get(action.card, 0) + 1
        b = b.with_hero(action.hero, heroism_on=tuple(sorted(on.items())))
        events = [Event(f"{h.name} places a heroism marker on {deck.card(action.card).name}.", "Difficulty and Optional Rules: Heavy planning")]
    elif isinstance(action, Activate):
        card = deck.card(action.card)
        b = spend_dice(b, action.hero, action.card, card.activation.dice)
        h = b.hero(action.hero)
        on = dict(h.heroism_on)
        if action.heroism and action.card in on:
            on[action.card] -= action.heroism
        b = b.with_hero(action.hero, heroism=h.heroism - action.heroism,
                        heroism_on=tuple(sorted((k, n) for k, n in on.items() if n > 0)))
        b, events = resolve(b, deck, action.hero, card.effects, card.heroism, action.heroism, action.target, card.name,
                            options)
        if b.paused is not None and b.paused.kind == "reaction" and not still_reacting(b, deck):  # then the attack
            b, more = resume(b, deck, options)
            events += more
    elif isinstance(action, NoReaction):
        b, events = resume(b, deck, options)
    elif isinstance(action, ChooseTarget) and returned_die(b) is not None:
        b, events = _return_die(b, returned_die(b), action.hero)
    elif isinstance(action, ChooseTarget):
        b = replace(b, paused=replace(b.paused, hero=action.hero))
        events = [Event(f"The players choose {b.hero(action.hero).name}.", "Rules for the Rules: Event order")]
        b, more = resume(b, deck, options)
        events += more
    elif isinstance(action, PlaceSpawn):
        b, events = place_spawn(b, deck, options, action.group)
    elif isinstance(action, GiveDie):
        b, events = steal(b, deck, b.paused.uid, b.die(b.paused.hero, action.die))
        b, more = resume(b, deck, options)
        events += more
    elif isinstance(action, TakeDamage):
        p = b.paused
        shares = dict(p.shares)
        shares[action.hero] = shares.get(action.hero, 0) + 1
        p = replace(p, left=p.left - 1, shares=tuple(sorted(shares.items())))
        events = [Event(f"{b.hero(action.hero).name} takes a point of the party damage.", "Battle Effects: Party damage")]
        if p.left > 0 and any(share_room(b, deck, options, i) - shares.get(i, 0) > 0 for i in b.alive_heroes):
            b = replace(b, paused=p)
        else:
            b, more = divided_damage(replace(b, paused=p), deck, options, p.shares)
            b, rest = resume(b, deck, options)
            events += more + rest
    elif isinstance(action, StopHiding):
        b = b.with_hero(action.hero, hidden=False)
        before = f" before {name_of(b, b.paused.uid)} goes on" if b.paused is not None else ""
        events = [Event(f"{b.hero(action.hero).name} stops being hidden{before}.", "Battle Effects: Hidden")]
    elif isinstance(action, UseItem):
        b, events = use_item(b, deck, action.hero, action.item, action.target, options)
        if b.paused is not None and b.paused.kind == "reaction" and not still_reacting(b, deck):  # then the attack
            b, more = resume(b, deck, options)
            events += more
    elif isinstance(action, EndInitiative):
        b, events = replace(b, phase="minions"), [Event("The initiative phase is over; the enemies act.", "Initiative Phase")]
    elif isinstance(action, ActivateMinion):
        b, events = _activate(b, deck, options, action.enemy, action.hero, outcome, action.active)
    elif isinstance(action, ActivateBoss):
        b, events = _activate(b, deck, options, action.enemy, None, outcome)
    elif isinstance(action, EndRound):
        b, events = end_round(b, options)
    else:  # pragma: no cover
        raise IllegalAction(f"{action} is not a battle action")
    if b.ranks != () or b.flips != ():  # the orders drawn for this action only are dropped
        b = replace(b, ranks=(), flips=())
    b, more = settle(b, deck)
    return b, events + more


def _rank(part: str) -> int:
    """``"cumulation 2"`` -> 2 (the order in which the battle cumulations of one action use their shuffles)."""
    return int(part.split()[-1])


def _activate(b: Battle, deck: Deck, options: Options, uid: str, hero: int | None, outcome,
              redirect: int | None = None) -> tuple[Battle, list[Event]]:
    """Draw an AI card (reshuffling the discards when the pile is empty) and resolve its part."""
    me = b.enemy(uid)
    events: list[Event] = []
    draw = b.pile(b.ai_draw, me.deck)
    discard = b.pile(b.ai_discard, me.deck)
    if not draw:
        draw, discard = tuple(outcome), ()
        events.append(Event(f"The {me.deck} AI deck is reshuffled.", "Minion Activation"))
    card_id, draw = draw[0], draw[1:]
    b = replace(b, ai_draw=set_pile(b.ai_draw, me.deck, draw), ai_discard=set_pile(b.ai_discard, me.deck, discard + (card_id,)))
    if hero is not None:
        rampage = me.activated
        b = replace(b, active=hero, activations=b.activations + 1)
        events.append(Event(f"{b.hero(hero).name} activates {me.name} ({uid})" + (", which rampages" if rampage else "")
                            + f": AI card {card_id}.", "Battle Sequence: Minion Activation"))
        script, section = deck.card(card_id).minion, "Battle Sequence: Minion Activation"
        if redirect is not None:
            b = b.with_hero(hero, redirected=True)
            events.append(Event(f"{b.hero(hero).name} is hidden: {b.hero(redirect).name} is the active hero instead.",
                                "Battle Effects: Hidden"))
    else:
        events.append(Event(f"{me.name} ({uid}) activates: AI card {card_id}.", "Battle Sequence: Boss Activations"))
        script, section = deck.card(card_id).boss, "Battle Sequence: Boss Activations"
    b = b.with_enemy(uid, activated=True)
    b, ev = run_script(b, deck, options, uid, script, hero if redirect is None else redirect, section)
    return b, events + ev


def end_round(b: Battle, options: Options) -> tuple[Battle, list[Event]]:
    """End of Round: shields and heroism discarded, hidden ends, ability effects (armour reductions) cease,
    dice collected except locked ones."""
    shrink: list[Event] = []
    for i, h in enumerate(b.heroes):
        if h.extra:  # "reduce his dice pool by the number equal to extra dice he had this round"
            free = sorted((d for d in b.dice if d.owner == i and d.place not in ("stolen", "locked")), key=lambda d: -d.index)
            gone = {(d.owner, d.index) for d in free[: h.extra]}
            b = replace(b, dice=tuple(d for d in b.dice if (d.owner, d.index) not in gone))
            shrink.append(Event(f"{h.name}'s dice pool shrinks by the {h.extra} extra {dice_word(h.extra)} of this round.",
                                "Battle Effects: Extra dice"))
    heroes = tuple(replace(h, shields=0, heroism=0, heroism_on=(), hidden=False, used_items=(), extra=0, redirected=False)
                   for h in b.heroes)
    # "no ability and item effects carry over to the next round": armour reductions end too.
    enemies = tuple(replace(e, shields=0, activated=False, armour_down=0) for e in b.enemies)
    dice = tuple(replace(d, place="pool", face=None, card=None) if d.place in ("card", "spent", "rolled") else d for d in b.dice)
    events = [Event(f"Round {b.round} ends: shields and heroism are discarded.", "Battle Sequence: End of Round")] + shrink
    b = replace(b, heroes=heroes, enemies=enemies, dice=dice, phase="roll", round=b.round + 1, rolls=0, assigning=False,
                active=None, activations=0, minion_done=(), roller=b.alive_heroes[0] if b.alive_heroes else 0)
    if options.round_limit is not None and b.round > options.round_limit:
        b = replace(b, result="defeat", phase="over")
        events.append(Event(f"The battle has lasted {options.round_limit} rounds: the party is overwhelmed (DR-10).",
                            "Battle Sequence: End of Round"))
    return b, events


def _return_die(b: Battle, d, to: int | None = None) -> tuple[Battle, list[Event]]:
    """Die steal: a returned die goes to a hero missing dice (the players' choice ``to`` when several
    are, DR-16) and is rolled at once; with nobody missing a die, it is discarded."""
    missing = takers(b)
    if not missing:
        b = replace(b, dice=tuple(x for x in b.dice if x != d))
        return b, [Event(f"A stolen die of {b.hero(d.owner).name} is discarded: nobody is missing it.", "Battle Effects: Die steal")]
    to = to if to in missing else missing[0]
    index = d.index if to == d.owner else max(x.index for x in b.dice if x.owner == to) + 1
    b = replace(b, dice=tuple(replace(x, owner=to, index=index, place="waiting", card=RETURNED, face=None) if x == d else x
                              for x in b.dice))
    return b, [Event(f"{b.hero(to).name} gets a stolen die back and rolls it.", "Battle Effects: Die steal")]


def settle(b: Battle, deck: Deck) -> tuple[Battle, list[Event]]:
    """After each action: dice of defeated enemies return, the battle may end, phases advance."""
    events: list[Event] = []
    for e in b.enemies:
        if e.defeated:
            for d in b.dice:
                if d.place == "stolen" and d.card == e.uid and len(takers(b)) < 2:  # else the players choose
                    b, ev = _return_die(b, d)
                    events += ev
    if b.result is None:
        objectives = [e for e in b.enemies if e.objective]
        won = all(e.defeated for e in objectives) if objectives else not b.alive_enemies
        if b.phase != "setup" and won and b.enemies:
            b = replace(b, result="victory", phase="over")
            won_by = "Every objective is defeated" if objectives else "All enemies are defeated"
            events.append(Event(f"{won_by}: the battle is won!", "End of Round: Battle victory"))
        elif not b.alive_heroes:
            b = replace(b, result="defeat", phase="over")
            events.append(Event("All heroes are defeated: the battle and the game are lost.", "Battle Basics and Positioning"))
    if b.result is not None or b.paused is not None:
        return b, events
    if b.phase == "roll" and b.roller not in b.alive_heroes:
        later = [j for j in b.alive_heroes if j > b.roller]
        b = replace(b, roller=later[0], rolls=0, assigning=False) if later else replace(b, phase="initiative")
    if b.phase == "minions":
        minions = [e for e in b.alive_enemies if not e.boss]
        fresh = [e for e in minions if not e.activated]
        if b.active is not None and (b.active not in b.alive_heroes or b.activations >= 2 or not fresh):
            b = replace(b, minion_done=b.minion_done + (b.active,), active=None, activations=0)
        waiting = [i for i in b.alive_heroes if i not in b.minion_done]
        if b.active is None and (not waiting or not minions):
            b = replace(b, phase="boss")
    if b.phase == "boss" and not any(e.boss and not e.activated for e in b.alive_enemies):
        b = replace(b, phase="actions")
        events.append(Event("The enemies are done; heroes act.", "Battle Sequence: Hero Action Phase"))
    return b, events
