"""Batch simulation for Rumble Planet (to come)."""
