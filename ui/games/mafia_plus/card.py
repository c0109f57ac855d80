"""My card: a player taps their own name on the ring, then holds to see their card (and, for the
Mafia, their fellow members; for the Detective and the Lady, what they learned). It hides on
release or after 5 s. An RFID tag bound to a player opens the same (TagSeen)."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from ui.game_screen import GameScreen
from ui.screens import load_kv

from . import flow
from .common import MafiaPlusTable
from .peek import PeekMixin

load_kv(__file__)


class MafiaPlusCardScreen(PeekMixin, MafiaPlusTable, GameScreen):
    phase = StringProperty("Mafia+ · My card")
    chosen = NumericProperty(-1)
    chosen_name = StringProperty("")

    def enter(self, back: str = "", **_):
        self.back_to = back
        self.chosen = -1

    def show(self, events) -> None:
        view = self.view()
        ring = self.ids.ring
        ring.names = list(view.players)
        ring.alive = list(view.alive)
        ring.selected = [self.chosen] if self.chosen >= 0 else []
        self.chosen_name = view.players[self.chosen] if self.chosen >= 0 else ""
        self.peek_stop()

    def on_commit(self, session, events) -> None:
        pass  # nothing happens in the game while a card is looked at

    def choose(self, seat: int) -> None:
        self.chosen = seat
        self.show([])

    def press_peek(self) -> None:
        if self.chosen >= 0 and self.view().phase != "deal":
            self.peek_start(self.chosen)

    def release_peek(self) -> None:
        self.peek_stop()

    def done(self) -> None:
        self.peek_stop()
        self.chosen = -1
        self.go(flow.route_for(self.view()))

    def on_tag(self, uid: str) -> bool:
        binding = self.table.store.tag(uid)
        players = self.view().players
        if binding is not None and binding.kind == "player" and binding.ref in players:
            self.choose(players.index(binding.ref))
            return True
        return False

    def on_back(self) -> bool:
        self.done()
        return True


SCREEN = MafiaPlusCardScreen
