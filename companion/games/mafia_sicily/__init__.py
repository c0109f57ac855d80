"""Mafia (Sicily): the table assistant (calendar, dice, decks, activities, victory)."""

from .engine import ENGINE, SicilyEngine, SicilyState

__all__ = ["ENGINE", "SicilyEngine", "SicilyState"]
