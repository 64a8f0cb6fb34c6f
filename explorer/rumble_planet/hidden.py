"""Hidden information: what one seat may see of the table.

The rulebook hides the face-down piles ("place this deck face down": the Weapon and Armor shops,
the Loot deck and the GPS deck; the Feat pile is "a face-down pile") and, by the usual reading of
"add it to your hand", the cards in another player's hand (ruling RP-26). The GPS deck's top card
shows its back, whose highlighted region is public ("The highlighted region on the back of the next
card in the GPS deck"), not its face. Everything else is on the table: the Green, the equipment
boards, the discard piles (face up), the revealed Feats, supplies, the PP/HP track.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.frozen import replace
from .arguments import state_of
from .state import State

HIDDEN = "?"  # a card another seat may not see


def view(state: State, seat: int | None) -> State:
    """The state as ``seat`` sees it (None: a spectator); hidden cards read ``HIDDEN``.

    The next GPS card's face is hidden but its back stays readable (``gps_back``). A seat's
    choices never depend on what it cannot see: ``legal_actions(view(state, seat))`` equals
    ``legal_actions(state)`` for the seat that is to act.
    """
    n = len(state_of(state).players)
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
        raise IllegalAction(f"seat must be 0-{n - 1} or None, got {seat!r}")
    players = tuple(p if q == seat else replace(p, hand=(HIDDEN,) * len(p.hand)) for q, p in enumerate(state.players))
    back = state.content.card(state.gps_top).back if state.gps_top not in (None, HIDDEN) else state.gps_back
    return replace(state, players=players,
                   weapon_shop=_face_down(state.weapon_shop), armor_shop=_face_down(state.armor_shop),
                   loot_deck=_face_down(state.loot_deck), gps_deck=_face_down(state.gps_deck),
                   feat_deck=_face_down(state.feat_deck),
                   gps_top=None if state.gps_top is None else HIDDEN, gps_back=back)


def _face_down(pile: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(pile)


def next_region(state: State) -> str | None:
    """The region on the back of the GPS deck's top card (public in a view and in the full state)."""
    state = state_of(state)
    if state.gps_top in (None, HIDDEN):
        return state.gps_back
    return state.content.card(state.gps_top).back
