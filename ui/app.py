"""The Kivy App: one status bar over a ScreenManager whose screens are imported lazily.

Flow decisions come from ``ui.controller.Controller``; this module only carries them out
(create the screen on first visit, hand it the route's parameters, switch). Game sessions are
owned here so that a screen change never loses one.

The app also owns the two services every screen may use (docs/hardware.md, docs/narration.md):

* ``app.narrator`` (``ui.narration.Narrator``): ``say``, ``repeat_last``, ``stop``, ``volume``;
* ``app.hub`` (``hardware.Hub``): buttons, keyboard stand-ins and the RFID reader. Its commands
  are polled at 30 Hz on the UI thread and offered first to the current screen's
  ``handle_command(command) -> bool``; what the screen leaves is handled here (Back, Undo,
  an unknown tag, the power menu, the status line).
* ``app.phones`` (``ui.phones.table.PhoneTable``): phones as private screens (docs/mafia-plus-table.md).
  A phone's action arrives on the hub's queue as a ``PhoneJob`` and runs first thing.

Both are created just *after* the first frame (``start_services``): the table sees the home
screen as early as a bare Kivy app would show it, and screens guard with
``getattr(app, "narrator", None)`` for that first moment. Neither ever stops the app: hardware
or sound trouble becomes a sentence in the banner and a word in the status line.
"""

from __future__ import annotations

import importlib
import logging
import sys
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
from ui.controller import SCREENS, Controller, Route
from ui.widgets.big_button import BigButton  # noqa: F401  (registers the class theme.kv styles)
from ui.widgets.status_bar import SoundPanel, StatusBar, load_rules

log = logging.getLogger(__name__)

_KV = Path(__file__).with_name("theme.kv")
POLL_HZ = 30
#: Screens that sit over whatever the table was doing and go back to it exactly as it was.
OVERLAY_SCREENS = ("register_tag", "power_menu")
VOLUME_KEY = "narration.volume"
NARRATION_ON_KEY = "narration.on"
VOICE_KEY = "narration.voice"          # the owner's pick in Settings: a voice file's path, or "espeak"
BED_VOLUME_KEY = "narration.bed_volume"  # the night bed's volume, 0 (off) .. 1

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
SAMPLE_SEED = 20260  # screenshots: the same sample game every time
SAMPLE_DRAWS = ("roll2d6", "spin", "roll2d6", "roll1d6", "spin", "roll2d6")


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


def _freeze_garbage() -> None:
    """Exempt everything alive now (Kivy, the screens built so far) from the garbage collector's
    full passes: those walk every object, and with the screens built they took tens of ms (seconds
    on a busy machine) in the middle of an animation frame. Objects made later are collected as
    usual; a frozen one that is dropped is simply never freed (they live as long as the app)."""
    import gc

    gc.collect()
    gc.freeze()


def _typing_in_a_text_field() -> bool:
    """A focused TextInput owns the keys (a name being typed): no stand-ins then."""
    try:
        from kivy.uix.behaviors.focus import FocusBehavior

        return any(w is not None and getattr(w, "focus", False) for w in FocusBehavior._keyboards.values())
    except Exception:
        return False


class CompanionApp(App):
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
        self.table = TableHost(lambda: self.store, go=self.go, say=self._say, set_phase=self.set_phase,
                               services=self)
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
        self._last_touch = 0.0

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
                # input is dispatched): the table sees the screen before the store, sound and
                # buttons start
                Clock.schedule_once(lambda *_: self._store_after_first_frame(), 0)
                Clock.schedule_once(lambda *_: self.start_services(), 0)
                Clock.schedule_once(lambda *_: _freeze_garbage(), 0)
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
        self._start_narrator()
        self._start_hardware()
        self._start_phones()
        self._prebuild_later()

    # -- screens built before they are needed -------------------------------------------------
    #: Screens the table opens from Home, built while Home sits idle so that their first opening
    #: is a switch, not an import + kv parse + build (hundreds of ms here, seconds on a Pi).
    PREBUILD = ("dice", "settings", "history", "dice_entry")
    PREBUILD_IDLE = 0.5  # seconds without a touch before the next piece is built

    def _prebuild_later(self) -> None:
        from ui.controller import GAME_ENTRY

        if self.screenshot:
            return
        names = [*dict.fromkeys([*GAME_ENTRY.values(), *self.PREBUILD])]
        # one piece per step: import a screen's module (its kv too), then build the screen
        self._prebuild = [(kind, n) for n in names if n in SCREENS for kind in ("import", "build")]
        self._last_touch = Clock.get_boottime()
        Clock.schedule_once(self._prebuild_step, self.PREBUILD_IDLE)

    def _prebuild_step(self, *_):
        """Build the next piece if the table is on Home and nobody touched it for a moment."""
        if self._stopping or not self._prebuild:
            return
        idle = Clock.get_boottime() - self._last_touch
        if self.manager.current != "home" or idle < self.PREBUILD_IDLE:
            Clock.schedule_once(self._prebuild_step, self.PREBUILD_IDLE)
            return
        kind, name = self._prebuild.pop(0)
        try:
            if kind == "import":
                importlib.import_module(SCREENS[name])
            elif not self.manager.has_screen(name):
                self.screen(name)
        except Exception:  # the real opening will show what is wrong; building early is only a bonus
            log.exception("building the %s screen early failed", name)
        if self._prebuild:
            Clock.schedule_once(self._prebuild_step, 0.05)
        else:
            _freeze_garbage()


    def _start_narrator(self) -> None:
        try:
            from ui.narration import NarrationConfig, Narrator

            try:
                config = NarrationConfig.load()
            except CompanionError as error:
                self.add_problems([f"The narration settings need fixing, so the defaults are used: {error}"])
                config = NarrationConfig()
            self.narration_config = config
            narrator = Narrator(self._with_voice_pick(config))
        except Exception as error:  # sound is never worth a crash
            log.exception("narration could not start")
            self.text_only, self.text_only_reason = True, "narration could not start"
            self.add_problems([f"Narration could not start ({error}); every line is shown on screen only."])
            return
        self._use_narrator(narrator)

    def _with_voice_pick(self, config):
        """The settings file's narration config with the owner's pick from Settings on top."""
        from dataclasses import replace

        pick = self.store.get_setting(VOICE_KEY, "")
        if config.engine == "none" or not pick:
            return config
        if pick == "espeak":
            return replace(config, engine="espeak")
        return replace(config, engine="auto", piper_voice=str(pick))

    def _use_narrator(self, narrator) -> None:
        old = self.narrator
        self.narrator = narrator
        narrator.bind(is_text_only=self._narrator_changed, text_only_reason=self._narrator_changed,
                      last_line=lambda _n, line: setattr(self, "last_line", line),
                      notice=lambda _n, text: self.add_problems([text]))
        self.add_problems([narrator.notice])
        self._narrator_natural = (narrator.is_text_only, narrator.text_only_reason)
        self.set_volume(float(self.store.get_setting(VOLUME_KEY, 1.0)), remember=False)
        self.set_bed_volume(float(self.store.get_setting(BED_VOLUME_KEY, narrator.config.bed_volume)),
                            remember=False)
        self.set_narration(bool(self.store.get_setting(NARRATION_ON_KEY, True)), remember=False)
        self._narrator_changed()
        if old is not None:
            old.close()
        if narrator.config.prerender:
            # every fixed line of every game, in the background, after the first screen has drawn
            Clock.schedule_once(lambda _dt: self._prerender_fixed(narrator), 1.0)

    def _prerender_fixed(self, narrator) -> None:
        if narrator is not self.narrator:
            return
        try:
            from ui.narration.lines import fixed_lines

            narrator.prerender(fixed_lines())
        except Exception:  # a missing line is rendered when said; never worth a crash
            log.exception("narration: the fixed lines could not be queued")

    def set_voice(self, pick: str) -> None:
        """Settings: speak with another voice (a piper voice file's path, or "espeak"); the fixed
        lines are rendered again in the background for it."""
        from ui.narration import Narrator

        self._remember(VOICE_KEY, pick)
        config = getattr(self, "narration_config", None)
        if config is None or self.narrator is None:
            return
        self._use_narrator(Narrator(self._with_voice_pick(config)))

    def set_bed_volume(self, volume: float, remember: bool = True) -> None:
        volume = round(max(0.0, min(1.0, float(volume))), 2)
        self.bed_volume = volume
        if self.narrator is not None:
            self.narrator.bed_volume = volume
            if volume == 0.0:
                self.narrator.stop_bed(fade=False)
        if remember:
            self._remember(BED_VOLUME_KEY, volume)

    def night_sound(self, on: bool) -> None:
        """The Mafia+ night's bed of sound: on at nightfall, faded out at dawn (docs/narration.md)."""
        narrator = self.narrator
        if narrator is None:
            return
        if on and self.narration_on and narrator.config.night_bed and self.bed_volume > 0:
            narrator.start_bed()
        else:
            narrator.stop_bed(fade=True)

    def prerender_lines(self, lines) -> None:
        """Render lines in the background now that their names are known (the deal, nightfall)."""
        if self.narrator is not None:
            try:
                self.narrator.prerender(lines)
            except Exception:
                log.exception("narration: lines could not be queued")

    def _narrator_changed(self, *_):
        narrator = self.narrator
        if self.narration_on:
            # a device found missing while playing is a natural reason, kept when narration is switched back on
            self._narrator_natural = (narrator.is_text_only, narrator.text_only_reason)
        self.text_only = narrator.is_text_only
        self.text_only_reason = narrator.text_only_reason if narrator.is_text_only else ""

    def _start_hardware(self) -> None:
        try:
            from hardware import Hub

            self.hub = Hub().start()
        except Exception as error:  # the hub promises not to raise; an import error still might
            log.exception("the hardware hub could not start")
            self.hub = None
            self.hub_error = str(error) or type(error).__name__
            self.add_problems([f"The buttons and reader could not start ({self.hub_error}); "
                               f"the keyboard stand-ins work."])
        else:
            self.add_problems(self.hub.problems)
        self._set_connections(self.hub.status if self.hub is not None else None)
        self._poll_event = Clock.schedule_interval(self._poll_hardware, 1 / POLL_HZ)

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

    def _set_connections(self, hub_status: str | None) -> None:
        if hub_status:
            self.connections = hub_status
        else:
            self.connections = "buttons: keyboard stand-ins" if (self.hub_error or self.hub is not None
                                                                 or self.screenshot) else "starting buttons…"

    @property
    def has_reader(self) -> bool:
        """An RFID reader is configured: only then does the UI mention tags at all."""
        return self.hub is not None and self.hub.has_reader

    def add_problems(self, sentences) -> None:
        new = [s for s in sentences if s and s not in self.problems]
        if new:
            self.problems = [*self.problems, *new]

    def dismiss_problems(self) -> None:
        self.problems = []

    # -- sound ------------------------------------------------------------------------------
    def set_volume(self, volume: float, remember: bool = True) -> None:
        volume = round(max(0.0, min(1.0, float(volume))), 2)
        self.volume = volume
        if self.narrator is not None:
            self.narrator.volume = volume
        if remember:
            self._remember(VOLUME_KEY, volume)

    def set_narration(self, on: bool, remember: bool = True) -> None:
        """Narration on/off (off = text only, "narration switched off"); the line still shows."""
        from ui.narration import SWITCHED_OFF

        self.narration_on = bool(on)
        narrator = self.narrator
        if narrator is not None:
            if not on:
                narrator.stop()
                narrator.stop_bed(fade=False)
                narrator.text_only_reason = SWITCHED_OFF
                narrator.is_text_only = True
            elif narrator.text_only_reason == SWITCHED_OFF and narrator.synthesizer is not None:
                natural_text_only, natural_reason = self._narrator_natural
                if natural_reason == SWITCHED_OFF:  # switched off before it ever spoke
                    natural_text_only, natural_reason = False, ""
                narrator.text_only_reason = natural_reason
                narrator.is_text_only = natural_text_only
            self._narrator_changed()
        if remember:
            self._remember(NARRATION_ON_KEY, bool(on))

    def can_switch_narration(self) -> bool:
        """Narration can be switched on only when there is a synthesizer and a device."""
        narrator = self.narrator
        return narrator is not None and narrator.synthesizer is not None and (
            not self._narrator_natural[0] or self._narrator_natural[1] == "narration switched off")

    def repeat_last(self) -> str | None:
        """The "repeat last announcement" button: the line is said (and shown) once more."""
        narrator = self.narrator
        return narrator.repeat_last() if narrator is not None else None

    def _remember(self, key: str, value) -> None:
        try:
            self.store.set_setting(key, value)
        except CompanionError as error:  # a full disk: the setting works now, say it will not stick
            self.add_problems([str(error)])

    def open_sound_panel(self) -> None:
        if self.sound_panel is not None:
            return
        panel = SoundPanel()
        for name in ("volume", "text_only", "last_line"):
            panel.__setattr__(name, getattr(self, name))
        panel.sound_text = self.status.sound_text
        panel.volume_text = f"{round(self.volume * 100)}%"
        self._panel_bindings = [
            ("volume", lambda _a, v: (setattr(panel, "volume", v), setattr(panel, "volume_text", f"{round(v * 100)}%"))),
            ("text_only", lambda _a, v: setattr(panel, "text_only", v)),
            ("last_line", lambda _a, v: setattr(panel, "last_line", v)),
        ]
        for name, callback in self._panel_bindings:
            self.fbind(name, callback)
        self.status.fbind("sound_text", self._panel_sound_text)
        panel.bind(on_volume_step=lambda _p, steps: self.set_volume(round(self.volume + steps * 0.1, 1)),
                   on_repeat=lambda *_: self.repeat_last(),
                   on_settings=lambda *_: (self.close_sound_panel(), self.go(Route("settings"))),
                   on_dismiss=lambda *_: self.close_sound_panel())
        self.sound_panel = panel
        self.root.add_widget(panel)

    def _panel_sound_text(self, _bar, text):
        if self.sound_panel is not None:
            self.sound_panel.sound_text = text

    def close_sound_panel(self) -> None:
        panel, self.sound_panel = self.sound_panel, None
        if panel is None:
            return
        for name, callback in self._panel_bindings:
            self.funbind(name, callback)
        self.status.funbind("sound_text", self._panel_sound_text)
        self.root.remove_widget(panel)

    # -- hardware commands ------------------------------------------------------------------
    def _poll_hardware(self, _dt=0.0) -> None:
        hub = self.hub
        if hub is None:
            return
        from hardware import StatusChanged, TagSeen
        from ui.phones.table import PhoneJob

        was_blank = hub.screen_blanked
        for message in hub.poll():
            if was_blank and not isinstance(message, (StatusChanged, TagSeen, PhoneJob)):
                continue  # the press that woke the screen does nothing else
            self.dispatch_command(message)

    def dispatch_command(self, command) -> bool:
        """One command from a button, key or reader, on the UI thread; True if something used it.

        The current screen's ``handle_command`` goes first; what it leaves is handled here.
        A failing screen handler is logged, never allowed to stop the clock (the app would die).
        """
        from hardware import Back, PowerMenu, StatusChanged, TagSeen, Undo
        from ui.phones.table import PhoneJob

        if isinstance(command, PhoneJob):  # a phone's action: on the table thread, before anything
            command.run()
            return True
        if isinstance(command, StatusChanged):
            self._set_connections(command.text)
            return True
        try:
            if self.sound_panel is not None and isinstance(command, Back):
                self.close_sound_panel()
                return True
            screen = self.manager.current_screen
            handler = getattr(screen, "handle_command", None)
            if handler is not None and handler(command):
                return True
            if isinstance(command, Back):
                if self.manager.current == "home":
                    return False
                self.back()
                return True
            if isinstance(command, Undo):
                request = getattr(screen, "request_undo", None)
                if request is None:
                    return False
                request()  # the same one question as the screen's Undo button
                return True
            if isinstance(command, TagSeen):
                return self._tag_seen(command.uid)
            if isinstance(command, PowerMenu):
                self.open_overlay("power_menu")
                return True
        except Exception:
            log.exception("a hardware command failed on screen %s", self.manager.current)
        return False

    def _tag_seen(self, uid: str) -> bool:
        binding = self.store.tag(uid)
        if binding is not None:
            self.last_tag = (uid, binding)  # known: the screen had its chance (handle_command)
            return False
        if not self.has_reader:
            return False
        self.open_overlay("register_tag", uid=uid)
        return True

    def open_overlay(self, screen: str, **params) -> None:
        """Open register_tag / power_menu over the current screen; Back returns to it as it was."""
        if self.manager.current == screen:
            self.go(Route(screen, {**dict(self.current_route.params), **params}))
            return
        self.go(Route(screen, {**params, "return_to": self.current_route}))

    # -- keyboard stand-ins and touches ------------------------------------------------------
    def _on_key_down(self, _window, key, _scancode=None, _codepoint=None, modifiers=()):
        if any(m in ("ctrl", "alt", "meta", "super") for m in (modifiers or ())):
            return False
        if _typing_in_a_text_field():
            return False
        from kivy.core.window import Keyboard

        name = Keyboard.keycode_to_string(Keyboard, key)
        if not name:
            return False
        if name in self._keys_down:
            return self._stands_in(name)  # key repeat while held: one press is one command
        self._keys_down.add(name)
        if self.hub is not None:
            return self.hub.key(name)
        from hardware import command_for_key

        command = command_for_key(name)
        if command is None:
            return False
        self.dispatch_command(command)
        return True

    def _on_key_up(self, _window, key, *_):
        from kivy.core.window import Keyboard

        self._keys_down.discard(Keyboard.keycode_to_string(Keyboard, key))
        return False

    @staticmethod
    def _stands_in(name: str) -> bool:
        from hardware import command_for_key

        return command_for_key(name) is not None

    def _on_touch_down(self, _window, _touch):
        self._last_touch = Clock.get_boottime()
        hub = self.hub
        return bool(hub is not None and hub.activity())  # True swallows the touch that woke the panel

    # -- navigation -----------------------------------------------------------------------
    def screen(self, name: str):
        """The screen called ``name``, importing and creating it on first use (a game screen is
        handed the table host)."""
        if not self.manager.has_screen(name):
            module = importlib.import_module(SCREENS[name])
            screen = module.SCREEN(name=name)
            if hasattr(screen, "table"):
                screen.table = self.table
            self.manager.add_widget(screen)
        return self.manager.get_screen(name)

    def go(self, route: Route) -> None:
        screen = self.screen(route.screen)
        if hasattr(screen, "prepare"):
            try:
                screen.prepare(**dict(route.params))
            except CompanionError as error:  # e.g. a game that cannot be resumed: say it at home
                self.go(self.controller.home())
                self.screen("home").show_error(str(error))
                return
        self.current_route = route
        self.manager.current = route.screen
        self.table.show_on(screen)
        self._show_status_for(route.screen, screen)

    def _show_status_for(self, name: str, screen) -> None:
        self.status.show_back = name != "home"
        back_home = self.controller.back(name).screen == "home" and "return_to" not in self.current_route.params
        self.status.back_text = "‹ Home" if back_home else "‹ Back"
        self.status.phase = getattr(screen, "phase", "")

    def back(self) -> None:
        route = self.current_route
        back_to = route.params.get("return_to") if route.screen == self.manager.current else None
        if back_to is not None:
            self.return_to(back_to)
        else:
            self.go(self.controller.back(self.manager.current))

    def return_to(self, route: Route) -> None:
        """Back to a screen left for an overlay, as it was: no ``prepare`` (a game screen
        mid-night keeps its step), only the status line restored."""
        if not self.manager.has_screen(route.screen):
            self.go(route)
            return
        screen = self.manager.get_screen(route.screen)
        self.current_route = route
        self.manager.current = route.screen
        self.table.show_on(screen)
        self._show_status_for(route.screen, screen)

    def open_game(self, game: str) -> None:
        self.go(self.controller.open_game(game))

    def resume(self, game: str, game_id: int) -> None:
        self.go(self.controller.resume(game, game_id))

    def set_phase(self, text: str) -> None:
        self.status.phase = text

    # -- sessions -------------------------------------------------------------------------
    def session_for(self, game: str, game_id: int | None = None):
        """The running session of ``game`` (``ui.table.TableHost.open``), for the screens not yet
        on the game screen base: the one asked for, the one open unless finished, the newest
        unfinished one in the store, or a new one."""
        current = self.sessions.get(game)
        if game_id is None and current is not None and current.outcome() is not None:
            self.table.close(game)
        return self.table.open(game, game_id)

    def end_session(self, game: str) -> None:
        self.table.close(game)

    def _say(self, text: str, chime: bool = False) -> None:
        narrator = self.narrator
        if narrator is not None:
            narrator.say(text, chime=chime)

    # -- screenshots ----------------------------------------------------------------------
    def seed_sample(self):
        """A small reproducible dice game so screenshots show real results."""
        from companion.session import Session

        session = Session.start(self.store, "dice", {}, seed=SAMPLE_SEED)
        for request in SAMPLE_DRAWS:
            session.draw(request)
        self.sessions["dice"] = session
        return session

    def _prepare_screenshot(self) -> None:
        name = self.screenshot_screen
        if self.sample:
            self.seed_sample()
        from ui.manifest import manifest_of_screen

        manifest = manifest_of_screen(name)
        if name == "coming_soon":
            route = self.controller.sample_coming_soon()
        elif manifest is not None and manifest.sample:
            route = manifest.sample_route(self.table, name) or Route(name)  # a seeded sample game
        elif hasattr(type(self.screen(name)), "sample_route"):
            route = self.screen(name).sample_route(self)  # a seeded sample game for the picture
        else:
            route = Route(name)
        if name == "dice_entry":
            self.go(Route("dice"))
        self.go(route)
        for screen in self.manager.screens:
            if hasattr(screen, "settle"):
                screen.settle()  # no animation half-way in a picture
        self._frames_left = 4
        Clock.schedule_once(self._take_screenshot, 0.3)

    def _take_screenshot(self, *_):
        # a few real frames after the layout settled, whatever the machine's speed
        self._frames_left -= 1
        if self._frames_left > 0:
            Clock.schedule_once(self._take_screenshot, 0)
            return
        try:
            self.root.export_to_png(self.screenshot)
        except Exception as error:  # a picture that cannot be written is a failed run, said in words
            print(f"Could not write the screenshot {self.screenshot}: {error}", file=sys.__stderr__, flush=True)
            self.exit_code = 1
        self.stop()
