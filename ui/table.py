"""The table host: the one owner of the games open at the table, and their one listener.

boardgame.io's client is the model: one object hosts a game for every input (a tap, a button, a
phone) and tells everyone once. The host opens and starts sessions (``open``, ``start``), is the
only subscriber of each, and after every commit, in this order:

1. says the lines of the game's speaking policy (its manifest's ``speak``); an undo first hushes
   what is being said (it told of the move just taken back, or of one after it),
2. tells its followers (the phones' desk), and
3. hands the commit to the current screen, if it is a screen of that game (``on_commit``).

So a tap does its work once, however many screens of the game have been visited, and no screen
ever subscribes to a session itself. Kivy-free: the app wires the four callables (store,
navigation, narrator, status line) and tells the host which screen is current.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterable

from companion.engine import Event

from ui.manifest import manifest_of, normalise

log = logging.getLogger(__name__)

Follower = Callable[[Any, list[Event]], None]


class TableHost:
    def __init__(self, store: Callable[[], Any], *, go: Callable[[Any], None] | None = None,
                 say: Callable[..., None] | None = None, hush: Callable[[], None] | None = None,
                 set_phase: Callable[[str], None] | None = None, services: Any = None):
        self._store = store
        self._go = go
        self._say = say
        self._hush = hush
        self._set_phase = set_phase
        self.app_services = services  # the app, for the shell services not wrapped here (sparingly)
        self._followers: list[Follower] = []
        self._screen = None
        self._subscribed: set[int] = set()  # ids of the sessions this host listens to
        #: engine name -> the open session of that game; putting one in makes the host its listener
        self.sessions: dict[str, Any] = _OpenSessions(self)

    # -- the store and the games open ------------------------------------------------------
    @property
    def store(self):
        return self._store()

    def open(self, game: str, game_id: int | None = None, *, new_if_none: bool = True):
        """The session of ``game``: the one asked for (``game_id``); else the one open (finished
        too: its last screen shows it); else the newest unfinished one in the store; else a new
        one with the default config (None when ``new_if_none`` is False)."""
        from companion.session import Session  # imported when a game opens, not at start-up

        game = _engine_name(game)
        current = self.sessions.get(game)
        if game_id is not None and (current is None or current.game_id != game_id):
            current = Session.resume(self.store, game_id)
        if current is None:
            for record in self.store.unfinished_games():
                if record.game == game:
                    current = Session.resume(self.store, record.id)
                    break
        if current is None:
            if not new_if_none:
                return None
            current = Session.start(self.store, game, {})
        return self.adopt(current)

    def start(self, game: str, config: dict | None = None, seed: int | None = None):
        """A new game of ``game``; it becomes the open one."""
        from companion.session import Session

        return self.adopt(Session.start(self.store, _engine_name(game), dict(config or {}), seed=seed))

    def adopt(self, session):
        """Make ``session`` the open session of its game (and listen to it)."""
        self.sessions[session.engine.name] = session
        return session

    def close(self, game: str) -> None:
        """Forget the open session of ``game`` (it stays in the store)."""
        self.sessions.pop(_engine_name(game), None)

    def _listen(self, session) -> None:
        if id(session) not in self._subscribed:
            session.subscribe(self._committed)
            self._subscribed.add(id(session))

    def _stop_listening(self, session) -> None:
        session.unsubscribe(self._committed)
        self._subscribed.discard(id(session))

    # -- who hears of a commit -------------------------------------------------------------
    def follow(self, follower: Follower) -> None:
        """``follower(session, events)`` after each commit of any open game (the phones' desk)."""
        if follower not in self._followers:
            self._followers.append(follower)

    def unfollow(self, follower: Follower) -> None:
        if follower in self._followers:
            self._followers.remove(follower)

    def show_on(self, screen) -> None:
        """The screen now showing (the app calls this on every change of screen), or None."""
        self._screen = screen

    @property
    def screen(self):
        return self._screen

    def _committed(self, session, events: list[Event]) -> None:
        if self.sessions.get(session.engine.name) is not session:
            return  # a session replaced since (a new game): it has nobody to tell
        if any(e.kind == "undone" for e in events):
            self.hush()
        manifest = manifest_of(session.engine.name)
        if manifest is not None:
            try:
                lines = manifest.lines_for(session, events)
            except Exception:  # a wording bug must never stop a commit from being shown
                log.exception("the speaking policy of %s failed", session.engine.name)
                lines = []
            for line in lines:
                self.say(line)
        for follower in list(self._followers):
            try:
                follower(session, events)
            except Exception:
                log.exception("a follower of %s failed", session.engine.name)
        screen = self._screen
        if screen is not None and _game_of(screen) == session.engine.name and hasattr(screen, "on_commit"):
            screen.on_commit(session, events)

    # -- the shell's services, as the screens need them ------------------------------------
    def go(self, route) -> None:
        if self._go is not None:
            self._go(route)

    def say(self, text: str, chime: bool = False) -> None:
        """Say ``text`` (never raises; nothing when narration has not started)."""
        if not text or self._say is None:
            return
        try:
            self._say(text, chime=chime)
        except Exception:  # the narrator never stops the game
            log.exception("narration failed for %r", text)

    def hush(self) -> None:
        """Stop what is being said and forget what is queued (never raises)."""
        if self._hush is None:
            return
        try:
            self._hush()
        except Exception:  # the narrator never stops the game
            log.exception("hushing the narration failed")

    def set_phase(self, text: str) -> None:
        if self._set_phase is not None:
            self._set_phase(text)

    def open_games(self) -> Iterable[Any]:
        return list(self.sessions.values())


class _OpenSessions(dict):
    """The open sessions by engine name: the host listens to exactly the ones in here."""

    def __init__(self, host: TableHost):
        super().__init__()
        self._host = host

    def __setitem__(self, game, session) -> None:
        old = self.get(game)
        if old is not None and old is not session:
            self._host._stop_listening(old)
        super().__setitem__(game, session)
        self._host._listen(session)

    def pop(self, game, *default):
        session = super().pop(game, *default)
        if session is not None:
            self._host._stop_listening(session)
        return session

    def __delitem__(self, game) -> None:
        self.pop(game)


def _engine_name(game: str) -> str:
    """``mafia_plus`` / ``mafia-plus`` -> the registered engine name."""
    return normalise(game)


def _game_of(screen) -> str | None:
    game = getattr(screen, "game", None)
    return normalise(game) if isinstance(game, str) and game else None
