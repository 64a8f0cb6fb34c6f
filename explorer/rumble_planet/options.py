"""Rumble Planet options: player count, heroes, board side and every number the rulebook leaves unprinted.

The rulebook prints prices (Weapon 8, Armor 6, PP 18 Credits), the tracks (HP 18) and the token
counts on the board, but not the attack die's faces, the bank's size or starting Credits; those
are fields here with documented defaults (see ``docs/rulings/rumble-planet.md``).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ..core.content import options_from_json

# Ruling RP-4: the die's faces are not printed; four body parts and a critical face.
BODY_PARTS = ("head", "torso", "arms", "legs")
CRITICAL = "critical"
DEFAULT_DIE = ("head", "torso", "torso", "arms", "legs", CRITICAL)
TILE_KINDS = ("teleporter", "drone", "oil_slick", "defensive_field", "turret", "squirrel", "energy_wall")
DEFAULT_SUPPLY = (("teleporter", 4), ("drone", 2), ("oil_slick", 3), ("defensive_field", 2), ("turret", 3),
                  ("squirrel", 1), ("energy_wall", 2))

# Options read in one of a few ways (the rulings say which reading is literal); a bool is one of True, False.
CHOICES = {"ring_shape": ("diamond", "square"), "tie_break": ("earlier", "later"), "falling": ("move", "step"),
           "teleporter_replacement": ("any", "next_to_hero"), "placement_enters": (True, False),
           "replacement_loot": ("move", "replace"), "teleport_ends_movement": (False, True),
           "range_shape": ("distance", "ring"), "teleporter_onto_heroes": (False, True),
           "placement_falls": (True, False),
           "aligned_diagonals": (False, True), "field_own_space": (True, False),
           "push_injuries": ("not_the_attacks", "the_attacks")}
# what an option editor offers for a list (or supply): its items (or keys)
ITEMS = {"attack_die": BODY_PARTS + (CRITICAL,), "tile_supply": TILE_KINDS}


@dataclass(frozen=True)
class Options:
    """One frozen value per game; the defaults are the readings in the rulings file.

    Attributes:
        players: 2, 3 or 4.
        heroes: hero ids in turn order; None takes the first ``players`` heroes of the deck.
        side: board side "A" or "B" (Setup step 1: "For your first game, use side A").
        attack_die: the attack die's faces, body parts or "critical" (RP-4; repeats weight a face).
        ring_shape: "diamond" (a Ring is the spaces adjacent to its center, orthogonal distance as for Range) or
            "square" (the 8 or 24 spaces around it, diagonals included; RP-3).
        bank_credits, bank_boosts: tokens in the bank (not printed; 120 and 40, RP-5).
        start_credits: Credits each hero starts with (not printed; 0).
        weapon_price, armor_price, pp_price: "A Weapon card costs 8 Credits", Armor 6, a PP 18.
        max_hp: the top of the track (18); prestige_goal: PP that ends the game (18), first_bonus (2).
        round_limit: end after this many rounds (not in the rulebook; a safety net for simulation).
        tie_break: "earlier" (the earlier seat in turn order wins a tie) or "later" (RP-14).
        tile_supply: tiles of each type in the box (Teleporters 4 as printed, the others not printed; RP-19).
        falling: "move" (each move compares its own two spaces, literal) or "step" (the descent is counted from where
            the movement step began, each level once; RP-27).
        teleporter_replacement: "any" (any Teleporter on the Green goes to a space next to it, literal) or
            "next_to_hero" (only a Teleporter next to the looting Hero; RP-10).
        teleporter_onto_heroes: False (Teleporter Replacement puts the Teleporter in a free space only: "placing it
            into another free space, just as in Placement", the Golden Rule's "not possible" winning, literal) or
            True (a Hero's space may take it and the Hero is teleported: "if a Teleporter tile is moved, placed, or
            replaced in your space, you are immediately teleported"; RP-10).
        placement_enters: True (a Hero placed by GPS enters the space: a Teleporter there teleports them, Turret and
            Squirrel zones hurt, a Lootbox is picked up during their movement step; literal) or False (RP-7).
        replacement_loot: "move" (the Replacement loot card moves the Hero: falling applies, literal) or "replace"
            (it is a replacement, "not considered Movement": no falling, entering as for placement; RP-11).
        placement_falls: True (a Hero teleported, placed next to a blocked space or replaced into a space 2 levels
            or more below the space they left suffers 1 Injury a level: "In all three cases, a character, tile, or
            token is moved into a space", and Falling hurts "If you move or are moved into a space", literal) or
            False (only movement falls; RP-7).
        aligned_diagonals: False (aligned means the same letter or the same number: "in the same straight row of
            spaces", literal) or True (a diagonal line of spaces counts too; RP-32).
        field_own_space: True (a Hero standing on a Defensive Field gains its +2 Defense: "While in the Zone 1 area
            centered on the Defensive Field tile", literal) or False (only the Ring around it, the Summary Table's
            "a space within Ring centered on this tile"; RP-28).
        push_injuries: "not_the_attacks" (Injuries an attack's push causes, a fall or a Turret or the Squirrel where
            the opponent is pushed, are not the attack's: "Any remaining Damage is converted into Injuries", so they
            give no "+1 PP: Attack and injure an opponent" and count for no Feat as the attack's; literal) or
            "the_attacks" (they are the attack's: the PP for injuring, once per turn per opponent, and the Feats that
            count injured opponents or an attack's Injuries; RP-37).
        teleport_ends_movement: False (the Hero keeps the MP left after a teleport, literal) or True (RP-22).
        range_shape: "distance" (a weapon's Range counts orthogonal distance, literal) or "ring" (Range N reaches
            every space within N rows and columns, diagonals included; RP-9).
    """

    players: int = 2
    heroes: tuple[str, ...] | None = None
    side: str = "A"
    attack_die: tuple[str, ...] = DEFAULT_DIE
    ring_shape: str = "diamond"
    bank_credits: int = 120
    bank_boosts: int = 40
    start_credits: int = 0
    weapon_price: int = 8
    armor_price: int = 6
    pp_price: int = 18
    max_hp: int = 18
    prestige_goal: int = 18
    first_bonus: int = 2
    round_limit: int | None = None
    tie_break: str = "earlier"
    tile_supply: tuple[tuple[str, int], ...] = DEFAULT_SUPPLY
    falling: str = "move"
    teleporter_replacement: str = "any"
    placement_enters: bool = True
    replacement_loot: str = "move"
    teleport_ends_movement: bool = False
    range_shape: str = "distance"
    teleporter_onto_heroes: bool = False
    placement_falls: bool = True
    aligned_diagonals: bool = False
    field_own_space: bool = True
    push_injuries: str = "not_the_attacks"

    def __post_init__(self):
        def whole(name: str, low: int, high: int):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise ValueError(f"options.{name} must be a whole number between {low} and {high}, got {v!r}")

        whole("players", 2, 4)
        if self.heroes is not None:
            heroes = tuple(self.heroes) if isinstance(self.heroes, (list, tuple)) else None
            if heroes is None or len(heroes) != self.players or not all(isinstance(h, str) for h in heroes) \
                    or len(set(heroes)) != self.players:
                raise ValueError(f"options.heroes must name {self.players} different heroes, got {self.heroes!r}")
            object.__setattr__(self, "heroes", heroes)
        if self.side not in ("A", "B"):
            raise ValueError(f"options.side must be 'A' or 'B', got {self.side!r}")
        die = tuple(self.attack_die) if isinstance(self.attack_die, (list, tuple)) else ()
        if not 1 <= len(die) <= 20 or any(f not in BODY_PARTS + (CRITICAL,) for f in die):
            raise ValueError(f"options.attack_die must be 1-20 faces of {', '.join(BODY_PARTS + (CRITICAL,))}, got {self.attack_die!r}")
        object.__setattr__(self, "attack_die", die)
        for name, allowed in CHOICES.items():
            value = getattr(self, name)  # compared, not hashed: a list or a dict is refused, not a TypeError
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise ValueError(f"options.{name} must be {' or '.join(map(repr, allowed))}, got {value!r}")
        whole("bank_credits", 0, 10_000)
        whole("bank_boosts", 0, 1_000)
        whole("start_credits", 0, 100)
        if self.start_credits * self.players > self.bank_credits:
            raise ValueError("options.start_credits: the bank cannot pay that much to every player")
        whole("weapon_price", 0, 100)
        whole("armor_price", 0, 100)
        whole("pp_price", 1, 1_000)
        whole("max_hp", 1, 100)
        whole("prestige_goal", 1, 100)
        whole("first_bonus", 0, 10)
        if self.round_limit is not None:
            whole("round_limit", 1, 10_000)
        supply = dict(DEFAULT_SUPPLY)
        raw = self.tile_supply.items() if isinstance(self.tile_supply, dict) else self.tile_supply
        try:
            given = [(str(k), v) for k, v in raw]
        except (TypeError, ValueError):
            raise ValueError(f"options.tile_supply must map tiles to counts, got {self.tile_supply!r}") from None
        for k, v in given:
            if k not in supply or isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 20:
                raise ValueError(f"options.tile_supply: {k!r}: {v!r} is not a count 0-20 of a tile ({', '.join(TILE_KINDS)})")
            supply[k] = v
        if supply["teleporter"] < 4:
            raise ValueError("options.tile_supply: the board needs 4 Teleporter tiles")
        object.__setattr__(self, "tile_supply", tuple(supply.items()))

    def supply(self, tile: str) -> int:
        return dict(self.tile_supply)[tile]

    def to_json(self) -> dict:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["attack_die"] = list(self.attack_die)
        d["heroes"] = None if self.heroes is None else list(self.heroes)
        d["tile_supply"] = dict(self.tile_supply)
        return d

    @classmethod
    def from_json(cls, data: dict) -> Options:
        if not isinstance(data, dict):
            raise ValueError("options must be a JSON object")
        data = dict(data)
        for k in ("attack_die", "heroes"):
            if isinstance(data.get(k), list):
                data[k] = tuple(data[k])
        return options_from_json(cls, data)
