"""Player statistics across finished Mafia+ games (games played, wins by faction)."""

from __future__ import annotations

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ui.screens import load_kv

from .stats import player_stats

load_kv(__file__)


class MafiaPlusStatsScreen(Screen):
    table = ObjectProperty(None, allownone=True)  # ui.table.TableHost, set by the app
    phase = StringProperty("Mafia+ · Player stats")
    empty = StringProperty("")

    def prepare(self, **_):
        from kivy.uix.label import Label
        from ui import theme as th

        rows = player_stats(self.table.store)
        box = self.ids.rows
        box.clear_widgets()
        s = th.THEME.scale
        self.empty = "" if rows else "No finished Mafia+ games yet."
        for r in rows:
            box.add_widget(Label(text=f"[b]{r.name}[/b]   {r.line}", markup=True, font_name=th.FONT,
                                 font_size=th.BODY * s, color=th.TEXT, size_hint_y=None, height=44 * s,
                                 text_size=(None, None), halign="left"))


SCREEN = MafiaPlusStatsScreen
