"""The ledger history: every payment of the game, newest first (who paid whom, $ millions, why,
which turn), with the Undo of the last action (asks once). Reached from the bank's Ledger button."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.games.mafia_casino.actions import CORRECTION_REASONS, BankCorrection
from ui.widgets.big_button import BigButton

from ui.screens import load_kv

from ui.game_screen import GameScreen

from . import logic as L
from .widgets import CasinoLedgerRow  # noqa: F401  (kv)

load_kv(__file__)


class CasinoLedgerScreen(GameScreen):
    game = L.GAME
    #: an undo here stays here: the list shows what was taken back
    follows_route = False
    summary = StringProperty("")
    correcting = BooleanProperty(False)
    correction_seat = NumericProperty(-1)
    correction_amount = NumericProperty(0)
    correction_reason = StringProperty("")
    correction_text = StringProperty("")

    STEPS = (-1_000_000, -500_000, 500_000, 1_000_000)

    # -- a bank correction with a reason ---------------------------------------------------------
    def open_correction(self) -> None:
        self.error = ""
        self.correction_seat, self.correction_amount, self.correction_reason = -1, 0, ""
        self.correcting = True
        self._fill_correction()

    def close_correction(self) -> None:
        self.correcting = False
        self.error = ""

    def _fill_correction(self) -> None:
        view = self.view()
        rows = (("correction_players", [(p.name, lambda s=p.seat: self._set(seat=s), p.seat == self.correction_seat)
                                        for p in view.players]),
                ("correction_amounts", [(L.money(v) if v < 0 else "+" + L.money(v), lambda v=v: self._set(step=v), False)
                                        for v in self.STEPS]),
                ("correction_reasons", [(r.capitalize(), lambda r=r: self._set(reason=r), r == self.correction_reason)
                                        for r in CORRECTION_REASONS]))
        for box_id, buttons in rows:
            box = self.ids[box_id]
            box.clear_widgets()
            for text, callback, chosen in buttons:
                b = BigButton(text=text, variant="selected" if chosen else "secondary")
                b.bind(on_release=lambda _b, c=callback: c())
                box.add_widget(b)
        who = view.players[self.correction_seat].name if self.correction_seat >= 0 else "who?"
        amount = self.correction_amount
        how = ("the bank pays " if amount > 0 else "to the bank from " if amount < 0 else "") + who
        self.correction_text = (f"Correction: {L.money(abs(amount)) if amount else '$0'} · {how} · "
                                f"{self.correction_reason or 'why?'}")

    def _set(self, seat: int | None = None, step: int = 0, reason: str | None = None) -> None:
        self.error = ""
        if seat is not None:
            self.correction_seat = seat
        self.correction_amount += step
        if reason is not None:
            self.correction_reason = reason
        self._fill_correction()

    def book_correction(self) -> None:
        if self.correction_seat < 0 or not self.correction_amount or not self.correction_reason:
            self.error = "Tap the player, the amount (+ the bank pays, − the player pays) and the reason."
            return
        if self.act(BankCorrection(self.correction_seat, int(self.correction_amount), self.correction_reason)):
            self.correcting = False

    def show(self, events) -> None:
        self.set_phase(L.status_line(self.view()))
        self.history = L.ledger_history(self.view())
        box = self.ids.rows
        box.clear_widgets()
        for row in self.history:
            box.add_widget(CasinoLedgerRow(when=row.when, who=row.who, amount=row.money, reason=row.reason))
        n = len(self.history)
        self.summary = (f"{n} payment{'s' if n != 1 else ''}, newest first" if n
                        else "No money has moved yet.")

    def back(self) -> None:
        self.go(self.route_target())

    # -- hardware: NEXT answers the undo question or goes back; BACK cancels the question --------
    def on_next(self) -> bool:
        if self.confirming_undo:
            self.confirm_undo()
        else:
            self.back()
        return True

    def on_back(self) -> bool:
        if self.confirming_undo:
            self.cancel_undo()
            return True
        return False


SCREEN = CasinoLedgerScreen
