"""The Game cards' screens (poker, roulette, slot): the hardware buttons they share."""

from __future__ import annotations

from . import logic as L


class CardGamePlay:
    """What the three Game cards' screens (poker, roulette, slot) share: ROLL lets the app turn
    the cards while the screen waits for them (``turning_mode``), NEXT goes back to the table once
    the result shows. A mixin before ``GameScreen``; each screen has its own ``app_turns``."""

    turning_mode = ""

    def to_table(self) -> None:
        self.go(L.TABLE)

    def on_roll(self) -> bool:
        if self.mode != self.turning_mode:
            return False
        self.app_turns()
        return True

    def on_next(self) -> bool:
        if self.mode != "result":
            return False
        self.to_table()
        return True
