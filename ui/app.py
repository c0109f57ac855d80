"""The Kivy App: the wiring of one status bar over a ScreenManager whose screens are imported lazily.

What the app is made of, each job in a module of its own:

* ``ui.table.TableHost`` (``app.table``): the games open at the table and their one listener;
  game screens are handed it and never reach for the App (``ui/game_screen.py``);
* ``ui.controller.Controller``: which screen follows which (plain data, Kivy-free), fed by the
  games' manifests (``ui/manifest.py``);
* ``ui.shell.navigation``: screens created on first visit, routes carried out, Back, overlays,
  the screens Home leads to built while it sits idle;
* ``ui.shell.sound``: the narrator (``app.narrator``: voice, volume, on/off, the night bed) and the
  sound panel;
* ``ui.shell.inputs``: the hardware hub (``app.hub``: buttons, keyboard stand-ins, the RFID
  reader) polled at 30 Hz on the UI thread, each command offered first to the current screen's
  ``handle_command(command) -> bool``, what it leaves handled here (Back, Undo, an unknown tag,
  the power menu, the status line);
* ``ui.shell.screenshots``: ``--screenshot``;
* ``app.phones`` (``ui.phones.table.PhoneTable``): phones as private screens, a follower of the
  table host; a phone's action arrives on the hub's queue as a ``PhoneJob`` and runs first thing.

The store, the narrator, the hub and the phones start just *after* the first frame, each in a
frame of its own (``in_frames``): the store and Home's Resume row first, then the buttons, the
narrator, the phones (``start_services``): the table sees the home screen as early as a bare Kivy
app would show it, and Home complete one frame later.
None of them ever stops the app: hardware or sound trouble becomes a sentence in the banner and a
word in the status line.
"""

from __future__ import annotations

import logging
import pkgutil
from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

import companion.games
from companion.errors import CompanionError
from ui import theme as th
from ui.controller import Controller, Route
from ui.shell.inputs import InputsMixin
from ui.shell.navigation import NavigationMixin
from ui.shell.screenshots import ScreenshotMixin
from ui.shell.sound import SoundMixin
from ui.widgets.big_button import BigButton  # noqa: F401  (registers the class theme.kv styles)
from ui.widgets.status_bar import SoundPanel, StatusBar, load_rules

log = logging.getLogger(__name__)

_KV = Path(__file__).with_name("theme.kv")

_SHELL_KV = """
#:import th ui.theme
#:import T ui.theme.THEME

<ProblemBanner>:
    size_hint_y: None
    height: max(56 * T.scale, banner_text.height + 16 * T.scale) if root.text else 0
    opacity: 1 if root.text else 0
    disabled: not root.text
    padding: th.PAD * T.scale, 0, th.GAP * T.scale, 0
    spacing: th.GAP * T.scale
    canvas.before:
        Color:
            rgba: th.rgb('#3A2418') if root.text else (0, 0, 0, 0)
        Rectangle:
            pos: self.pos
            size: self.size
    Paragraph:
        id: banner_text
        text: root.text
        font_size: th.CAPTION * T.scale
        pos_hint: {'center_y': 0.5}
    BigButton:
        id: ok
        text: 'OK'
        size_hint: None, None
        size: 80 * T.scale, 48 * T.scale
        pos_hint: {'center_y': 0.5}
        on_release: root.dispatch('on_ok')
"""


def available_games() -> list[str]:
    """The game packages present, *without importing them*: importing every engine costs
    about 0.3 s at start-up on this machine; an engine is imported when its game opens.
    Package ``mafia_plus`` is engine ``mafia-plus`` (the controller normalises the spelling)."""
    return [m.name for m in pkgutil.iter_modules(companion.games.__path__) if m.ispkg]


class ProblemBanner(BoxLayout):
    """Hardware and narration problems, shown once under the status bar (OK dismisses them)."""

    text = StringProperty("")
    __events__ = ("on_ok",)

    def on_ok(self):
        pass


class Root(FloatLayout):
    """Paints the noir background itself so exported PNGs are opaque; holds the column
    (status bar, banner, screens) and, when open, the sound panel over it."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.column = BoxLayout(orientation="vertical")
        self.add_widget(self.column)
        from kivy.graphics import Color, Rectangle

        with self.canvas.before:
            Color(*th.BG)
            self._bg = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=lambda *_: setattr(self._bg, "pos", self.pos),
                  size=lambda *_: setattr(self._bg, "size", self.size))


class CompanionApp(SoundMixin, InputsMixin, NavigationMixin, ScreenshotMixin, App):
    title = "Mafia Table Companion"
    # the status line follows these; the narrator and the hub set them (start_services)
    text_only = BooleanProperty(True)
    text_only_reason = StringProperty("narration starting")
    connections = StringProperty("starting buttons…")
    volume = NumericProperty(1.0)
    narration_on = BooleanProperty(True)
    last_line = StringProperty("")  # the narrator's last announcement (for "repeat")
    bed_volume = NumericProperty(0.5)  # the night bed's volume (Settings)
    problems = ListProperty([])  # sentences for the banner, each shown once
    controller = ObjectProperty(None)
    narrator = ObjectProperty(None, allownone=True)
    hub = ObjectProperty(None, allownone=True)
    phones = ObjectProperty(None, allownone=True)  # ui.phones.table.PhoneTable (made in build)

    def __init__(self, store: "Store | None" = None, screenshot: str | None = None, screenshot_screen: str = "home",
                 on_first_frame: Callable[[], None] | None = None, input_note: str = "", sample: bool = True,
                 open_store: Callable[[], "Store"] | None = None, **kwargs):
        super().__init__(**kwargs)
        if store is None and open_store is None:
            raise ValueError("CompanionApp needs a store or a way to open one (open_store)")
        self._store = store
        # opened just after the first frame (importing sqlite-utils costs about a third of a bare
        # Kivy start here); anything that needs it sooner opens it on the spot (``store``)
        self._open_store = open_store
        self.store_error: str = ""  # why the store could not be opened (the app then exits with 2)
        self.controller = Controller(available_games())
        from ui.table import TableHost

        # the games open at the table and their one listener; screens get it, not the App
        self.table = TableHost(lambda: self.store, go=self.go, say=self._say, hush=self._hush,
                               set_phase=self.set_phase, services=self)
        self.sessions = self.table.sessions  # game name -> companion.session.Session (the host's)
        self.screenshot = screenshot
        self.screenshot_screen = screenshot_screen
        self.on_first_frame = on_first_frame
        self.input_note = input_note
        self.sample = sample  # screenshots: seed a sample game (only on a throwaway database)
        self.exit_code = 0
        self.current_route = Route("home")
        self.hub_error = ""  # why there is no hub at all (then the keyboard map is used directly)
        self.last_tag: tuple[str, Any] | None = None  # (uid, TagBinding) of the last known tag seen
        self.services_started = False
        self._stopping = False
        self._poll_event = None
        self._keys_down: set[str] = set()
        self._narrator_natural = (True, "narration starting")  # text-only state before any switch-off
        self.sound_panel: SoundPanel | None = None
        self._prebuild: list[tuple[str, str]] = []
        #: screen name -> (the route it was prepared with, ``table_stamp()`` then): prepared while
        #: Home sat idle, so the tap only switches to it (ui/shell/navigation.py)
        self.prebuilt: dict[str, tuple[Route, tuple]] = {}
        self._last_touch = self._last_frame = 0.0  # boot-clock times: the table rests after both
        self._recheck = False  # something early-prepared screens read may have changed
        self._frozen = False  # the garbage collector's freeze after the first early builds
        self._step_event = None

    # -- the store --------------------------------------------------------------------------
    @property
    def store(self) -> "Store":
        """The database; opened on first use when the app was given ``open_store``."""
        if self._store is None:
            self._store = self._open_store()
        return self._store

    @property
    def store_is_open(self) -> bool:
        return self._store is not None

    def _store_after_first_frame(self) -> None:
        """Open the store the app deferred, then fill in what the home screen shows from it
        (Resume buttons, notices). A store that cannot be opened ends the app with a sentence."""
        if self._store is not None or self._stopping:
            return
        try:
            self._store = self._open_store()
        except CompanionError as error:  # e.g. a read-only data directory: one sentence, exit 2
            self.store_error = str(error)
            self.exit_code = 2
            self.stop()
            return
        if self.manager.current == "home":
            self.manager.current_screen.prepare()

    # -- building -------------------------------------------------------------------------
    def build(self):
        from ui import textures

        textures.install()  # a label whose text changes never waits for the frames still showing it
        Builder.load_file(str(_KV))
        load_rules()  # the status bar's rule replaces theme.kv's
        Builder.load_string(_SHELL_KV, filename="app_shell.kv")
        Window.clearcolor = th.BG
        th.THEME.fit(*Window.size)
        Window.bind(size=lambda _w, size: th.THEME.fit(*size))
        root = Root()
        self.status = StatusBar(text_only=self.text_only, text_only_reason=self.text_only_reason,
                                connections=self.connections)
        self.status.bind(on_back=lambda *_: self.back(), on_sound=lambda *_: self.open_sound_panel())
        # the narrator and the hardware adapters set these on the app; the status line follows
        self.bind(text_only=self.status.setter("text_only"), connections=self.status.setter("connections"),
                  text_only_reason=self.status.setter("text_only_reason"))
        from ui.phones.table import PhoneTable

        self.phones = PhoneTable(store=lambda: self.store, hub=lambda: self.hub)
        self.table.follow(self.phones.committed)
        self.phones.bind(status=self.status.setter("phones"))
        self.banner = ProblemBanner()
        self.banner.bind(on_ok=lambda *_: self.dismiss_problems())
        self.bind(problems=lambda _a, problems: setattr(self.banner, "text", " ".join(problems)))
        # no transition: a screen change is visible in the next frame, and ScreenManager ignores
        # touches while a transition runs (a tap lost on a slow frame is worse than no fade)
        self.manager = ScreenManager(transition=NoTransition())
        root.column.add_widget(self.status)
        root.column.add_widget(self.banner)
        root.column.add_widget(self.manager)
        Window.bind(on_key_down=self._on_key_down, on_key_up=self._on_key_up,
                    on_touch_down=self._on_touch_down)
        return root

    def on_start(self):
        def first(*_):
            Window.unbind(on_flip=first)
            if not self.screenshot:
                # after the first frame (and before any touch is handled: the clock ticks before
                # input is dispatched): the table sees the screen before the store, then Home
                # complete (the Resume row) before the services start, each in a frame of its own
                self.in_frames([self._store_after_first_frame, self.start_services])
            if self.on_first_frame is not None:
                self.on_first_frame()
        Window.bind(on_flip=first)
        if self.screenshot:
            # a picture needs the true sound line, but never the buttons: on the table the
            # running app owns the GPIO pins and the reader
            self._start_narrator()
            self._set_connections(None)
            self._prepare_screenshot()
        else:
            self.go(self.controller.home())

    def on_stop(self):
        self._stopping = True
        if self.phones is not None:
            self.phones.stop()
        if self._poll_event is not None:
            self._poll_event.cancel()
            self._poll_event = None
        if getattr(self, "_gc_event", None) is not None:
            import gc

            self._gc_event.cancel()
            self._gc_event = None
            young, middle, _ = gc.get_threshold()
            gc.set_threshold(young, middle, 10)  # the interpreter's own full passes again
        for name in ("narrator", "hub"):
            service = getattr(self, name)
            if service is None:
                continue
            try:
                service.close()
            except Exception:  # closing must never turn a clean exit into a traceback
                log.exception("closing the %s failed", name)

    # -- services: narrator and hardware -----------------------------------------------------
    def start_services(self) -> None:
        """Create the narrator and start the hardware hub (once; never raises)."""
        if self.services_started or self._stopping:
            return
        self.services_started = True
        # one per frame, so that none of them holds up a frame the table sees (the buttons first:
        # NEXT / BACK work before the voice has loaded), then the screens Home leads to are built
        self.in_frames([self._start_hardware, self._start_narrator, self._start_phones, self._prebuild_later])

    def in_frames(self, steps) -> None:
        """Run ``steps`` one per frame: each in a clock tick after the one before it, so the window
        draws what the previous one changed in between (Kivy draws only when something changed,
        so a step does not wait for a frame; never while the app stops)."""
        steps = list(steps)

        def run(*_):
            if self._stopping or not steps:
                return
            step = steps.pop(0)
            try:
                step()
            finally:
                if steps:  # a positive delay: the next tick, after this one's frame is drawn
                    Clock.schedule_once(run, 1 / 120)

        Clock.schedule_once(run, 0)

    def _start_phones(self) -> None:
        """Phones as private screens, when switched on (``phones.enabled``): a server that cannot
        start is a sentence in the banner, never a traceback."""
        try:
            if not self.phones.start() and self.phones.error:
                self.add_problems([self.phones.error])
        except Exception as error:
            log.exception("the phones' server could not start")
            self.add_problems([f"Phones are off: the table's web server could not start ({error})."])

    def watch_phones(self, session) -> None:
        """A screen holding ``session`` (Mafia+, Mafia (Sicily), Mafia Casino): phones follow it."""
        if self.phones is not None:
            self.phones.watch(session)

    def add_problems(self, sentences) -> None:
        new = [s for s in sentences if s and s not in self.problems]
        if new:
            self.problems = [*self.problems, *new]

    def dismiss_problems(self) -> None:
        self.problems = []
