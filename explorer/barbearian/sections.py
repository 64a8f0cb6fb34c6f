"""The rulebook's sections, as the event log cites them.

``HEADINGS`` are the headings of the BarBEARian Battlegrounds rulebook in the order they are printed
(the Marketplace's lettered abilities are its subsections). A section tag is one heading, or a
heading and one of its subsections joined by ", " ("Marketplace, C. Empower").
"""
from __future__ import annotations

HEADINGS = (
    "Objective", "Setup", "Gameplay", "Plan Phase", "Brawl Phase", "Stealing Loot", "Gather Phase",
    "Build Phase", "Clean Up Phase", "Trial Cards", "Marketplace", "A. Hire Mercenary", "B. Change Fate",
    "C. Empower", "D. Hire Specialists", "E. Reinforcements", "F. Grand Offering", "Winning", "FAQ",
)

SETUP = "Setup"
GAMEPLAY = "Gameplay"
PLAN = "Plan Phase"
BRAWL = "Brawl Phase"
LOOT = "Stealing Loot"
GATHER = "Gather Phase"
BUILD = "Build Phase"
CLEAN_UP = "Clean Up Phase"
TRIALS = "Trial Cards"
WINNING = "Winning"
HIRE_MERCENARY = "Marketplace, A. Hire Mercenary"
CHANGE_FATE = "Marketplace, B. Change Fate"
EMPOWER = "Marketplace, C. Empower"
HIRE_SPECIALISTS = "Marketplace, D. Hire Specialists"
REINFORCEMENTS = "Marketplace, E. Reinforcements"
GRAND_OFFERING = "Marketplace, F. Grand Offering"
