"""The BarBEARian Battlegrounds dashboard: hot-seat play for 2-4 humans and bots, with raid odds."""
from .app import BarbearianApp

__all__ = ["BarbearianApp"]
