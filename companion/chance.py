"""Dice and the Il Capo spinner: the draws shared by several games.

Every function takes the session's ``random.Random`` as ``rng``; this module never imports
``random`` itself, so draws are reproducible from the game's seed and engines stay pure.
"""

from __future__ import annotations

from typing import Any

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
