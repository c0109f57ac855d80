"""A new Il Capo game: 2-8 players from the remembered names (tap in seat order) or new names
typed on an on-screen keyboard; Start opens the table. Resuming a game goes straight to it."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion import box
from companion.errors import CompanionError
from ui.controller import Route
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

from . import logic as L
from .common import GAME  # noqa: F401  (loads the shared kv rules)

load_kv(__file__)


class IlCapoNewScreen(Screen):
    phase = StringProperty("Il Capo · new game")
    error = StringProperty("")
    seats = ListProperty([])
    typing = BooleanProperty(False)
    typed = StringProperty("")
    start_label = StringProperty("Pick 2 more")
    ready = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.picker = L.SeatPicker()

    def prepare(self, game: str = GAME, game_id: int | None = None, **_):
        app = App.get_running_app()
        self.error = ""
        self.typing = False
        if game_id is not None:  # a game picked from Resume: straight to where it stands
            session = app.session_for(GAME, game_id)
            Clock.schedule_once(lambda *_: app.go(Route(L.screen_for(session.state),
                                                        {"game": GAME, "game_id": game_id})), 0)
        self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        names = app.store.players()
        for n in self.picker.seats:
            if n not in names:
                names.append(n)
        grid = self.ids.roster
        grid.clear_widgets()
        for name in names:
            seat = self.picker.seats.index(name) + 1 if name in self.picker.seats else 0
            b = BigButton(text=f"{seat}. {name}" if seat else name, variant="selected" if seat else "secondary",
                          font_size=self.ids.start.font_size * 0.92)
            b.player = name
            b.bind(on_release=lambda w: self.toggle(w.player))
            grid.add_widget(b)
        self.seats = list(self.picker.seats)
        self.start_label = self.picker.start_label
        self.ready = self.picker.ready
        self.ids.seat_list.text = "\n".join(f"{i}. {n}" for i, n in enumerate(self.seats, 1)) or \
            "Tap the players in seat order, starting with who goes first."
        keys = self.ids.keygrid
        if not keys.children:
            for row in L.KEY_ROWS:
                for k in row:
                    b = BigButton(text=k, size_hint_min_y=0, font_size=self.ids.start.font_size)
                    b.bind(on_release=lambda w: self.key(w.text))
                    keys.add_widget(b)

    def toggle(self, name: str) -> None:
        self.error = self.picker.toggle(name)
        self.refresh()

    # -- the on-screen keyboard ------------------------------------------------------------
    def open_keyboard(self) -> None:
        self.typed, self.typing, self.error = "", True, ""

    def key(self, key: str) -> None:
        self.typed = L.type_key(self.typed, key)

    def add_typed(self) -> None:
        name = L.clean_name(self.typed)
        app = App.get_running_app()
        try:
            app.store.add_player(name)
        except CompanionError as error:
            self.error = str(error)
            return
        self.typing = False
        if name not in self.picker.seats:
            self.error = self.picker.toggle(name)
        self.refresh()

    def open_box(self) -> None:
        """The crew cards and board numbers of your copy of the game (ui/screens/your_box.py)."""
        App.get_running_app().open_overlay("your_box", game=GAME)

    def cancel_keyboard(self) -> None:
        self.typing = False

    # -- start -----------------------------------------------------------------------------
    def start(self) -> None:
        from companion.session import Session

        app = App.get_running_app()
        if not self.picker.ready:
            self.error = f"Il Capo needs {L.MIN_PLAYERS} to {L.MAX_PLAYERS} players: tap the names in seat order."
            return
        try:
            session = Session.start(app.store, GAME, {"players": list(self.picker.seats), **box.config(app.store, GAME)})
        except CompanionError as error:
            self.error = str(error)
            return
        app.sessions[GAME] = session
        self.picker = L.SeatPicker()
        app.go(Route(L.TABLE, {"game": GAME, "game_id": session.game_id,
                               "news": "$150,000 to each player. " + session.view(__import__(
                                   "companion.engine", fromlist=["TABLE"]).TABLE).prompt}))

    def handle_command(self, command) -> bool:
        if type(command).__name__ == "TagSeen":
            binding = App.get_running_app().store.tag(command.uid)
            if binding is not None and binding.kind == "player":
                self.toggle(binding.ref)
                return True
        if type(command).__name__ == "Next" and self.picker.ready:
            self.start()
            return True
        return False

    def sample_route(self, app) -> Route:
        for name in ("Anna", "Ben", "Carla", "Dino", "Elena"):
            app.store.add_player(name)
        self.picker = L.SeatPicker(["Carla", "Anna", "Ben"])
        return Route(self.name, {"game": GAME})


SCREEN = IlCapoNewScreen
