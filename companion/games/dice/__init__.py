"""Dice & Spinner: 2d6, 1d6 and the Il Capo spinner as a tiny game of its own."""

from .engine import ENGINE, DiceEngine, DiceRolled, DiceState, Finish, Spun

__all__ = ["ENGINE", "DiceEngine", "DiceRolled", "DiceState", "Finish", "Spun"]
