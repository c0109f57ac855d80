"""Contract: the scorekeeper (rounds, Copper and Vicelard, the count, play areas, final score)."""

from .engine import (ENGINE, ContractEngine, ContractState, ContractView, CopperDiscard, HireVicelard,
                     Influence, MafiosoTurnedUp, Pass, PayCopper, PlaceBlackmat, Reinforce, TakeCopperCard,
                     TraffickingDealt)

__all__ = ["ENGINE", "ContractEngine", "ContractState", "ContractView", "CopperDiscard", "HireVicelard",
           "Influence", "MafiosoTurnedUp", "Pass", "PayCopper", "PlaceBlackmat", "Reinforce", "TakeCopperCard",
           "TraffickingDealt"]
