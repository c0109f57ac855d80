"""Victory: at the end of a turn someone holds $30M or more, and the richest wins."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme as th
from ui.screens import load_kv

from . import logic as L
from .base import CasinoScreen

load_kv(__file__)


class CasinoVictoryScreen(CasinoScreen):
    winner_text = StringProperty("")
    amount_text = StringProperty("")
    reason = StringProperty("")

    def should_follow(self, target: str) -> bool:
        return True  # an undo reopens the game where it was

    def refresh(self) -> None:
        super().refresh()
        if self.session is None or "ranking" not in self.ids:
            return
        view = self.view
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
        app = App.get_running_app()
        if self.session is not None:
            self.session.unsubscribe(self._on_events)
        self.session = None
        app.end_session(L.GAME)
        app.go(app.controller.after_finish(L.GAME))


SCREEN = CasinoVictoryScreen
