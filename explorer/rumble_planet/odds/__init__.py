"""Exact attack odds and reachability for Rumble Planet (to come; built on ``resolve_attack``)."""
