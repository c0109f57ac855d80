"""Mafia+: the companion as Game Master (deal, night calls, resolution, votes, winners)."""

from .engine import ENGINE, MafiaPlusEngine, MafiaPlusState, current_step, night_steps

__all__ = ["ENGINE", "MafiaPlusEngine", "MafiaPlusState", "current_step", "night_steps"]
