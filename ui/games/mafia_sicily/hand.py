"""Mafia (Sicily): one player's private card screen (Roma / USA / SISDE cards).

It says whose it is before anything ("For Anna only"); the cards appear only while the button is held
(after a second's hold) and hide the moment it is let go, after a card is played, and when the screen is
left. The card plays the rules allow now for this player (engine legal actions that name a card) are
buttons here, tapped with the other hand while holding, never on the shared screen. A card drawn from the
real deck is entered here too (``enter`` mode: the whole printed deck, so only the tap is secret).
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engine import Seat
from companion.games.mafia_sicily.engine import CardDrawn
from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.games.mafia_sicily import model
from ui.games.mafia_sicily.flow import GAME, start_sample
from ui.games.mafia_sicily.table import SicilyChoiceButton
from ui.phones.linking import PhoneJoin, PhoneKeypad, PhoneLinkRow, linked_text  # noqa: F401  (hand.kv)
from ui.widgets.hold_button import HoldButton  # noqa: F401
from ui.theme import THEME as T



class SicilyCardLine(BoxLayout):
    title = StringProperty("")
    body = StringProperty("")


load_kv(__file__)

#: the longest a hand stays shown even if the button is never let go (a dropped phone on it...)
REVEAL_SECONDS = 20.0


class SicilyHandScreen(GameScreen):
    game = GAME
    phase = StringProperty("Private cards")
    seat = NumericProperty(0)
    owner_text = StringProperty("")
    owner_name = StringProperty("")
    sides_text = StringProperty("")
    revealed = BooleanProperty(False)
    count_text = StringProperty("")
    mode = StringProperty("peek")  # peek | enter
    link_note = StringProperty("")  # "Anna's phone is linked." (for the seat it was made at)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._hide_event = None
        self._draws: list = []
        self.table_view = None
        self._swap()

    def on_revealed(self, *_):
        self._swap()

    def _swap(self) -> None:
        """Only one part (hidden, shown, entering a card) is in the tree: nothing hidden can be read or tapped."""
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
            self._parts["enter_box"] = next(c for c in body.children if c == self.ids["enter_box"])
        parts = self._parts
        if self.mode == "enter":
            want = parts["enter_box"]
        else:
            want = parts["shown_box"] if self.revealed else parts["hidden_box"]
        for part in parts.values():
            if part is not want and part.parent is not None:
                part.parent.remove_widget(part)
        if want.parent is None:
            body.add_widget(want, index=2)  # above the error line and the hold button

    def enter(self, seat: int = 0, enter: bool = False, **_):
        self.table.app_services.watch_phones(self.session)  # phones show each seat's own hand
        self.table_view = self.view()
        self.seat = max(0, min(int(seat), self.table_view.players - 1))
        self.link_note = ""
        self.ids.keypad_panel.close()
        self._draws = [a for a in self.session.legal_actions() if isinstance(a, CardDrawn)]
        self.mode = "enter" if enter and self._draws else "peek"
        self.hide()
        self._fill_seats()
        if self.mode == "enter":
            self._fill_deck()

    def show(self, events) -> None:
        """A commit while this screen shows (a phone, a button): the hand hides, the counts follow."""
        if events:
            self.table_view = self.view()
            self.hide()

    def _fill_deck(self) -> None:
        deck = self.ids.deck
        deck.clear_widgets()
        for choice in model.printed_deck(model.game_engine(self.session), self._draws[0].deck):
            button = SicilyChoiceButton(text=choice.text, choice=choice)
            button.font_size = 22 * T.scale
            button.bind(on_release=lambda b: self.play(b.choice))
            deck.add_widget(button)

    def on_mode(self, *_):
        self._swap()

    def sample_route(self, app) -> Route:
        session = start_sample(self.table, steps=9)
        return Route("mafia_sicily_hand", {"game": GAME, "game_id": session.game_id, "seat": 1})

    def settle(self) -> None:
        pass

    def on_leave(self, *_):
        self.hide()
        self.ids.keypad_panel.close()

    # -- phones: this is the seat's private moment to link one (ui/phones/linking.py) -------
    def phone_linked(self, seat: int, name: str) -> None:
        if seat == self.seat:
            self.link_note = linked_text(name)

    # -- hidden / shown -------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return model.player_name(self.table_view, seat)

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
        sides = model.seat_roles(self.table_view.players)[self.seat][1]
        self.owner_text = f"For {name} only"
        self.owner_name = name
        self.sides_text = " + ".join(model.FACTION_SHORT[s] for s in sides) if sides else "State"
        held = sum(n for f, n in self.table_view.hand_sizes if f in sides)
        self.count_text = f"{name} holds {held} card{'s' if held != 1 else ''}."
        if self.mode == "enter":
            self.owner_text = f"For {name} only: the card you drew"

    def reveal(self) -> None:
        """After the hold, while the finger stays down: the cards, the private notes, the plays allowed now."""
        if self.mode == "enter":
            return
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
        for note in view.notes[-3:]:  # what only this seat was told (the seat view keeps it)
            cards.add_widget(SicilyCardLine(title="Only for you", body=note))
        plays = self.ids.plays
        plays.clear_widgets()
        choices = model.seat_choices(model.game_engine(self.session), view, self.session.legal_actions())
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
        if not self.act(choice.action):
            return
        self.mode = "peek"
        self.hide()
        if self.session.outcome() is None:  # a finished game has gone to its victory screen
            self.go("mafia_sicily_table")

    # -- whose cards ----------------------------------------------------------------------
    def _fill_seats(self) -> None:
        from ui.widgets.big_button import BigButton

        row = self.ids.seats
        row.clear_widgets()
        for seat in range(self.table_view.players):
            button = BigButton(text=self._name(seat), variant="selected" if seat == self.seat else "secondary")
            button.seat = seat
            button.bind(on_release=lambda b: self.choose_seat(b.seat))
            row.add_widget(button)

    def choose_seat(self, seat: int) -> None:
        if seat != self.seat:
            self.link_note = ""
            self.ids.keypad_panel.close()
        self.seat = seat
        self.error = ""
        self.hide()
        self._fill_seats()

    # -- buttons: none acts behind the open keypad -----------------------------------------
    def on_back(self) -> bool:
        if self.ids.keypad_panel.is_open:
            self.ids.keypad_panel.close()
            return True
        return False

    def on_vote(self, seat: int) -> bool:
        if self.ids.keypad_panel.is_open:
            return True
        if 0 <= seat < self.table_view.players:
            self.choose_seat(seat)
            return True
        return False

    def on_next(self) -> bool:
        if self.ids.keypad_panel.is_open:
            return True
        if self.revealed:
            self.hide()
            return True
        return False

    def on_undo(self) -> bool:
        return False  # a private screen asks nothing: undo is the table's


SCREEN = SicilyHandScreen
