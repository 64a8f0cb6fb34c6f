"""The Rumble Planet dashboard: hot-seat play on the drawn Green with reachability and attack odds."""
from .app import RumblePlanetApp

__all__ = ["RumblePlanetApp"]
