"""Victory: at the end of a turn someone holds $30M or more, and the richest wins."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme as th
from ui.screens import load_kv

from ui.game_screen import GameScreen

from . import logic as L
from . import widgets  # noqa: F401  (the shared Casino kv rules)

load_kv(__file__)


class CasinoVictoryScreen(GameScreen):
    game = L.GAME  # it follows the game's route: an undo reopens the game where it was
    winner_text = StringProperty("")
    amount_text = StringProperty("")
    reason = StringProperty("")

    def show(self, events) -> None:
        view = self.view()
        self.set_phase(L.status_line(view))
        if view.phase != "over":
            self.winner_text, self.amount_text, self.reason = "The game goes on", "", L.sentence(view.instruction)
        else:
            names = list(view.winners)
            self.winner_text = (f"{names[0]} wins!" if len(names) == 1 else " and ".join(names) + " share the win!")
            top = max(p.balance for p in view.players)
            self.amount_text = L.big_money(top)
            self.reason = L.sentence(self.session.outcome().reason if self.session.outcome() else "")
        box = self.ids.ranking
        box.clear_widgets()
        s = th.THEME.scale
        for p in sorted(view.players, key=lambda p: -p.balance):
            row = BoxLayout(size_hint_y=None, height=40 * s)
            won = p.name in view.winners
            for text, hint, align in ((p.name, 1, "left"), (p.balance_text, None, "right")):
                label = Label(text=text, font_name=th.FONT, bold=won, font_size=th.BODY * s,
                              color=th.ACCENT if won else th.TEXT, halign=align, valign="middle")
                if hint is None:
                    label.size_hint_x, label.width = None, 120 * s
                label.bind(size=lambda w, size: setattr(w, "text_size", size))
                row.add_widget(label)
            box.add_widget(row)

    def home(self) -> None:
        self.session = None
        self.table.close(L.GAME)
        self.table.go(self.table.app_services.controller.after_finish(L.GAME))


SCREEN = CasinoVictoryScreen
