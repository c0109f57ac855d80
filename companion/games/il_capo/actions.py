"""Il Capo actions: what the table taps (or the spinner decides). Seats are numbered from 0."""

from __future__ import annotations

from dataclasses import dataclass

from companion.bank import format_dollars
from companion.chance import Spun  # noqa: F401  (shared with Dice & Spinner; part of this game's actions)
from companion.engine import Action


# -- the Syndicate phase ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NpcHit(Action):
    """The NPC that just moved landed on ``seat`` (or that player landed on it: same encounter)."""

    kind = "npc_hit"
    seat: int

    def describe(self) -> str:
        return f"The NPC landed on seat {self.seat}"


@dataclass(frozen=True, slots=True)
class NpcDone(Action):
    """The NPC that just moved hit nobody (more): on to the next NPC."""

    kind = "npc_done"

    def describe(self) -> str:
        return "Nobody (else) was hit"


# -- the player's turn ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind = "end_turn"

    def describe(self) -> str:
        return "End the turn"


@dataclass(frozen=True, slots=True)
class LandedOnCop(Action):
    """The player landed on a space with a cop car: busted."""

    kind = "landed_on_cop"

    def describe(self) -> str:
        return "Landed on a cop"


@dataclass(frozen=True, slots=True)
class ShootRico(Action):
    kind = "shoot_rico"

    def describe(self) -> str:
        return "Shoot at Beefy Rico"


@dataclass(frozen=True, slots=True)
class ShootBrothers(Action):
    kind = "shoot_brothers"

    def describe(self) -> str:
        return "Shoot at the Ricigliano Brothers"


@dataclass(frozen=True, slots=True)
class ShootMarcello(Action):
    kind = "shoot_marcello"

    def describe(self) -> str:
        return "Attempt the hit on Marcello Valli"


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """The player landed on ``target``'s space and opens fire (player against player)."""

    kind = "challenge"
    target: int

    def describe(self) -> str:
        return f"Open fire on seat {self.target}"


@dataclass(frozen=True, slots=True)
class StandOffShoot(Action):
    """In a stand-off, stay and shoot at ``target`` instead of fleeing (spinning to move)."""

    kind = "stand_off_shoot"
    target: int

    def describe(self) -> str:
        return f"Stay in the stand-off and shoot at seat {self.target}"


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Pick up a released crew member from the Out of Jail space at their cost."""

    kind = "pick_up"
    crew: str

    def describe(self) -> str:
        return f"Pick up {self.crew}"


@dataclass(frozen=True, slots=True)
class ShootReleased(Action):
    """Shoot at an (unarmed) released crew member on the Out of Jail space for the bounty."""

    kind = "shoot_released"
    crew: str

    def describe(self) -> str:
        return f"Shoot at {self.crew} on the Out of Jail space"


@dataclass(frozen=True, slots=True)
class Hire(Action):
    kind = "hire"
    crew: str

    def describe(self) -> str:
        return f"Hire {self.crew}"


@dataclass(frozen=True, slots=True)
class UseSkill(Action):
    """Use ``crew``'s once-per-game skill (a shot bonus, a shield, or a board skill)."""

    kind = "use_skill"
    crew: str

    def describe(self) -> str:
        return f"Use {self.crew}'s skill"


@dataclass(frozen=True, slots=True)
class TakeHit(Action):
    """Decline to use a shield skill: the shot stands."""

    kind = "take_hit"

    def describe(self) -> str:
        return "Take the hit"


@dataclass(frozen=True, slots=True)
class PayTax(Action):
    kind = "pay_tax"

    def describe(self) -> str:
        return "Pay Rico's tax"


@dataclass(frozen=True, slots=True)
class TakeBeating(Action):
    kind = "take_beating"

    def describe(self) -> str:
        return "Take the beating"


@dataclass(frozen=True, slots=True)
class DevelopSkyscraper(Action):
    kind = "develop_skyscraper"

    def describe(self) -> str:
        return "Develop a Skyscraper"


@dataclass(frozen=True, slots=True)
class NavigateDeadMansRow(Action):
    kind = "navigate_dead_mans_row"

    def describe(self) -> str:
        return "Made it through Dead Man's Row"


@dataclass(frozen=True, slots=True)
class EnterMansion(Action):
    """Pay the $1,000,000 buy-off and take the shot at Vincenzo Moretti."""

    kind = "enter_mansion"

    def describe(self) -> str:
        return "Enter the Mansion"


# -- the bank (any time during the game) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Seat ``seat`` pays ``amount`` to the bank (a board space, a money pit...)."""

    kind = "pay"
    seat: int
    amount: int
    note: str = ""

    def describe(self) -> str:
        return f"Seat {self.seat} pays {format_dollars(self.amount)} to the bank"


@dataclass(frozen=True, slots=True)
class Receive(Action):
    """Seat ``seat`` receives ``amount`` from the bank."""

    kind = "receive"
    seat: int
    amount: int
    note: str = ""

    def describe(self) -> str:
        return f"Seat {self.seat} receives {format_dollars(self.amount)} from the bank"


@dataclass(frozen=True, slots=True)
class PayPlayer(Action):
    """Seat ``payer`` pays ``amount`` to seat ``payee``."""

    kind = "pay_player"
    payer: int
    payee: int
    amount: int
    note: str = ""

    def describe(self) -> str:
        return f"Seat {self.payer} pays {format_dollars(self.amount)} to seat {self.payee}"


ALL_ACTIONS = (Spun, NpcHit, NpcDone, EndTurn, LandedOnCop, ShootRico, ShootBrothers, ShootMarcello,
               Challenge, StandOffShoot, PickUp, ShootReleased, Hire, UseSkill, TakeHit, PayTax,
               TakeBeating, DevelopSkyscraper, NavigateDeadMansRow, EnterMansion, Pay, Receive, PayPlayer)
BANK_ACTIONS = (Pay, Receive, PayPlayer)
QUICK_AMOUNTS = (250_000, 500_000, 1_000_000)
