"""What expose markers an action may turn up, known before it is taken: how many it could place (an expose
explosion needs more than the table holds) and the battle cumulation shuffles it would need (Battle Effects,
"Battle cumulation"; ruling DR-3). The battle's ``chance`` asks these to draw every shuffle in advance."""
from __future__ import annotations

from ..core.chance import Shuffle
from .cards import Deck
from .damage import marker_type
from .options import Options
from .state import (Activate, ActivateBoss, ActivateMinion, Battle, ChooseTarget, GiveDie, NoReaction, PlaceSpawn,
                    TakeDamage, UseItem)

DAMAGING = (Activate, UseItem, ActivateMinion, ActivateBoss, NoReaction, ChooseTarget, GiveDie, TakeDamage, PlaceSpawn)


def cumulation_parts(b: Battle, deck: Deck, options: Options, action, need: int | None = None) -> list:
    """The shuffles a battle cumulation during ``action`` would need, drawn in advance (DR-3).

    "Flip all remaining revealed expose markers ... face down" shuffles them into the pool: one order of
    ranks per battle cumulation marker not yet seen (each cumulation sets its marker aside), for an action
    that may deal damage while a character is exposed (or may expose one first), or that may run out of
    markers altogether (expose explosion). Only what the players see decides whether the parts are asked
    for, so the spec gives nothing hidden away. ``need``: ``expose_need(b, deck, action)`` if already known.
    """
    if options.cumulation_flip != "shuffle":
        return []
    if need is None:
        need = expose_need(b, deck, action)
    exposed = any(h.expose for h in b.heroes) or any(e.expose for e in b.enemies)
    explosion = need > len(b.expose_pool) + len(b.expose_up)
    if not ((may_damage(b, deck, action) and (exposed or need > 0)) or explosion):
        return []  # (decided before counting the markers, the dearer half)
    seen = sum(marker_type(m) == "cumulation" for m in b.expose_up + b.expose_out)
    face_down = b.expose_pool + tuple(m for x in b.heroes + b.enemies for m in x.expose)
    # In a game both counts agree; a board set up by hand may hold more than the options say.
    hidden = max(options.expose_cumulation - seen, sum(marker_type(m) == "cumulation" for m in face_down))
    if hidden <= 0:
        return []
    size = len(b.expose_pool) + len(b.expose_up) + sum(len(x.expose) for x in b.heroes + b.enemies)
    ranks = tuple(str(n) for n in range(size))
    return [(f"cumulation {k}", Shuffle(ranks, f"battle cumulation shuffle {k}")) for k in range(1, hidden + 1)]


def may_damage(b: Battle, deck: Deck, action) -> bool:
    """Whether ``action`` may deal damage: an ability or item with a damage effect, an enemy activation,
    or any answer that lets a paused AI card go on."""
    if not isinstance(action, DAMAGING):
        return False
    if b.paused is not None:
        return True
    if isinstance(action, Activate):
        return any(e.name == "damage" for e in deck.card(action.card).effects)
    if isinstance(action, UseItem):
        return any(e.name == "damage" for e in deck.card(action.item).use)
    return True


def expose_need(b: Battle, deck: Deck, action) -> int:
    """The most expose markers ``action`` could place (to know whether the pool may run out)."""
    def count(effects, heroism: int = 0, bonus=()) -> int:
        return (sum(e.param("count") for e in effects if e.name == "expose")
                + heroism * sum(e.param("amount") for e in bonus if e.name == "bonus_expose"))

    def script(lines) -> int:
        return sum(a.amount for a in lines if a.do == "expose")

    # A paused AI card goes on after the players' answer (a reaction, an item, a target, a die, damage).
    waiting = script(b.paused.script) if b.paused is not None else 0
    if isinstance(action, Activate):
        card = deck.card(action.card)
        return waiting + count(card.effects, action.heroism, card.heroism)
    if isinstance(action, UseItem):
        return waiting + count(deck.card(action.item).use)
    if isinstance(action, (ActivateMinion, ActivateBoss)):
        part = "minion" if isinstance(action, ActivateMinion) else "boss"
        cards = deck.card(b.enemy(action.enemy).deck).cards
        return max((script(getattr(c, part)) for c in cards), default=0)
    return waiting
