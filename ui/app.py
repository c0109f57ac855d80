"""The Kivy App: one status bar over a ScreenManager whose screens are imported lazily.

Flow decisions come from ``ui.controller.Controller``; this module only carries them out
(create the screen on first visit, hand it the route's parameters, switch). Game sessions are
owned here so that a screen change never loses one.
"""

from __future__ import annotations

import importlib
import sys
import pkgutil
from pathlib import Path
from typing import Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

import companion.games
from companion.errors import CompanionError
from ui import theme as th
from ui.controller import SCREENS, Controller, Route
from ui.widgets.big_button import BigButton  # noqa: F401  (registers the class theme.kv styles)
from ui.widgets.status_bar import StatusBar

_KV = Path(__file__).with_name("theme.kv")
SAMPLE_SEED = 20260  # screenshots: the same sample game every time
SAMPLE_DRAWS = ("roll2d6", "spin", "roll2d6", "roll1d6", "spin", "roll2d6")


def available_games() -> list[str]:
    """The game packages present, *without importing them*: importing every engine costs
    about 0.3 s at start-up on this machine; an engine is imported when its game opens.
    Package ``mafia_plus`` is engine ``mafia-plus`` (the controller normalises the spelling)."""
    return [m.name for m in pkgutil.iter_modules(companion.games.__path__) if m.ispkg]


class Root(BoxLayout):
    """Paints the noir background itself so exported PNGs are opaque."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        from kivy.graphics import Color, Rectangle

        with self.canvas.before:
            Color(*th.BG)
            self._bg = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=lambda *_: setattr(self._bg, "pos", self.pos),
                  size=lambda *_: setattr(self._bg, "size", self.size))


class CompanionApp(App):
    title = "Mafia Table Companion"
    text_only = BooleanProperty(True)  # no narrator in this build: every line is on screen only
    connections = StringProperty("No buttons · no reader")
    controller = ObjectProperty(None)

    def __init__(self, store: "Store", screenshot: str | None = None, screenshot_screen: str = "home",
                 on_first_frame: Callable[[], None] | None = None, input_note: str = "", sample: bool = True,
                 **kwargs):
        super().__init__(**kwargs)
        self.store = store
        self.controller = Controller(available_games())
        self.sessions: dict = {}  # game name -> companion.session.Session
        self.screenshot = screenshot
        self.screenshot_screen = screenshot_screen
        self.on_first_frame = on_first_frame
        self.input_note = input_note
        self.sample = sample  # screenshots: seed a sample game (only on a throwaway database)
        self.exit_code = 0
        self.current_route = Route("home")

    # -- building -------------------------------------------------------------------------
    def build(self):
        Builder.load_file(str(_KV))
        Window.clearcolor = th.BG
        th.THEME.fit(*Window.size)
        Window.bind(size=lambda _w, size: th.THEME.fit(*size))
        root = Root(orientation="vertical")
        self.status = StatusBar(text_only=self.text_only, connections=self.connections)
        self.status.bind(on_back=lambda *_: self.back())
        # the narrator and the hardware adapters set these on the app; the status line follows
        self.bind(text_only=self.status.setter("text_only"), connections=self.status.setter("connections"))
        # no transition: a screen change is visible in the next frame, and ScreenManager ignores
        # touches while a transition runs (a tap lost on a slow frame is worse than no fade)
        self.manager = ScreenManager(transition=NoTransition())
        root.add_widget(self.status)
        root.add_widget(self.manager)
        return root

    def on_start(self):
        if self.on_first_frame is not None:
            def first(*_):
                Window.unbind(on_flip=first)
                self.on_first_frame()
            Window.bind(on_flip=first)
        if self.screenshot:
            self._prepare_screenshot()
        else:
            self.go(self.controller.home())

    # -- navigation -----------------------------------------------------------------------
    def screen(self, name: str):
        """The screen called ``name``, importing and creating it on first use."""
        if not self.manager.has_screen(name):
            module = importlib.import_module(SCREENS[name])
            self.manager.add_widget(module.SCREEN(name=name))
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
        self.status.show_back = route.screen != "home"
        self.status.back_text = "‹ Back" if route.screen in ("dice_entry",) else "‹ Home"
        self.status.phase = getattr(screen, "phase", "")

    def back(self) -> None:
        self.go(self.controller.back(self.manager.current))

    def open_game(self, game: str) -> None:
        self.go(self.controller.open_game(game))

    def resume(self, game: str, game_id: int) -> None:
        self.go(self.controller.resume(game, game_id))

    def set_phase(self, text: str) -> None:
        self.status.phase = text

    # -- sessions -------------------------------------------------------------------------
    def session_for(self, game: str, game_id: int | None = None):
        """The running session of ``game``: the one asked for, the one open, the newest
        unfinished one in the store, or a new one (in that order)."""
        from companion.session import Session  # imported when a game opens, not at start-up

        current = self.sessions.get(game)
        if game_id is not None and (current is None or current.game_id != game_id):
            current = Session.resume(self.store, game_id)
        if current is None or current.outcome() is not None:
            current = None
            for record in self.store.unfinished_games():
                if record.game == game:
                    current = Session.resume(self.store, record.id)
                    break
        if current is None:
            current = Session.start(self.store, game, {})
        self.sessions[game] = current
        return current

    def end_session(self, game: str) -> None:
        self.sessions.pop(game, None)

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
        if name == "coming_soon":
            route = self.controller.sample_coming_soon()
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
