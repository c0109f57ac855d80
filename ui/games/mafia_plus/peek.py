"""Hold-to-peek: a private card shows only while the finger stays down, and hides after 5 s."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty

from companion.engine import Seat

from . import flow
from .seat_text import card_texts


class PeekMixin:
    """Needs ``self.ids.card`` (MafiaPlusCard) and ``self.session``."""

    showing = BooleanProperty(False)
    peek_seat_name = StringProperty("")

    def peek_start(self, seat: int) -> None:
        view = self.session.view(Seat(seat))
        card = self.ids.card
        for key, value in card_texts(view).items():
            setattr(card, key, value)
        self.peek_seat_name = view.name
        self.showing = True
        self._peek_timer = Clock.schedule_once(lambda *_: self.peek_stop(), flow.PEEK_SECONDS)

    def peek_stop(self) -> None:
        timer = getattr(self, "_peek_timer", None)
        if timer is not None:
            timer.cancel()
            self._peek_timer = None
        self.showing = False
        card = self.ids.card
        card.card = card.title = card.faction = card.ability = card.extra = ""
