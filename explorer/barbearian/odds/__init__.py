"""BarBEARian odds: raids against a Barracks, the strongest group, and the clash (bluff) matrix, exactly."""
from .raids import (
    ClashMatrix, Stance, barracks_strength, clash_matrix, duel, empowers_needed, multisets, raid_success, raid_table,
    stances, strongest_group,
)

__all__ = [
    "ClashMatrix", "Stance", "barracks_strength", "clash_matrix", "duel", "empowers_needed", "multisets", "raid_success",
    "raid_table", "stances", "strongest_group",
]
