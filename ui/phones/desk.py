"""The table's side of the phones (Kivy-free): which game they follow, linking seats, and running
every phone's action on the table's own thread.

The web server runs on its own thread; the session and its SQLite connection belong to the table
(Kivy) thread. So the server only *reads* an immutable snapshot - the commit's views per audience
(``Session.views()``), never the state: a page is handed a reader bound to its own seat - and
hands every action to ``run_on_table`` — the app passes a function that puts it on the hardware
hub's queue, the same way a GPIO button's press arrives. The answer comes back in a Future.

A confirmation that records nothing (a decoy night panel) takes the very same trip through the
table thread as one that records, so a dead role's phone answers as a living one's does.
"""

from __future__ import annotations

import concurrent.futures
import logging
from dataclasses import dataclass
from typing import Any, Callable

from companion.engine import Seat
from companion.errors import CompanionError
from companion.views import Views

from . import pages
from .links import Links

log = logging.getLogger(__name__)
LINKS_SETTING = "phones.links.{game_id}"


@dataclass(frozen=True)
class Snapshot:
    """What the phones follow: one game's views at its last commit (per audience, never the state)."""

    game: str
    game_id: int
    views: Views
    seq: int
    #: the night call the table is making now: (key, words, the views when it was called), or None.
    #: Phones follow the table's padded calls, not the engine's steps: a living role that chose
    #: early moves the engine on at once, and a phone must not show that before the table does.
    call: tuple[str, str, Views] | None = None
    #: the table's countdown as it reads now ("4:53"), "" when none runs (public)
    timer: str = ""


def _moment(table) -> tuple:
    """Which night a table view is at (a call belongs to its night)."""
    return getattr(table, "phase", None), getattr(table, "night", None)


class PhoneDesk:
    def __init__(self, run_on_table: Callable[[Callable[[], None]], None], store=None) -> None:
        self._run = run_on_table
        self._store = store
        self.links = Links(save=self._save_links)
        self._session = None
        self._snapshot: Snapshot | None = None
        self._call: tuple[str, str, Views] | None = None
        self._timer = ""
        #: called (on the table thread) with the seats whose phone is connected now
        self.on_connected: Callable[[frozenset[int]], None] | None = None
        #: called (on the table thread) after a phone's action was recorded
        self.on_acted: Callable[[Any], None] | None = None
        self.connected: frozenset[int] = frozenset()
        self._publish: Callable[[], None] = lambda: None
        self._listening = False

    # -- the game the phones follow (table thread) -------------------------------------------
    def watch(self, session, listen: bool = True) -> None:
        """Follow ``session`` (the game open at the table); its phones' links come from the store.
        ``listen=False``: the table host tells the desk of each commit (``committed``) instead of
        the desk subscribing itself (a desk used on its own, as in the phone tests, listens)."""
        if session is self._session:
            return
        if self._session is not None and self._listening:
            self._session.unsubscribe(self.committed)
        self._session = session
        self._listening = listen
        self._call = None
        saved = None
        if self._store is not None:
            saved = self._store.get_setting(LINKS_SETTING.format(game_id=session.game_id), None)
        self.links.use_game(session.game_id, saved if isinstance(saved, dict) else None)
        if listen:
            session.subscribe(self.committed)
        self._take_snapshot()

    def committed(self, session, _events) -> None:
        """After each commit (the table host tells the desk, as one of its followers)."""
        if session is self._session:
            self._take_snapshot()

    def _take_snapshot(self) -> None:
        s = self._session
        views = s.views()
        if self._call is not None and _moment(views.table) != _moment(self._call[2].table):
            self._call = None  # a call belongs to its night: the next night starts with none
        self._snapshot = Snapshot(s.engine.name, s.game_id, views, s.seq, self._call, self._timer)
        self._publish()

    def set_timer(self, text: str) -> None:
        """The table's countdown reads ``text`` now ("" when none runs): phones show it too."""
        if text != self._timer and self._session is not None:
            self._timer = text
            self._take_snapshot()

    def set_call(self, key: str | None, text: str = "") -> None:
        """The table calls ``key`` now (None: no call): every phone shows it at the same moment."""
        if self._session is None:
            return
        self._call = (key, text, self._session.views()) if key else None
        self._take_snapshot()

    def snapshot(self) -> Snapshot | None:
        return self._snapshot

    def set_publisher(self, publish: Callable[[], None]) -> None:
        self._publish = publish

    # -- linking (table thread) -----------------------------------------------------------------
    def link(self, seat: int, code: str) -> None:
        """Raises ``LinkError`` with a sentence when no waiting phone shows ``code``."""
        self.links.link(seat, code)
        self._publish()

    def unlink(self, seat: int) -> None:
        """The seat has no phone any more: its socket is told and closed at once."""
        self.links.unlink(seat)
        self._publish()

    def is_linked(self, seat: int) -> bool:
        return seat in self.links.linked_seats()

    def _save_links(self, game_id: int, seats: dict[str, int]) -> None:
        if self._store is not None:
            try:
                self._store.set_setting(LINKS_SETTING.format(game_id=game_id), seats)
            except CompanionError as error:  # a full disk: the link still holds until a restart
                log.warning("phone links not saved: %s", error)

    # -- phones' requests (server thread -> table thread -> Future) ------------------------------
    def request(self, seat: int, kind: str, key: str, index: Any) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._run(lambda: self._do(seat, kind, key, index, future))
        return future

    def _do(self, seat: int, kind: str, key: str, index: Any, future) -> None:
        try:
            future.set_result(self._act(seat, kind, key, index))
        except Exception as error:  # a phone must never stop the table's clock
            if not isinstance(error, CompanionError):
                log.exception("a phone's %s failed", kind)
            future.set_result({"t": "error", "text": str(error) if isinstance(error, CompanionError)
                               else "The table could not take that. Try again."})

    def _act(self, seat: int, kind: str, key: str, index: Any) -> dict:
        session = self._session
        if session is None:
            return {"t": "error", "text": "No game is open at the table."}
        game = pages.for_game(session.engine.name)
        now = session.views()
        mine = now.for_seat(seat)
        if kind == "choose":
            call = self._call
            if call is None or call[0] != key:
                return {"t": "error", "text": "That call is over."}
            action = game.choose(mine, pages.bound(call, seat), key, index)
            if action is None:  # a panel nobody can play now: the same answer, nothing recorded
                return {"t": "done", "answer": game.decoy_answer(now.table, key)}
        elif kind == "vote":
            action = game.vote(mine, key, index)
        else:
            return {"t": "error", "text": "The table does not know that request."}
        events = session.act(action)
        if self.on_acted is not None:
            self.on_acted(action)
        told = [e.text for e in events if e.audience == Seat(seat) and e.kind == "private"]
        if kind == "choose":
            return {"t": "done", "answer": told[0] if told and game.answers(now.table, key) else
                    game.decoy_answer(now.table, key)}
        return {"t": "voted", "text": "Your vote is in."}

    # -- connections (server thread) ------------------------------------------------------------
    def set_connected(self, seats: frozenset[int]) -> None:
        if seats == self.connected:
            return
        self.connected = seats
        callback = self.on_connected
        if callback is not None:
            self._run(lambda: callback(seats))
