"""The card effect registry: every card effect is a name plus parameters.

Two kinds of effect:

* *modifiers* change how this round's attacks resolve (enemy abilities, ongoing
  inspiration powers, activated chariots, conspirators that act "when you resolve
  your attacks"); each is a small pure function ``Modifiers -> Modifiers``;
* *immediate* effects happen once, when a chariot or conspirator activates; each is
  a small function ``(state, tabletop, **params) -> (state, events)`` using the table
  primitives passed in ``tabletop``.

Deck files name effects from this registry; unknown names and bad parameters are
rejected when the deck loads.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core import effects as core
from ..core.effects import Param
from .options import COLOURS, DRAGONLING_FACES


@dataclass(frozen=True)
class Modifiers:
    """Everything that bends Step 2 for one round (global, or for one enemy)."""

    weights: tuple[tuple[str, int], ...] = ()  # colour -> how many dice one such die counts as
    single_extra_down: int = 0
    unattacked_down: int = 0
    max_climb: int | None = None
    colour_blind: frozenset[str] = frozenset()
    safe_singles: int = 0
    wing_singles: int = 1
    dragonling_any: frozenset[str] = frozenset()
    shield_bash: bool = False
    chariot_pair_single: bool = False
    reserve_skip: bool = False
    activation_ignore: frozenset[int] = frozenset()
    moon_mercy: bool = False
    sun_on_set: bool = False
    extra_rerolls: int = 0

    def weight(self, colour: str) -> int:
        return dict(self.weights).get(colour, 1)


COLOUR = Param(str, lambda v: v in COLOURS, f"one of {', '.join(COLOURS)}")
COLOUR_OR_NONE = Param((str, type(None)), lambda v: v is None or v in COLOURS, f"null or one of {', '.join(COLOURS)}", None)
FACE = Param(int, lambda v: 1 <= v <= 6, "a face 1-6")
SLOT = Param(int, lambda v: 1 <= v <= 6, "an enemy slot 1-6")
SPACES = Param(int, lambda v: 1 <= v <= 5, "1-5 spaces", 1)
COUNT = Param(int, lambda v: 0 <= v <= 10, "0-10", 1)
DRAGON_FACE = Param(str, lambda v: v in DRAGONLING_FACES[:3], "talon, tail or teeth")
FACES = Param(list, lambda v: all(isinstance(f, int) and 1 <= f <= 6 for f in v), "a list of faces 1-6")


REGISTRY = core.EffectRegistry(none_text="any")
EFFECTS = REGISTRY.effects


def modifier(name: str, text: str, **params: Param):
    return REGISTRY.register("modifier", name, text, **params)


def immediate(name: str, text: str, **params: Param):
    return REGISTRY.register("immediate", name, text, **params)


class EffectRef(core.EffectRef):
    """A Proving Grounds card effect."""

    registry = REGISTRY

    def modify(self, mods: Modifiers) -> Modifiers:
        return self(mods)

    def fire(self, state, tabletop, section: str):
        """Apply an immediate effect; its events (and any choice it asks for) cite ``section``,
        the Gameplay section of the card's module."""
        return self(state, tabletop, section)


def parse_effect(entry, field_name: str, data: Any, kinds: tuple[str, ...]) -> EffectRef:
    """Validate ``{"effect": name, **params}`` from a deck file (``entry`` is a content.Entry)."""
    return EffectRef.parse(entry, field_name, data, kinds)


# -- modifiers ---------------------------------------------------------------------------

@modifier("counts_as_two", "A {colour} die counts as two dice.", colour=COLOUR)
def _counts_as_two(m: Modifiers, colour: str) -> Modifiers:
    return replace(m, weights=tuple({**dict(m.weights), colour: 2}.items()))


@modifier("extra_down_on_single", "For every single, move that enemy's battle marker down {spaces} extra space(s).", spaces=SPACES)
def _extra_down_on_single(m: Modifiers, spaces: int) -> Modifiers:
    return replace(m, single_extra_down=m.single_extra_down + spaces)


@modifier("relentless", "If no dice attack this enemy, move its battle marker down {spaces} space(s).", spaces=SPACES)
def _relentless(m: Modifiers, spaces: int) -> Modifiers:
    return replace(m, unattacked_down=m.unattacked_down + spaces)


@modifier("armoured", "The battle marker moves up at most {max_climb} space(s) per round.", max_climb=Param(int, lambda v: 1 <= v <= 5, "1-5"))
def _armoured(m: Modifiers, max_climb: int) -> Modifiers:
    return replace(m, max_climb=max_climb if m.max_climb is None else min(m.max_climb, max_climb))


@modifier("colour_blind", "{colour} dice count as white for colour requirements.", colour=COLOUR)
def _colour_blind(m: Modifiers, colour: str) -> Modifiers:
    return replace(m, colour_blind=m.colour_blind | {colour})


@modifier("safe_singles", "The first {count} single(s) each round do not move a battle marker down.", count=COUNT)
def _safe_singles(m: Modifiers, count: int) -> Modifiers:
    return replace(m, safe_singles=m.safe_singles + count)


@modifier("wing_singles", "The wing result saves up to {count} singles.", count=Param(int, lambda v: 1 <= v <= 6, "1-6", 2))
def _wing_singles(m: Modifiers, count: int) -> Modifiers:
    return replace(m, wing_singles=max(m.wing_singles, count))


@modifier("dragonling_any_enemy", "The {face} result may attack any enemy, not only those with the {face} icon.", face=DRAGON_FACE)
def _dragonling_any_enemy(m: Modifiers, face: str) -> Modifiers:
    return replace(m, dragonling_any=m.dragonling_any | {face})


@modifier("shield_bash", "A set against a shielded enemy removes the shield instead of moving the battle marker down.")
def _shield_bash(m: Modifiers) -> Modifiers:
    return replace(m, shield_bash=True)


@modifier("chariot_pair_single", "One die is enough to stop a chariot that needs two dice of equal number.")
def _chariot_pair_single(m: Modifiers) -> Modifiers:
    return replace(m, chariot_pair_single=True)


@modifier("reserve_skip", "Dice that stop a chariot return to your dice pool at once instead of the reserve.")
def _reserve_skip(m: Modifiers) -> Modifiers:
    return replace(m, reserve_skip=True)


@modifier("activation_ignore", "A conspirator activation roll of {faces} activates no one.", faces=FACES)
def _activation_ignore(m: Modifiers, faces: tuple[int, ...]) -> Modifiers:
    return replace(m, activation_ignore=m.activation_ignore | frozenset(faces))


@modifier("moon_mercy", "The moon penalty applies only if no dice at all attacked the enemy in the moon position.")
def _moon_mercy(m: Modifiers) -> Modifiers:
    return replace(m, moon_mercy=True)


@modifier("sun_on_set", "Attacking the enemy in the sun position with any set earns the sun die, hit or not.")
def _sun_on_set(m: Modifiers) -> Modifiers:
    return replace(m, sun_on_set=True)


@modifier("extra_rerolls", "Gain {count} extra set reroll(s) each round when the timer is counted in rerolls.", count=COUNT)
def _extra_rerolls(m: Modifiers, count: int) -> Modifiers:
    return replace(m, extra_rerolls=m.extra_rerolls + count)


# -- immediate effects -------------------------------------------------------------------

@immediate("choose_enemy_down", "Choose an enemy and move their battle marker down {spaces} space(s).", spaces=SPACES)
def _choose_enemy_down(state, tabletop, section: str, spaces: int):
    return tabletop.push(state, ("choose_enemy", spaces, section)), []


@immediate("slot_down", "Move the battle marker of enemy #{slot} down {spaces} space(s).", slot=SLOT, spaces=SPACES)
def _slot_down(state, tabletop, section: str, slot: int, spaces: int):
    return tabletop.marker_down(state, slot, spaces, section)


@immediate("exhaust_die", "Add one of your dice ({colour} if you have one) to the exhaustion track.", colour=COLOUR_OR_NONE)
def _exhaust_die(state, tabletop, section: str, colour: str | None):
    return tabletop.push(state, ("exhaust", colour, section)), []


@immediate("shorter_timer", "This round you have {rerolls} fewer set rerolls when the timer is counted in rerolls.", rerolls=COUNT)
def _shorter_timer(state, tabletop, section: str, rerolls: int):
    return tabletop.shorten_timer(state, rerolls, section)
