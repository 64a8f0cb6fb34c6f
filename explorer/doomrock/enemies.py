"""Minion Activation and Boss Activations: AI cards resolved top to bottom.

Each line's targets are tried in the order of the alternative-target arrows; a line with no
valid target is skipped. Ties between heroes are broken in party order (DR-5).
"""
from __future__ import annotations

from ..core.frozen import replace

from ..core.events import Event
from .ai import AIAction
from .cards import Deck, Encounter
from .abilities import reactions, usable_items
from .damage import deal_damage, name_of, place_expose
from .options import Options
from .positions import hero_armour, push_hero, threat
from .state import Battle, Enemy, Pause

SECTION = "Battle Sequence: Minion Activation"


def pick(battle: Battle, deck: Deck, uid: str, target: str, active: int | None) -> tuple[int, ...]:
    """The heroes a target word names: one, none, or several tied in threat (players decide)."""
    alive = battle.alive_heroes
    if target == "active":
        return (active,) if active is not None and active in alive else ()
    if target.endswith("_adjacent"):
        group = battle.enemy(uid).group
        alive = tuple(i for i in alive if battle.hero(i).group == group)
    if not alive:
        return ()
    if target.startswith("highest"):
        best = max(threat(battle, deck, i) for i in alive)
    else:
        best = min(threat(battle, deck, i) for i in alive)
    return tuple(i for i in alive if threat(battle, deck, i) == best)


def valid(battle: Battle, uid: str, action: AIAction, i: int) -> bool:
    """Can ``action`` be performed against hero ``i`` (otherwise follow the arrow)?"""
    me, hero = battle.enemy(uid), battle.hero(i)
    if action.do == "move":
        engaged_with = {j for j in battle.alive_heroes if battle.hero(j).group == me.group}
        return hero.group == me.group or not engaged_with
    if action.do == "attack":
        return action.range == "any" or hero.group == me.group
    if action.do == "steal":
        return any(d.owner == i and d.place == "card" for d in battle.dice)
    return True


def enrage_bonus(battle: Battle, encounter: Encounter, options: Options, value: int | None = None) -> int:
    """Enrage: each of the encounter's enrage values reached adds damage to enemy attacks (DR-7)."""
    value = battle.enrage if value is None else value
    return sum(value >= t for t in encounter.enrage) * options.enraged_bonus


def own_card(battle: Battle, deck: Deck, options: Options, uid: str | None) -> bool:
    """Does enemy ``uid`` enrage on the extra tier I card ("add or remove a time marker from the encounter
    card"; Options.enrage_cards="own", DR-7)? With "shared" every enemy enrages on the battle's card."""
    return (options.enrage_cards == "own" and battle.extra is not None and uid is not None
            and spawning_encounter(battle, deck, uid).id == battle.extra)


def attack_bonus(battle: Battle, deck: Deck, options: Options, uid: str | None) -> int:
    """The enrage damage an attack of enemy ``uid`` adds: its encounter card's time markers against that
    card's enrage values (DR-7)."""
    if own_card(battle, deck, options, uid):
        return enrage_bonus(battle, deck.card(battle.extra), options, battle.enrage_extra)
    return enrage_bonus(battle, deck.card(battle.encounter), options)


def run_script(battle: Battle, deck: Deck, options: Options, uid: str, script: tuple[AIAction, ...],
               active: int | None, section: str = SECTION, forced: int | None = None,
               reacted: bool = False, asked: bool = False) -> tuple[Battle, list[Event]]:
    """Minion Activation: perform the actions of an AI card part from top to bottom.

    ``forced`` is the target of the first line when it resumes after the players chose it (a tie) or
    after its reaction (``reacted``); ``asked``: the hidden heroes have had their chance to step out
    before the first line (``hiding_pause``).
    """
    events: list[Event] = []
    for k, action in enumerate(script):
        if battle.enemy(uid).defeated or not battle.alive_heroes:
            break
        me = battle.enemy(uid)
        who = name_of(battle, uid)
        if not (k == 0 and (asked or forced is not None)) and hiding_pause(battle, options, action):
            events.append(Event(f"{who} will {action.text}: a hidden hero may stop hiding first.",
                                "Battle Effects: Anytime"))
            return replace(battle, paused=Pause(uid, script[k:], active, section, "hiding")), events
        if action.target:
            chosen = None
            if k == 0 and forced is not None:
                chosen = forced if forced in battle.alive_heroes and valid(battle, uid, action, forced) else None
            else:
                for t in action.target:
                    fits = tuple(i for i in pick(battle, deck, uid, t, active) if valid(battle, uid, action, i))
                    if len(fits) > 1:  # a tie in threat: the players decide (DR-5)
                        pause = Pause(uid, script[k:], active, section, "target", choices=fits)
                        events.append(Event(f"{who} will {action.text}: the players choose among heroes tied in threat.",
                                            "Rules for the Rules: Event order"))
                        return replace(battle, paused=pause), events
                    if fits:
                        chosen = fits[0]
                        break
            if chosen is None:
                events.append(Event(f"{who} cannot {action.text}: skipped.", section))
                continue
            hero = battle.hero(chosen)
            if action.do == "move":
                if me.group != hero.group:
                    battle = battle.with_enemy(uid, group=hero.group)
                events.append(Event(f"{who} moves adjacent to {hero.name}.", section))
            elif action.do == "attack":
                if not (k == 0 and reacted) and (reactions(battle, deck, chosen) or usable_items(battle, deck)):
                    # Reaction: the attacked hero may activate a reaction ability before the damage; items
                    # "may be used ... at any time and this action may interrupt enemy actions".
                    events.append(Event(f"{who} attacks {hero.name}; the party may react first (a reaction or an item).",
                                        "Hero Action Phase: Reaction"))
                    return replace(battle, paused=Pause(uid, script[k:], active, section, "reaction", hero=chosen)), events
                amount = action.amount + attack_bonus(battle, deck, options, uid)
                events.append(Event(f"{who} attacks {hero.name} for {amount} damage.", section))
                battle, ev = deal_damage(battle, deck, chosen, amount, options=options)
                events += ev
            elif action.do == "expose":
                battle, ev = place_expose(battle, chosen, action.amount, deck, options)
                events += ev
            elif action.do == "push":  # its own action, after an attack above it on the card (DR-38)
                battle = push_hero(battle, chosen)
                events.append(Event(f"{who} pushes {hero.name} away.", section))
            elif action.do == "steal":
                dice = [d for d in battle.dice if d.owner == chosen and d.place == "card"]
                if len({(d.card, d.face) for d in dice}) > 1:  # the hero chooses which die
                    pause = Pause(uid, script[k:], active, section, "steal", hero=chosen)
                    events.append(Event(f"{who} steals a die: {hero.name} chooses which.", "Battle Effects: Die steal"))
                    return replace(battle, paused=pause), events
                battle, ev = steal(battle, deck, uid, dice[0])
                events += ev
        elif action.do == "enrage":
            if own_card(battle, deck, options, uid):
                battle = replace(battle, enrage_extra=max(0, battle.enrage_extra + action.amount))
                events.append(Event(f"{who} enrages: the enrage value of {deck.card(battle.extra).name} is now "
                                    f"{battle.enrage_extra}.", "Boss Activations: Enrage"))
            else:
                battle = replace(battle, enrage=max(0, battle.enrage + action.amount))
                events.append(Event(f"{who} enrages: the enrage value is now {battle.enrage}.", "Boss Activations: Enrage"))
        elif action.do == "shield":
            battle = battle.with_enemy(uid, shields=me.shields + action.amount)
            events.append(Event(f"{who} gains {action.amount} shield(s).", section))
        elif action.do == "heal":
            gained = min(action.amount, me.max_hp - me.hp)
            battle = battle.with_enemy(uid, hp=me.hp + gained)
            events.append(Event(f"{who} heals {gained}.", section))
        elif action.do == "party_damage":
            amount = action.amount + attack_bonus(battle, deck, options, uid)
            events.append(Event(f"{who} deals {amount} damage to the party.", "Battle Effects: Party damage"))
            alive = battle.alive_heroes
            if len(alive) > 1:  # the party divides it as it sees fit
                left = min(amount, sum(share_room(battle, deck, options, i) for i in alive))
                return replace(battle, paused=Pause(uid, script[k:], active, section, "party_damage", left=left)), events
            # a lone hero's share is capped too (DR-11): the points he may not accept are lost
            share = min(amount, share_room(battle, deck, options, alive[0]))
            battle, ev = deal_damage(battle, deck, alive[0], share, attack=False, options=options)
            events += ev
        elif action.do == "spawn":
            battle, ev = spawn(battle, deck, options, uid, action.amount, script[k:], active, section)
            events += ev
            if battle.paused is not None:
                return battle, events
    return battle, events


def hiding_pause(battle: Battle, options: Options, action: AIAction) -> bool:
    """Battle Effects: Hidden ("may decide to stop being hidden any time during a round") read with Anytime ("it
    may be used to interrupt enemy actions"), ``options.stop_hiding == "inside_ai_cards"`` (DR-45): an AI card
    waits before a line that targets by threat while a hero is hidden (a hidden hero has threat 0), the first line
    too, as the card is drawn only after the party's last move."""
    return (options.stop_hiding == "inside_ai_cards" and any(t != "active" for t in action.target)
            and any(battle.hero(i).hidden for i in battle.alive_heroes))


def steal(battle: Battle, deck: Deck, uid: str, die) -> tuple[Battle, list[Event]]:
    """Die steal: the die goes onto the enemy until the battle ends or the enemy is defeated."""
    hero = battle.hero(die.owner)
    battle = battle.with_die(die, place="stolen", card=uid)
    return battle, [Event(f"{name_of(battle, uid)} steals a {die.face} from {hero.name}'s {deck.card(die.card).name}.",
                          "Battle Effects: Die steal")]


def missing_dice(b: Battle, i: int) -> bool:
    """Die steal: a hero missing dice has fewer dice in hand than ability cards (plus this round's extra dice)."""
    h = b.hero(i)
    return sum(x.owner == i and x.place != "stolen" for x in b.dice) < len(h.abilities) + h.extra


def takers(b: Battle) -> list[int]:
    """Die steal: the heroes currently missing dice."""
    return [i for i in b.alive_heroes if missing_dice(b, i)]


def returned_die(b: Battle):
    """Die steal: a stolen die on a defeated enemy, waiting for the players to choose which of several heroes
    missing dice gets it."""
    if not any(d.place == "stolen" for d in b.dice) or len(takers(b)) < 2:  # (the cheap test first)
        return None
    return next((d for d in b.dice if d.place == "stolen" and b.enemy(d.card).defeated), None)


def share_room(battle: Battle, deck: Deck, options: Options, i: int) -> int:
    """Party damage: "A hero may not accept an amount of damage that would reduce his or her HP below zero."

    With ``options.party_damage_limit == "after_absorbing"`` (DR-11) the points a hero's shields and armour
    absorb from the share (one damage source) reduce no HP, so the hero may accept them on top of the HP
    left; with "hp" a hero accepts at most the HP left.
    """
    h = battle.hero(i)
    if options.party_damage_limit == "hp":
        return h.life
    return h.life + h.shields + hero_armour(battle, deck, i)


def divided_damage(battle: Battle, deck: Deck, options: Options, shares: tuple[tuple[int, int], ...]
                   ) -> tuple[Battle, list[Event]]:
    """Party damage: each hero's share is dealt as one damage source (not an attack: a hidden hero stays hidden)."""
    events: list[Event] = []
    for i, n in shares:
        battle, ev = deal_damage(battle, deck, i, n, attack=False, options=options)
        events += ev
    return battle, events


def still_reacting(battle: Battle, deck: Deck) -> bool:
    """After a response to an attack, the pause stays open (DR-17): items are used "at any time" and "may
    interrupt enemy actions", so while the attack still stands and a reaction or an item is left to use,
    the party may respond again before the damage."""
    p = battle.paused
    if p is None or p.kind != "reaction" or not p.script or p.hero is None:
        return False
    if battle.enemy(p.uid).defeated or p.hero not in battle.alive_heroes or not valid(battle, p.uid, p.script[0], p.hero):
        return False
    return bool(reactions(battle, deck, p.hero) or usable_items(battle, deck))


def resume(battle: Battle, deck: Deck, options: Options) -> tuple[Battle, list[Event]]:
    """Go on with the paused AI card: after its waiting line, or (after a reaction, a tie or the hidden heroes'
    chance to step out) with that line itself."""
    p = battle.paused
    battle = replace(battle, paused=None)
    if p.kind in ("reaction", "target"):
        return run_script(battle, deck, options, p.uid, p.script, p.active, p.section, forced=p.hero,
                          reacted=p.kind == "reaction")
    if p.kind == "hiding":  # the waiting line itself, the hidden heroes asked
        return run_script(battle, deck, options, p.uid, p.script, p.active, p.section, asked=True)
    return run_script(battle, deck, options, p.uid, p.script[1:], p.active, p.section)


def spawning_encounter(battle: Battle, deck: Deck, uid: str) -> Encounter:
    """The encounter card an enemy came with: an extra tier I encounter's enemies "use their own AI deck"
    (Battle Setup 3), so its spawns are its own card's."""
    me = battle.enemy(uid)
    cards = [deck.card(battle.encounter)] + ([deck.card(battle.extra)] if battle.extra else [])
    return next((c for c in cards if c.deck == me.deck), cards[0])


def _spawn_kind(battle: Battle, deck: Deck, uid: str):
    """Enemy spawn: "that enemy has all the properties as written at the top of the encounter card": the
    first minion kind of the spawning enemy's own encounter card (DR-6)."""
    enc = spawning_encounter(battle, deck, uid)
    return enc, next((s for s in enc.enemies if not s.boss), None)


def _fits(battle: Battle, options: Options, spec) -> bool:
    """Enemy markers are limited: the minion tokens in play plus the new enemy's fit in the box (DR-6)."""
    used = sum(e.tokens for e in battle.alive_enemies if not e.boss)
    return used + (spec.hp + 1) // 2 <= options.minion_tokens


def spawn(battle: Battle, deck: Deck, options: Options, uid: str, count: int, script: tuple = (),
          active: int | None = None, section: str = SECTION) -> tuple[Battle, list[Event]]:
    """Enemy spawn (Boss Activations): ``count`` enemies of the spawning enemy's encounter, as many as
    the enemy markers allow (DR-6).

    "Players decide where to place the object" (Rules for the Rules: Other player decision): with
    ``options.spawn_placement == "players"`` the AI card pauses for each enemy (``PlaceSpawn``;
    ``script`` is the card's rest, the spawn line first); "spawner" places them with the spawning enemy.
    """
    enc, spec = _spawn_kind(battle, deck, uid)
    if spec is None:
        return battle, [Event(f"{enc.name} has no minion to spawn.", "Boss Activations: Enemy spawn")]
    if not _fits(battle, options, spec):
        return battle, [Event("No enemy markers are left: no more enemies spawn.", "Rules for the Rules: Component limitations")]
    if options.spawn_placement == "players":
        pause = Pause(uid, script, active, section, "spawn", left=count)
        return replace(battle, paused=pause), [Event(
            f"{name_of(battle, uid)} spawns {count} {spec.name}{'s' * (count != 1)}: the players decide where to place "
            + ("it." if count == 1 else "each."), "Rules for the Rules: Other player decision")]
    events: list[Event] = []
    for _ in range(count):
        if not _fits(battle, options, spec):
            events.append(Event("No enemy markers are left: no more enemies spawn.", "Rules for the Rules: Component limitations"))
            break
        battle, ev = _place(battle, enc, spec, battle.enemy(uid).group)
        events += ev
    return battle, events


def place_spawn(battle: Battle, deck: Deck, options: Options, group: int | None) -> tuple[Battle, list[Event]]:
    """``PlaceSpawn``: one paused spawn's enemy goes where the players chose; the card goes on once every
    enemy of the line is placed or the enemy markers run out."""
    p = battle.paused
    enc, spec = _spawn_kind(battle, deck, p.uid)
    battle, events = _place(replace(battle, paused=None), enc, spec, group)
    left = p.left - 1
    if left > 0 and _fits(battle, options, spec):
        return replace(battle, paused=replace(p, left=left)), events
    if left > 0:
        events.append(Event("No enemy markers are left: no more enemies spawn.", "Rules for the Rules: Component limitations"))
    battle, more = run_script(battle, deck, options, p.uid, p.script[1:], p.active, p.section)
    return battle, events + more


def _place(battle: Battle, enc: Encounter, spec, group: int | None) -> tuple[Battle, list[Event]]:
    """A new enemy with the properties at the top of its encounter card, in ``group`` (None: a new group)."""
    new_group = group is None
    if new_group:
        group, battle = battle.next_group, replace(battle, next_group=battle.next_group + 1)
    new = Enemy(f"E{battle.next_enemy}", spec.name, enc.deck, spec.hp, spec.hp, spec.armour, 0, spec.shields,
                spec.command, False, spec.objective, group)
    battle = replace(battle, enemies=battle.enemies + (new,), next_enemy=battle.next_enemy + 1)
    where = "in a new, distant group" if new_group else f"in group {group}"
    return battle, [Event(f"A {spec.name} ({new.uid}) spawns {where}.", "Boss Activations: Enemy spawn")]
