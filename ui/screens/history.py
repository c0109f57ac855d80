"""Game history: every stored game, newest first, with its state, its players, when it was played
and, for an unfinished game, where it stands in its table's own words ("Round 3 · Ben's turn").
Tapping an unfinished game resumes it at the exact step it stopped (the store replays it)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from ui.screens import load_kv
from ui.screens.home_resume import played_when, players_of, short_players, standing_of
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
        """Fill the list from the store. The rows already shown are kept by game and given their
        new words (a game played on, finished); rows are made only for games new to the list."""
        app = App.get_running_app()
        records = app.store.list_games()
        by_id = {r.id: r for r in records}
        rows = history_rows(records, app.controller.title_of)
        box = self.ids.rows
        shown = list(reversed(box.children))  # top first
        kept = {w.game_id: w for w in shown}
        sessions = getattr(app, "sessions", {}) or {}
        widgets = []
        for row in rows:
            record = by_id.get(row.game_id)
            title, when = row.title, row.when
            if record is not None and not record.unreadable:
                if row.resumable:  # a running game: where it stands (few are running; finished are not replayed)
                    standing = standing_of(app.store, record, sessions.get(record.game))
                    title = f"{title} · {standing}" if standing else title
                    when = played_when(record.started, record.last_played)
                players = short_players(players_of(record.config))
                when = f"{when} · {players}" if players else when
            widget = kept.pop(row.game_id, None)
            if widget is None:
                widget = HistoryRowButton(game_id=row.game_id)
                widget.bind(on_release=self._open)
            widget.game, widget.title, widget.status = row.game, title, row.status
            widget.when, widget.resumable = when, row.resumable
            widgets.append(widget)
        if widgets != shown:  # a new game on top, one gone: the list in its new order
            box.clear_widgets()
            for widget in widgets:
                box.add_widget(widget)
        self.empty = not rows
        unfinished = sum(r.resumable for r in rows)
        self.count_text = f"{len(rows)} game{'s' if len(rows) != 1 else ''} · {unfinished} unfinished" if rows else ""
        self.ids.scroll.scroll_y = 1

    def _open(self, row: HistoryRowButton) -> None:
        if row.resumable:
            App.get_running_app().resume(row.game, row.game_id)


SCREEN = HistoryScreen
