"""The worked examples of the Rumble Planet rulebook, one walkthrough chapter each, replayed from study
positions with the rulebook's own cards and die faces typed in (the positions of the engine's rulebook tests).
"""
from __future__ import annotations

from dataclasses import replace

from explorer.core import Session
from explorer.rumble_planet import (Attack, Boost, BuyPrestige, ChooseRegion, ClaimFeat, Deploy, DropLootboxes,
                                    EndActions, EndPreparation, EndTurn, Gear, Move, OpenGolden, OpenLootbox, Options,
                                    SetUp)

from ..walkthrough import Chapter, Script
from . import book as L
from . import teaching

B = L.BOOK
BOOST, HEROIC_LVL = f"{B}, I - Preparation Phase, 4 – Tinkering, Boosting", f"{B}, Health Points (HP), Level-Up!"
SEQUENCE, SUMMARY, MULTIPLE = (f"{B}, II - Action Phase, {s}" for s in (
    "Detailed Attack Sequence", "Summary of the Attack Sequence", "Multiple Targets"))
GOLDEN, CONTROLLED = f"{B}, III - Loot Phase, Opening a Lootbox", f"{B}, GPS System, Controlled Relocation"
TELEPORT, OIL, TURRET = (f"{B}, Tile Effects, {s}" for s in ("Teleporter Tile", "Oil Slick Tile", "Blocking Tiles"))
KO, END = f"{B}, Health Points (HP), Knocked Out! (KO)", f"{B}, End of Game"


def _script(state, seed: int = 0) -> Script:
    return Script(teaching.study(state, seed), play=teaching.play)


def _base():
    return L.started().state


def _gear(state, seat: int, *track):
    return state.with_player(seat, track=tuple(track) + (None,) * (4 - len(track)))


def movement_chapter() -> Chapter:
    sc = Script(L.started(), play=teaching.play)
    sc.step(EndPreparation(), "7 MP on the first turn", "3 MP, +1 for each empty slot of the obsolescence track: at "
            "the start of the game all 4 are empty, so 7 MP. Unused MP are lost when the movement step ends.", L.MOVE)
    sc.step(Move("I9"), "Climbing one level", "I9 is one level above I10: 1 MP for the step, +1 for the level.", L.CLIMB)
    sc.step(Move("H9"), "Climbing again", "H9 is at altitude 2: another 2 MP (3 left).", L.CLIMB)
    sc.step(Move("H10"), "Falling two levels", "Stepping down from H9 to H10 drops two levels: 1 Injury for each "
            "level. Dropping only one level is free.", L.FALL)
    sc.step(Move("I10"), "Back down", "1 MP. One level down: no Injury.", L.FALL)
    sc.step(Move("J10"), "A lootbox", "Entering a space with a Lootbox token picks it up (only in your movement step). "
            "No MP left: no move is offered any more, and one she cannot pay for is refused.", L.LOOT_UP)
    return sc.chapter("Example: movement points, climbing and falling", L.handoff())


def boost_chapter() -> Chapter:
    start = _gear(_base(), 1, Gear("W02")).with_player(1, boosts=6)
    sc = _script(teaching.at_turn(replace(start, active=1), phase="preparation", step=3))
    sc.show("Six Boost tokens", "Birdie Blaster has a Driver Rifle in slot 1 and 6 Boost tokens in his supply, in "
            "his Tinkering step. Each token on a Weapon is +1 Damage.", BOOST)
    sc.ask("Boost the Driver Rifle, or end the Preparation Phase?", "The example boosts it three times.")
    sc.step(Boost(1), "The first token: free", "No token on it yet: he places 1 from his supply, nothing more.", BOOST)
    sc.step(Boost(1), "The second: 1 more to the bank", "It has 1 token: he places one and pays 1 to the bank (2 in "
            "all).", BOOST)
    sc.step(Boost(1), "The third: 2 more", "It has 2 tokens: 1 placed, 2 paid. 1 + 2 + 3 = 6 tokens for +3 Damage. "
            "Tokens move with the piece and go back to the bank when it wears out.", BOOST)
    return sc.chapter("Example: boosting costs more each time", L.handoff())


def duel_state():
    """Birdie Blaster (E2) with the crafted Driver Rifle; Caddie Kong (E4) in a Caddie Vest and a Visor Helm."""
    s = _gear(_base(), 1, Gear("W02", "W01")).with_player(1, space="E2")
    s = _gear(s, 2, Gear("A02"), Gear("A01")).with_player(2, space="E4")
    return teaching.at_turn(replace(s, active=1), phase="action")


def attack_chapter() -> Chapter:
    sc = _script(duel_state())
    sc.show("A duel", "Birdie's Driver Rifle is crafted: 4 Damage, +2. Caddie Kong wears the Caddie Vest (Defense 3, "
            "torso; effect 2: 1 Injury fewer on a failed protection) and the Visor Helm (Defense 2, head; effect 1: +1 "
            "Defense on a successful protection).", SUMMARY)
    sc.ask("Which weapon, and which target?", "The example fires the crafted Driver Rifle at Caddie Kong: see each "
           "face of the die in the odds.")
    sc.step(Attack("1", "E4"), "The die shows torso", "The Vest covers the torso: 6 Damage minus 3 Defense is 3 "
            "Injuries. A critical would ignore all Defense. Injuring an opponent gains 1 PP.", SEQUENCE, outcome="torso")
    sc.step(ClaimFeat("F01"), "Crowd Pleaser", "A revealed Level 1 Feat asks to injure an opponent this turn: Birdie "
            "places a Feat token on it and gains 1 PP (a Level 2 Feat: 2 PP and a taunt).", L.FEAT)
    return sc.chapter("Example: the attack sequence", L.handoff())


def ring_chapter() -> Chapter:
    s = Session("rumble-planet", Options(players=3), L.CONTENT, seed=0)
    s.play(SetUp(), outcome={"level1": L.LEVEL1, "level2": L.LEVEL2, "gps": "G01"})
    s.play(Deploy(), outcome="G02")
    start = _gear(s.state, 0, Gear("W08"))
    for seat, space in enumerate(("E3", "E5", "E6")):
        start = start.with_player(seat, space=space)
    sc = _script(teaching.at_turn(start, phase="action"))
    sc.show("A Ring", "The Shockwave Tee (2 Damage, range 2; effect 1 Ring, effect 2 +2 Damage): everyone within 1 "
            "space of the target is hit too.", MULTIPLE)
    sc.ask("Which attack?", "The example aims at Birdie Blaster at E5; Caddie Kong at E6 is in the Ring.")
    sc.step(Attack("1", "E5"), "One die for every target", "The die is rolled once: head. Both targets are hit on "
            "the head, 4 Damage each, and each loses 4 HP.", MULTIPLE, outcome="head")
    return sc.chapter("Example: multiple targets", L.handoff())


def gps_chapter() -> Chapter:
    s = Session("rumble-planet", Options(players=2), L.CONTENT, seed=1)
    s.play(SetUp(), outcome={"level1": L.LEVEL1, "level2": L.LEVEL2, "gps": "G03"})
    s.play(Deploy(), outcome="G04")
    st = s.state.with_player(0, lootboxes=2, golden=True, space="E5").with_player(1, space="E6")
    st = replace(st, gps_top="G01", lootboxes=(), golden=None, gps_deck=tuple(c for c in st.gps_deck if c != "G01"))
    sc = _script(teaching.at_turn(st, phase="loot"))
    sc.show("Two lootboxes and the golden Lootbox", "Agent Dogniss picked up 2 lootboxes and the golden Lootbox this "
            "turn. GPS card G01 is on top of the GPS deck.", L.LOOTING)
    sc.ask("The golden Lootbox: a Weapon or an Armor?", "The example draws from the Weapon shop.")
    sc.step(OpenGolden("weapon"), "The golden Lootbox", "A card from the shop of her choice.", GOLDEN, outcome="W03")
    sc.step(OpenLootbox(), "A Loot card", "Each lootbox reveals a Loot card: its bonus is hers.", L.LOOTING, outcome="L07")
    sc.step(OpenLootbox(), "Another", "Loot +3: 3 more Credits.", L.LOOTING, outcome="L08")
    sc.step(DropLootboxes(), "The drop: a multiple relocation", "G01 is revealed and discarded; the back of the next "
            "card (G02) shows the southeast. The golden Lootbox goes to G01's southeast space, I10; the two tokens to "
            "the next regions clockwise: I1 (southwest), B1 (northwest). B10 is not needed.", L.MULTI, outcome="G02")
    return sc.chapter("Example: the GPS, two lootboxes and the golden one", L.handoff())


def tiles_chapter() -> Chapter:
    st = _base().with_player(0, space="A4")
    st = replace(st, lootboxes=("A5",), golden=None, gps_top="G01",
                 gps_deck=tuple(c.id for c in L.CONTENT.gps if c.id != "G01"), gps_discard=())
    sc = _script(teaching.at_turn(st, phase="action"))
    sc.show("A Teleporter with a Lootbox", "Agent Dogniss stands at A4, beside the Teleporter at A5, where a Lootbox "
            "lies.", TELEPORT)
    sc.step(Move("A5"), "Pick up, then teleport", "She picks up the Lootbox first, then is teleported: a controlled "
            "GPS relocation, where she chooses the region before the card is revealed.", TELEPORT)
    sc.ask("Which region does she teleport into?", "The example chooses the southeast.")
    sc.step(ChooseRegion("SE"), "To I10", "The card revealed (G01) gives I10 in the southeast.", CONTROLLED, outcome="G05")
    slick = replace(_base().with_player(0, space="E2"), lootboxes=(), golden=None)
    slick = replace(slick, tiles=slick.tiles + (("E2", "oil_slick"), ("C3", "turret")))
    sc.session = teaching.study(teaching.at_turn(slick, phase="action"))
    sc.show("An Oil Slick and a Turret", "Another position: she stands on an Oil Slick (O) at E2; a Turret (X) is at "
            "C3.", OIL)
    sc.step(Move("D2"), "Leaving the Oil Slick", "Leaving a space with an Oil Slick costs 1 extra MP: 2 MP.", OIL)
    sc.step(Move("D3"), "Into the Turret's Ring", "Entering a space next to a Turret causes 2 Injuries. A Turret is "
            "blocking: it can be attacked, and 3 Injuries in one hit destroy it.", TURRET)
    return sc.chapter("Example: tiles", L.handoff())


def obsolescence_chapter() -> Chapter:
    st = _gear(_base(), 2, None, None, None, Gear("W02", "W05", boosts=1))
    sc = _script(teaching.at_turn(replace(st, active=1), phase="loot"))
    sc.show("A crafted piece in slot 4", "Caddie Kong's crafted Driver Rifle (with 1 Boost token) is in the last slot "
            "of his track. Birdie Blaster is ending his turn.", L.OBSOLETE)
    sc.step(EndTurn(), "Obsolete", "Caddie's turn starts with obsolescence: every piece moves one slot right and the "
            "one leaving slot 4 is obsolete. Its two cards go to the shop's discard pile, its Boost token to the bank, "
            "and Caddie gains 2 Boost tokens (1 per card).", L.OBSOLETE)
    return sc.chapter("Example: obsolescence", L.handoff())


def knockout_chapter() -> Chapter:
    sc = _script(duel_state().with_player(2, hp=1, pp=0))
    sc.show("1 HP left", "Caddie Kong has 1 HP and 0 PP. Birdie's crafted Driver Rifle does 6 Damage.", KO)
    sc.ask("Which attack?", "The example fires the Driver Rifle; the die shows legs.")
    sc.step(Attack("1", "E4"), "Knocked out", "No armour covers the legs: the Vest's failed protection saves 1 "
            "Injury, 5 remain and HP stops at 0. Caddie's equipment is made obsolete and his figure leaves the Green; "
            "next turn he returns with 18 HP by GPS. Birdie gains 1 PP for the injury and 1 for the knock-out.", KO,
            outcome="legs")
    sc.show("Level-Up!", "At 0 HP Caddie's HP cube meets his PP cube (at 0): his Heroic Object flips to its Level II "
            "side for the rest of the game.", HEROIC_LVL)
    return sc.chapter("Example: knock-outs and levelling up", L.handoff())


def end_chapter() -> Chapter:
    st = replace(_base().with_player(0, credits=18, pp=17), active=0)
    sc = _script(teaching.at_turn(st, phase="preparation", step=2))
    sc.show("17 PP and 18 Credits", "Agent Dogniss can buy 1 PP for 18 Credits in her Buying step.", END)
    sc.ask("Buy the 18th PP?", "The example buys it.")
    sc.step(BuyPrestige(), "18 PP: the end is triggered", "The first Hero to reach 18 PP gains 2 more: 20. The round "
            "is finished, so that everyone plays as many turns.", END)
    for seat in (0, 1, 2):
        name = sc.session.state.name(seat)
        sc.step(EndPreparation(), f"{name}: the Action Phase", "The round goes on: everyone plays this round's "
                "turn." if seat else "Dogniss goes on with her turn.", END)
        sc.step(EndActions(), f"{name}: the Loot Phase", "Nothing more to do this turn.", END)
        sc.step(EndTurn(), f"{name} ends the turn", "The game is over: the Hero with the most PP is the Rumble Planet "
                "Champion (a tie goes to the first in turn order)." if seat == 2 else "The next Hero plays.", END)
    return sc.chapter("Example: the end of the game", L.handoff())


CHAPTERS = (movement_chapter, boost_chapter, attack_chapter, ring_chapter, gps_chapter, tiles_chapter,
            obsolescence_chapter, knockout_chapter, end_chapter)
