"""Battle Setup on the compact battle: the formation (``Formation``), gear-up (``Equip``, ``Unequip``: "the final
opportunity for the heroes to switch gear") and ``SetUpBattle`` (its shuffles drawn as ``setup.setup_chance``
samples them), as ``battle.legal_actions`` lists them and ``setup.place_party``, ``battle.gear_up`` and
``setup.set_up`` play them."""
from __future__ import annotations

from .. import setup as rules
from .compact import CBattle, c_enemy
from .compact_gear import EQUIP, UNEQUIP, equip, gear_actions, unequip
from .compact_map import map_tables
from .compact_play import settle
from .compact_rules import FORMATION, SETUP
from .draws import Draws, shuffle_parts, shuffles

SETUP_A = (SETUP,)


def supported(g: CBattle) -> bool:
    """A battle waiting for its Battle Setup (every choice of it is listed here)."""
    return g.phase == "setup"


def legal(g: CBattle) -> list:
    """Battle Setup 1: set up now, take another formation (labels in order of first use), or gear up."""
    seen: dict[int, int] = {}
    current = tuple(seen.setdefault(h.group, len(seen)) for h in g.heroes)
    acts = [SETUP_A] + [(FORMATION, f) for f in _formations(len(g.heroes)) if f != current]
    if g.inventory or any(h.items for h in g.heroes):
        acts += gear_actions(map_tables(g.deck), g.heroes, g.inventory)
    return acts


def play_setup(g: CBattle, player, rng: Draws, step: int, max_steps: int, log: list | None = None,
               after=None) -> int:
    """Play Battle Setup until the battle starts or ``max_steps`` steps are taken in all (returned); ``log``
    receives each step as (legal actions, action, outcome), ``after`` is called after each."""
    while step < max_steps and g.phase == "setup" and g.result is None:
        acts = legal(g)
        a = acts[0] if len(acts) == 1 else player.choose(g, acts)  # (SetUpBattle alone is the table's)
        outcome = draw(g, a, rng)
        if log is not None:
            log.append((acts, a, outcome))
        play(g, a, outcome)
        step += 1
        if after is not None:
            after()
    return step


_FORMATIONS: dict[int, tuple] = {}


def _formations(n: int) -> tuple:
    out = _FORMATIONS.get(n)
    if out is None:
        out = _FORMATIONS[n] = rules.formations(n)
    return out


def draw(g: CBattle, a: tuple, rng: Draws):
    """The setup's shuffles (``setup.setup_chance``: the AI decks, the extra tier I encounter, the expose pool),
    drawn in the same order; a formation draws nothing."""
    if a[0] != SETUP:
        return None
    held = tuple([m for h in g.heroes for m in h.expose])  # a campaign's heroes may bring markers to the battle
    return shuffles(_parts(g, held), rng)


_PARTS: dict[tuple, tuple] = {}


def _parts(g: CBattle, held: tuple) -> tuple:
    """``setup.setup_chance``'s shuffles as (part name, cards) pairs, read once per encounter, party size, options
    and markers held (it reads no more of the battle)."""
    key = (g.encounter, len(g.heroes), held, id(g.o), id(g.deck))
    hit = _PARTS.get(key)
    if hit is None or hit[1] is not g.o or hit[2] is not g.deck:
        if len(_PARTS) >= 256:
            _PARTS.clear()
        hit = _PARTS[key] = (shuffle_parts(rules.setup_chance(g, g.deck, g.o, held)), g.o, g.deck)
    return hit[0]


def play(g: CBattle, a: tuple, outcome) -> None:
    """Party formation (``setup.place_party``), gear-up (``battle.gear_up``) or Battle Setup steps 2-4
    (``setup.set_up``), then ``settle``."""
    tag = a[0]
    if tag == FORMATION:
        for h, x in zip(g.heroes, a[1]):
            h.group = x + 1
        g.next_group = max(a[1]) + 2
    elif tag == EQUIP or tag == UNEQUIP:
        inventory = list(g.inventory)
        (equip if tag == EQUIP else unequip)(g.heroes[a[1]], inventory, a[2])
        g.inventory = tuple(inventory)
    else:
        _set_up(g, outcome)
    settle(g)


def _set_up(g: CBattle, outcome: dict) -> None:
    """Battle Setup 2-4: the enemies in pairs (``setup.field_enemies``, DR-39), the AI decks and the expose pool as
    drawn."""
    deck = g.deck
    enc = deck.card(g.encounter)
    encounters = [enc] + ([deck.card(outcome["extra"][0])] if enc.extra_tier1 else [])
    group = g.next_group
    enemies = [c_enemy(e) for e in _fielded(encounters, len(g.heroes), g.o, group)]
    decks = list(dict.fromkeys(e.deck for e in encounters))
    g.enemies, g.by_uid = enemies, {x.uid: x for x in enemies}
    g.extra = encounters[1].id if len(encounters) > 1 else None
    g.ai_draw = {d: list(outcome["ai:" + d]) for d in decks}
    g.ai_discard = {d: [] for d in decks}
    g.discard_order, g.discard_sorted = decks, decks == sorted(decks)
    g.expose_pool = list(outcome["expose"])
    g.next_group = max((x.group for x in enemies), default=group - 1) + 1
    g.next_enemy = len(enemies) + 1
    alive = g.alive()
    g.phase, g.round, g.roller = "roll", 1, alive[0] if alive else 0
    markers = g.expose_pool + g.expose_up + g.expose_out + [m for x in g.heroes for m in x.expose]
    g.cumulations = _cumulations(g.o).intersection(markers)
    g.markers = len(markers)


_FIELDED: dict[tuple, tuple] = {}


def _fielded(encounters: list, players: int, options, group: int) -> tuple:
    """``setup.field_enemies`` (values: the same for the same encounter cards, party size, options and first
    group)."""
    key = tuple(id(e) for e in encounters) + (players, id(options), group)
    hit = _FIELDED.get(key)
    if hit is None or hit[1] is not options or any(a is not b for a, b in zip(hit[2], encounters)):
        if len(_FIELDED) >= 256:
            _FIELDED.clear()
        hit = _FIELDED[key] = (tuple(rules.field_enemies(encounters, players, options, group)), options,
                               tuple(encounters))
    return hit[0]


_CUMULATIONS: dict[int, tuple] = {}


def _cumulations(options) -> frozenset:
    """The battle cumulation markers among the options' expose markers (``setup.expose_markers``)."""
    hit = _CUMULATIONS.get(id(options))
    if hit is None or hit[1] is not options:
        if len(_CUMULATIONS) >= 64:
            _CUMULATIONS.clear()
        hit = _CUMULATIONS[id(options)] = (
            frozenset(m for m in rules.expose_markers(options) if m.partition("#")[0] == "cumulation"), options)
    return hit[0]
