"""The Proving Grounds app: encounter board, dice tray, clock, history, log and live odds."""
from .app import ProvingGroundsApp

__all__ = ["ProvingGroundsApp"]
