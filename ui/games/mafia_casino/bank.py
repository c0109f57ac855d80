"""The bank, for a payment the cards do not book by themselves (a missed income, a miscount): tap
the player, build the amount with $ steps (no keyboard; one tap for $1M, $2M, $5M or $10M), then
"Bank pays" or "Pays the bank". The amount pad is Il Capo's (``AmountPad``, imported, not copied);
the payment is a ``BankCorrection`` with the reason "at the bank", so the ledger says where it came
from, and the table then shows it (and, with tokens, which tokens to hand over). A payment the
player cannot afford is refused as a sentence and nothing changes."""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from companion.games.mafia_casino.actions import BankCorrection
from ui.games.il_capo.logic import AmountPad  # the one $-step pad (Kivy-free)
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

from ui.game_screen import GameScreen

from . import logic as L
from . import widgets  # noqa: F401  (the shared Casino kv rules)

load_kv(__file__)

#: one tap sets the amount to one of these (the game's tokens: $1M, $5M, $10M, and $2M for a Client)
QUICK = (1_000_000, 2_000_000, 5_000_000, 10_000_000)
#: taps that add (a fractional market value is paid in $100,000s)
STEPS = (100_000, 500_000, 1_000_000)
REASON = "at the bank"


def step_label(amount: int) -> str:
    """``+$0.1M``, ``+$1M``: a step button."""
    return "+" + L.money(amount)


class CasinoBankScreen(GameScreen):
    game = L.GAME
    follows_route = False  # a side screen: it moves only when a payment is booked here (to the table)
    seat = NumericProperty(-1)
    amount_text = StringProperty("$0M")
    hint = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.pad = AmountPad()
        self._booking = False

    def enter(self, seat: int | None = None, **_) -> None:
        self.pad.clear()
        self.seat = -1 if seat is None else seat

    # -- taps ------------------------------------------------------------------------------
    def pick_seat(self, seat: int) -> None:
        self.error = ""
        self.seat = seat
        self.show([])

    def quick(self, amount: int) -> None:
        self.error = ""
        self.pad.set(amount)
        self.show([])

    def step(self, amount: int) -> None:
        self.error = ""
        self.pad.add(amount)
        self.show([])

    def back_step(self) -> None:
        self.error = ""
        self.pad.back()
        self.show([])

    def clear(self) -> None:
        self.error = ""
        self.pad.clear()
        self.show([])

    def pay(self, direction: int) -> None:
        """+1: the bank pays the player; -1: the player pays the bank."""
        if self.seat < 0:  # (a seat not at the table is refused by the engine, in words)
            self.error = "Tap the player the money is about first."
            return
        if self.pad.value <= 0:
            self.error = "Tap an amount first."
            return
        self._booking = True
        try:
            self.act(BankCorrection(self.seat, direction * self.pad.value, REASON))
        finally:
            self._booking = False

    def follow_route(self) -> bool:
        """A payment booked here: the table shows it (and, with tokens, which tokens move); this
        screen is not drawn again for it (one view, one rebuild per tap)."""
        if not self._booking:
            return False
        self.pad.clear()
        self.back()
        return True

    def back(self) -> None:
        """To the table, where the Bank button is (a Game in play is one tap on from there)."""
        self.go(L.TABLE)

    # -- showing ---------------------------------------------------------------------------
    def show(self, events) -> None:
        view = self.view()
        self.set_phase(L.status_line(view))
        box = self.ids.players
        box.clear_widgets()
        box.cols = 1 if len(view.players) <= 3 else 2
        for p in view.players:
            b = BigButton(text=f"{p.name}  {p.balance_text}", variant="selected" if p.seat == self.seat else "secondary",
                          font_size=self.ids.amount.font_size * 26 / 64)
            b.bind(on_release=lambda _b, s=p.seat: self.pick_seat(s))
            box.add_widget(b)
        self.amount_text = L.money(self.pad.value)  # $ millions, as the table counts
        name = view.players[self.seat].name if 0 <= self.seat < len(view.players) else ""
        self.hint = (f"{name}: tap an amount, then Bank pays or Pays the bank." if name
                     else "Tap the player the money is about.")

    # -- hardware: a seat button or a player's tag picks the player; BACK returns to the table --
    def on_vote(self, seat: int) -> bool:
        seat, self.error = L.picked_seat(seat, [p.name for p in self.view().players])
        if seat is not None:
            self.pick_seat(seat)
        return True

    def on_tag(self, uid: str) -> bool:
        seat, sentence, handled = L.picked_by_tag(self.table.store.tag(uid), [p.name for p in self.view().players])
        self.error = sentence
        if seat is not None:
            self.pick_seat(seat)
        return handled

    def on_back(self) -> bool:
        self.back()
        return True


SCREEN = CasinoBankScreen
