"""My card: a player taps their own name on the ring, then holds to see their card (and, for the
Mafia, their fellow members; for the Detective and the Lady, what they learned). It hides on
release or after 5 s. An RFID tag bound to a player opens the same (TagSeen)."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from ui.controller import Route
from ui.screens import load_kv

from .common import GAME, MafiaPlusScreen, sample_session
from .peek import PeekMixin

load_kv(__file__)


class MafiaPlusCardScreen(PeekMixin, MafiaPlusScreen):
    phase = StringProperty("Mafia+ · My card")
    chosen = NumericProperty(-1)
    chosen_name = StringProperty("")

    def prepare(self, game: str = GAME, game_id: int | None = None, back: str = "", **params):
        self.back_to = back
        self.chosen = -1
        super().prepare(game, game_id, **params)

    def refresh(self) -> None:
        st = self.state
        ring = self.ids.ring
        ring.names = list(st.players)
        ring.alive = list(st.alive) if st.alive else [True] * len(st.players)
        ring.selected = [self.chosen] if self.chosen >= 0 else []
        self.chosen_name = st.players[self.chosen] if self.chosen >= 0 else ""
        self.peek_stop()

    def _on_events(self, session, events) -> None:
        pass  # nothing happens in the game while a card is looked at

    def choose(self, seat: int) -> None:
        self.chosen = seat
        self.refresh()

    def press_peek(self) -> None:
        if self.chosen >= 0 and self.state.characters is not None:
            self.peek_start(self.chosen)

    def release_peek(self) -> None:
        self.peek_stop()

    def done(self) -> None:
        self.peek_stop()
        self.chosen = -1
        target = self.target_route()
        self.app.go(Route(target, {"game": GAME, "game_id": self.session.game_id}))

    def handle_command(self, command) -> bool:
        name = type(command).__name__
        if name == "TagSeen":
            binding = self.app.store.tag(command.uid)
            if binding is not None and binding.kind == "player" and binding.ref in self.state.players:
                self.choose(self.state.players.index(binding.ref))
                return True
        if name == "Back":
            self.done()
            return True
        return super().handle_command(command)

    def sample_route(self, app) -> Route:
        session = sample_session(app, steps=1)
        return Route(self.name, {"game": GAME, "game_id": session.game_id})


SCREEN = MafiaPlusCardScreen
