"""Learn the rules of BarBEARian Battlegrounds: a whole round from Setup to Clean Up, then every worked example
of the rulebook and its FAQ, told as walkthrough scenes (``widgets.walkthrough``).

The round is played on the sample deck with the play dashboard's seeded dice, so the dashboard on the same
seed deals the same Trial cards and rolls the same dice. Its line is the odds bot's. Placement is secret: each
seat's scenes are drawn through that seat's eyes, and nobody else's placement shows before the screens come off.
"""
from __future__ import annotations

import numpy as np

from explorer.barbearian import CHANCE, Options, Place, SetUp, rules, sample_deck, view
from explorer.barbearian.bots import make_bot
from explorer.core import Session

from ..walkthrough import Chapter, Script, Walkthrough
from . import teaching
from .book import BRAWL, BUILD, CLEAN, FAQ, GAME, GAMEPLAY, GATHER, LOOT, MARKET, ODDS_NOTE, PLAN, ROUND_SEED, SETUP, TRIALS, handoff
from .examples import EXAMPLES

# -- a round, from Setup to Clean Up ------------------------------------------------------------------------

def _faces(state, seat: int) -> str:
    return ", ".join(map(str, state.players[seat].faces))

OUR_LINE = "This chapter's game"  # the chapter plays a game of its own, not a rulebook example


PLACE_TEXT = ("Behind the screen, each die goes to one space: the <b>Battleground</b> (raid the clan named), the "
              "<b>Barracks</b> (defend), the <b>Farm</b> (a 1, 2 or 3 makes a Honey), the <b>Forge</b> (a 4, 5 or 6 "
              "makes an Ore) or the <b>Temple</b> (any die makes a Faith; a 6 may lock a Glory token instead). "
              "Only one die per space, unless several dice show the same value. " + ODDS_NOTE)
DECISION_TEXT = {  # phase: (title, text, section, question) for the decisions after the placement
    "window": ("Empower or pass", "A clan in a fight may pay one Ore to add 1 to a die on the Battleground or in "
               "the Barracks, as often as it can pay; the fight goes on when both sides pass.", MARKET,
               "Empower, or pass?"),
    "loot": ("Stealing loot", "The raid broke through: the raider takes one unlocked Glory token, or two Resource "
             "tokens (the defender chooses which); with nothing to take, it may walk away.", LOOT,
             "Glory or Resources?"),
    "give": ("The defender gives", "The defender chooses which two Resource tokens to hand over.", LOOT,
             "Which tokens do you give?"),
    "six": ("A 6 on the Temple", "Each 6 on the Temple gives a choice: two Faith, or lock a Glory token (turn it "
            "over: no raid can steal it).", GATHER, "Two Faith, or lock a Glory token?"),
    "build": ("Build Phase", "In turn order, each clan may spend Resources: a Specialist token (one more "
              "Resource every Gather Phase), an Upgrade card, Reinforcements (one more die) or a Grand Offering "
              "(one more Glory).", BUILD, "What do you buy, if anything?"),
    "mercenaries": ("Hire a mercenary?", "Before the roll, a clan may pay two Honey for a purple die, for this "
                    "round only.", MARKET, "Hire a mercenary?"),
    "fate": ("Change Fate?", "Right after the roll, a clan may pay two Faith to turn one die to any face.", MARKET,
             "Change a die, or keep the roll?"),
}


def _bots(seed: int, players: int):
    """The odds bot for every seat, seeded as the play dashboard seeds its bots."""
    children = np.random.SeedSequence(seed).spawn(players)
    return {s: make_bot("odds", np.random.default_rng(children[s])) for s in range(players)}


def _bot_move(s: Session, bots, seat: int):
    return bots[seat].choose(view(s.state, seat), rules.legal_actions(s.state, seat))


def round_chapter(seed: int = ROUND_SEED) -> Chapter:
    """Round 1 of a two-player game on the sample deck, as the play dashboard deals it on ``seed``."""
    s = Session(GAME, Options(players=2), sample_deck(), seed=seed)
    bots = _bots(seed, 2)
    sc = Script(s)
    sc.step(SetUp(), "Setup", "Two clans, Red and Blue. Each takes a Village board, three dice (two more wait in "
            "reserve) and two Glory tokens; the first clan to hold seven Glory wins. Each is dealt two Trial cards "
            "(secret goals), and one clan gets the First Player token.", SETUP)
    while s.state.phase == "keep_trials":
        seat = rules.acting_seats(s.state)[0]
        name = s.state.name(seat)
        sc.look(seat).show(f"{name}'s two Trial cards", f"Only {name} looks: the other player turns away. A Trial "
                           "is a secret goal; completing it earns Glory at once.", TRIALS)
        sc.ask(f"Which Trial card does {name} keep?", "This walkthrough's line keeps the odds bot's choice.")
        sc.step(_bot_move(s, bots, seat), f"{name} keeps one", "The kept card stays face down; the other is "
                "shuffled back into the Trial deck.", TRIALS)
    sc.look(None).step(rules.legal_actions(s.state)[0], "Plan Phase 1: everyone rolls", "All clans roll at once, "
                       f"in plain sight: Red rolls {_faces(s.state, 0)}, Blue rolls {_faces(s.state, 1)}. Everyone "
                       "knows every roll; where the dice go is the secret.", PLAN)
    for seat in s.state.turn_order():
        name = s.state.name(seat)
        sc.look(seat).show(f"{name} goes behind the screen", f"{name} places in secret. {PLACE_TEXT}", PLAN)
        while not s.state.players[seat].ready:
            action = _bot_move(s, bots, seat)
            if isinstance(action, Place):
                face = s.state.players[seat].faces[action.die]
                sc.ask(f"Which die does {name} place next, and where?", "This walkthrough's line places as the odds bot does (it "
                       "reads the other clan's public roll).")
                sc.step(action, f"{name} places the {face}", "The die stands on its space behind the screen; "
                        "another die of the same value may join it there.", PLAN)
            elif all(q.ready for t, q in enumerate(s.state.players) if t != seat):  # the last clan: the reveal
                sc.look(None).step(action, "The screens come off: the Brawl Phase", f"{name} is ready, the last "
                                   "clan: every placement is shown. Two clans raiding each other <b>clash</b> "
                                   "first: the smaller force is removed and the larger goes on, smaller by that "
                                   "much. A raid that then equals or beats the defender's Barracks breaks through.",
                                   BRAWL)
            else:
                sc.step(action, f"{name} is ready", "Every die is placed: the placement is final. The next clan "
                        "takes the screen.", PLAN)
    while s.state.round == 1 and not s.state.result:
        if rules.current_player(s.state) == CHANCE:
            break
        seat = rules.acting_seats(s.state)[0]
        title, text, section, question = DECISION_TEXT[s.state.phase]
        name = s.state.name(seat)
        sc.look(seat).ask(f"{question} ({name} decides)", "This walkthrough's line takes the odds bot's choice.")
        sc.step(_bot_move(s, bots, seat), f"{title}: {name}", text, section)
    sc.look(None).show("Gather, Build and Clean Up", "After the raids, the dice on the Farm, Forge and Temple bring "
                       "their Resources (the Gather Phase), each clan may buy (the Build Phase), and the First Player "
                       "token passes clockwise (Clean Up). The next round starts with the roll.", CLEAN)
    return sc.chapter("A round, from Setup to Clean Up", handoff(seed), line=OUR_LINE)


def walkthrough(seed: int = ROUND_SEED) -> Walkthrough:
    """The learn-the-rules walkthrough of BarBEARian Battlegrounds."""
    chapters = [round_chapter(seed)] + [make() for make in EXAMPLES]
    return Walkthrough(chapters, teaching.draw, teaching.describe, teaching.choices, teaching.odds,
                       title="Learn the rules: BarBEARian Battlegrounds", parse_at=teaching.parse_at,
                       typed_hint="or type a move, e.g. 4 forge")
