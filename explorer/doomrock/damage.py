"""Battle Effects: expose markers and the damage pipeline.

Dealing damage (Player Aid, Battle Summary): reveal all expose markers (a push moves the
target first), add +1 markers, absorb with shields, absorb with armour (per source), then
reduce hit points (broken ones first). A battle cumulation marker acts after the attack.
"""
from __future__ import annotations

from ..core.frozen import replace

from ..core.events import Event
from .cards import Deck
from .options import Options
from .positions import enemy_armour, hero_armour, push_enemy, push_hero
from .state import Battle

SECTION = "Battle Effects"
DEFAULTS = Options()
WORDS = {"blank": "blank", "plus1": "+1 damage", "push": "push", "cumulation": "battle cumulation"}


def marker_type(marker: str) -> str:
    """Expose marker ids name their type: ``plus1#3``."""
    return marker.partition("#")[0]


def place_expose(battle: Battle, target: int | str, count: int, deck: Deck | None = None,
                 options: Options | None = None) -> tuple[Battle, list[Event]]:
    """Place ``count`` face-down expose markers from the top of the pool on a character.

    With the pool empty, the revealed markers are shuffled into a new pool at once (DR-3); with no
    marker left anywhere, the expose explosion occurs: "The game pauses", so once the markers on
    characters are consumed the placement goes on with them (DR-4, as ``odds.damage.place``). If even
    then no marker is left, or the explosion defeated the target, no further markers are placed
    (Rules for the Rules: Component limitations).
    """
    events: list[Event] = []
    placed = 0
    more = False
    for _ in range(count):
        if not battle.expose_pool and not battle.expose_up:
            if placed:
                events.append(_exposed(battle, target, placed, more))
                placed, more = 0, True
            battle, events = expose_explosion(battle, events, deck, options)
            if _character(battle, target).defeated:
                break
        if not battle.expose_pool:
            if not battle.expose_up or not battle.ranks:
                break
            battle = reshuffle(battle)
            events.append(Event("The face-down expose markers ran out: the revealed ones are shuffled into a new pool.", SECTION))
        top, rest = battle.expose_pool[0], battle.expose_pool[1:]
        battle = replace(battle, expose_pool=rest)
        if isinstance(target, int):
            battle = battle.with_hero(target, expose=battle.hero(target).expose + (top,))
        else:
            battle = battle.with_enemy(target, expose=battle.enemy(target).expose + (top,))
        placed += 1
    if placed:
        events.append(_exposed(battle, target, placed, more))
    elif not (more and _character(battle, target).defeated):
        events.append(Event(f"No {'more ' * more}expose marker is left to place on {name_of(battle, target)}.",
                            "Rules for the Rules: Component limitations"))
    return battle, events


def _exposed(battle: Battle, target: int | str, placed: int, more: bool) -> Event:
    """The markers placed since the last explosion (so the count matches what the character holds)."""
    marker = f"{'more ' * more}marker{'s' * (placed != 1)}"
    return Event(f"{name_of(battle, target)} is exposed ({placed} {marker}).", SECTION)


def reshuffle(battle: Battle) -> Battle:
    """Expose markers: the revealed markers, turned face down and shuffled (in the drawn rank order)."""
    up = sorted(battle.expose_up)
    order = tuple(up[int(r)] for r in battle.ranks if int(r) < len(up))
    return replace(battle, expose_pool=order, expose_up=())


def expose_explosion(battle: Battle, events: list[Event], deck: Deck | None = None,
                     options: Options | None = None) -> tuple[Battle, list[Event]]:
    """Expose explosion: all expose markers on characters are consumed (DR-4: no attack; with
    ``options.explosion_damage == "markers"`` each +1 marker deals 1 damage, the heroes' armour applying as
    for any damage; with "none" no damage is dealt)."""
    events.append(Event("The expose markers have run out: expose explosion!", SECTION))
    held = [(name_of(battle, i), battle.hero(i).expose) for i in battle.alive_heroes]
    held += [(name_of(battle, e.uid), e.expose) for e in battle.alive_enemies]
    lost = [f"{who}'s {', '.join(WORDS[marker_type(m)] for m in markers)}" for who, markers in held if markers]
    n = sum(len(markers) for _, markers in held)
    events.append(Event(f"The {n} expose marker{'s' * (n != 1)} on characters are consumed: "
                        f"{'; '.join(lost) or 'there are none'}.", SECTION))
    for i in battle.alive_heroes:
        if battle.hero(i).expose:
            battle, ev = deal_damage(battle, deck, i, 0, attack=False, options=options, explosion=True)
            events += ev
    for e in battle.alive_enemies:
        if e.expose:
            battle, ev = deal_damage(battle, deck, e.uid, 0, attack=False, options=options, explosion=True)
            events += ev
    return battle, events


def _character(battle: Battle, who: int | str):
    return battle.hero(who) if isinstance(who, int) else battle.enemy(who)


def name_of(battle: Battle, who: int | str) -> str:
    return battle.hero(who).name if isinstance(who, int) else f"{battle.enemy(who).name} ({who})"


def deal_damage(battle: Battle, deck: Deck | None, target: int | str, amount: int, attack: bool = True,
                options: Options | None = None, explosion: bool = False) -> tuple[Battle, list[Event]]:
    """Damage: expose markers, then shields, then armour (this source), then HP.

    A hero stops being hidden only when ``attack`` ("Hidden": "stops being hidden if attacked"). In an
    ``explosion`` the +1 markers deal damage only with ``options.explosion_damage == "markers"`` (DR-4).
    ``options`` None reads the defaults.
    """
    options = options or DEFAULTS
    events: list[Event] = []
    who = name_of(battle, target)
    char = battle.hero(target) if isinstance(target, int) else battle.enemy(target)
    revealed = char.expose
    cumulation = False
    if revealed:
        kinds = [marker_type(m) for m in revealed]
        plus = kinds.count("plus1")
        events.append(Event(f"{who}'s expose markers are revealed: {', '.join(WORDS[k] for k in kinds)}.", SECTION))
        battle = _set(battle, target, expose=())
        battle = replace(battle, expose_up=battle.expose_up + revealed)
        if "push" in kinds:
            battle = push_hero(battle, target) if isinstance(target, int) else push_enemy(battle, target)
            events.append(Event(f"{who} is pushed into a new, distant group.", SECTION))
        if not (explosion and options.explosion_damage == "none"):
            amount += plus
        cumulation = "cumulation" in kinds
    char = battle.hero(target) if isinstance(target, int) else battle.enemy(target)
    shields = min(char.shields, amount)
    amount -= shields
    armour = (hero_armour(battle, deck, target) if deck is not None else 0) if isinstance(target, int) else enemy_armour(battle, target)
    absorbed = min(armour, amount)
    amount -= absorbed
    battle = _set(battle, target, shields=char.shields - shields)
    parts = []
    if shields:
        parts.append(f"{shields} absorbed by shields")
    if absorbed:
        parts.append(f"{absorbed} absorbed by armour")
    if isinstance(target, int):
        h = battle.hero(target)
        from_broken = min(h.broken, amount)
        lost = min(h.life, amount)
        battle = battle.with_hero(target, broken=h.broken - from_broken, hp=max(0, h.hp - (amount - from_broken)),
                                  hidden=h.hidden and not attack)
    else:
        e = battle.enemy(target)
        lost = min(e.hp, amount)
        battle = battle.with_enemy(target, hp=e.hp - lost)
    tail = f" ({'; '.join(parts)})" if parts else ""
    events.append(Event(f"{who} loses {lost} HP{tail}.", "Battle Effects: Damage"))
    if isinstance(target, int) and attack and char.hidden:
        events.append(Event(f"{who} is attacked and stops being hidden.", "Battle Effects: Hidden"))
    now = battle.hero(target) if isinstance(target, int) else battle.enemy(target)
    if lost and now.defeated:
        events.append(Event(f"{who} is defeated.", "Battle Basics and Positioning: Defeated characters"))
    if cumulation:
        battle = battle_cumulation(battle, revealed if options.cumulation_blanks == "earlier" else ())
        blanks = ("the blank markers revealed before this attack" if options.cumulation_blanks == "earlier"
                  else "the revealed blank markers")
        events.append(Event(f"Battle cumulation: the battle cumulation marker and {blanks} leave this battle; "
                            "the other revealed markers are turned face down"
                            + (" under the pool." if battle.flips is None else " and shuffled into the pool."), SECTION))
    return battle, events


def battle_cumulation(battle: Battle, now: tuple[str, ...] = ()) -> Battle:
    """Battle cumulation: it and the revealed blanks leave the battle; the other revealed markers are
    flipped face down and shuffled into the pool (DR-3), with the next order the action drew in advance.

    The blanks among ``now`` (this attack's markers, with ``Options.cumulation_blanks == "earlier"``)
    stay: only "previously revealed" blanks leave, and these are flipped with the others.

    The flipped markers (sorted by name) follow the pool, and the ranks of the order that fall below the
    new pool's size rearrange it (a uniform order of the ranks gives a uniform order of the pool). With
    ``battle.flips`` None (``Options.cumulation_flip == "under"``) they go under the pool unshuffled.
    """
    leaves = lambda m: marker_type(m) == "cumulation" or (marker_type(m) == "blank" and m not in now)
    out = tuple(m for m in battle.expose_up if leaves(m))
    back = tuple(m for m in battle.expose_up if not leaves(m))
    battle = replace(battle, expose_up=(), expose_out=battle.expose_out + out)
    if battle.flips is None:
        return replace(battle, expose_pool=battle.expose_pool + back)
    pool = battle.expose_pool + tuple(sorted(back))
    if not battle.flips:
        raise RuntimeError("battle cumulation: this action drew no shuffle order for it (chance part 'cumulation')")
    order, rest = battle.flips[0], battle.flips[1:]
    shuffled = tuple(pool[int(r)] for r in order if int(r) < len(pool))
    if len(shuffled) != len(pool):
        raise RuntimeError(f"battle cumulation: an order of {len(order)} ranks cannot shuffle {len(pool)} markers")
    return replace(battle, expose_pool=shuffled, flips=rest)


def _set(battle: Battle, target: int | str, **changes) -> Battle:
    return battle.with_hero(target, **changes) if isinstance(target, int) else battle.with_enemy(target, **changes)
