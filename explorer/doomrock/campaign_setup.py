"""Setup, Adventure Map Setup and Encounter Deck Setup for the campaign (``doomrock``)."""
from __future__ import annotations

from ..core.frozen import replace

from ..core.chance import Joint, Shuffle
from ..core.events import Event
from .adventure import push, run, steps_text
from .campaign_state import AreaInPlay, Campaign, FreeLevelUps, PickItems
from .cards import Deck
from .options import Options
from .setup import expose_markers, make_hero

SECTION = "Setup"
STARTING_SILVER = {2: 3, 3: 4, 4: 5}  # "2 players - 3s, 3 players - 4s, 4 players - 5s"
TYPES = ("wilderness", "mountain", "town")


def setup_chance(c: Campaign) -> Joint:
    """Every random draw of the setup, as named shuffles."""
    d, o = c.deck, c.options
    parts = [("heroes", Shuffle(tuple(h.id for h in d.heroes), "hero cards")),
             ("traits", Shuffle(tuple(t.id for t in d.traits), "trait cards")),
             ("doomrock", Shuffle(tuple(a.id for a in d.areas if a.type == "doomrock"), "Doomrock areas"))]
    parts += [(t, Shuffle(tuple(a.id for a in d.areas if a.type == t), f"{t} areas")) for t in TYPES]
    per = 1 if o.quick_play else 2
    parts.append(("unexplored", Shuffle(tuple(f"{t}{k}" for t in TYPES for k in range(per)), "unexplored areas")))
    parts.append(("revealed", Shuffle(TYPES, "revealed areas")))
    parts += [(f"tier{t}", Shuffle(tuple(e.id for e in d.encounters if e.tier == t), f"tier {t} encounters")) for t in (1, 2, 3)]
    parts.append(("settings", Shuffle(tuple(s.id for s in d.settings), "setting cards")))
    parts += [(f"events:{k}", Shuffle(tuple(e.id for e in d.events if e.deck == k), f"{k} events")) for k in ("wilderness", "mountain")]
    parts.append(("common", Shuffle(tuple(i.id for i in d.items if i.rarity == "common"), "common items")))
    parts.append(("epic", Shuffle(tuple(i.id for i in d.items if i.rarity == "epic"), "epic items")))
    parts.append(("abilities", Shuffle(tuple(a.id for a in d.abilities if a.starting is None), "ability deck")))
    parts.append(("expose", Shuffle(expose_markers(o), "expose markers")))
    return Joint(tuple(parts))


def set_up(c: Campaign, out: dict) -> tuple[Campaign, list[Event]]:
    """Setup, Adventure Map Setup (steps 1-6) and Encounter Deck Setup, from the shuffles."""
    d, o = c.deck, c.options
    ids = o.heroes or tuple(out["heroes"][: o.players])
    traits = out["traits"][: o.players]
    # "Heroism marker: Each hero receives one heroism marker."
    heroes = tuple(replace(make_hero(d, h, t), heroism=1) for h, t in zip(ids, traits))
    if o.quick_play:
        heroes = tuple(replace(h, hp=min(2, h.max_hp)) for h in heroes)
    per = 1 if o.quick_play else 2
    by_type = {t: list(out[t]) for t in TYPES}
    unexplored = tuple(by_type[label[:-1]][int(label[-1])] for label in out["unexplored"])
    revealed = tuple(by_type[t][per] for t in out["revealed"])
    area_deck = revealed + unexplored + (out["doomrock"][0],)
    tiers = (2, 3) if o.quick_play else (1, 2, 3)
    encounters = tuple(out[f"tier{t}"][0] for t in tiers)
    # Quick Play: a first setting card only pays its battle reward before the game's setting is drawn.
    first = 1 if o.quick_play and len(out["settings"]) > 1 else 0
    setting = d.card(out["settings"][first])
    silver = STARTING_SILVER[o.players] - (1 if o.quick_play else 0)
    c = replace(c, phase="map", heroes=heroes, silver=silver, time=setting.time, setting=setting.id,
                settings_deck=tuple(out["settings"][first + 1:]), area_deck=area_deck, encounters=encounters,
                event_draw=tuple(sorted((k, tuple(out[f"events:{k}"])) for k in ("wilderness", "mountain"))),
                event_discard=(("mountain", ()), ("wilderness", ())), common=tuple(out["common"]), epic=tuple(out["epic"]),
                ability_deck=tuple(out["abilities"]), expose_pool=tuple(out["expose"]))
    events = [Event(f"The party: {', '.join(f'{h.name} ({d.card(h.trait).name})' for h in heroes)}.", SECTION)]
    for _ in range(3):
        c, ev = reveal(c)
        events += ev
    town = next(k for k, a in enumerate(c.board) if d.card(a.id).type == "town")
    c = replace(c, position=town)
    if o.quick_play:
        drawn = c.common[:4]
        c = replace(c, common=c.common[4:])
        if first:  # "Before drawing a setting card that will be used during the game, players draw one setting card,
            # resolve the battle reward section, and then discard the card."
            card = d.card(out["settings"][0])
            events.append(Event(f"Quick Play: the setting card {card.name} is drawn for its battle reward only "
                                f"({steps_text(card.rewards)}), then discarded.", "Difficulty and Optional Rules: Quick Play"))
            c, ev = run(push(c, card.rewards))
            events += ev
        c = replace(c, pending=c.pending + (FreeLevelUps(min(2, len(heroes))), PickItems(drawn, min(2, len(drawn)))))
    events.append(Event(f"Setting: {setting.name}, {setting.time} time markers; the party has {c.silver} silver and "
                        f"starts at {d.card(c.area.id).name}.", "Encounter Deck Setup"))
    return c, events


def reveal(c: Campaign) -> tuple[Campaign, list[Event]]:
    """Reveal the top area card to the right: secrets placed, a SHOP draws its stock."""
    top, rest = c.area_deck[0], c.area_deck[1:]
    area = c.deck.card(top)
    shop: tuple[str, ...] = ()
    if area.shop is not None:
        commons, epics = area.shop
        shop = c.common[:commons] + c.epic[:epics]
        c = replace(c, common=c.common[commons:], epic=c.epic[epics:])
    c = replace(c, area_deck=rest, board=c.board + (AreaInPlay(top, area.secrets, shop),),
                doomrock_revealed=c.doomrock_revealed or area.type == "doomrock")
    return c, [Event(f"{area.name} ({area.type}) is revealed with {area.secrets} secret{'s' * (area.secrets != 1)}.", "Adventure Map Setup")]
