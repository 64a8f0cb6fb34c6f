"""What a game's options ask of its deck, checked when the game is made.

A deck file can be valid on its own and still lack what the options name (an encounter, a hero,
an item) or what the campaign's setup draws (a tier 2 encounter). Each lack is a ``ContentError``
naming the deck file and the deck field, before any card is drawn.
"""
from __future__ import annotations

from ..core.errors import ContentError
from .campaign_setup import TYPES as AREA_TYPES
from .cards import Deck
from .options import Options


def _fail(deck: Deck, group: str, problem: str) -> None:
    raise ContentError(deck.source, "file", group, problem)


def _ids(cards) -> str:
    return ", ".join(c.id for c in cards) or "none"


def check_named_cards(deck: Deck, options: Options) -> None:
    """The heroes named by ``options.heroes`` (Setup), else enough hero cards for ``options.players``."""
    if options.heroes is None:
        if len(deck.heroes) < options.players:
            _fail(deck, "heroes", f"has {len(deck.heroes)} hero card(s); options.players asks for {options.players}")
        return
    for h in options.heroes:
        if h not in {x.id for x in deck.heroes}:
            _fail(deck, "heroes", f"has no hero {h!r}, which options.heroes names (its heroes: {_ids(deck.heroes)})")


def check_battle(deck: Deck, options: Options) -> None:
    """``doomrock-battle``: the party, the encounter (``options.encounter``, else a tier I one) and
    ``options.items`` must all be cards of the deck."""
    check_named_cards(deck, options)
    if options.encounter is None:
        if not any(e.tier == 1 for e in deck.encounters):
            _fail(deck, "encounters", "has no tier I encounter for the battle (options.encounter names none)")
    elif options.encounter not in {e.id for e in deck.encounters}:
        _fail(deck, "encounters", f"has no encounter {options.encounter!r}, which options.encounter names "
                                  f"(its encounters: {_ids(deck.encounters)})")
    for item in options.items:
        if item not in {i.id for i in deck.items}:
            _fail(deck, "items", f"has no item {item!r}, which options.items names (its items: {_ids(deck.items)})")


def check_campaign(deck: Deck, options: Options) -> None:
    """``doomrock``: Setup, Adventure Map Setup and Encounter Deck Setup draw cards of every kind."""
    check_named_cards(deck, options)
    need = 1 if options.quick_play else 2
    for t in AREA_TYPES:
        have = sum(a.type == t for a in deck.areas)
        if have < need + 1:
            _fail(deck, "areas", f"has {have} {t} area(s); Adventure Map Setup needs at least {need + 1}")
    if not any(a.type == "doomrock" for a in deck.areas):
        _fail(deck, "areas", "has no Doomrock area; Adventure Map Setup shuffles one into the area deck")
    for t in (1, 2, 3):
        if not any(e.tier == t for e in deck.encounters):
            _fail(deck, "encounters", f"has no tier {t} encounter; Encounter Deck Setup draws one card of each tier")
    if not deck.settings:
        _fail(deck, "settings", "has no setting card; Encounter Deck Setup draws one")
    if not deck.traits:
        _fail(deck, "traits", "has no trait card; Setup gives each hero one")
