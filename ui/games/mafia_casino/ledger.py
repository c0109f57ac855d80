"""The ledger history: every payment of the game, newest first (who paid whom, $ millions, why,
which turn), with the Undo of the last action (asks once). Reached from the bank's Ledger button."""

from __future__ import annotations

from kivy.properties import StringProperty

from ui.screens import load_kv

from . import logic as L
from .base import CasinoScreen
from .widgets import CasinoLedgerRow  # noqa: F401  (kv)

load_kv(__file__)


class CasinoLedgerScreen(CasinoScreen):
    #: an undo here stays here: the list shows what was taken back
    follows_game = False
    summary = StringProperty("")

    def refresh(self) -> None:
        super().refresh()
        if self.session is None or "rows" not in self.ids:
            return
        s = self.session
        self.history = L.ledger_history(s.engine, s.config, s.seed, s.actions)
        box = self.ids.rows
        box.clear_widgets()
        for row in self.history:
            box.add_widget(CasinoLedgerRow(when=row.when, who=row.who, amount=row.money, reason=row.reason))
        n = len(self.history)
        self.summary = (f"{n} payment{'s' if n != 1 else ''}, newest first" if n
                        else "No money has moved yet.")

    def back(self) -> None:
        self.go(L.screen_for_phase(self.state.phase))

    def handle_command(self, command) -> bool:
        name = type(command).__name__
        if name == "Next":
            if self.confirming_undo:
                self.confirm_undo()
            else:
                self.back()
            return True
        if name == "Back":
            if self.confirming_undo:
                self.cancel_undo()
                return True
            return False
        return super().handle_command(command)


SCREEN = CasinoLedgerScreen
