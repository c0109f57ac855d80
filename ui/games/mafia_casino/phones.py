"""Join with phones: Mafia Casino has no private moment of its own for each seat (the safe's pad
opens only for the player who buys or sells), so this step, reached from the table's "Phones"
button, passes the device seat by seat: "Pass to Anna", and the person holding it links their own
phone ("Link a phone": the code their phone shows, on the table's keypad) or taps "Skip". A seat
that has a phone already can replace it only with a hold. The table's address QR sits beside it.
The pieces are the ones every game shares (ui/phones/linking.py). With phones off nothing here
works and the table does not offer it."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from ui.phones.linking import PhoneJoin, PhoneKeypad, PhoneLinkRow, linked_text  # noqa: F401  (kv)
from ui.screens import load_kv

from hardware.commands import Back, Next, TagSeen, Vote
from ui.game_screen import GameScreen

from . import logic as L
from . import widgets  # noqa: F401  (the shared Casino kv rules)

load_kv(__file__)


def pass_hint(name: str, linked: bool, note: str = "") -> str:
    """What the seat holding the device reads under "Pass to <name>".

    >>> pass_hint("Anna", False)
    'Only Anna looks: tap Link a phone and type the code your phone shows, or Skip.'
    >>> pass_hint("Anna", True), pass_hint("Anna", True, "Anna's phone is linked.")
    ('Anna: your safe is on your phone.', "Anna's phone is linked.")
    """
    if note:
        return note
    if linked:
        return f"{name}: your safe is on your phone."
    return f"Only {name} looks: tap Link a phone and type the code your phone shows, or Skip."


class CasinoPhonesScreen(GameScreen):
    game = L.GAME
    #: linking records nothing in the game: the screen stays put whatever the phase
    follows_route = False
    turn = NumericProperty(0)  # whose moment it is (seat); == players when everyone had theirs
    players = NumericProperty(0)
    holder = StringProperty("")
    note = StringProperty("")  # "Anna's phone is linked." (for the seat it was made at)
    done = BooleanProperty(False)
    step_text = StringProperty("")

    def enter(self, **_) -> None:
        self.turn = 0
        self.note = ""

    def show(self, events) -> None:
        view = self.view()
        self.set_phase(L.status_line(view))
        names = [p.name for p in view.players]
        self.players = len(names)
        self.done = self.turn >= len(names)
        self.holder = names[self.turn] if not self.done else ""
        self.step_text = f"Seat {self.turn + 1} of {len(names)}" if not self.done else ""

    def phone_linked(self, seat: int, name: str) -> None:
        if seat == self.turn:
            self.note = linked_text(name)

    def pass_on(self) -> None:
        """Skip (or, once linked, pass on): the next seat's moment; after the last, back to the table."""
        self.ids.keypad_panel.close()
        self.note = ""
        self.turn = min(self.turn + 1, self.players)
        self.show([])

    def back_to_table(self) -> None:
        self.ids.keypad_panel.close()
        self.go("mafia_casino_table")

    def on_leave(self, *_):
        super().on_leave()
        self.ids.keypad_panel.close()

    def handle_command(self, command) -> bool:
        """While the keypad is open it takes the buttons (BACK closes it); NEXT skips / goes back."""
        if self.ids.keypad_panel.is_open:
            if isinstance(command, Back):
                self.ids.keypad_panel.close()
            return isinstance(command, (Back, Next, Vote, TagSeen))
        return super().handle_command(command)

    def on_next(self) -> bool:
        self.back_to_table() if self.done else self.pass_on()
        return True


SCREEN = CasinoPhonesScreen
