"""The secret deal: shuffle and deal (drawn by the session), then for each player in seat order a
neutral "Pass to <name>" screen and hold-to-peek at their character card."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from ui.controller import Route
from ui.screens import load_kv
from ui.widgets.hold_button import HoldButton  # noqa: F401

from . import flow
from .common import GAME, MafiaPlusScreen, sample_session
from .peek import PeekMixin

load_kv(__file__)


class MafiaPlusDealScreen(PeekMixin, MafiaPlusScreen):
    phase = StringProperty("Mafia+ · The deal")
    dealt = NumericProperty(0)  # 0 before the shuffle, 1 after
    turn = NumericProperty(0)  # whose card it is (seat)
    holder = StringProperty("")
    set_text = StringProperty("")
    hold_seconds = NumericProperty(1.0)
    CURTAIN_ALWAYS = True

    def refresh(self) -> None:
        if self.follow():
            return
        st = self.state
        self.dealt = 0 if st.phase == "deal" else 1
        self.hold_seconds = self.setting(flow.HOLD_SETTING, 1.0)
        self.turn = min(self.peeked(), len(st.players) - 1)
        self.holder = st.players[self.turn]
        table = self.session.view(__import__("companion.engine", fromlist=["TABLE"]).TABLE)
        self.set_text = ("Cards in play: " + ", ".join(table.cards_in_play)
                         + f". Starting stats {table.starting_stats} (City-Mafia-Syndicate).")
        self.app.set_phase("Mafia+ · The deal")
        self.peek_stop()

    def deal(self) -> None:
        from companion.errors import CompanionError

        self.error = ""
        try:
            self.session.draw(None)
        except CompanionError as error:
            self.error = str(error)

    def press_peek(self) -> None:
        if self.dealt:
            self.peek_start(self.turn)

    def release_peek(self) -> None:
        self.peek_stop()

    def next_player(self) -> None:
        """This player has seen their card: pass the device on (the last one starts the night)."""
        self.peek_stop()
        n = self.peeked() + 1
        self.app.store.set_setting(flow.peek_key(self.session.game_id), n)
        if n >= len(self.state.players):
            self.say("Everyone has seen their card.")
        if not self.follow():
            self.refresh()

    def handle_command(self, command) -> bool:
        if type(command).__name__ == "Next":
            if not self.dealt:
                self.deal()
            else:
                self.next_player()
            return True
        return super().handle_command(command)

    def sample_route(self, app) -> Route:
        session = sample_session(app)
        app.store.set_setting(flow.peek_key(session.game_id), 2)
        return Route(self.name, {"game": GAME, "game_id": session.game_id})


SCREEN = MafiaPlusDealScreen
