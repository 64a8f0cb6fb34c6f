"""The engine core shared by every game: sessions, chance, errors, events, content."""
from .chance import CustomDie, Dice, Joint, Shuffle
from .content import ContentError, Entry, read_deck_file
from .errors import IllegalAction, SaveFileError
from .events import Event
from .game import Game, get_game
from .session import Session, Step

__all__ = [
    "ContentError", "CustomDie", "Dice", "Entry", "Event", "Game", "IllegalAction",
    "Joint", "SaveFileError", "Session", "Shuffle", "Step", "get_game", "read_deck_file",
]
