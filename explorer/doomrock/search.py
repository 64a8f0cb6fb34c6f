"""What the search bot needs of Assault on Doomrock: the party's view, filled in, and a battle scored.

The party sees the table, not the order of a face-down pile (the enemies' AI decks, the expose markers,
the area, settings, event and item decks) nor the secret battles waiting for it ("the encounter cards
represent the secret battles waiting for the heroes"; only their tier is known). ``view`` puts every
face-down pile in a fixed order and each waiting encounter as the first card of its tier, so two tables
that differ only there look alike; ``determinize`` shuffles the piles and draws each waiting encounter
among its tier's cards.
"""
from __future__ import annotations

from ..core.frozen import replace

import numpy as np

from ..core.search import Rules, shuffled
from .game import BATTLE_GAME, GAME
from .skirmish import BattleState

BATTLE_PILES = ("expose_pool",)
CAMPAIGN_PILES = ("settings_deck", "area_deck", "common", "epic", "ability_deck", "expose_pool")
KEYED = {"battle": ("ai_draw",), "campaign": ("event_draw",)}  # (deck id, cards) pairs, one pile a deck


def _order(battle_or_campaign, piles, keyed, arrange):
    changes = {p: tuple(arrange(getattr(battle_or_campaign, p))) for p in piles}
    for k in keyed:
        changes[k] = tuple((deck, tuple(arrange(cards))) for deck, cards in getattr(battle_or_campaign, k))
    return replace(battle_or_campaign, **changes)


def _battle(b, arrange):
    return None if b is None else _order(b, BATTLE_PILES, KEYED["battle"], arrange)


def view(state, seat: int = 0):
    """The party's view: face-down piles sorted, waiting encounters shown only by tier."""
    if isinstance(state, BattleState):
        return replace(state, battle=_battle(state.battle, sorted))
    c = _order(state, CAMPAIGN_PILES, KEYED["campaign"], sorted)
    first = {}
    for e in sorted(state.deck.encounters, key=lambda e: e.id):
        first.setdefault(e.tier, e.id)
    waiting = tuple(first[state.deck.card(e).tier] for e in state.encounters)
    return replace(c, encounters=waiting, battle=_battle(state.battle, sorted))


def determinize(seen_view, seat: int, rng: np.random.Generator):
    """One table consistent with the party's view: piles shuffled, waiting encounters drawn by tier."""
    arrange = lambda pile: shuffled(pile, rng)  # noqa: E731
    if isinstance(seen_view, BattleState):
        return replace(seen_view, battle=_battle(seen_view.battle, arrange))
    c = _order(seen_view, CAMPAIGN_PILES, KEYED["campaign"], arrange)
    tiers = {}
    for e in seen_view.deck.encounters:
        tiers.setdefault(e.tier, []).append(e.id)
    waiting = []
    for e in seen_view.encounters:
        pool = [x for x in tiers[seen_view.deck.card(e).tier] if x not in waiting] or tiers[seen_view.deck.card(e).tier]
        waiting.append(pool[int(rng.integers(len(pool)))])
    return replace(c, encounters=tuple(waiting), battle=_battle(seen_view.battle, arrange))


LOST = 0.3
"""A lost battle's worth at most (all the enemies' HP taken), so a rollout that came close counts for something and
any won battle for more."""
OPEN_HURT, OPEN_LIFE = 0.5, 0.5
"""An unfinished battle's worth: these shares of the enemies' HP taken and of the party's HP left."""


def enemies_hurt(b) -> float:
    """The share of the enemies' HP the party has taken: the objectives' where the encounter has any (the battle
    is won when they are defeated, "Battle Sequence: Victory"), else every enemy's."""
    enemies = [e for e in b.enemies if e.objective] or b.enemies
    return 1.0 - sum(max(0, e.hp) for e in enemies) / max(1, sum(e.max_hp for e in enemies)) if enemies else 0.0


def battle_value(b) -> float:
    """A battle for the party (an engine ``Battle`` or a compact one): 1 won; lost, ``LOST`` times the enemies' HP
    taken; unfinished, the enemies' HP taken and the party's HP left (``OPEN_HURT``, ``OPEN_LIFE``)."""
    if b.result is not None:
        return 1.0 if b.result == "victory" else LOST * enemies_hurt(b)
    life = sum(max(0, h.hp + h.broken) for h in b.heroes) / max(1, sum(h.max_hp for h in b.heroes))
    return OPEN_HURT * enemies_hurt(b) + OPEN_LIFE * life


def evaluate(state) -> tuple[float]:
    """The party's value (one seat): a battle's, or a campaign's battles won (each worth a quarter)."""
    if isinstance(state, BattleState):
        return (battle_value(state.battle),)
    if state.result is not None:
        return (float(state.result == "victory"),)
    now = battle_value(state.battle) if state.battle is not None else 0.5
    return (min(1.0, 0.25 * state.battles_won + 0.2 * now),)


def rules(greedy, campaign: bool) -> Rules:
    """Search's view of a Doomrock battle or campaign, rolling out with ``greedy``."""
    game = GAME if campaign else BATTLE_GAME
    return Rules(game=game, evaluate=evaluate, rollout=greedy, view=view, determinize=determinize,
                 seat_of=lambda state, actions: 0, chance_of_legal=game.chance_of_legal, apply_legal=game.apply_legal)
