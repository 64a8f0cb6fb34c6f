"""Rumble Planet odds: exact attack and knock-out odds, reachability with attack values per space."""
from .attacks import (
           AttackOdds,
           Plan,
           TargetOdds,
           attack_odds,
           attack_options,
           best_attacks,
           die_faces,
           profile_odds,
)
from .fast import Value, attack_value
from .reach import Route, Spot, entry_injuries, path_to, reachable, routes, value_at

__all__ = ["AttackOdds", "Plan", "Route", "Spot", "TargetOdds", "Value", "attack_odds", "attack_options", "attack_value",
           "best_attacks", "die_faces", "entry_injuries", "path_to", "profile_odds", "reachable", "routes", "value_at"]
