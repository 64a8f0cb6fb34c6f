"""Learn the rules of Rumble Planet: setting up, a whole round on the play dashboard's seeded table, the
Preparation Phase's shop and gear, then every worked example of the rulebook, told as walkthrough scenes
(``widgets.walkthrough``).

The round is dealt exactly as the play dashboard deals it (``Table`` with the same seed), so the dashboard on
the same seed shows the same Green and, with the same moves, rolls the same attack die. The other chapters type
in the cards drawn and the faces rolled, as the rulebook's examples and the engine's rulebook tests do.
"""
from __future__ import annotations

from explorer.rumble_planet import (Attack, Buy, ClaimFeat, Craft, Deploy, DropLootboxes, EndActions, EndPreparation,
                                    EndTurn, Equip, Gear, OpenLootbox, Sell, SetUp)

from ..walkthrough import Chapter, Script, Walkthrough
from . import examples, teaching
from .book import (ADVANTAGE, ATTACK, BUYING, CRAFT, DROPS, EQUIP, FALL, FEAT, LEVEL1, LEVEL2, LOOTING, MOVE, MULTI,
                   OBSOLETE, ROUND_SEED, SELLING, SETUP, TURNS, handoff, started, typed_session)
from .table import Table

OUR_LINE = "This chapter's game"  # the chapter plays a game of its own, not a rulebook example


# -- setting up ------------------------------------------------------------------------------------------

def setup_chapter() -> Chapter:
    sc = Script(typed_session(), play=teaching.play)
    sc.show("The Green, before the game", "Side A of the board: 100 spaces in four regions. Pale green is "
            "altitude 0, mid green 1, dark green 2. <b>T</b> marks a Teleporter, brown squares are Lootbox tokens and "
            "the gold disc is the golden Lootbox.", SETUP)
    sc.step(SetUp(), "Decks and Feats", "The Weapon, Armor, Loot and GPS decks are shuffled. Five Level 1 Feats go on "
            "top of five Level 2 Feats and the top two are revealed. Every Hero starts with 18 HP and 0 PP on the "
            "PP/HP track.", SETUP, outcome={"level1": LEVEL1, "level2": LEVEL2, "gps": "G01"})
    sc.step(Deploy(), "Deployment: a multiple GPS relocation", "GPS card G01 is revealed and discarded. The back of "
            "the next card (G02) shows the southeast region, so the first Hero goes to G01's southeast space; the next "
            "Heroes take the next regions clockwise: southwest, then northwest.", MULTI, outcome="G02")
    sc.show("Ready to play", "Turns go in the order of the PP/HP track. Each turn has three phases, always in this "
            "order: I Preparation (gear), II Action (move and attack), III Loot (open lootboxes).", TURNS)
    return sc.chapter("Setting up the Green", handoff(), line=OUR_LINE)


# -- a round on the play dashboard's table --------------------------------------------------------------

def round_chapter(seed: int = ROUND_SEED) -> Chapter:
    table = Table(2, None, seed)
    table.start()
    s = table.session
    sc = Script(s, play=teaching.play)
    sc.show("Round 1: Agent Dogniss's turn", "Two Heroes, dealt by the GPS: Agent Dogniss Tailor (red) on a high "
            "space in the northeast, Birdie Blaster (blue) in the southeast. Dogniss has nothing in her hand, so her "
            "Preparation Phase has nothing to do.", TURNS)
    sc.step(EndPreparation(), "The Action Phase: where to go?", "She has 3 MP, +1 for each empty equipment slot: 7 MP. "
            "Each step costs 1 MP, +1 per level climbed. The coloured squares are the spaces she can reach: the number "
            "is the MP, <i>!2</i> means 2 Injuries on the way, and the redder a square, the better her attack from "
            "there.", MOVE)
    sc.ask("Where does Agent Dogniss walk?", "The example walks to H9: a long way round, with a fall, but it ends two "
           "levels above Birdie, and higher ground adds Damage.")
    sc.step(teaching.Walk("H9"), "A fall, a lootbox and a climb", "Stepping off C9 (altitude 2) to D9 (altitude 0) "
            "drops two levels: 2 Injuries. A drop of one level is free. At F9 she picks up a Lootbox. The last step, up "
            "two levels to H9, costs 3 MP.", FALL)
    sc.ask("Which attack, and on whom?", "Her only weapon is her Heroic Object; Birdie is in range.")
    sc.step(Attack("heroic", "H7"), "The attack", "The Silenced Nine-Iron does 2 Damage, +1 for each level she stands "
            "above Birdie. The attack die picks the body part; Birdie has no armour, so every Damage is an Injury. "
            "Injuring an opponent gains her 1 PP.", ADVANTAGE)
    sc.step(ClaimFeat("F03"), "A Feat", "King of the Hill, one of the two revealed Feats, is met: she stands on "
            "altitude 2. She places a Feat token on it and gains 1 PP.", FEAT)
    sc.step(EndActions(), "The Loot Phase", "Her Action Phase ends. Now she opens the lootboxes she picked up.", LOOTING)
    sc.step(OpenLootbox(), "Opening the lootbox", "A Loot card is revealed: its bonus is hers.", LOOTING)
    sc.step(DropLootboxes(), "The drop", "The Lootbox token goes back on the Green by a GPS relocation.", DROPS)
    sc.step(EndTurn(), "Birdie Blaster's turn", "Birdie's turn begins. He is 2 spaces from Dogniss, but she stands "
            "two levels higher.", TURNS)
    sc.step(EndPreparation(), "Birdie's choice", "The same 7 MP. The heat map is his now.", MOVE)
    sc.ask("Where does Birdie Blaster go, or does he attack first?", "The example attacks at once from where he stands, "
           "then may still walk away.")
    attacks = [a for a in teaching.choices(s.state) if isinstance(a, Attack)]
    if attacks:
        sc.step(attacks[0], "Attacking first", "Attacking before moving is allowed: then the movement step follows "
                "the attack step, and no attack is possible after it.", ATTACK)
    sc.step(EndActions(), "Birdie's Loot Phase", "Birdie ends his Action Phase without moving; he has no lootbox to "
            "open.", LOOTING)
    sc.step(EndTurn(), "Round 2", "Every Hero has played: the round ends and the next begins with the first player. "
            "The first Hero to reach 18 PP ends the game once the round is finished.", TURNS)
    moves = (" Then choose <i>End the Preparation Phase</i> in the <b>Action</b> list and press <b>Play</b>, click "
             "<b>H9</b> on the Green, choose <i>Attack Birdie Blaster at H7 with Silenced Nine-Iron</i> and press "
             "<b>Play</b>: the attack die shows the same face as here, and the rest of the game is yours.")
    return sc.chapter("A round: moving, falling, attacking, PP", handoff(seed, moves), line=OUR_LINE)


# -- the Preparation Phase: the shop and your gear ------------------------------------------------------

def shop_chapter() -> Chapter:
    start = started().state.with_player(0, hand=("W01", "A01"), credits=3, track=(Gear("W02"), None, None, None))
    sc = Script(teaching.study(teaching.at_turn(start, phase="preparation", step=1)), play=teaching.play)
    sc.show("A study position: the Preparation Phase", "Agent Dogniss has a Driver Rifle on her track, the Putter "
            "Pistol (a Weapon) and the Visor Helm (an Armor) in her hand, and 3 Credits. Obsolescence came first: each "
            "piece on the track moved one slot right. Now: selling, buying, tinkering, in that order.", OBSOLETE)
    sc.ask("Sell, buy or tinker?", "The example sells the Visor Helm to afford an Armor from the shop.")
    sc.step(Sell("A01"), "Selling: half the value", "A Weapon sells for 4 Credits (half of 8), an Armor for 3 (half "
            "of 6). She has 6 Credits now.", SELLING)
    sc.step(Buy("armor"), "Buying", "An Armor costs 6 Credits, a Weapon 8: she draws the top card of the Armor shop "
            "(the Caddie Vest). Once buying starts, no more selling this turn. 18 Credits would buy 1 PP.", BUYING,
            outcome="A02")
    sc.ask("What does she do with the Putter Pistol?", "The example crafts it under the Driver Rifle: +2 Damage, and "
           "the pistol's effect 2 (on placement) pays 2 Credits even under the main card.")
    sc.step(Craft("W01", 1), "Crafting", "The hand's card slides under a Weapon on the track: one piece with +2 "
            "Damage; only the lower card's effect 2 counts.", CRAFT)
    sc.ask("Which slot does the Caddie Vest go to?", "The example puts it in slot 2, the next empty one.")
    sc.step(Equip("A02", 2), "Equipping", "Each filled slot costs 1 MP every turn (3 MP, +1 per empty slot: 5 MP "
            "now). Every turn each piece moves one slot right; from slot 4 it leaves the track, obsolete, and gives "
            "1 Boost token per card.", EQUIP)
    return sc.chapter("The shop and your gear", handoff(), line=OUR_LINE)


def walkthrough(seed: int = ROUND_SEED) -> Walkthrough:
    """The learn-the-rules walkthrough of Rumble Planet."""
    chapters = [setup_chapter(), round_chapter(seed), shop_chapter()] + [make() for make in examples.CHAPTERS]
    return Walkthrough(chapters, teaching.draw, teaching.describe, teaching.choices, teaching.odds, teaching.parse,
                       title="Learn the rules: Rumble Planet", typed_hint="or type a move, e.g. walk H9",
                       play=teaching.play)
