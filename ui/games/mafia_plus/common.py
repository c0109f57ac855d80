"""What every Mafia+ game screen shares: the session, route by phase, speaking public lines,
pause, undo (asks once; secrets already shown stay shown) and "repeat last announcement"."""

from __future__ import annotations

import time

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from ui.controller import Route
from ui.screens import load_kv

from . import flow
from .widgets import MafiaPlusCard, MafiaPlusSeatRing  # noqa: F401  (kv classes)

GAME = "mafia-plus"
SAMPLE_SEED = 4242
SAMPLE_PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"]


def sample_session(app, steps: int = 0):
    """A seeded 7-player game for screenshots; ``steps`` legal actions played after the deal
    (the first legal action each time, the GM's first)."""
    from companion.session import Session

    session = Session.start(app.store, GAME, {"players": SAMPLE_PLAYERS, "set": {"choices": ["mayor"]}},
                            seed=SAMPLE_SEED)
    session.draw(None)
    app.store.set_setting(flow.peek_key(session.game_id), len(SAMPLE_PLAYERS))
    for _ in range(steps):
        legal = session.legal_actions()
        if not legal:
            break
        session.act(legal[0])
    app.sessions[GAME] = session
    return session


def play_until(session, done) -> None:
    """Play the engine's seeded playout policy until ``done(state)`` (screenshots of later moments)."""
    import random

    rng = random.Random(SAMPLE_SEED)
    for _ in range(2000):
        legal = session.legal_actions()
        if done(session.state) or not legal:
            return
        session.act(session.engine.playout_policy(session.state, legal, rng))


def kind_of_undo(action) -> str:
    """"deal", "night" (a night choice, whoever made it) or "day"."""
    from companion.games.mafia_plus import engine as E

    if isinstance(action, E.Dealt):
        return "deal"
    if isinstance(action, (E._Choice, E.Sweep, E.Shift, E.Pass)):
        return "night"
    return "day"


class MafiaPlusTools(BoxLayout):
    screen = ObjectProperty(None, rebind=True)


class MafiaPlusOverlays(FloatLayout):
    """The announcement curtain, the one undo question and the pause curtain, over a screen.
    ``rebind=True``: the kv rules read ``root.screen.<property>`` and must follow the screen set
    after the rule was applied (without it the curtain and the undo question never showed)."""

    screen = ObjectProperty(None, rebind=True)


load_kv(__file__)  # after the kv classes above exist


class MafiaPlusScreen(Screen):
    """Base of the game screens (not registered itself)."""

    session = ObjectProperty(None, allownone=True)
    phase = StringProperty("Mafia+")
    error = StringProperty("")
    announcement = StringProperty("")
    paused = BooleanProperty(False)
    confirming_undo = BooleanProperty(False)
    undo_question = StringProperty("")
    #: table announcements shown large over the screen until they are spoken (or read, in
    #: text-only mode); nothing else is asked of the table meanwhile
    curtain = StringProperty("")
    CURTAIN_ALWAYS = False  # True: every announcement shows large (the deal's "look in secret")

    # -- entering -------------------------------------------------------------------------
    def prepare(self, game: str = GAME, game_id: int | None = None, **params):
        app = App.get_running_app()
        current = app.sessions.get(GAME)
        if current is None or (game_id is not None and current.game_id != game_id):
            current = app.session_for(GAME, game_id)
        if current is not self.session:
            if self.session is not None:
                self.session.unsubscribe(self._on_events)
            self.session = current
        self.session.unsubscribe(self._on_events)
        self.session.subscribe(self._on_events)
        watch = getattr(app, "watch_phones", None)
        if watch is not None:  # phones follow the game open at the table (ui/phones/table.py)
            watch(self.session)
        self.params = params
        self.error = ""
        self.announcement = ""  # a screen shows what is said while it is open, nothing older
        self.confirming_undo = False
        self.paused = False
        self._in_prepare = True
        try:
            self.refresh()
        finally:
            self._in_prepare = False

    def on_leave(self, *_):
        if self.session is not None:
            self.session.unsubscribe(self._on_events)
        self.confirming_undo = False
        self._stop_curtain()
        self.curtain = ""

    @property
    def app(self):
        return App.get_running_app()

    @property
    def state(self):
        return self.session.state

    @property
    def engine(self):
        return self.session.engine

    def peeked(self) -> int:
        return int(self.app.store.get_setting(flow.peek_key(self.session.game_id), 0) or 0)

    def setting(self, key: str, default):
        try:
            return type(default)(self.app.store.get_setting(key, default))
        except (TypeError, ValueError):
            return default

    def target_route(self) -> str:
        return flow.route_for(self.state, self.peeked())

    def follow(self) -> bool:
        """Go to the screen the state calls for; True when we left this one."""
        target = self.target_route()
        if target != self.name:
            if self.manager is not None and self.manager.current != self.name \
                    and not getattr(self, "_in_prepare", False):
                return True  # already left: a second switch in one frame left two screens drawn
            route = Route(target, {"game": GAME, "game_id": self.session.game_id})
            if getattr(self, "_in_prepare", False):  # the app is still switching to us: go next frame
                from kivy.clock import Clock

                Clock.schedule_once(lambda *_: self.app.go(route), 0)
            else:
                self.app.go(route)
            return True
        return False

    # -- narration --------------------------------------------------------------------------
    def say(self, text: str, chime: bool = False) -> None:
        """Every spoken line is also on screen (the announcement line)."""
        if text:
            self.say_lines([text], chime=chime)

    def say_lines(self, lines, chime: bool = False) -> None:
        """Speak ``lines`` in order and show them all together; the table has heard (or, in
        text-only mode, read) them when ``quiet()`` turns true again."""
        lines = [t for t in lines if t]
        if not lines:
            return
        self.announcement = "\n".join(lines)
        self._last_lines = list(lines)
        narrator = getattr(self.app, "narrator", None)
        if narrator is None:  # the first moment after start-up: give the table time to read
            from ui.narration.narrator import reading_pause

            self._quiet_after = time.monotonic() + sum(reading_pause(t) for t in lines)
            return
        for i, text in enumerate(lines):
            try:
                narrator.say(text, chime=chime and i == 0)
            except Exception:  # the narrator must never stop the game
                pass

    def quiet(self) -> bool:
        """Nothing is being said (or given time to be read) now."""
        if time.monotonic() < getattr(self, "_quiet_after", 0.0):
            return False
        narrator = getattr(self.app, "narrator", None)
        return narrator is None or not narrator.is_busy

    def show_curtain(self, lines) -> None:
        """Show ``lines`` large, over everything, until they are said; then go where the state
        calls for (the verdict before the night, the morning's news before the day)."""
        self.curtain = "\n".join(lines)
        self._stop_curtain()
        self._curtain_event = Clock.schedule_interval(self._curtain_tick, 0.1)

    def _stop_curtain(self) -> None:
        event = getattr(self, "_curtain_event", None)
        if event is not None:
            event.cancel()
            self._curtain_event = None

    def _curtain_tick(self, _dt) -> None:
        if self.paused or not self.quiet():
            return
        self._stop_curtain()
        self.curtain = ""
        if self.manager is not None and self.manager.current == self.name and not self.follow():
            self.refresh()

    @staticmethod
    def public_lines(events) -> list[str]:
        """TABLE events' words, except night calls (the night screen calls each role itself,
        padded to the same length)."""
        from companion.engine import TABLE

        return [e.text for e in events if e.audience == TABLE and e.text
                and not str(e.data.get("line", "")).startswith("call.")]

    def _on_events(self, session, events) -> None:
        if self.manager is None or self.manager.current != self.name:
            return
        lines = self.public_lines(events)
        self.say_lines(lines)
        if lines and (self.CURTAIN_ALWAYS or self.target_route() != self.name):
            self.show_curtain(lines)  # e.g. the sentence, before the night falls
            return
        if not self.follow():
            self.refresh()

    # -- acting -----------------------------------------------------------------------------
    def act(self, action) -> bool:
        self.error = ""
        try:
            self.session.act(action)
            return True
        except CompanionError as error:
            self.error = str(error)
            return False

    # -- always: pause, undo, repeat, my card ----------------------------------------------
    def toggle_pause(self) -> None:
        self.paused = not self.paused

    def ask_undo(self) -> None:
        self.error = ""
        actions = self.session.actions
        from companion.games.mafia_plus.engine import Continue, Dealt

        real = [a for a in actions if not isinstance(a, Continue)]
        if not real:
            self.error = "There is nothing to undo yet."
            return
        last = real[-1]
        describe = "" if isinstance(last, Dealt) or self._is_night_choice(last) \
            else self.engine.describe(last, self.state)
        self.undo_question = flow.undo_question(kind_of_undo(last), self.state.phase, describe)
        self.confirming_undo = True

    @staticmethod
    def _is_night_choice(action) -> bool:
        from companion.games.mafia_plus import engine as E

        return isinstance(action, (E._Choice, E.Sweep, E.Shift, E.Pass))

    def confirm_undo(self) -> None:
        """Undo the last tap: the automatic night ``Continue``s after it go with it."""
        from companion.games.mafia_plus.engine import Continue

        self.confirming_undo = False
        try:
            while self.session.actions and isinstance(self.session.actions[-1], Continue):
                self.session.undo()
            if self.session.actions:
                self.session.undo()
        except CompanionError as error:
            self.error = str(error)
        if self.state.phase == "deal":
            self.app.store.set_setting(flow.peek_key(self.session.game_id), 0)
        if self.manager is not None and self.manager.current == self.name and not self.follow():
            self.refresh()

    def cancel_undo(self) -> None:
        self.confirming_undo = False

    def repeat_last(self) -> None:
        """Say the last announcement again and show it large until it has been said."""
        lines = getattr(self, "_last_lines", None)
        if not lines and self.session is not None:  # after a restart: the last public lines
            from companion.engine import TABLE

            lines = [t for t in self.session.view(TABLE).log[-2:] if t]
        if not lines:
            self.error = "Nothing has been announced yet."
            return
        self.say_lines(lines)
        self.show_curtain(lines)

    def my_card(self) -> None:
        self.app.go(Route("mafia_plus_card", {"game": GAME, "game_id": self.session.game_id,
                                              "back": self.name}))

    def refresh(self) -> None:  # pragma: no cover - each screen draws itself
        pass

    def handle_command(self, command) -> bool:
        name = type(command).__name__
        if name == "Undo":
            self.ask_undo()
            return True
        return False
