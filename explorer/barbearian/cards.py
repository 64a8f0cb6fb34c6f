"""Upgrade and Trial cards as data, validated on load (``core.content``'s deck format).

A deck file::

    {"format": "rules-explorer-deck", "version": 1, "game": "barbearian", "label": "...",
     "sample": true,
     "upgrades": [{"id": "U01", "name": "Pillaging", "cost": {"ore": 3},
                   "effect": {"effect": "pillaging"}}, ...],
     "trials": [{"id": "T01", "name": "Grin and Bear It", "players": [2, 3, 4], "glory": 1,
                 "requirement": {"effect": "battleground_dice", "count": 5}}, ...]}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.content import Entry, check_header, read_cards, read_deck_file
from ..core.errors import ContentError
from .effects import EffectRef, Perks, parse_effect
from .options import RESOURCES

GAME = "barbearian"


@dataclass(frozen=True)
class UpgradeCard:
    """An Upgrade card: one copy of each per player ("only one copy of each Upgrade card")."""

    id: str
    name: str
    cost: tuple[tuple[str, int], ...]
    effect: EffectRef

    @property
    def text(self) -> str:
        return self.effect.text


@dataclass(frozen=True)
class TrialCard:
    """A Trial card: a secret objective worth ``glory`` for the player counts in ``players``."""

    id: str
    name: str
    players: tuple[int, ...]
    glory: int
    requirement: EffectRef

    @property
    def text(self) -> str:
        return self.requirement.text


@dataclass(frozen=True)
class Deck:
    label: str
    sample: bool
    source: str = field(compare=False)  # where it was loaded from; the same cards are the same deck
    upgrades: tuple[UpgradeCard, ...]
    trials: tuple[TrialCard, ...]
    _index: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _perks: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self):
        self._index.update({c.id: c for c in self.upgrades + self.trials})

    def card(self, card_id: str) -> UpgradeCard | TrialCard:
        return self._index[card_id]

    def trials_for(self, players: int) -> tuple[str, ...]:
        """Setup step 5: "remove any that do not match the number of players"."""
        return tuple(c.id for c in self.trials if players in c.players)

    def perks(self, upgrade_ids: tuple[str, ...]) -> Perks:
        """What a player's Upgrade cards add up to (remembered: the rules ask for it constantly)."""
        key = tuple(upgrade_ids)
        if key not in self._perks:
            perks = Perks()
            for cid in key:
                perks = self.card(cid).effect.modify(perks)
            self._perks[key] = perks
        return self._perks[key]

    def to_json(self) -> dict:
        return {
            "format": "rules-explorer-deck", "version": 1, "game": GAME, "label": self.label, "sample": self.sample,
            "upgrades": [{"id": c.id, "name": c.name, "cost": dict(c.cost), "effect": c.effect.to_json()} for c in self.upgrades],
            "trials": [{"id": c.id, "name": c.name, "players": list(c.players), "glory": c.glory,
                        "requirement": c.requirement.to_json()} for c in self.trials],
        }


def load_deck(path: str | Path) -> Deck:
    """Load and validate a deck file; raises ContentError naming the file, card and field."""
    data, source = read_deck_file(path, GAME)
    return deck_from_json(data, source)


def sample_deck() -> Deck:
    """The shipped deck: original sample cards written for this project, not the published cards."""
    with resources.as_file(resources.files(__package__) / "content" / "sample_deck.json") as p:
        return load_deck(p)


def deck_from_json(data: Any, source: str) -> Deck:
    check_header(data, source, GAME)
    top = Entry(source, "file", data)
    top.unknown_fields({"format", "version", "game", "label", "sample", "upgrades", "trials"})
    seen: set[str] = set()
    deck = Deck(
        label=top.get("label", str, default="unnamed deck"),
        sample=top.get("sample", bool, default=False),
        source=source,
        upgrades=read_cards(top, "upgrades", _upgrade, seen),
        trials=read_cards(top, "trials", _trial, seen),
    )
    if not deck.trials:
        raise ContentError(source, "file", "trials", "needs at least one Trial card")
    return deck


def _upgrade(e: Entry) -> UpgradeCard:
    e.unknown_fields({"id", "name", "cost", "effect"})
    raw = e.get("cost", dict)
    cost = []
    for r, n in raw.items():
        if r not in RESOURCES:
            raise e.fail(f"cost.{r}", f"is not a resource ({', '.join(RESOURCES)})")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 30:
            raise e.fail(f"cost.{r}", f"must be a whole number 0-30, got {n!r}")
        if n:
            cost.append((r, n))
    return UpgradeCard(e.data["id"], e.get("name", str), tuple(sorted(cost)), parse_effect(e, "effect", e.get("effect", dict), "perk"))


def _trial(e: Entry) -> TrialCard:
    e.unknown_fields({"id", "name", "players", "glory", "requirement"})
    players = e.get("players", list, check=lambda v: len(v) > 0 and all(p in (2, 3, 4) and not isinstance(p, bool) for p in v),
                    expect="a non-empty list of player counts 2-4")
    glory = e.get("glory", int, default=1, check=lambda v: 1 <= v <= 3, expect="1-3 Glory tokens")
    req = parse_effect(e, "requirement", e.get("requirement", dict), "requirement")
    return TrialCard(e.data["id"], e.get("name", str), tuple(sorted(set(players))), glory, req)
