"""New game: pick the players from remembered names (or type a new one on the big keypad), seat
them round the ring in their real order (tap two to swap), resolve the recommended set's choices
(tap, or at random), set the discussion timer and the vote style, then Start."""

from __future__ import annotations

import random

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from ui.controller import Route
from ui.screens.shell_text import suit_markup
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.hold_button import HoldButton  # noqa: F401
from ui.widgets.name_keypad import remember_typed

from . import flow
from .common import GAME, SAMPLE_PLAYERS
from .setup_model import SetupModel, option_label
from .widgets import MafiaPlusSeatRing, NameKeypad  # noqa: F401

load_kv(__file__)


class MafiaPlusCatalogueButton(BigButton):
    """One character of the catalogue on the custom-set page."""

    cid = StringProperty("")


SECRET_PASS = "Secret (pass device)"
SECRET_PHONES = "Secret (phone or pass)"


def secret_label(app) -> str:
    """The secret vote's button: with phones on, linked seats vote on their phones, others pass.

    >>> secret_label(None)
    'Secret (pass device)'
    """
    return SECRET_PHONES if getattr(getattr(app, "phones", None), "running", False) else SECRET_PASS


class MafiaPlusSetupScreen(Screen):
    """Not a game screen (no game yet): it is handed the table host all the same, and starts the
    game through it."""

    table = ObjectProperty(None, allownone=True)  # ui.table.TableHost, set by the app
    phase = StringProperty("Mafia+ · New game")
    page = StringProperty("players")  # players | seats | set
    typing = BooleanProperty(False)
    error = StringProperty("")
    seated_text = StringProperty("")
    summary = StringProperty("")
    swap_from = NumericProperty(-1)
    vote = StringProperty("open")
    #: the secret vote's button: with phones on, linked seats vote on their phones (others pass)
    secret_label = StringProperty(SECRET_PASS)
    timer = NumericProperty(flow.DEFAULT_DISCUSSION)
    seats = ListProperty([])
    model = ObjectProperty(None)
    custom = BooleanProperty(False)
    set_title = StringProperty("")
    custom_title = StringProperty("")
    problems = StringProperty("")

    def prepare(self, game: str = GAME, game_id: int | None = None, page: str = "players", **_):
        table = self.table
        if game_id is not None:  # a resumed game: straight to the screen of its step
            target = flow.route(table.open(GAME, game_id))
            Clock.schedule_once(lambda *_: table.go(Route(target, {"game": GAME, "game_id": game_id})), 0)
            return
        if self.model is None:
            self.model = SetupModel()
        self.timer = int(table.store.get_setting(flow.TIMER_SETTING, flow.DEFAULT_DISCUSSION) or flow.DEFAULT_DISCUSSION)
        self.page = page
        self.error = ""
        self.typing = False
        self.refresh()

    # -- players ----------------------------------------------------------------------------
    def refresh(self) -> None:
        m = self.model
        n = len(m.seats)
        self.seats = list(m.seats)
        self.seated_text = f"{n} seated" + ("" if n >= 6 else f" · at least 6")
        self.vote = m.vote
        grid = self.ids.roster
        self.secret_label = secret_label(self.table.app_services)
        names = self.table.store.players()
        if [b.text for b in reversed(grid.children)] == names:  # same names: only the colours change
            for b in grid.children:
                b.variant = "selected" if b.text in m.seats else "secondary"
            names = []
        else:
            grid.clear_widgets()
        for name in names:
            b = BigButton(text=name, variant="selected" if name in m.seats else "secondary",
                          size_hint_y=None, height=self.ids.add.height)
            b.bind(on_release=lambda w: self.toggle(w.text))
            grid.add_widget(b)
        self.ids.ring.selected = [self.swap_from] if self.swap_from >= 0 else []
        self._fill_slots()
        self._fill_catalogue()

    def toggle(self, name: str) -> None:
        self.error = ""
        self.model.toggle(name)
        self.swap_from = -1
        self.refresh()

    def start_typing(self) -> None:
        self.ids.keypad.text = ""
        self.typing = True

    def add_typed(self) -> None:
        name, self.error = remember_typed(self.table.store, self.ids.keypad.text)
        if not name:
            return
        self.typing = False
        if name not in self.model.seats:
            self.model.toggle(name)
        self.refresh()

    def cancel_typing(self) -> None:
        self.typing = False

    def go_page(self, page: str) -> None:
        self.error = ""
        if page != "players":
            problem = self.model.count_problem()
            if problem:
                self.error = problem
                return
        self.swap_from = -1
        self.secret_label = secret_label(self.table.app_services)
        self.page = page
        self.refresh()

    # -- seats ------------------------------------------------------------------------------
    def tap_seat(self, seat: int) -> None:
        if self.swap_from < 0:
            self.swap_from = seat
        else:
            if seat != self.swap_from:
                self.model.swap(self.swap_from, seat)
            self.swap_from = -1
        self.refresh()

    # -- the set and settings ---------------------------------------------------------------
    def _fill_slots(self) -> None:
        box = self.ids.slots
        box.clear_widgets()
        m = self.model
        self.custom = m.custom is not None
        self.set_title = m.set_title()
        if m.count_problem():
            self.summary = ""
            return
        self.summary = m.set_summary()
        if m.custom is not None:
            return
        from kivy.uix.boxlayout import BoxLayout
        from kivy.uix.label import Label
        from ui import theme as th

        from kivy.uix.gridlayout import GridLayout

        s = th.THEME.scale
        self._slots_upright = upright = self.height > self.width
        for k, slot in enumerate(m.slots()):
            if upright:  # 720x1280: "Pick 1:" over two columns of choices, each name whole
                row = BoxLayout(orientation="vertical", size_hint_y=None, spacing=th.GAP * s / 2)
                label = Label(text=f"Pick {slot.pick}:", font_name=th.FONT, font_size=th.CAPTION * s,
                              color=th.MUTED, size_hint_y=None, height=30 * s, halign="left", valign="middle")
                label.bind(size=lambda w, size: setattr(w, "text_size", size))
                row.add_widget(label)
                choices = GridLayout(cols=2, spacing=th.GAP * s, row_force_default=True,
                                     row_default_height=th.TOUCH * 1.2 * s, size_hint_y=None)
                choices.bind(minimum_height=choices.setter("height"))
                row.add_widget(choices)
                choices.bind(height=lambda w, h, row=row: setattr(row, "height", h + 30 * s + th.GAP * s / 2))
                buttons = choices
            else:
                row = BoxLayout(size_hint_y=None, height=th.TOUCH * 1.5 * s, spacing=th.GAP * s)
                row.add_widget(Label(text=f"Pick {slot.pick}:", font_name=th.FONT, font_size=th.CAPTION * s,
                                     color=th.MUTED, size_hint_x=None, width=90 * s))
                buttons = row
            picked = m.picked(k)
            for cid in slot.options:
                # the name on one line, the card under it: "Chairman's Daughter" is never cut
                b = BigButton(text=suit_markup(option_label(cid)), markup=True, halign="center",
                              variant="selected" if cid in picked else "secondary", font_size=th.CAPTION * s)
                b.shorten = False
                b.bind(on_release=lambda w, k=k, cid=cid: self.pick(k, cid))
                buttons.add_widget(b)
            box.add_widget(row)

    def on_size(self, *_) -> None:
        if "slots" in self.ids and (self.height > self.width) != getattr(self, "_slots_upright", None):
            if getattr(self, "model", None) is not None:
                self._fill_slots()  # turned: the choices laid out the other way

    # -- a custom set -----------------------------------------------------------------------
    def _fill_catalogue(self) -> None:
        """The catalogue page: one button per character (selected = in the set; Citizen and
        Mafioso show their count), the engine's validation sentences in place, live stats."""
        from .setup_model import catalogue

        m = self.model
        grid = self.ids.catalogue
        if not grid.children:
            for cid in catalogue():
                b = MafiaPlusCatalogueButton(cid=cid)
                b.bind(on_release=lambda w: self.tap_character(w.cid))
                grid.add_widget(b)
        for b in grid.children:
            b.text = m.catalogue_label(b.cid)
            b.variant = "selected" if m.count_of(b.cid) else "secondary"
        chars = m.characters() if m.custom is not None else ()
        from companion.games.mafia_plus import sets as S

        self.custom_title = f"{len(chars)} of {len(m.seats)} cards · stats {S.stats_text(chars)}"
        self.problems = " ".join(m.custom_problems())

    def open_custom(self) -> None:
        self.error = ""
        self.model.use_custom(True)
        self.page = "custom"
        self.refresh()

    def use_recommended(self) -> None:
        self.error = ""
        self.model.use_custom(False)
        self.page = "set"
        self.refresh()

    def tap_character(self, cid: str) -> None:
        self.error = ""
        self.model.tap_character(cid)
        self.refresh()

    def pick(self, k: int, cid: str) -> None:
        self.model.pick(k, cid)
        self.refresh()

    def randomise(self) -> None:
        self.model.use_custom(False)
        self.model.randomise(random.Random())
        self.refresh()

    def set_vote(self, vote: str) -> None:
        self.model.vote = vote
        self.refresh()

    def set_timer(self, seconds: int) -> None:
        self.timer = seconds

    def start(self) -> None:
        problems = self.model.custom_problems()
        if problems:  # the engine's own sentences, where the set is chosen
            self.error = " ".join(problems)
            return
        try:
            store = self.table.store
            seed = store.get_setting("mafia_plus.seed")  # a fixed seed for demos and tests
            session = self.table.start(GAME, self.model.config(), seed=seed)  # the open game now
            store.set_setting(flow.TIMER_SETTING, int(self.timer))
        except CompanionError as error:
            self.error = str(error)
            return
        self.model = SetupModel()
        self.table.go(Route("mafia_plus_deal", {"game": GAME, "game_id": session.game_id}))

    def stats(self) -> None:
        self.table.go(Route("mafia_plus_stats", {"game": GAME}))

    # -- screenshots ------------------------------------------------------------------------
    def sample_route(self, app) -> Route:
        for name in SAMPLE_PLAYERS:
            app.store.add_player(name)
        app.store.add_player("Hugo")
        self.model = SetupModel(list(SAMPLE_PLAYERS))
        page = {"mafia_plus_setup": "players"}.get(self.name, "players")
        return Route(self.name, {"game": GAME, "page": page})


SCREEN = MafiaPlusSetupScreen
