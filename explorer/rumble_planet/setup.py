"""Setup: decks, Feat cards, the bank, Heroes on the PP/HP track, and deployment by GPS."""
from __future__ import annotations

from ..core.chance import CustomDie, Joint, Shuffle
from ..core.events import Event
from ..core.frozen import replace
from .cards import Content
from .gps import gps_pool, relocate
from .options import Options
from .state import Player, State
from .turn import arrive, begin_turn

SETUP = "Setup"


def initial_state(options: Options, content: Content) -> State:
    """Setup steps 1, 2, 4, 5 and 6: the Green, the piles, the bank and the Heroes (PP 0, HP 18)."""
    ids = options.heroes or tuple(h.id for h in content.heroes[: options.players])
    known = {h.id for h in content.heroes}
    for h in ids:
        if h not in known:
            raise ValueError(f"options.heroes: {h!r} is not a hero of this deck ({', '.join(sorted(known))})")
    board = content.board(options.side)
    players = tuple(Player(h, hp=options.max_hp, credits=options.start_credits) for h in ids)
    return State(
        options, content, "setup", players,
        tiles=tuple(sorted((s, "teleporter") for s in board.teleporters)),
        lootboxes=tuple(sorted(board.lootboxes)), golden=board.golden,
        weapon_shop=tuple(sorted(c.id for c in content.weapons)), armor_shop=tuple(sorted(c.id for c in content.armor)),
        loot_deck=tuple(sorted(c.id for c in content.loot)), gps_deck=tuple(sorted(c.id for c in content.gps)),
        bank_credits=options.bank_credits - options.start_credits * options.players, bank_boosts=options.bank_boosts,
    )


def setup_chance(state: State) -> Joint:
    """Setup step 3 shuffles the Feat cards by level; step 2 turns up the GPS deck's top card."""
    feats = state.content.feats
    return Joint((("level1", Shuffle(tuple(f.id for f in feats if f.level == 1), "Level 1 Feat cards")),
                  ("level2", Shuffle(tuple(f.id for f in feats if f.level == 2), "Level 2 Feat cards")),
                  ("gps", CustomDie(state.gps_deck, "GPS deck"))))


def set_up(state: State, outcome: dict) -> tuple[State, list[Event]]:
    """Setup step 3: 5 Level 2 Feats under 5 Level 1 Feats; reveal the top 2."""
    deck = tuple(outcome["level1"][:5]) + tuple(outcome["level2"][:5])
    top = outcome["gps"]
    s = replace(state, stage="deploy", feat_deck=deck[2:], feats=tuple((f, ()) for f in deck[:2]),
                gps_top=top, gps_deck=tuple(c for c in state.gps_deck if c != top))
    names = " and ".join(state.content.card(f).name for f in deck[:2])
    return s, [Event(f"The Feat deck is ready; {names} are revealed.", "Setup: 3 – Prepare Feat Cards"),
               Event(f"Turn order: {', '.join(state.name(i) for i in range(len(state.players)))}.", "Setup: 6 – Choose the first player")]


def deploy(state: State, new_top: str) -> tuple[State, list[Event]]:
    """Setup step 7: a multiple GPS relocation places the Heroes in turn order (ruling RP-7)."""
    s, spaces, ev = relocate(state, new_top, len(state.players))
    for seat, sp in enumerate(spaces):
        s = s.with_player(seat, space=sp)
        ev.append(Event(f"{state.name(seat)} is deployed at {sp}.", "Setup: 7 – Deploy character figurines on the Green"))
    s, begins = begin_turn(replace(s, stage="play"), 0)
    for seat in range(len(s.players)):  # a Hero deployed on a Teleporter enters it (options.placement_enters)
        s, e = arrive(s, seat)
        ev += e
    # the arrivals are part of the deployment, so the log tells them before the first turn begins; they are applied
    # after it begins only so that a teleport they start waits as the first player's decision
    return s, ev + begins


def gps_spec(state: State) -> CustomDie:
    """GPS Relocation: the next top card is drawn from the GPS deck (or the rebuilt one)."""
    return CustomDie(gps_pool(state), "GPS card")
