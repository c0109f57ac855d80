"""What every Mafia+ game screen shares beside the game screen base (``ui.game_screen``): the
announcement curtain, pause, the Mafia+ rule on undo (asks once; secrets already shown stay shown;
the automatic night moves go with the tap before them) and "repeat last announcement".

Each screen is ``class X(MafiaPlusTable, GameScreen)`` and draws only from the views
(``view()`` = the table view, ``session.view(Seat(n))``, ``CALLED``, ``REVEAL``)."""

from __future__ import annotations

import time

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout

from companion.engine import TABLE
from companion.errors import CompanionError
from companion.games.mafia_plus import engine as E
from companion.games.mafia_plus import samples
from ui.controller import Route
from ui.screens import load_kv

from . import flow
from .widgets import MafiaPlusCard, MafiaPlusSeatRing  # noqa: F401  (kv classes)

GAME = "mafia-plus"
SAMPLE_SEED = samples.SAMPLE_SEED
SAMPLE_PLAYERS = list(samples.SAMPLE_PLAYERS)
#: the automatic moves an undo takes back with the tap before them (the GM's Continue, the deal's Seen)
AUTOMATIC = (E.Continue, E.Seen)


def sample_session(table, steps: int = 0, seen: int | None = None):
    """A seeded 7-player game for screenshots, open at ``table`` (companion/.../samples.py)."""
    return table.adopt(samples.start(table.store, seen=seen, steps=steps))


play_until = samples.play_until


def sample(table, screen: str) -> Route:
    """The manifest's sample: the moment of the game each screen's picture shows."""
    if screen == "mafia_plus_setup":  # the roster of remembered names, on the screen's own model
        return table.app_services.screen(screen).sample_route(table.app_services)
    session = sample_session(table, steps=1 if screen == "mafia_plus_card" else 0,
                             seen=2 if screen == "mafia_plus_deal" else None)
    until = {"mafia_plus_night": lambda v: v.phase == "night" and v.night == 1 and v.step_index == 2,
             "mafia_plus_day": lambda v: v.phase == "day" and v.day == 2,
             "mafia_plus_vote": lambda v: v.phase == "day" and v.step == "voting" and bool(v.voted),
             "mafia_plus_end": lambda v: v.phase == "over",
             "mafia_plus_stats": lambda v: v.phase == "over"}.get(screen)
    if until is not None:
        play_until(session, until)
    if screen == "mafia_plus_day":
        accuse = next((a for a in session.legal_actions() if isinstance(a, E.Accuse)), None)
        if accuse is not None:
            session.act(accuse)
    params = {"game": GAME} if screen == "mafia_plus_stats" else {"game": GAME, "game_id": session.game_id}
    return Route(screen, params)


kind_of_undo = E.undo_kind


def narration_facts(view):
    """What ``ui.narration.lines.mafia_plus_lines`` reads, from the table view: the public facts,
    with stand-in characters that give the living stats the table was told (none while swept)."""
    from types import SimpleNamespace

    from companion.games.mafia_plus import characters as C

    characters = None
    if view.phase != "deal" and view.stats:
        factions = ("city", "mafia", "syndicate")
        pools = {f: next(c for c, ch in C.CHARACTERS.items() if ch.faction == f) for f in factions}
        living = iter([pools[f] for f, n in zip(factions, map(int, view.stats.split("-"))) for _ in range(n)])
        characters = tuple(next(living, pools["city"]) if a else pools["city"] for a in view.alive)
    return SimpleNamespace(players=view.players, alive=view.alive, phase=view.phase, day=view.day,
                           cast=view.cast, characters=characters)


class MafiaPlusTools(BoxLayout):
    screen = ObjectProperty(None, rebind=True)


class MafiaPlusOverlays(FloatLayout):
    """The announcement curtain, the one undo question and the pause curtain, over a screen.
    ``rebind=True``: the kv rules read ``root.screen.<property>`` and must follow the screen set
    after the rule was applied (without it the curtain and the undo question never showed)."""

    screen = ObjectProperty(None, rebind=True)


load_kv(__file__)  # after the kv classes above exist


class MafiaPlusTable:
    """The Mafia+ part of every game screen (a mixin before ``GameScreen``)."""

    game = GAME
    phase = StringProperty("Mafia+")
    announcement = StringProperty("")
    paused = BooleanProperty(False)
    #: table announcements shown large over the screen until they are spoken (or read, in
    #: text-only mode); nothing else is asked of the table meanwhile
    curtain = StringProperty("")
    CURTAIN_ALWAYS = False  # True: every announcement shows large (the deal's "look in secret")

    # -- entering -------------------------------------------------------------------------
    def prepare(self, game: str | None = None, game_id: int | None = None, **params):
        self.announcement = ""  # a screen shows what is said while it is open, nothing older
        self.paused = False
        self._in_prepare = True
        try:
            super().prepare(game, game_id, **params)
        finally:
            self._in_prepare = False
        self.app.watch_phones(self.session)  # phones follow the game open at the table (ui/phones)

    def on_leave(self, *args):
        self._stop_curtain()
        self.curtain = ""
        return super().on_leave(*args)

    @property
    def app(self):
        """The shell's services the table host does not wrap (narrator, sounds, phones)."""
        return self.table.app_services

    @property
    def engine(self):
        return self.session.engine

    def view(self, audience=TABLE):
        """The views; the table view computed once per commit (the route, the curtain and the
        drawing of one tap all read the same frozen view)."""
        if audience != TABLE:
            return self.session.view(audience)
        key = (id(self.session), self.session.seq)
        cached = getattr(self, "_table_view", None)
        if cached is None or cached[0] != key:
            cached = self._table_view = (key, self.session.view(TABLE))
        return cached[1]

    def route_target(self) -> str | None:
        return flow.route_for(self.view())

    def setting(self, key: str, default):
        try:
            return type(default)(self.table.store.get_setting(key, default))
        except (TypeError, ValueError):
            return default

    def wrong_screen(self, view) -> bool:
        """Go where the state belongs if that is another screen (next frame while the app is still
        switching to this one); True when this screen should not draw."""
        target = flow.route_for(view)
        if target == self.name:
            return False
        if getattr(self, "_in_prepare", False):
            Clock.schedule_once(lambda *_: self.go(target), 0)
        elif self.manager is not None and self.manager.current == self.name:
            self.go(target)
        return True

    def _here(self) -> bool:
        return self.manager is not None and self.manager.current == self.name and self.session is not None

    # -- one commit -------------------------------------------------------------------------
    def on_commit(self, session, events) -> None:
        """Say the public lines and show them; the curtain holds the route until they are said."""
        if session is not self.session:
            self.session = session
        self.can_undo = session.can_undo
        lines = self.public_lines(events)
        self.say_lines(lines)
        if lines and (self.CURTAIN_ALWAYS or self.route_target() != self.name):
            self.show_curtain(lines)  # e.g. the sentence, before the night falls
            return
        if self.follow_route():
            return
        self.show(events)

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
        if self._here() and not self.follow_route():
            self.show([])

    @staticmethod
    def public_lines(events) -> list[str]:
        """TABLE events' words, except night calls (the night screen calls each role itself,
        padded to the same length) and an undo's own line (the question said what it takes back;
        a night choice's words would name seats)."""
        return [e.text for e in events if e.audience == TABLE and e.text and e.kind != "undone"
                and not str(e.data.get("line", "")).startswith("call.")]

    # -- always: pause, undo, repeat, my card ----------------------------------------------
    def toggle_pause(self) -> None:
        self.paused = not self.paused

    def undo_question_text(self) -> str:
        """The Mafia+ rule: a night choice never says whose, the deal says everyone looks again."""
        view = self.view()
        return flow.undo_question(view.undo_kind, view.phase, view.undo_words)

    def ask_undo(self) -> None:
        if self.session is not None and not self.view().undo_kind:
            self.error = "There is nothing to undo yet."
            return
        super().ask_undo()

    def confirm_undo(self) -> None:
        """Undo the last tap: the automatic moves after it (the night's ``Continue``s, the deal's
        ``Seen``s) go with it; the base takes the tap itself back and shows the result once."""
        try:
            while isinstance(self.session.last_action, AUTOMATIC):
                self.session.undo()
        except CompanionError as error:
            self.confirming_undo = False
            self.error = str(error)
            return
        super().confirm_undo()

    def repeat_last(self) -> None:
        """Say the last announcement again and show it large until it has been said."""
        lines = getattr(self, "_last_lines", None)
        if not lines and self.session is not None:  # after a restart: the last public lines
            lines = [t for t in self.view().log[-2:] if t]
        if not lines:
            self.error = "Nothing has been announced yet."
            return
        self.say_lines(lines)
        self.show_curtain(lines)

    def my_card(self) -> None:
        self.go("mafia_plus_card", back=self.name)
