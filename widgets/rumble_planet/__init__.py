"""The Rumble Planet dashboard: hot-seat play on the drawn Green with reachability and attack odds.

``RumblePlanetApp`` is imported on first use, so the learn-the-rules walkthrough (``lessons``) does not load
the dashboard's modules.
"""

__all__ = ["RumblePlanetApp"]


def __getattr__(name: str):
    if name == "RumblePlanetApp":
        from .app import RumblePlanetApp  # the whole dashboard, loaded on first use
        return RumblePlanetApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
