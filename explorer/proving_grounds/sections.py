"""The rulebook's sections, as the event log cites them.

``HEADINGS`` are the headings of the Proving Grounds rulebook in the order they are printed. A
section tag is one heading, or a heading and one of its subheadings joined by ", "
("Module 2: Chariots, Gameplay"), so every tag in the log names a section a player can find.
"""
from __future__ import annotations

HEADINGS = (
    "Components", "Victory And Defeat", "Winning the Game", "Losing the Game", "Enemy Card Anatomy",
    "Game Setup", "How To Play", "Step 1: Roll Dice", "What Is a Set?", "What Is a Single?",
    "Step 2: Resolve Attacks", "A) Move Battle Markers", "B) Check for Defeat or Wounds", "Defeating an Enemy",
    "Suffering Wounds", "Replacing Dice", "Step 3: Recover", "The Modules",
    "Module 1: The Dragonling", "Setup", "Gameplay",
    "Module 2: Chariots", "Setup", "Gameplay",
    "Module 3: Inspiration Powers", "Setup", "Gameplay",
    "Module 4: Shields", "Setup", "Gameplay",
    "Module 5: Conspirators", "Setup", "Gameplay",
    "Module 6: Sun and Moon", "Setup", "Gameplay", "Sun Effects", "Moon Effects",
    "Common Clarifications", "Q1: Can I ever reroll a single?", "Q2: How do I handle timing conflicts?",
    "Q3: The timer is still going but I have no sets left to reroll. What do I do?",
)

SETUP = "Game Setup"
WIN = "Winning the Game"
LOSE = "Losing the Game"
ROLL = "Step 1: Roll Dice"
MOVE = "Step 2: Resolve Attacks, A) Move Battle Markers"
DEFEAT = "Step 2: Resolve Attacks, Defeating an Enemy"
WOUNDS = "Step 2: Resolve Attacks, Suffering Wounds"
REPLACE = "Step 2: Resolve Attacks, Replacing Dice"
RECOVER = "Step 3: Recover"

DRAGONLING = "Module 1: The Dragonling"
CHARIOTS = "Module 2: Chariots"
INSPIRATION = "Module 3: Inspiration Powers"
SHIELDS = "Module 4: Shields"
CONSPIRATORS = "Module 5: Conspirators"
SUN_AND_MOON = "Module 6: Sun and Moon"


def setup(module: str) -> str:
    """The module's Setup section, e.g. "Module 2: Chariots, Setup"."""
    return f"{module}, Setup"


def gameplay(module: str) -> str:
    """The module's Gameplay section, e.g. "Module 5: Conspirators, Gameplay"."""
    return f"{module}, Gameplay"


SUN = f"{SUN_AND_MOON}, Sun Effects"
MOON = f"{SUN_AND_MOON}, Moon Effects"
