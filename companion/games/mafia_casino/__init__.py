"""Mafia Casino: the bank and the croupier (balances, tokens, phases, buildings, Game cards)."""

from .engine import ENGINE, CasinoState, MafiaCasinoEngine

__all__ = ["ENGINE", "CasinoState", "MafiaCasinoEngine"]
