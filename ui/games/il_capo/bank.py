"""The bank at a glance: every balance large; tap a player, build an amount with $ steps (no
keyboard; one tap for the quick amounts $250,000 / $500,000 / $1,000,000), then pay the bank, receive
from it, or pay another player. An RFID tag bound to a player selects that player (TagSeen). The ledger's last entries
with their reasons; undo the last entry (asked once). A payment the player cannot afford is
refused as a sentence and nothing changes."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.games.il_capo import Pay, PayPlayer, Receive
from ui.controller import Route

from . import logic as L
from .common import IlCapoBankTile, IlCapoScreen, sample_session
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

load_kv(__file__)

LEDGER_LINES = 8


class IlCapoBankScreen(IlCapoScreen):
    FOLLOWS_STATE = False
    seat = NumericProperty(-1)  # the player the money is about
    paying_player = NumericProperty(0)  # 1: the next tile tapped is the payee
    amount_text = StringProperty("$0")
    hint = StringProperty("")
    show_ledger = BooleanProperty(False)
    paid = StringProperty("")  # the confirmation of the last payment, until the next tap

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.pad = L.AmountPad()

    def prepare(self, seat: int | None = None, **params):
        self.pad.clear()
        self.paying_player = 0
        self.show_ledger = False
        self.paid = ""
        self.seat = -1 if seat is None else seat
        super().prepare(**params)
        if self.seat < 0 and self.view.turn < len(self.view.players):
            self.seat = self.view.turn
        self.refresh()

    def fill(self) -> None:
        v = self.view
        marks = {self.seat: "selected"} if 0 <= self.seat < len(v.players) else {}
        self.fill_tiles(self.ids.tiles, marks, on_tap=self.tap_tile, tile_class=IlCapoBankTile)
        self.amount_text = self.pad.text
        for b in self.ids.quick.children:
            b.chosen = b.amount == self.pad.value
        name = v.players[self.seat].name if 0 <= self.seat < len(v.players) else "a player"
        if self.paying_player:
            self.hint = f"{name} pays {self.pad.text} to whom? Tap a player."
        else:
            self.hint = f"{name}: tap an amount, then pay or receive."
        ledger = self.ids.ledger
        ledger.clear_widgets()
        from kivy.factory import Factory
        for payer, payee, amount, reason in reversed(v.transactions[-LEDGER_LINES:]):
            ledger.add_widget(Factory.Paragraph(text=L.ledger_line(payer, payee, amount, reason),
                                                font_size=self.ids.amount.font_size * 22 / 64))

    # -- taps ------------------------------------------------------------------------------
    def tap_tile(self, tile) -> None:
        self.pick_seat(tile.seat)

    def pick_seat(self, seat: int) -> bool:
        self.error = ""
        self.paid = ""
        if self.paying_player and seat != self.seat:
            self.paying_player = 0
            self._pay(PayPlayer(self.seat, seat, self.pad.value))
        else:
            self.paying_player = 0
            self.seat = seat
            self.refresh()
        return True

    def quick(self, amount: int) -> None:
        """A quick amount: the amount is set in one tap (not added to)."""
        self.error = ""
        self.paid = ""
        self.pad.set(int(amount))
        self.refresh()

    def step(self, amount: int) -> None:
        self.error = ""
        self.paid = ""
        self.pad.add(amount)
        self.refresh()

    def back_step(self) -> None:
        self.pad.back()
        self.refresh()

    def clear(self) -> None:
        self.pad.clear()
        self.paying_player = 0
        self.refresh()

    def _ready(self) -> bool:
        if not 0 <= self.seat < len(self.view.players):
            self.error = "Tap the player the money is about first."
            return False
        if self.pad.value <= 0:
            self.error = "Tap the $ steps to make the amount first."
            return False
        return True

    def pay_bank(self) -> None:
        if self._ready():
            self._pay(Pay(self.seat, self.pad.value))

    def receive(self) -> None:
        if self._ready():
            self._pay(Receive(self.seat, self.pad.value))

    def pay_player(self) -> None:
        if self._ready():
            self.paying_player = 1
            self.refresh()

    def _pay(self, action) -> None:
        in_play = sum(p.balance for p in self.view.players)
        if action.amount > max(in_play, max(L.STEPS)):  # a slip of the finger asks once
            self._pending = action
            self.ask_once(f"{L.money(action.amount)} is more than all the money in play. Go ahead?", "Yes", "Cancel")
            return
        if self.act(action):
            self._confirm(action)
        self.refresh()

    def _confirm(self, action) -> None:
        """Say that the payment went through, and the balance it left (nothing confirmed it)."""
        self.pad.clear()
        self.refresh()
        players = self.view.players
        who = players[action.payer if isinstance(action, PayPlayer) else action.seat]
        self.paid = f"Done: {self.engine.describe(action, self.state)}. {who.name} now has {who.balance_text}."

    def confirm_undo(self) -> None:
        paying = self._pending is not None
        super().confirm_undo()
        if paying and not self.error:
            self._confirm(self.session.actions[-1])

    def done(self) -> None:
        from .logic import screen_for
        self.go(screen_for(self.state))

    def sample_route(self, app) -> Route:
        from companion.games.il_capo import EndTurn, Hire, Spun

        s, _ = sample_session(app, [("act", Spun(6, "R")), ("act", Receive(0, 500_000, "board")),
                                    ("act", Hire("Firpo")), ("act", EndTurn()), ("act", Spun(3, "L")),
                                    ("act", PayPlayer(1, 2, 50_000, "deal"))])
        return Route(self.name, {"game": "il-capo", "game_id": s.game_id, "seat": 1})


class IlCapoStepButton(BigButton):
    pass


class IlCapoQuickButton(BigButton):
    """One tap sets the amount to one of the game's usual sums ($250,000 / $500,000 / $1,000,000)."""

    amount = NumericProperty(0)
    chosen = BooleanProperty(False)


SCREEN = IlCapoBankScreen
