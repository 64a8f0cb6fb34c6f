"""Assault on Doomrock options: difficulty, optional rules and every number the rulebook leaves unprinted.

Each default is the reading in ``docs/rulings/doomrock.md`` (DR-n named per field).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ..core.content import options_from_json

FORMATIONS = ("distant", "together")
CUMULATION_FLIPS = ("shuffle", "under")
SPAWN_PLACEMENTS = ("players", "spawner")
LOCKED_DICE = ("optional", "stay")
ENRAGE_CARDS = ("shared", "own")
ENEMY_PAIRS = ("per_card", "across")
PARTY_DAMAGE_LIMITS = ("after_absorbing", "hp")
EXPLOSION_DAMAGE = ("markers", "none")
CUMULATION_BLANKS = ("all", "earlier")
STOP_HIDING = ("between_actions", "inside_ai_cards")

# what an option editor offers: the readings of each word option
CHOICES = {"formation": FORMATIONS, "cumulation_flip": CUMULATION_FLIPS, "cumulation_blanks": CUMULATION_BLANKS,
           "explosion_damage": EXPLOSION_DAMAGE, "party_damage_limit": PARTY_DAMAGE_LIMITS,
           "spawn_placement": SPAWN_PLACEMENTS, "locked_dice": LOCKED_DICE, "enrage_cards": ENRAGE_CARDS,
           "enemy_pairs": ENEMY_PAIRS, "stop_hiding": STOP_HIDING}
ITEMS: dict = {}  # heroes and items are the deck's own ids


@dataclass(frozen=True)
class Options:
    """One frozen value per game.

    Attributes:
        players: heroes in the party, 2-4 ("Setup"; solo plays 2 or more heroes).
        heroes: hero card ids for the party; None draws them at random ("Setup").
        encounter: the standalone battle's encounter id (``doomrock-battle``); None picks the first
            tier I encounter of the deck.
        items: item cards in the party inventory of a standalone battle, to equip at battle setup
            ("gear up"); the campaign uses the party's own inventory.
        formation: the party's starting formation at battle setup, "distant" (each hero alone) or
            "together" (one group); the party may change it with ``Formation`` before ``SetUpBattle``
            ("Battle Setup: 1. Set up party formation", DR-9).
        expose_blank, expose_plus1, expose_push, expose_cumulation: the 29 expose markers by type
            (not printed; 10/12/4/3, DR-2).
        cumulation_flip: where battle cumulation's flipped markers go (DR-3): "shuffle" shuffles them into
            the face-down pool (the reading the odds share, DR-O5); "under" lays them under the pool,
            unshuffled (the exact odds refuse it).
        cumulation_blanks: which revealed blanks leave with a battle cumulation marker (DR-3): "all" (those
            of this attack too: every blank revealed before the step is "previously revealed"; the odds'
            reading, DR-O5) or "earlier" (only blanks revealed before this attack; this attack's are flipped
            face down with the others; the exact odds refuse it).
        explosion_damage: what an expose explosion's +1 markers do (DR-4): "markers" deals 1 damage per +1
            marker (after shields and armour; no attack); "none" deals no damage: the explosion is no
            attack and no damage, so nothing is increased (push and battle cumulation markers still act).
        party_damage_limit: how much of a party damage a hero may accept (DR-11): "after_absorbing" (the
            literal reading) counts only what would reach the HP, so shields and armour let a hero accept
            more; "hp" caps each hero at the HP left.
        minion_tokens: minion markers, each worth 2 HP ("Component List": 22); spawns are limited by
            them (DR-6). Only minions spawn in the sample content, so the 16 boss markers need no option.
        spawn_placement: where a spawned enemy goes (DR-6): "players" lets the players place each one in
            any group or a new, distant group ("Rules for the Rules: Other player decision"); "spawner" puts
            it in the spawning enemy's group without asking.
        locked_dice: "Locked dice do not have to be rolled during consecutive roll phases" (DR-18):
            "optional" lets the rolling hero pick a locked die up and roll it (ending the card's lasting
            effect); "stay" keeps locked dice on their cards until the battle ends.
        round_limit: a battle still running after this many rounds is lost (not in the rulebook; a
            safety net for simulation, DR-10). None, the default, plays as the rulebook does: without a
            limit; the simulators set one and count the games it ends.
        map_action_limit: the campaign is lost after this many map actions (each decision counts)
            without a battle starting (safety net for simulation; DR-10). None (the default): no limit.
        heavy_planning: "Difficulty and Optional Rules: Heavy planning": heroism gained in battle
            must be placed on an ability card, and a card spends only its own heroism (DR-25).
        quick_play: "Difficulty and Optional Rules: Quick Play" (the setup changes, DR-14).
        map_shields: shields prevent map damage automatically ("Heroes may discard their shield
            markers to prevent this effect"), DR-11; False keeps them for the battle.
        enraged_bonus: extra damage of every enemy attack and AI party damage per enrage threshold reached (DR-7).
        enrage_cards: with an extra tier I encounter (Battle Setup 3), "shared" (the default, the literal
            reading) puts every ENRAGE on the battle's encounter card, whose values count for every enemy;
            "own" gives each encounter card its own time markers, changed by its own enemies and counting
            for their attacks against its own enrage values (DR-7).
        enemy_pairs: "By default, enemies are grouped in pairs" (Battle Setup 2): "per_card" (the default)
            pairs each encounter card's enemies among themselves, so an extra tier I encounter is set up
            "accordingly" in groups of its own; "across" pairs the enemies of both cards in one run (DR-39).
        stop_hiding: when a hidden hero may stop hiding (DR-45): "Hidden heroes may decide to stop being hidden
            any time during a round" (Battle Effects: Hidden). "between_actions" (the default) offers it whenever the
            party has the move, never inside an enemy's activation; "inside_ai_cards" reads it as the Anytime rule's
            "it may be used to interrupt enemy actions" (Battle Effects: Anytime): while an AI card is resolved, before
            each of its lines that targets by threat, a hidden hero may step out (a pause, when a hero is hidden).
        early_final_battle: at the Doomrock area the party may start the final battle before time runs
            out, so that "2 points per time marker remaining" can score (DR-28); False waits for time.
        assign_if_able: a hero must place every die that fits a card before being done assigning ("The
            result of the third roll must be kept, assigned to cards and spent, if able", DR-29); False
            lets the party leave dice unassigned ("Dice with results matching ... may be placed").
    """

    players: int = 2
    heroes: tuple[str, ...] | None = None
    encounter: str | None = None
    items: tuple[str, ...] = ()
    formation: str = "distant"
    expose_blank: int = 10
    expose_plus1: int = 12
    expose_push: int = 4
    expose_cumulation: int = 3
    cumulation_flip: str = "shuffle"
    cumulation_blanks: str = "all"
    explosion_damage: str = "markers"
    party_damage_limit: str = "after_absorbing"
    minion_tokens: int = 22
    spawn_placement: str = "players"
    locked_dice: str = "optional"
    round_limit: int | None = None
    map_action_limit: int | None = None
    heavy_planning: bool = False
    quick_play: bool = False
    map_shields: bool = True
    enraged_bonus: int = 1
    enrage_cards: str = "shared"
    enemy_pairs: str = "per_card"
    stop_hiding: str = "between_actions"
    early_final_battle: bool = False
    assign_if_able: bool = False

    def __post_init__(self):
        def whole(name: str, low: int, high: int):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise ValueError(f"options.{name} must be a whole number between {low} and {high}, got {v!r}")

        whole("players", 2, 4)
        if self.heroes is not None:
            if not isinstance(self.heroes, (list, tuple)):
                raise ValueError(f"options.heroes must be a list of hero ids or None, got {self.heroes!r}")
            heroes = tuple(self.heroes)
            if len(heroes) != self.players or len(set(heroes)) != len(heroes) or not all(isinstance(h, str) for h in heroes):
                raise ValueError(f"options.heroes must be {self.players} different hero ids, got {self.heroes!r}")
            object.__setattr__(self, "heroes", heroes)
        if self.encounter is not None and not isinstance(self.encounter, str):
            raise ValueError(f"options.encounter must be an encounter id or None, got {self.encounter!r}")
        if not isinstance(self.items, (list, tuple)) or len(self.items) > 20 or not all(isinstance(i, str) for i in self.items):
            raise ValueError(f"options.items must be a list of at most 20 item ids, got {self.items!r}")
        object.__setattr__(self, "items", tuple(self.items))
        if not isinstance(self.formation, str) or self.formation not in FORMATIONS:
            raise ValueError(f"options.formation must be one of {', '.join(FORMATIONS)}, got {self.formation!r}")
        for name in ("expose_blank", "expose_plus1", "expose_push", "expose_cumulation"):
            whole(name, 0, 60)
        if self.expose_blank + self.expose_plus1 + self.expose_push + self.expose_cumulation < 1:
            raise ValueError("options.expose_*: the expose pool needs at least one marker")
        for name, choices in (("cumulation_flip", CUMULATION_FLIPS), ("cumulation_blanks", CUMULATION_BLANKS),
                              ("explosion_damage", EXPLOSION_DAMAGE), ("party_damage_limit", PARTY_DAMAGE_LIMITS),
                              ("spawn_placement", SPAWN_PLACEMENTS), ("locked_dice", LOCKED_DICE),
                              ("enrage_cards", ENRAGE_CARDS), ("enemy_pairs", ENEMY_PAIRS),
                              ("stop_hiding", STOP_HIDING)):
            v = getattr(self, name)
            if not isinstance(v, str) or v not in choices:
                raise ValueError(f"options.{name} must be one of {', '.join(choices)}, got {v!r}")
        whole("minion_tokens", 1, 100)
        whole("enraged_bonus", 0, 5)
        for name, high in (("round_limit", 500), ("map_action_limit", 5000)):
            if getattr(self, name) is not None:
                whole(name, 1, high)
        for name in ("heavy_planning", "quick_play", "map_shields", "early_final_battle", "assign_if_able"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"options.{name} must be True or False, got {getattr(self, name)!r}")

    def odds_refusal(self) -> str | None:
        """Why the exact damage and threat odds cannot follow these options, or None.

        They read battle cumulation as a shuffle of the flipped markers into the pool with every revealed
        blank leaving (DR-O5).
        """
        if self.cumulation_flip != "shuffle":
            return (f"options.cumulation_flip is {self.cumulation_flip!r}: the exact odds read battle cumulation as a "
                    "shuffle of the flipped markers into the pool (ruling DR-O5) and need cumulation_flip='shuffle'")
        if self.cumulation_blanks != "all":
            return (f"options.cumulation_blanks is {self.cumulation_blanks!r}: the exact odds read battle cumulation as "
                    "setting every revealed blank aside (ruling DR-O5) and need cumulation_blanks='all'")
        return None

    @property
    def expose_counts(self) -> tuple[tuple[str, int], ...]:
        return (("blank", self.expose_blank), ("plus1", self.expose_plus1), ("push", self.expose_push),
                ("cumulation", self.expose_cumulation))

    def to_json(self) -> dict:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        if self.heroes is not None:
            d["heroes"] = list(self.heroes)
        d["items"] = list(self.items)
        return d

    @classmethod
    def from_json(cls, data: dict) -> "Options":
        return options_from_json(cls, data)
