"""Card effect registries: upgrade perks and trial requirements, each a name plus parameters.

The rulebook describes Upgrade and Trial cards without printing them, so decks name
effects from these registries. Two kinds:

* *perks* (Upgrade cards) fold into one :class:`Perks` value per player; the rules read
  that value, never the cards themselves;
* *requirements* (Trial cards) are predicates ``(state, seat, **params) -> bool`` checked
  whenever anything changes ("If at any point a player meets the requirements...").

Unknown names and bad parameters are rejected when a deck loads.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core import effects as core
from ..core.effects import Param

from .options import RESOURCES

SPACES = ("farm", "forge", "temple", "barracks")


@dataclass(frozen=True)
class Perks:
    """Everything a player's Upgrade cards change."""

    pillaging: bool = False
    free_agents: frozenset[int] = frozenset()  # Captain's Training: faces that join any group
    sentries: int = 0
    gather_bonus: tuple[tuple[str, int], ...] = ()
    raid_bonus: int = 0
    loot_bonus: int = 0

    def bonus(self, resource: str) -> int:
        return sum(n for r, n in self.gather_bonus if r == resource)


RESOURCE = Param(str, lambda v: v in RESOURCES, f"one of {', '.join(RESOURCES)}")
COUNT = Param(int, lambda v: 1 <= v <= 20, "a whole number 1-20", 1)
FACES = Param(list, lambda v: len(v) > 0 and all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in v),
              "a non-empty list of faces 1-6", [5, 6])
SPACE_OR_ANY = Param((str, type(None)), lambda v: v is None or v in SPACES, f"null or one of {', '.join(SPACES)}", None)


SPACE_TEXT = {"farm": "the Farm", "forge": "the Forge", "temple": "the Temple", "barracks": "the Barracks"}


class Registry(core.EffectRegistry):
    """Card texts name spaces as the rulebook does ("the Farm", not "farm")."""

    def text(self, name: str, params: tuple[tuple[str, Any], ...]) -> str:
        return super().text(name, tuple((k, SPACE_TEXT.get(v, v) if k == "space" else v) for k, v in params))


REGISTRY = Registry(none_text="any space")
EFFECTS = REGISTRY.effects


def perk(name: str, text: str, **params: Param):
    return REGISTRY.register("perk", name, text, **params)


def requirement(name: str, text: str, **params: Param):
    return REGISTRY.register("requirement", name, text, **params)


class EffectRef(core.EffectRef):
    """A BarBEARian card effect: an Upgrade's perk or a Trial's requirement."""

    registry = REGISTRY

    def modify(self, perks: Perks) -> Perks:
        return self(perks)

    def met(self, state, seat: int) -> bool:
        return bool(self(state, seat))


def parse_effect(entry, field_name: str, data: Any, kind: str) -> EffectRef:
    """Validate ``{"effect": name, **params}`` (``entry`` is a ``core.content.Entry``)."""
    return EffectRef.parse(entry, field_name, data, (kind,))


# -- perks (Upgrade cards) ------------------------------------------------------------------

@perk("pillaging", "After a successful raid take both Glory and Resource tokens, choosing the Resources yourself.")
def _pillaging(p: Perks) -> Perks:
    return replace(p, pillaging=True)


@perk("captains_training", "Dice showing {faces} are free agents on the Battleground and in the Barracks: they join any group.",
      faces=FACES)
def _captains_training(p: Perks, faces: tuple[int, ...]) -> Perks:
    return replace(p, free_agents=p.free_agents | frozenset(faces))


@perk("sentries", "Gain {count} Sentry token(s): each adds 1 to your Barracks against every raid.", count=COUNT)
def _sentries(p: Perks, count: int) -> Perks:
    return replace(p, sentries=p.sentries + count)


@perk("gather_bonus", "Collect {amount} extra {resource} in every Gather phase.", resource=RESOURCE, amount=COUNT)
def _gather_bonus(p: Perks, resource: str, amount: int) -> Perks:
    return replace(p, gather_bonus=p.gather_bonus + ((resource, amount),))


@perk("raid_bonus", "Each of your forces on the Battleground is {amount} stronger.", amount=COUNT)
def _raid_bonus(p: Perks, amount: int) -> Perks:
    return replace(p, raid_bonus=p.raid_bonus + amount)


@perk("loot_bonus", "A raid that steals Resources takes {amount} more.", amount=COUNT)
def _loot_bonus(p: Perks, amount: int) -> Perks:
    return replace(p, loot_bonus=p.loot_bonus + amount)


# -- requirements (Trial cards) -----------------------------------------------------------
# Each reads only the (true) state; placements count only once revealed.

@requirement("battleground_dice", "Place {count} dice in your Battleground (mercenaries count; raids need not succeed).", count=COUNT)
def _battleground_dice(state, seat: int, count: int) -> bool:
    return state.revealed and sum(1 for s in state.players[seat].placement if s and s.startswith("battleground")) >= count


@requirement("same_value_space", "Place {count} dice showing the same value on one space.", count=COUNT)
def _same_value_space(state, seat: int, count: int) -> bool:
    if not state.revealed:
        return False
    p = state.players[seat]
    groups: dict[tuple[str, int], int] = {}
    for space, face in zip(p.placement, p.faces):
        if space:
            groups[space, face] = groups.get((space, face), 0) + 1
    return any(n >= count for n in groups.values())


@requirement("hold_resource", "Hold {amount} {resource}.", resource=RESOURCE, amount=COUNT)
def _hold_resource(state, seat: int, resource: str, amount: int) -> bool:
    return state.players[seat].resource(resource) >= amount


@requirement("hold_each_resource", "Hold {amount} of each Resource.", amount=COUNT)
def _hold_each_resource(state, seat: int, amount: int) -> bool:
    return all(state.players[seat].resource(r) >= amount for r in RESOURCES)


@requirement("specialists", "Have {count} Specialist tokens on {space}.", count=COUNT, space=SPACE_OR_ANY)
def _specialists(state, seat: int, count: int, space: str | None) -> bool:
    p = state.players[seat]
    return (sum(n for _, n in p.specialists) if space is None else p.specialists_on(space)) >= count


@requirement("locked_glory", "Have {count} locked Glory tokens.", count=COUNT)
def _locked_glory(state, seat: int, count: int) -> bool:
    return sum(1 for _, locked in state.players[seat].glory if locked) >= count


@requirement("foreign_glory", "Hold {count} Glory tokens of other clans.", count=COUNT)
def _foreign_glory(state, seat: int, count: int) -> bool:
    p = state.players[seat]
    return sum(1 for c, _ in p.glory if c != p.clan) >= count


@requirement("raids_won", "Raid {count} different village(s) successfully in one round.", count=COUNT)
def _raids_won(state, seat: int, count: int) -> bool:
    return len(state.players[seat].raided) >= count


@requirement("raids_repelled", "Your Barracks hold against {count} raid(s) in one round.", count=COUNT)
def _raids_repelled(state, seat: int, count: int) -> bool:
    return state.players[seat].repelled >= count


@requirement("upgrades_owned", "Own {count} Upgrade cards.", count=COUNT)
def _upgrades_owned(state, seat: int, count: int) -> bool:
    return len(state.players[seat].upgrades) >= count


@requirement("active_dice", "Have {count} active dice of your clan.", count=COUNT)
def _active_dice(state, seat: int, count: int) -> bool:
    return state.players[seat].active >= count
