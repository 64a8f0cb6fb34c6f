"""Tiny enemy decks for replaying the rulebook's worked examples (and for scenario tests).

The rulebook's examples name only the parts of each enemy card they use; these builders make a
card with exactly that track, in the deck format, so an example replays with typed dice.
"""
from __future__ import annotations

from .cards import deck_from_json


def enemy(card_id: str, *track, start: int = 1, icon: str | None = None, name: str | None = None, abilities=()) -> dict:
    """An enemy card in the deck format; a track entry is a number (dice needed) or
    ``(need, colour, ...)`` for a space with colour requirements."""
    spaces = []
    for t in track:
        if isinstance(t, tuple):
            spaces.append({"need": t[0], "colours": list(t[1:])})
        else:
            spaces.append({"need": t})
    return {"id": card_id, "name": name or card_id, "start": start, "icon": icon, "track": spaces,
            "abilities": list(abilities)}


def plain(card_id: str, length: int = 4, start: int = 1, **kw) -> dict:
    """An enemy whose every space needs two dice of any colour."""
    return enemy(card_id, *([2] * length), start=start, **kw)


def fillers(count: int, prefix: str = "F", length: int = 4, start: int = 1) -> list[dict]:
    return [plain(f"{prefix}{i}", length, start) for i in range(1, count + 1)]


def make_deck(enemies: list[dict], **cards):
    """A deck of these enemy cards (and ``chariots=[...]``, ``conspirators=[...]``, ... card lists)."""
    data = {"format": "rules-explorer-deck", "version": 1, "game": "proving-grounds", "label": "scenario deck",
            "enemies": enemies, **cards}
    return deck_from_json(data, "scenario deck")


# The module cards the rulebook's examples name (original wording; the effects are the engine's).
SPIKED_WHEELS = {"id": "C1", "name": "Spiked Wheels", "face": None, "effect": {"effect": "extra_down_on_single", "spaces": 1}}
DUST_TRAIL = {"id": "C2", "name": "Dust Trail", "face": 3, "effect": {"effect": "slot_down", "slot": 3, "spaces": 1}}
INSPIRATIONS = [
    {"id": "I01", "name": "Mother's Resolve", "module": None, "effect": {"effect": "safe_singles", "count": 1}},
    {"id": "I04", "name": "Dragonscale Armor", "module": "dragonling", "effect": {"effect": "dragonling_any_enemy", "face": "tail"}},
    {"id": "I05", "name": "Broad Wings", "module": "dragonling", "effect": {"effect": "wing_singles", "count": 2}},
    {"id": "I06", "name": "Charioteer's Blessing", "module": "chariots", "effect": {"effect": "chariot_pair_single"}},
    {"id": "I10", "name": "Shield Breaker", "module": "shields", "effect": {"effect": "shield_bash"}},
]
CONSPIRATORS = [
    {"id": "P6", "name": "Queen Brianna", "number": 6, "effect": {"effect": "relentless", "spaces": 1}},
    {"id": "P4", "name": "Fern Greenbush", "number": 4, "effect": {"effect": "choose_enemy_down", "spaces": 1}},
    {"id": "P1", "name": "Magistrate Orrin", "number": 1, "effect": {"effect": "shorter_timer", "rerolls": 2}},
    {"id": "P2", "name": "Lady Veyra", "number": 2, "effect": {"effect": "exhaust_die", "colour": None}},
]
