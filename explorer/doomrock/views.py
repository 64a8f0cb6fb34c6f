"""Plain-text descriptions of a battle and of the adventure map, for notebooks and logs."""
from __future__ import annotations

from .campaign_state import Campaign
from .cards import Deck
from .positions import groups
from .state import Battle


def describe_battle(b: Battle, deck: Deck) -> str:
    """Who stands where, with HP, markers and the dice on each ability card."""
    extra = f" ({deck.card(b.extra).name}: {b.enrage_extra})" if b.extra and b.enrage_extra else ""
    lines = [f"Round {b.round}, {b.phase} phase; enrage {b.enrage}{extra}."]
    for g in groups(b):
        heroes = [h for i, h in enumerate(b.heroes) if h.group == g and not h.defeated]
        enemies = [e for e in b.alive_enemies if e.group == g]
        names = [f"{h.name} ({h.life}/{h.max_hp} HP" + (f", {h.shields} shield" if h.shields else "")
                 + (f", {h.heroism} heroism" if h.heroism else "") + (", exposed" if h.expose else "")
                 + (", hidden" if h.hidden else "") + ")" for h in heroes]
        names += [f"{e.name} {e.uid} ({e.hp} HP" + (f", armour {max(0, e.armour - e.armour_down)}" if e.armour else "")
                  + (f", {e.shields} shield" if e.shields else "") + (", exposed" if e.expose else "") + ")" for e in enemies]
        lines.append(f"Group {g}: " + ", ".join(names))
    for i, h in enumerate(b.heroes):
        cards = []
        for cid in h.abilities:
            faces = [str(d.face) for d in b.on_card(i, cid)]
            if faces:
                cards.append(f"{deck.card(cid).name} [{', '.join(faces)}]")
        if cards:
            lines.append(f"{h.name}'s dice: " + "; ".join(cards))
    return "\n".join(lines)


TIERS = {1: "I", 2: "II", 3: "III"}


def next_battle(c: Campaign) -> str:
    """The next battle as the players know it: its tier, not its card.

    Encounter Deck Setup: the encounter cards "represent the secret battles waiting for the heroes"; the card
    is drawn only at Battle Setup 2, after formation and gear-up.
    """
    tier = c.deck.card(c.encounters[0]).tier
    final = " (the final battle)" if len(c.encounters) == 1 else ""
    return f"a secret tier {TIERS.get(tier, tier)} encounter{final}"


def describe_map(c: Campaign) -> str:
    """The adventure map, the party and its resources."""
    d = c.deck
    areas = []
    for k, a in enumerate(c.board):
        mark = " <- the party" if k == c.position else ""
        areas.append(f"{d.card(a.id).name} ({d.card(a.id).type}, {a.secrets} secret(s)){mark}")
    heroes = ", ".join(f"{h.name} {h.hp}/{h.max_hp} HP" for h in c.heroes)
    nxt = f" next battle: {next_battle(c)}." if c.encounters else ""
    return (f"Map: {' | '.join(areas)}\nParty: {heroes}; {c.silver} silver; {c.time} time left; "
            f"{len(c.area_deck)} area card(s) face down;{nxt}")
