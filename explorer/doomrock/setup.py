"""Battle Setup: party formation, enemies from the encounter card, AI decks, expose markers.

Also builds the battle's heroes from hero and trait cards ("Setup": 3 class abilities and the
trait's ability, one die per ability card, HP from the hero card).
"""
from __future__ import annotations

from ..core.frozen import replace

from ..core.chance import Joint, Shuffle
from ..core.events import Event
from .cards import Deck, Encounter
from .options import Options
from .state import Battle, Die, Enemy, Hero

SECTION = "Battle Setup"


def starting_abilities(deck: Deck, hero_class: str, trait: str) -> tuple[str, ...]:
    """Setup: 3 starting abilities of the hero class and 1 of the trait card."""
    own = tuple(a.id for a in deck.abilities if a.starting == hero_class)
    return own + (deck.card(trait).ability,)


def make_hero(deck: Deck, hero_id: str, trait: str) -> Hero:
    """Setup: a hero card with its trait, its starting abilities and the HP printed on the card."""
    card = deck.card(hero_id)
    return Hero(card.id, card.name, card.hp, card.hp, card.threat, starting_abilities(deck, card.hero_class, trait), trait=trait)


def formations(n: int) -> tuple[tuple[int, ...], ...]:
    """Every way to split ``n`` heroes into groups (labels in order of first use)."""
    out = [()]
    for _ in range(n):
        out = [f + (g,) for f in out for g in range((max(f) + 2) if f else 1)]
    return tuple(out)


def place_party(b: Battle, groups: tuple[int, ...]) -> Battle:
    """Party formation: heroes adjacent or distant in any configuration, all distant from enemies."""
    heroes = tuple(replace(h, group=g + 1) for h, g in zip(b.heroes, groups))
    return replace(b, heroes=heroes, next_group=max(groups) + 2)


def expose_markers(options: Options) -> tuple[str, ...]:
    """The expose marker pool: ids name the type (``plus1#3``), DR-2."""
    return tuple(f"{kind}#{n}" for kind, count in options.expose_counts for n in range(1, count + 1))


def ai_deck_cards(deck: Deck, deck_id: str, players: int) -> tuple[str, ...]:
    """Enemy AI deck setup: remove the cards whose cross number matches the player count."""
    return tuple(c.id for c in deck.card(deck_id).cards if players not in c.removed_for)


def tier1_decks(deck: Deck) -> tuple[str, ...]:
    """The AI decks of every tier I encounter (an extra encounter may bring any of them)."""
    return tuple(dict.fromkeys(e.deck for e in deck.encounters if e.tier == 1))


def new_battle(deck: Deck, heroes: tuple[Hero, ...], encounter: str, formation: str,
               inventory: tuple[str, ...] = ()) -> Battle:
    """A battle waiting for ``SetUpBattle``: heroes keep HP, expose, shield and heroism markers."""
    placed = tuple(replace(h, hidden=False, used_items=(), heroism_on=()) for h in heroes)
    dice = tuple(Die(i, k) for i, h in enumerate(placed) for k in range(len(h.abilities)))
    groups = (0,) * len(heroes) if formation == "together" else tuple(range(len(heroes)))
    return place_party(Battle(encounter, placed, dice=dice, inventory=tuple(inventory)), groups)


def setup_chance(battle: Battle, deck: Deck, options: Options, held: tuple[str, ...]) -> Joint:
    """The shuffles of battle setup: the AI decks, the extra tier I encounter, the expose pool."""
    enc: Encounter = deck.card(battle.encounter)
    players = len(battle.heroes)
    parts = [("ai:" + enc.deck, Shuffle(ai_deck_cards(deck, enc.deck, players), f"{enc.deck} AI deck"))]
    if enc.extra_tier1:
        tier1 = tuple(e.id for e in deck.encounters if e.tier == 1)
        parts.append(("extra", Shuffle(tier1, "tier I encounters")))
        parts += [("ai:" + d, Shuffle(ai_deck_cards(deck, d, players), f"{d} AI deck")) for d in tier1_decks(deck)
                  if d != enc.deck]
    pool = tuple(m for m in expose_markers(options) if m not in held)
    parts.append(("expose", Shuffle(pool, "expose markers")))
    return Joint(tuple(parts))


def field_enemies(encounters: list, players: int, options: Options, group: int) -> list[Enemy]:
    """Battle Setup 2: the encounter cards' enemies, ``E1``, ``E2``... in pairs from group ``group`` on."""
    enemies: list[Enemy] = []
    for e in encounters:
        # "By default, enemies are grouped in pairs": each card's enemies, or all of them (DR-39)
        start = group if not enemies else enemies[-1].group + 1
        if options.enemy_pairs == "across":
            start, k = group, len(enemies)
        else:
            k = 0
        for spec in e.enemies:
            count = 1 if spec.boss and not any(spec.count) else spec.count[players - 2]
            for _ in range(count):
                n = len(enemies)
                enemies.append(Enemy(f"E{n + 1}", spec.name, e.deck, spec.hp, spec.hp, spec.armour, 0, spec.shields,
                                     spec.command, spec.boss, spec.objective, start + k // 2))
                k += 1
    return enemies


def set_up(battle: Battle, deck: Deck, options: Options, outcome: dict) -> tuple[Battle, list[Event]]:
    """Battle Setup steps 2-4 (the formation was placed by ``new_battle``)."""
    enc: Encounter = deck.card(battle.encounter)
    players = len(battle.heroes)
    encounters = [enc]
    extra = None
    if enc.extra_tier1:
        extra = deck.card(outcome["extra"][0])
        encounters.append(extra)
    group = battle.next_group
    events = [Event(f"The party faces {enc.name}.", SECTION)]
    enemies = field_enemies(encounters, players, options, group)
    if extra is not None:
        events.append(Event(f"{enc.name} brings {extra.name} as well.", SECTION))
    decks = tuple(dict.fromkeys(e.deck for e in encounters))
    draw = tuple(sorted((d, tuple(outcome["ai:" + d])) for d in decks))
    events.append(Event(", ".join(f"{e.name} ({e.uid}, {e.hp} HP)" for e in enemies) + " take the field in pairs.", SECTION))
    battle = replace(battle, enemies=tuple(enemies), extra=None if extra is None else extra.id, ai_draw=draw,
                     ai_discard=tuple((d, ()) for d in decks), expose_pool=tuple(outcome["expose"]),
                     next_group=max((x.group for x in enemies), default=group - 1) + 1, next_enemy=len(enemies) + 1,
                     phase="roll", round=1,
                     roller=battle.alive_heroes[0] if battle.alive_heroes else 0)
    return battle, events
