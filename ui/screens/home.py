"""Home: the five games as big cards, Dice & Spinner, Resume for the two most recently *played*
unfinished games (who plays, where it stands: ui/screens/home_resume.py), and the store's notices
(a database moved aside...) as a banner."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import ColorProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from ui import theme as th
from ui.screens import load_kv
from ui.screens.home_resume import resume_infos, resume_text
from ui.widgets import BigButton

load_kv(__file__)

FACTION = th.FACTION_COLOURS
BADGE = {"ready": "Play", "engine": "Screens soon", "soon": "Coming soon"}
MAX_RESUME = 2


class GameCardButton(ButtonBehavior, BoxLayout):
    game = StringProperty("")
    title = StringProperty("")
    role = StringProperty("")
    suit = StringProperty("")
    badge = StringProperty("")
    status = StringProperty("soon")
    stripe = ColorProperty(th.ACCENT)
    stripe_outline = ColorProperty(th.ACCENT)


class ResumeButton(BigButton):
    """One unfinished game on one full-width row: the game, where it stands, who plays."""

    game = StringProperty("")
    game_id = NumericProperty(0)


class HomeScreen(Screen):
    phase = "Choose a game"
    notices = ListProperty([])
    error = StringProperty("")
    #: the app's ``table_stamp()`` the Resume row was filled with (the app prepares Home again
    #: while another screen rests when it differs: ui/shell/navigation.py)
    filled_with = None

    def prepare(self, **_):
        app = App.get_running_app()
        self.error = ""
        self._fill_cards(app)
        if not getattr(app, "store_is_open", True):
            return  # the first frame: the app opens the store right after it and prepares again
        self.notices = list(getattr(app.store, "notices", []))
        # back Home with nothing played or written since the Resume row was filled: nothing to redo
        stamp = app.table_stamp() if hasattr(app, "table_stamp") else None
        if stamp is not None and stamp == self.filled_with:
            return
        self._fill_resume(app)
        self.filled_with = app.table_stamp() if stamp is not None else None  # after: a resume may write a snapshot

    def show_error(self, text: str) -> None:
        self.error = text

    def _fill_cards(self, app) -> None:
        grid = self.ids.cards
        if grid.children:
            return
        for card, status in app.controller.cards():
            fill, outline = FACTION[card.faction]
            widget = GameCardButton(game=card.game, title=card.title, role=card.role, suit=card.suit,
                                    status=status, badge=BADGE[status], stripe=fill, stripe_outline=outline)
            widget.bind(on_release=lambda w: App.get_running_app().open_game(w.game))
            grid.add_widget(widget)

    def _fill_resume(self, app) -> None:
        """The Resume row's buttons, newest first: the ones already there are given the new words
        (a roll changes "3 rolls" to "4 rolls"), a button is made only when the row grows."""
        row = self.ids.resume_buttons
        buttons = list(reversed(row.children))  # top first
        games = app.store.unfinished_games()[:MAX_RESUME]  # the most recently played first
        # controller.title_of, not record.title: that imports every engine
        infos = resume_infos(app.store, games, app.controller.title_of, getattr(app, "sessions", None))
        for i, info in enumerate(infos):
            if i < len(buttons):
                button = buttons[i]
                button.game, button.game_id, button.text = info.game, info.game_id, resume_text(info)
            else:
                button = ResumeButton(game=info.game, game_id=info.game_id, text=resume_text(info))
                button.bind(on_release=lambda b: App.get_running_app().resume(b.game, b.game_id))
                row.add_widget(button)
        for button in buttons[len(infos):]:
            row.remove_widget(button)
        self.ids.resume.opacity = 1 if games else 0
        n = len(row.children)
        row.height = th.THEME.s(52) * n + th.THEME.s(th.GAP) * max(0, n - 1)
        self.ids.resume.height = row.height if games else 0

    def open_shell(self, name: str) -> None:
        """Game history or Settings (the app's screens, not a game's)."""
        from ui.controller import Route

        App.get_running_app().go(Route(name))

    def dismiss_notice(self) -> None:
        self.notices = []


SCREEN = HomeScreen
