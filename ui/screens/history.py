"""Game history: every stored game, newest first, with its state and when it was played.
Tapping an unfinished game resumes it at the exact step it stopped (the store replays it)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from ui.screens import load_kv
from ui.screens.shell_text import history_rows

load_kv(__file__)


class HistoryRowButton(ButtonBehavior, BoxLayout):
    game_id = NumericProperty(0)
    game = StringProperty("")
    title = StringProperty("")
    status = StringProperty("")
    when = StringProperty("")
    resumable = BooleanProperty(False)


class HistoryScreen(Screen):
    phase = StringProperty("Game history")
    empty = BooleanProperty(True)
    count_text = StringProperty("")

    def prepare(self, **_):
        app = App.get_running_app()
        rows = history_rows(app.store.list_games(), app.controller.title_of)
        box = self.ids.rows
        box.clear_widgets()
        for row in rows:
            widget = HistoryRowButton(game_id=row.game_id, game=row.game, title=row.title, status=row.status,
                                      when=row.when, resumable=row.resumable)
            widget.bind(on_release=self._open)
            box.add_widget(widget)
        self.empty = not rows
        unfinished = sum(r.resumable for r in rows)
        self.count_text = f"{len(rows)} game{'s' if len(rows) != 1 else ''} · {unfinished} unfinished" if rows else ""
        self.ids.scroll.scroll_y = 1

    def _open(self, row: HistoryRowButton) -> None:
        if row.resumable:
            App.get_running_app().resume(row.game, row.game_id)


SCREEN = HistoryScreen
