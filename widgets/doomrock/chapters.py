"""The walkthrough's chapters on the whole game: a battle round from set-up to the round's end and a turn on
the adventure map, both as the play dashboard deals them on a seed; and the handoff to the play dashboard.
"""
from __future__ import annotations

from dataclasses import replace

from explorer.core import Session
from explorer.doomrock import (Activate, ActivateBoss, ActivateMinion, Choose, DoneAssigning, EndInitiative, EndRound,
                               Options, Reroll, Roll, RollLoot, SetUp, SetUpBattle, VentureForth, sample_deck)
from explorer.doomrock.odds.advice import roll_advice

from ..walkthrough import Chapter, Script
from . import teaching
from .placement import best_placement_step

BOOK = "Assault on Doomrock Rulebook"
SETUP, ROLL, START, INITIATIVE, MINIONS, BOSS, ACTIONS, END = (f"{BOOK}, {s}" for s in (
    "Battle Setup", "Battle Sequence: Roll Phase", "Battle Sequence: Start of Round", "Battle Sequence: Initiative Phase",
    "Battle Sequence: Minion Activation", "Battle Sequence: Boss Activations", "Battle Sequence: Hero Action Phase",
    "Battle Sequence: End of Round"))
MAP, VENTURE, PERILS, EVENTS, LOOT = (f"{BOOK}, {s}" for s in (
    "Adventuring: Adventure map actions", "Adventuring: 4. Venture forth", "Adventuring: Perils",
    "Adventuring: Event card types", "Location Effects: LOOT!"))
ROUND_SEED = 5  # a round with re-rolls, a rampage, a stolen die, a spawn and a push from an expose marker
MAP_SEED = 2  # venturing forth meets the Bandits: pay silver, or take a hit for a LOOT!
ENCOUNTER = "goblin_raid"  # the play dashboard's first encounter, Goblin shaman party
PLAY_PAGE = "play.ipynb"

OUR_LINE = "This chapter's game"  # the chapter plays a game of its own, not a rulebook example


def handoff(seed: int | None = None, campaign: bool = False) -> str:
    """The chapter's end: where to try a whole round, and what to type to get this chapter's table."""
    if seed is None:
        same = " Press <b>New game</b> there for a fresh battle of the chosen encounter."
    elif campaign:
        same = (f" To deal this chapter's map, click <b>Campaign</b> under <i>Play</i>, leave <b>Heroes</b> at 2, "
                f"type <b>{seed}</b> in the <b>Seed</b> box and press <b>New game</b>: the same heroes, setting and "
                f"areas, and the same cards as long as you make this chapter's choices.")
    else:
        same = (f" To deal this chapter's table, leave <i>Play</i> on <b>Battle</b>, <b>Encounter</b> on <b>Goblin "
                f"shaman party</b>, <b>Heroes</b> on 2 and <b>Dice</b> on <b>Random dice</b>, type <b>{seed}</b> in the "
                f"<b>Seed</b> box and press <b>New game</b>: your dice will be this chapter's as long as you make "
                f"the same choices.")
    return (f'<b>Try a whole round yourself:</b> open the <a href="{PLAY_PAGE}" target="_blank">play dashboard</a> '
            f'(in JupyterLab, the notebook <i>play.ipynb</i> beside this one).{same}')


# -- a battle round, from set-up to the round's end ---------------------------------------------------------

def best_placement(state):
    """The next placement of the roll-phase odds' best assignment (as the dashboard's "Take the best choice")."""
    b = state.battle
    return best_placement_step(b, roll_advice(b, state.deck), teaching.choices(state))


def hero_move(state, end):
    """This walkthrough's line for a hero phase: the attack most likely to defeat its target, else a card that
    needs no target, else ``end``."""
    b, deck = state.battle, state.deck
    acts = teaching.choices(state)
    attacks = [(a, teaching.hit_odds(b, deck, a)) for a in acts if isinstance(a, Activate) and a.target.startswith("E")]
    attacks = [(a, sum(p for k, p in lost.items() if k >= b.enemy(a.target).hp), sum(k * p for k, p in lost.items()))
               for a, lost in attacks if lost is not None]
    if attacks:
        return max(attacks, key=lambda t: (t[1], t[2]))[0]
    selfish = [a for a in acts if isinstance(a, Activate) and a.target == "self"]
    return selfish[0] if selfish else end


ROLL_TEXT = ("Each hero rolls all of his or her dice, then may re-roll any of them, twice. Dice showing a number "
             "printed on an ability card may go on that card, up to its charges; a 1 may become a shield marker "
             "and a 6 a heroism marker. The percentage on each card is its best chance to be activated this roll "
             "phase.")


def round_chapter(seed: int = ROUND_SEED) -> Chapter:
    """One battle round on the sample deck, as the play dashboard deals it on ``seed``."""
    s = Session("doomrock-battle", Options(players=2, encounter=ENCOUNTER), sample_deck(), seed=seed)
    sc = Script(s)
    sc.show("The party in formation", "The paladin and the rogue stand ready, each with four ability cards and four "
            "dice. The encounter card is drawn when the battle is set up.", SETUP)
    sc.step(SetUpBattle(), "Battle Setup", "The encounter card tells how many enemies there are and their hit points, "
            "armour and shields; they stand in pairs, distant from the heroes. The enemies' AI deck is shuffled, and "
            "so are the expose markers.", SETUP)
    asked = set()
    while s.state.battle.phase == "roll":
        b = s.state.battle
        name = b.hero(b.roller).name
        if b.rolls == 0:
            sc.step(Roll(), f"The roll phase: {name} rolls", ROLL_TEXT, ROLL)
            continue
        if not b.assigning:
            best = roll_advice(b, s.state.deck).best.action
            sc.ask(f"Which of {name}'s dice would you keep?", "This walkthrough's line takes the keep the odds rate best.")
            again = f"{name} re-rolls" if isinstance(best, Reroll) else f"{name} keeps the dice"
            sc.step(best, again, "Re-rolled dice may land on better faces; after the second re-roll the dice must be "
                    "kept as they are." if isinstance(best, Reroll) else "Kept dice are placed on the cards now; a die "
                    "placed nowhere is spent.", ROLL)
            continue
        move = best_placement(s.state)
        if ("place", b.roller) not in asked and not isinstance(move, DoneAssigning):
            asked.add(("place", b.roller))
            sc.ask(f"Where does {name} place a die?", "This walkthrough's line follows the best placement.")
        sc.step(move, f"{name} places dice" if not isinstance(move, DoneAssigning) else f"{name} is done placing",
                "A die goes on its owner's card only if it shows the card's activation value, and only as many sets "
                "as the card's charges (the empty dashed squares).", f"{BOOK}, Roll Phase: Assign dice")
    sc.scenes[-1] = _titled(sc.scenes[-1], "Start of the round", "Every hero has placed dice: the round starts. "
                            "First, in the initiative phase, the heroes may activate their \u26a1 abilities, before "
                            "the enemies act.", INITIATIVE)
    _hero_phase(sc, "initiative", EndInitiative(), "Initiative", "An initiative ability is activated: its die is "
                "removed from the card and the effect resolves.", INITIATIVE)
    while s.state.battle.phase in ("minions", "boss"):
        acts = teaching.choices(s.state)
        minion = [x for x in acts if isinstance(x, ActivateMinion)]
        boss = [x for x in acts if isinstance(x, ActivateBoss)]
        if minion:
            if "minion" not in asked and len(minion) > 1:
                asked.add("minion")
                sc.ask("Which minion does the hero activate?", "This walkthrough's line takes the first one offered.")
            sc.step(minion[0], "Minion activation", "The hero with the highest threat activates two minions, then the "
                    "next hero. For each, an AI card is drawn and its minion part (above the swords) is followed top "
                    "to bottom; the hero who activates it is the <i>active hero</i>. A hero who finds every minion "
                    "activated must still activate one: it <b>rampages</b>.", MINIONS)
        elif boss:
            sc.step(boss[0], "The boss acts", "Bosses activate on their own after the minions: an AI card is drawn "
                    "and its boss part (below the swords) is followed. There is no active hero.", BOSS)
        else:  # the enemy's card waits for the players (a reaction, a stolen die, a spawn's place)
            sc.step(acts[-1], "The players decide", "The AI card leaves this decision to the players; the "
                    "enemies' activation then goes on.", MINIONS)
    _hero_phase(sc, "actions", EndRound(), "Hero actions", "Now any hero may activate any ability with dice on it, "
                "one card at a time; an attack first consumes the target's expose markers, then its shields and armour "
                "absorb damage.", ACTIONS)
    sc.scenes[-1] = _titled(sc.scenes[-1], "End of round", "Shields and heroism are discarded and hidden heroes are "
                            "seen again. Dice return to the heroes (except locked ones) and the next roll phase begins; "
                            "the battle goes on until every enemy (or every objective) is defeated, or every hero.", END)
    return sc.chapter("A battle round, from set-up to the round's end", handoff(seed), line=OUR_LINE)


def _hero_phase(sc: Script, phase: str, end, title: str, text: str, section: str) -> None:
    s, asked = sc.session, False
    while s.state.battle.phase == phase:
        move = hero_move(s.state, end)
        if not asked and len(teaching.choices(s.state)) > 1:
            asked = True
            sc.ask("Which ability would you activate, and on whom?" if phase == "actions" else
                   "Would you activate an initiative ability now, or let the enemies act?",
                   "This walkthrough's line takes the attack most likely to defeat its target, else a card on the "
                   "hero, else ends the phase.")
        if move == end:
            sc.step(move, f"{title}: done", "Nothing more is activated now.", section)
            return
        sc.step(move, title, text, section)


def _titled(scene, title, text, section):
    return replace(scene, title=title, text=text, section=section)


# -- a turn on the adventure map -------------------------------------------------------------------------

def map_chapter(seed: int = MAP_SEED) -> Chapter:
    s = Session("doomrock", Options(players=2), sample_deck(), seed=seed)
    sc = Script(s)
    sc.step(SetUp(), "The adventure map", "Three area cards lie face up: a wilderness, a mountain and a town; the "
            "party marker starts on the town. Each card shows its secret markers and its locations with their entry "
            "costs. The setting card gives the time markers: every travel, exploration or venture costs one, and "
            "when the time runs out the next battle starts.", f"{BOOK}, Adventure Map Setup")
    sc.ask("Where does the party go, or what does it do?", "The party ventures forth, towards Doomrock.")
    sc.step(VentureForth(), "Venture forth", "One time marker is paid; the leftmost area card leaves play; the next "
            "card of the area deck is revealed on the right with its secrets, and the party moves there. Then the "
            "party suffers a PERIL and draws an event from the area's deck.", VENTURE)
    sc.ask("Which of the event's options does the party take?", "The party takes the blow and tries its luck at the "
           "LOOT!: the odds of each reward are shown.")
    sc.step(Choose(1), "A text event", "A text event gives two options. Here: pay a silver, or lose 1 HP each and "
            "roll a LOOT! +1.", EVENTS)
    sc.step(RollLoot(), "LOOT!", "One hero rolls a die and adds the modifier; the result picks the reward on the "
            "setting card's LOOT! table (below the table: its first row; above it: its last).", LOOT)
    sc.show("The rest of the turn", "The party may go on: travel to another face-up area (1 time), visit locations "
            "(paying their entry costs), explore the area (1 time: remove a secret, draw an event) or venture forth "
            "again. When no time is left, the next encounter card is drawn and the battle starts.", MAP)
    return sc.chapter("A turn on the adventure map", handoff(seed, campaign=True), line=OUR_LINE)
