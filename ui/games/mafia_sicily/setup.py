"""Mafia (Sicily): a new game — how many play (the variant in words), who sits where (names from the
player list or typed on the one name keypad, ``NameKeypad``) and whether the app checks moves against its own map
(off by default: the map is not in the rulebook, issue 14). Families choose home cities in calendar
order (the rulebook gives no order; the translator's oldest-first is left to the players, who may seat
themselves accordingly). Start creates the session; the turn screen then asks for the home cities."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.errors import CompanionError
from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.games.mafia_sicily import model
from ui.games.mafia_sicily.flow import GAME, SAMPLE_NAMES
from ui.widgets.big_button import BigButton
from ui.widgets.name_keypad import NameKeypad, remember_typed  # noqa: F401  (NameKeypad: a kv class)


class SicilyTypingPanel(BoxLayout):
    """The panel round the NameKeypad; while shown it takes every touch (nothing behind it is tapped)."""

    def on_touch_down(self, touch):
        if self.disabled or self.opacity == 0:
            return False
        super().on_touch_down(touch)
        return True


class SicilySeatRow(BoxLayout):
    role = StringProperty("")
    faction = StringProperty("red")
    second = StringProperty("")  # a second Family played by the same seat (3 players: "Red + Orange")
    name = StringProperty("")
    active = BooleanProperty(False)
    seat = NumericProperty(0)
    screen = ObjectProperty(None, allownone=True)


load_kv(__file__)

CHECK_KEY = "mafia-sicily.check_moves"
#: the app's map is not printed in the rulebook: checking moves against it is off until a table has
#: checked it against its own board (issue 14)
CHECK_OFF = "any move you enter is taken"
CHECK_ON = "the app's map refuses bad moves"


class SicilySetupScreen(GameScreen):
    """Before a game exists: ``prepare`` is its own (no session to open), the rest is the base's."""

    game = GAME
    phase = StringProperty("Mafia (Sicily): new game")
    players = NumericProperty(5)
    names = ListProperty(["", "", "", "", ""])
    active = NumericProperty(0)
    variant_text = StringProperty(model.VARIANTS[5])
    typing = BooleanProperty(False)
    check_moves = BooleanProperty(False)
    check_text = StringProperty("")
    #: Tests and demos fix the dice with a seed; a real table leaves it None (a fresh random seed).
    seed: int | None = None

    def prepare(self, game: str = GAME, game_id: int | None = None, **_):
        if game_id is not None:  # a game picked from Resume: straight to its table
            route = Route("mafia_sicily_table", {"game": GAME, "game_id": game_id})
            Clock.schedule_once(lambda *_: self.table.go(route), 0)
            return
        self.error = ""
        self.typing = False
        self.check_moves = bool(self.table.store.get_setting(CHECK_KEY, False))
        self.refresh()

    def toggle_check_moves(self) -> None:
        self.check_moves = not self.check_moves
        self.table.store.set_setting(CHECK_KEY, self.check_moves)
        self.refresh()

    def sample_route(self, app) -> Route:
        if app.sample:
            for name in SAMPLE_NAMES + ["Franco", "Giulia"]:
                app.store.add_player(name)
            self.names = SAMPLE_NAMES[:3] + ["", ""]
            self.active = 3
        return Route("mafia_sicily_setup")

    # -- choices --------------------------------------------------------------------------
    def set_players(self, n: int) -> None:
        self.players = n
        self.variant_text = model.VARIANTS[n]
        self.active = min(self.active, n - 1)
        self.error = ""
        self.refresh()

    def pick_seat(self, seat: int) -> None:
        self.active = seat
        self.refresh()

    def pick_name(self, name: str) -> None:
        names = list(self.names)
        if name in names[:self.players]:
            names[names.index(name)] = ""  # a player sits in one seat only: move them
        names[self.active] = name
        self.names = names
        empty = [i for i in range(self.players) if not names[i]]
        if empty:
            self.active = empty[0]
        self.error = ""
        self.refresh()

    def open_box(self) -> None:
        """The board's names, routes, die numbers, RETURNS and clue names of your copy of the game."""
        self.table.app_services.open_overlay("your_box", game="mafia-sicily")

    def start(self) -> None:
        problem = model.new_game_problem(self.players, self.names)
        if problem:
            self.error = problem
            return
        from companion import box

        config = {"players": self.players, "names": list(self.names[:self.players]),
                  "check_moves": bool(self.check_moves), "ask_usa_call": True,  # a Boss "can" call the USA
                  **box.config(self.table.store, GAME)}  # the game keeps its box
        try:
            session = self.table.start(GAME, config, seed=self.seed)
        except CompanionError as error:
            self.error = str(error)
            return
        self.session = session
        self.go("mafia_sicily_table")

    # -- the keyboard ---------------------------------------------------------------------
    def open_keyboard(self) -> None:
        self.ids.keypad.text = ""
        self.error = ""
        self.typing = True

    def keyboard_done(self, keep: bool) -> None:
        if keep:
            name, self.error = remember_typed(self.table.store, self.ids.keypad.text)
            if not name:
                return
            self.typing = False
            self.pick_name(name)
            return
        self.typing = False

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        if "seats" not in self.ids:
            return
        self.check_text = CHECK_ON if self.check_moves else CHECK_OFF
        for n, button in ((2, self.ids.p2), (3, self.ids.p3), (4, self.ids.p4), (5, self.ids.p5)):
            button.variant = "selected" if n == self.players else "secondary"
        seats = self.ids.seats
        seats.clear_widgets()
        for seat, (label, sides) in enumerate(model.seat_roles(self.players)):
            row = SicilySeatRow(role=label, faction=sides[0], second=sides[1] if len(sides) > 1 else "",
                                name=self.names[seat] or "Tap a name",
                                active=seat == self.active, seat=seat, screen=self)
            seats.add_widget(row)
        known = self.ids.known
        known.clear_widgets()
        new = BigButton(text="+ New name", variant="ghost")
        new.bind(on_release=lambda *_: self.open_keyboard())
        known.add_widget(new)
        for name in self.table.store.players():
            button = BigButton(text=name, variant="selected" if name in self.names[:self.players] else "secondary")
            button.bind(on_release=lambda b: self.pick_name(b.text))
            known.add_widget(button)


SCREEN = SicilySetupScreen
