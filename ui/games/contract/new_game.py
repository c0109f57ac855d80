"""A new Contract game: 2 to 5 players tapped in seat order (the first tapped plays first, the
next one sits to their left), from the names the app remembers or typed on an on-screen
keyboard."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion import box
from companion.errors import CompanionError
from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.name_keypad import remember_typed

from . import logic
from .flow import GAME
from .widgets import ContractKeyboard

load_kv(__file__)

SHOWN_NAMES = 12


class ContractNewScreen(GameScreen):
    game = GAME
    follows_route = False
    seats = ListProperty([])
    known = ListProperty([])
    typing = BooleanProperty(False)
    message = StringProperty("")

    def on_kv_post(self, *_):
        self._keyboard = ContractKeyboard()
        self._keyboard.bind(on_done=lambda _k, text: self.add_name(text), on_cancel=lambda *_: self.close_keyboard())
        self._picker = self.ids.picker
        self._made_names: dict[str, BigButton] = {}  # every name's button made so far: a tap refills them

    def prepare(self, **_):
        """No session yet: the table is about to choose its players."""
        self.session = None
        self.set_phase("Contract · new game")
        self.error = ""
        self.seats = []
        self.known = self.table.store.players()
        self.close_keyboard()

    # -- taps -----------------------------------------------------------------------------
    def toggle(self, name: str) -> None:
        self.error = ""
        before = list(self.seats)
        self.seats = list(logic.toggle_seat(self.seats, name))
        if self.seats == before and name not in before:
            self.error = f"Contract is played by at most {logic.MAX_PLAYERS}; tap a seated name to free a seat."
        self.show([])

    def open_keyboard(self) -> None:
        self.error = ""
        self._keyboard.clear()
        self.typing = True
        body = self.ids.body
        body.clear_widgets()
        body.add_widget(self._keyboard)
        self.show([])

    def close_keyboard(self) -> None:
        self.typing = False
        if "body" in self.ids:
            body = self.ids.body
            body.clear_widgets()
            body.add_widget(self._picker)
        self.show([])

    def add_name(self, text: str) -> None:
        store = self.table.store
        name, self.error = remember_typed(store, text)
        if not name:
            return
        self.known = store.players()
        if name not in self.seats and len(self.seats) < logic.MAX_PLAYERS:
            self.seats = self.seats + [name]
        self.close_keyboard()

    def open_box(self) -> None:
        """The Mafiosi, tiles and briefcases of your copy of the game (ui/screens/your_box.py)."""
        self.table.app_services.open_overlay("your_box", game=GAME)

    def start(self) -> None:
        problem = logic.start_problem(self.seats)
        if problem:
            self.error = problem
            return
        config = {"players": len(self.seats), "names": list(self.seats), "first_player": 0,
                  **box.config(self.table.store, GAME)}
        try:
            session = self.table.start(GAME, config)
        except CompanionError as err:
            self.error = str(err)
            return
        self.table.go(Route("contract_round", {"game": GAME, "game_id": session.game_id}))

    def on_tag(self, uid: str) -> bool:
        """A player's tag seats (or frees) that player, as tapping their name does."""
        if self.typing:
            return False
        name = logic.tagged_player(self.table.store, uid)
        if name is None:
            return False
        if name not in self.known:
            self.known = self.table.store.players()
        self.toggle(name)
        return True

    # -- showing --------------------------------------------------------------------------
    def show(self, events) -> None:
        if "names" not in self.ids:
            return
        if self.typing:
            self.message = "Type the new name, then Add."
        else:
            self.message = ("Tap the players in seat order: the first player first, then to their left."
                            if len(self.seats) < 2 else f"{len(self.seats)} players. {self.seats[0]} plays first.")
        grid = self.ids.names
        made = self._made_names
        self.name_buttons = {}
        shown = list(self.seats) + [n for n in self.known if n not in self.seats]
        for name in sorted(shown[:SHOWN_NAMES], key=lambda n: n.lower()):
            seat = self.seats.index(name) + 1 if name in self.seats else 0
            button = made.get(name)
            if button is None:
                button = made[name] = BigButton()
                button.bind(on_release=lambda _b, n=name: self.toggle(n))
            button.text = f"{seat}. {name}" if seat else name
            button.variant = "selected" if seat else "secondary"
            self.name_buttons[name] = button
        if list(reversed(grid.children)) != list(self.name_buttons.values()):
            grid.clear_widgets()
            for button in self.name_buttons.values():
                grid.add_widget(button)
        self.ids.start.disabled = bool(logic.start_problem(self.seats)) or self.typing
        self.ids.start.text = f"Start · {len(self.seats)} players" if len(self.seats) >= 2 else "Start"
        self.ids.add.disabled = self.typing


SCREEN = ContractNewScreen
