"""The Assault on Doomrock battle dashboard."""
from .app import DoomrockApp

__all__ = ["DoomrockApp"]
