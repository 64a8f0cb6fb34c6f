"""The log's words: articles, display names of tiles, shops and decisions, and clauses joined in one sentence.

Every sentence the rules write about a tile, a shop card or a waiting decision takes its words from here,
so none shows an identifier ("oil_slick", "move_tile") or a wrong article ("a armor").
"""
from __future__ import annotations

from .tile_table import tile_name

SHOPS = {"weapon": "Weapon", "armor": "Armor"}  # "A Weapon card costs 8 Credits" (Buying)
DECISIONS = {  # a waiting decision (``Task.kind``) in words, and the rulebook section it belongs to
    "move_tile": ("tile replacement", "Shortages"),
    "replacement": ("Replacement", "Loot Cards"),
    "teleporter_replacement": ("Teleporter Replacement", "Loot Cards"),
    "gear_swap": ("Gear Swap", "Loot Cards"),
    "taunt": ("taunt", "Accomplishing a Feat"),
    "shove": ("shove", "Distances"),
    "place": ("placement", "Impossible Placement or Replacement"),
    "place_tile": ("tile placement", "Tile Effects"),
    "teleport": ("teleport region", "Teleporter Tile"),
    "return": ("return to the Green", "Knocked Out! (KO)"),
    "weapon": ("Weapon card draw", "Loot Cards"),
    "armor": ("Armor card draw", "Loot Cards"),
}


def a(words: str) -> str:
    """``words`` after "a" or "an", by its first letter ("an Armor card", "a Weapon card", "an oil slick")."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def a_tile(tile: str) -> str:
    """"an energy wall tile" from "energy_wall"."""
    return a(f"{tile_name(tile)} tile")


def the_tile(tile: str, space: str) -> str:
    return f"the {tile_name(tile)} tile at {space}"


def card_of(shop: str) -> str:
    """"an Armor card" from the shop "armor"."""
    return a(f"{SHOPS.get(shop, shop)} card")


def decision(kind: str) -> str:
    return DECISIONS.get(kind, (kind.replace("_", " "), ""))[0]


def section_of(kind: str, default: str = "Loot Cards") -> str:
    return DECISIONS.get(kind, ("", default))[1] or default


def clauses(texts) -> str:
    """Sentences joined as clauses of one: "draw a card from the Weapon store; heal 2 HP" (no "store.;")."""
    return "; ".join(t.rstrip(" .") for t in texts)


def declined(who: str, kind: str, data: tuple = ()) -> str:
    """What a player gave up, in words: "X replaces no oil slick tile", "X taunts no one"."""
    if kind == "move_tile" and data:
        return f"{who} replaces no {tile_name(data[0])} tile."
    if kind == "taunt":
        return f"{who} taunts no one."
    return f"{who} declines the {decision(kind)}."
