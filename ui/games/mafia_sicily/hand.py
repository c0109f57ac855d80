"""Mafia (Sicily): one player's private card screen (Roma / USA / SISDE cards).

It says whose it is before anything ("For Anna only"); the cards appear only while revealed (hold the
button for a second), and hide again by themselves after a few seconds, after a card is played, and
when the screen is left. The card plays the rules allow now for this player (engine legal actions
that name a card) are buttons here, never on the shared screen.
"""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.engine import Seat, TABLE
from companion.errors import CompanionError
from ui.controller import Route
from ui.screens import load_kv
from ui.games.mafia_sicily import model
from ui.games.mafia_sicily.table import GAME, NOTES, SicilyChoiceButton, start_sample
from ui.widgets.hold_button import HoldButton  # noqa: F401



class SicilyCardLine(BoxLayout):
    title = StringProperty("")
    body = StringProperty("")


load_kv(__file__)

REVEAL_SECONDS = 12.0


class SicilyHandScreen(Screen):
    phase = StringProperty("Private cards")
    session = ObjectProperty(None, allownone=True)
    seat = NumericProperty(0)
    owner_text = StringProperty("")
    owner_name = StringProperty("")
    sides_text = StringProperty("")
    revealed = BooleanProperty(False)
    error = StringProperty("")
    count_text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._hide_event = None
        self._swap()

    def on_revealed(self, *_):
        self._swap()

    def _swap(self) -> None:
        """Only one of the two parts is in the widget tree: nothing hidden can be read or tapped."""
        if "body" not in self.ids:
            return
        body = self.ids.body
        if not hasattr(self, "_parts"):  # strong references (ids are weak proxies)
            real = {id(c): c for c in body.children}
            self._parts = {}
            for name in ("hidden_box", "shown_box"):
                proxy = self.ids[name]
                self._parts[name] = next(c for c in body.children if c == proxy)
            del real
        hidden, shown = self._parts["hidden_box"], self._parts["shown_box"]
        want, drop = (shown, hidden) if self.revealed else (hidden, shown)
        if drop.parent is not None:
            drop.parent.remove_widget(drop)
        if want.parent is None:
            body.add_widget(want)

    def prepare(self, game: str = GAME, game_id: int | None = None, seat: int = 0, **_):
        self.session = App.get_running_app().session_for(GAME, game_id)
        self.seat = max(0, min(int(seat), self.session.state.players - 1))
        self.error = ""
        self.hide()
        self._fill_seats()

    def sample_route(self, app) -> Route:
        session = start_sample(app, steps=9)
        return Route("mafia_sicily_hand", {"game": GAME, "game_id": session.game_id, "seat": 1})

    def settle(self) -> None:
        pass

    def on_leave(self, *_):
        self.hide()

    # -- hidden / shown -------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return model.player_name(self.session.view(TABLE), seat)

    def hide(self) -> None:
        if self._hide_event is not None:
            self._hide_event.cancel()
            self._hide_event = None
        self.revealed = False
        self._swap()
        if "cards" in self.ids:
            self.ids.cards.clear_widgets()
            self.ids.plays.clear_widgets()
        name = self._name(self.seat)
        sides = model.seat_roles(self.session.state.players)[self.seat][1]
        self.owner_text = f"For {name} only"
        self.owner_name = name
        self.sides_text = " + ".join(model.FACTION_SHORT[s] for s in sides) if sides else "State"
        table = self.session.view(TABLE)
        held = sum(n for f, n in table.hand_sizes if f in sides)
        self.count_text = f"{name} holds {held} card{'s' if held != 1 else ''}."

    def reveal(self) -> None:
        """After the hold: show the cards, the private notes and the plays allowed now."""
        self.error = ""
        self.revealed = True
        self._swap()
        view = self.session.view(Seat(self.seat))
        cards = self.ids.cards
        cards.clear_widgets()
        lines = model.hand_lines(view)
        if not lines:
            cards.add_widget(SicilyCardLine(title="No cards", body="You hold no cards now."))
        for name, detail in lines:
            cards.add_widget(SicilyCardLine(title=name, body=detail))
        for note in NOTES.get((self.session.game_id, self.seat), [])[-3:]:
            cards.add_widget(SicilyCardLine(title="Only for you", body=note))
        plays = self.ids.plays
        plays.clear_widgets()
        choices = model.private_choices(self.session.engine, self.session.state, self.seat)
        if not choices:
            plays.add_widget(SicilyCardLine(title="Nothing to play now", body="Cards are offered here when the rules allow them."))
        for choice in choices:
            button = SicilyChoiceButton(text=choice.text, choice=choice, variant="primary")
            button.bind(on_release=lambda b: self.play(b.choice))
            plays.add_widget(button)
        if self._hide_event is not None:
            self._hide_event.cancel()
        self._hide_event = Clock.schedule_once(lambda *_: self.hide(), REVEAL_SECONDS)

    def play(self, choice) -> None:
        try:
            self.session.act(choice.action)
        except CompanionError as error:
            self.error = str(error)
            return
        self.hide()
        app = App.get_running_app()
        app.go(Route("mafia_sicily_table", {"game": GAME, "game_id": self.session.game_id}))

    # -- whose cards ----------------------------------------------------------------------
    def _fill_seats(self) -> None:
        from ui.widgets.big_button import BigButton

        row = self.ids.seats
        row.clear_widgets()
        for seat in range(self.session.state.players):
            button = BigButton(text=self._name(seat), variant="selected" if seat == self.seat else "secondary")
            button.seat = seat
            button.bind(on_release=lambda b: self.choose_seat(b.seat))
            row.add_widget(button)

    def choose_seat(self, seat: int) -> None:
        self.seat = seat
        self.error = ""
        self.hide()
        self._fill_seats()

    def handle_command(self, command) -> bool:
        kind = type(command).__name__
        if kind == "Vote" and 0 <= command.seat < self.session.state.players:
            self.choose_seat(command.seat)
            return True
        if kind == "Next" and self.revealed:
            self.hide()
            return True
        return False


SCREEN = SicilyHandScreen
