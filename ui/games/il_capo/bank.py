"""The bank at a glance: every balance large; tap a player, build an amount with $ steps (no
keyboard; one tap for the quick amounts $250,000 / $500,000 / $1,000,000), then pay the bank, receive
from it, or pay another player. An RFID tag bound to a player selects that player (TagSeen). The ledger's last entries
with their reasons; undo the last entry (asked once). A payment the player cannot afford is
refused as a sentence and nothing changes. A tap refills the widgets it changes (the tiles are
made once): a payment is one view and one fill."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.games.il_capo import Pay, PayPlayer, Receive
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

from . import logic as L
from .common import GAME, IlCapoBankTile, IlCapoPlay, fill_tiles

load_kv(__file__)

LEDGER_LINES = 8


class IlCapoBankScreen(IlCapoPlay, GameScreen):
    game = GAME
    follows_route = False  # a side screen the table opened: it never moves on its own
    seat = NumericProperty(-1)  # the player the money is about
    paying_player = NumericProperty(0)  # 1: the next tile tapped is the payee
    amount_text = StringProperty("$0")
    hint = StringProperty("")
    show_ledger = BooleanProperty(False)
    paid = StringProperty("")  # the confirmation of the last payment, until the next tap

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.pad = L.AmountPad()

    def enter(self, seat: int | None = None, **_) -> None:
        self.pad.clear()
        self.paying_player = 0
        self.show_ledger = False
        self.paid = ""
        v = self.view()
        self.seat = seat if seat is not None else (v.turn if v.turn < len(v.players) else -1)

    def show(self, events) -> None:
        v = self.view()
        self.set_phase(L.phase_text(v))
        self._show_selection(v)
        if self.show_ledger:
            self._show_ledger(v)

    def on_show_ledger(self, *_) -> None:
        if self.show_ledger and self.session is not None:
            self._show_ledger(self.view())

    def _show_ledger(self, v) -> None:
        """The last entries, filled only while the ledger is open (a payment does not lay them out)."""
        ledger = self.ids.ledger
        entries = list(reversed(v.transactions[-LEDGER_LINES:]))
        lines = list(reversed(ledger.children))
        if len(lines) != len(entries):
            ledger.clear_widgets()
            size = self.ids.amount.font_size * 22 / 64
            lines = [Factory.Paragraph(font_size=size) for _ in entries]
            for line in lines:
                ledger.add_widget(line)
        for line, (payer, payee, amount, reason) in zip(lines, entries):
            line.text = L.ledger_line(payer, payee, amount, reason)

    def _show_selection(self, v) -> None:
        """What a tap on a tile, a step or a quick amount changes: the marks, the amount, the hint."""
        marks = {self.seat: "selected"} if 0 <= self.seat < len(v.players) else {}
        fill_tiles(self.ids.tiles, v, marks, on_tap=self.tap_tile, tile_class=IlCapoBankTile)
        self._show_amount()
        name = v.players[self.seat].name if 0 <= self.seat < len(v.players) else "a player"
        if self.paying_player:
            self.hint = f"{name} pays {self.pad.text} to whom? Tap a player."
        else:
            self.hint = f"{name}: tap an amount, then pay or receive."

    def _show_amount(self) -> None:
        self.amount_text = self.pad.text
        for b in self.ids.quick.children:
            b.chosen = b.amount == self.pad.value

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
            self._show_selection(self.view())
        return True

    def quick(self, amount: int) -> None:
        """A quick amount: the amount is set in one tap (not added to)."""
        self.error = ""
        self.paid = ""
        self.pad.set(int(amount))
        self._show_selection(self.view())

    def step(self, amount: int) -> None:
        self.error = ""
        self.paid = ""
        self.pad.add(amount)
        self._show_selection(self.view())

    def back_step(self) -> None:
        self.pad.back()
        self._show_selection(self.view())

    def clear(self) -> None:
        self.pad.clear()
        self.paying_player = 0
        self._show_selection(self.view())

    def _ready(self) -> bool:
        if not 0 <= self.seat < len(self.view().players):
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
            self._show_selection(self.view())

    def _pay(self, action) -> None:
        in_play = sum(p.balance for p in self.view().players)
        if action.amount > max(in_play, max(L.STEPS)):  # a slip of the finger asks once
            self._pending = action
            self.ask_once(f"{L.money(action.amount)} is more than all the money in play. Go ahead?", "Yes", "Cancel")
            return
        if self.act(action):
            self._confirm(action)
        else:
            self._show_selection(self.view())  # a refused payee: the hint asks for the amount again

    def _confirm(self, action) -> None:
        """Say that the payment went through, and the balance it left (nothing confirmed it); the
        host has shown the commit already: only the amount and the line change here."""
        self.pad.clear()
        v = self.view()
        self._show_amount()
        self.hint = f"{v.players[self.seat].name}: tap an amount, then pay or receive." if 0 <= self.seat < len(v.players) else self.hint
        who = v.players[action.payer if isinstance(action, PayPlayer) else action.seat]
        self.paid = f"Done: {self.session.last_action_words}. {who.name} now has {who.balance_text}."

    def confirm_undo(self) -> None:
        paying = self._pending is not None
        super().confirm_undo()
        if paying and not self.error:
            self._confirm(self.session.last_action)

    def done(self) -> None:
        self.go(self.route_target() or L.TABLE)


class IlCapoStepButton(BigButton):
    pass


class IlCapoQuickButton(BigButton):
    """One tap sets the amount to one of the game's usual sums ($250,000 / $500,000 / $1,000,000)."""

    amount = NumericProperty(0)
    chosen = BooleanProperty(False)


SCREEN = IlCapoBankScreen
