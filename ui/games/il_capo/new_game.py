"""A new Il Capo game: 2-8 players from the remembered names (tap in seat order) or new names
typed on an on-screen keyboard; Start opens the table. Resuming a game goes straight to it."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion import box
from companion.errors import CompanionError
from hardware.commands import Next, TagSeen
from ui.controller import Route
from ui.manifest import manifest_of
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.name_keypad import NameKeypad, remember_typed  # noqa: F401  (NameKeypad: a kv class)

from . import logic as L
from .common import GAME  # noqa: F401  (loads the shared kv rules)

load_kv(__file__)


class IlCapoNewScreen(Screen):
    """Not a game screen (no game yet): it asks the table host for the store and the games open."""

    table = ObjectProperty(None, allownone=True)  # ui.table.TableHost, set by the app
    phase = StringProperty("Il Capo · new game")
    error = StringProperty("")
    seats = ListProperty([])
    typing = BooleanProperty(False)
    start_label = StringProperty("Pick 2 more")
    ready = BooleanProperty(False)
    open_game = StringProperty("")  # "Continue: Anna, Ben, Carla" while a game is running

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.picker = L.SeatPicker()

    def prepare(self, game: str = GAME, game_id: int | None = None, seats=None, **_):
        self.error = ""
        self.typing = False
        if seats is not None:  # a screenshot's sample seats
            self.picker = L.SeatPicker(list(seats))
        if game_id is not None:  # a game picked from Resume: straight to where it stands
            session = self.table.open(GAME, game_id)
            Clock.schedule_once(lambda *_: self._go_to(session), 0)
        running = self.table.sessions.get(GAME)
        self.open_game = "Continue game" if running is not None and running.outcome() is None else ""
        self.refresh()

    def _go_to(self, session) -> None:
        target = manifest_of(GAME).route_for(session) or L.TABLE
        self.table.go(Route(target, {"game": GAME, "game_id": session.game_id}))

    def continue_game(self) -> None:
        """The running game, where it stands (the Il Capo card offers it before a new one)."""
        session = self.table.sessions.get(GAME)
        if session is not None:
            self._go_to(session)

    def refresh(self) -> None:
        names = self.table.store.players()
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

    def toggle(self, name: str) -> None:
        self.error = self.picker.toggle(name)
        self.refresh()

    # -- the on-screen keyboard ------------------------------------------------------------
    def open_keyboard(self) -> None:
        self.ids.keypad.text = ""
        self.typing, self.error = True, ""

    def add_typed(self) -> None:
        name, self.error = remember_typed(self.table.store, self.ids.keypad.text)
        if not name:
            return
        self.typing = False
        if name not in self.picker.seats:
            self.error = self.picker.toggle(name)
        self.refresh()

    def open_box(self) -> None:
        """The crew cards and board numbers of your copy of the game (ui/screens/your_box.py)."""
        self.table.app_services.open_overlay("your_box", game=GAME)

    def cancel_keyboard(self) -> None:
        self.typing = False

    # -- start -----------------------------------------------------------------------------
    def start(self) -> None:
        if not self.picker.ready:
            self.error = f"Il Capo needs {L.MIN_PLAYERS} to {L.MAX_PLAYERS} players: tap the names in seat order."
            return
        try:
            session = self.table.start(GAME, {"players": list(self.picker.seats),
                                              **box.config(self.table.store, GAME)})
        except CompanionError as error:
            self.error = str(error)
            return
        self.picker = L.SeatPicker()
        self.table.go(Route(L.TABLE, {"game": GAME, "game_id": session.game_id,
                                      "news": "$150,000 to each player. " + L.table_view(session).prompt}))

    def handle_command(self, command) -> bool:
        """A player's RFID tag seats them; NEXT starts once enough are seated (by type)."""
        if isinstance(command, TagSeen):
            binding = self.table.store.tag(command.uid)
            if binding is not None and binding.kind == "player":
                self.toggle(binding.ref)
                return True
        if isinstance(command, Next) and self.picker.ready:
            self.start()
            return True
        return False


SCREEN = IlCapoNewScreen
