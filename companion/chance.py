"""Dice and the Il Capo spinner: the draws shared by several games.

Every function takes the session's ``random.Random`` as ``rng``; this module never imports
``random`` itself, so draws are reproducible from the game's seed and engines stay pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .engine import Action

SPINNER_NUMBERS = tuple(range(1, 11))
SPINNER_SIDES = ("L", "R")


def roll_dice(rng: Any, count: int = 2, sides: int = 6) -> tuple[int, ...]:
    """``count`` fair dice, e.g. ``(3, 5)``."""
    return tuple(rng.randint(1, sides) for _ in range(count))


def spin(rng: Any) -> tuple[int, str]:
    """The Il Capo spinner: a number 1-10 and a direction, left or right, e.g. ``(7, 'R')``."""
    return rng.randint(1, 10), rng.choice(SPINNER_SIDES)


def is_die(value: Any, sides: int = 6) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= sides


def is_spin(number: Any, side: Any) -> bool:
    return is_die(number, 10) and side in SPINNER_SIDES


def shuffled(rng: Any, items) -> tuple:
    """A uniformly shuffled copy (a deal, a deck)."""
    items = list(items)
    rng.shuffle(items)
    return tuple(items)


@dataclass(frozen=True, slots=True)
class DiceRolled(Action):
    """One or two six-sided dice showing ``dice`` (drawn by the app, or ``by_hand`` from real dice).

    Shared by every game that rolls (Dice & Spinner, Mafia (Sicily)), so a roll reads the same
    in every log and every screen.
    """

    kind = "dice_rolled"
    dice: tuple[int, ...]
    by_hand: bool = False

    def describe(self) -> str:
        faces = " + ".join(str(d) for d in self.dice)
        total = f" = {sum(self.dice)}" if len(self.dice) > 1 else ""
        return f"Rolled {faces}{total}" + (" (physical dice)" if self.by_hand else "")


@dataclass(frozen=True, slots=True)
class Spun(Action):
    """The Il Capo spinner stopped on ``number`` (1-10) pointing ``side`` ('L' or 'R').

    Shared by Dice & Spinner and Il Capo (where whose spin it is follows from the state).
    """

    kind = "spun"
    number: int
    side: str
    by_hand: bool = False

    def describe(self) -> str:
        where = "left" if self.side == "L" else "right"
        return f"Spun {self.number} {where}" + (" (physical spinner)" if self.by_hand else "")
