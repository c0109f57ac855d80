"""One moment's views, per audience, for a reader that must not hold the state (issue 24).

The phones' web server runs on its own thread and renders what the table's session was at the last
commit. It gets a ``Views`` (``Session.views()``), never the state: each audience's view is
computed the first time it is asked for and kept (views are frozen, so any thread may read them).
A page is then given a reader bound to what it may see:

* ``for_seat(n)`` (``SeatViews``): the table view, seat n's own view and legal actions, and the
  reveal once the game is over - no other audience's (another seat's, a called role's);
* ``for_room()`` (``RoomViews``): the table view, and the reveal once the game is over.

So a seat's phone page cannot reach another seat's secret: the reader refuses it in words.

>>> from companion.games.mafia_sicily.engine import ENGINE
>>> views = Views(ENGINE, ENGINE.new({"players": 4}, 1))
>>> mine = views.for_seat(1)
>>> mine.mine.seat, mine.table.players, views.for_room().reveal is None
(1, 4, True)
>>> mine.view(Seat(2))
Traceback (most recent call last):
...
companion.views.NotYours: Seat 1's phone may not read another audience's view (Seat(n=2)).
"""

from __future__ import annotations

import threading
from typing import Any

from .engine import REVEAL, TABLE, Audience, Seat
from .errors import CompanionError


class NotYours(CompanionError):
    """A page asked for a view its reader may not give (another seat's, the reveal too early)."""


class Views:
    """The views of one state, each audience's computed on first ask and kept."""

    __slots__ = ("_engine", "_state", "_kept", "_lock")

    def __init__(self, engine, state) -> None:
        self._engine, self._state = engine, state
        self._kept: dict[Any, Any] = {}
        self._lock = threading.Lock()

    def view(self, audience: Audience) -> Any:
        """Any audience's view (the table thread's own use; pages get a bound reader)."""
        with self._lock:
            if audience not in self._kept:
                self._kept[audience] = self._engine.view(self._state, audience)
            return self._kept[audience]

    @property
    def table(self) -> Any:
        return self.view(TABLE)

    @property
    def over(self) -> bool:
        key = ("outcome",)
        with self._lock:
            if key not in self._kept:
                self._kept[key] = self._engine.outcome(self._state)
            return self._kept[key] is not None

    def legal_for(self, seat: int) -> tuple:
        """The actions ``seat`` itself may take now (engines that say whose actions are whose;
        otherwise none: a phone of such a game chooses nothing)."""
        by_seat = getattr(self._engine, "legal_actions_by_seat", None)
        if by_seat is None:
            return ()
        key = ("legal",)
        with self._lock:
            if key not in self._kept:
                self._kept[key] = by_seat(self._state)
            return tuple(self._kept[key].get(seat) or ())

    def for_seat(self, seat: int) -> "SeatViews":
        return SeatViews(self, seat)

    def for_room(self) -> "RoomViews":
        return RoomViews(self)


class SeatViews:
    """What one seat's phone may read: the table, its own view and actions, no other seat's."""

    __slots__ = ("_views", "seat")

    def __init__(self, views: Views, seat: int) -> None:
        self._views, self.seat = views, seat

    @property
    def table(self) -> Any:
        return self._views.table

    @property
    def mine(self) -> Any:
        return self._views.view(Seat(self.seat))

    @property
    def legal(self) -> tuple:
        return self._views.legal_for(self.seat)

    @property
    def over(self) -> bool:
        return self._views.over

    def view(self, audience: Audience) -> Any:
        if audience == REVEAL:
            if not self._views.over:
                raise NotYours("The reveal is shown only once the game is over.")
        elif audience != TABLE and audience != Seat(self.seat):
            raise NotYours(f"Seat {self.seat}'s phone may not read another audience's view ({audience!r}).")
        return self._views.view(audience)


class RoomViews:
    """What the room's public screen may read: the table view, the reveal once the game is over."""

    __slots__ = ("_views",)

    def __init__(self, views: Views) -> None:
        self._views = views

    @property
    def table(self) -> Any:
        return self._views.table

    @property
    def over(self) -> bool:
        return self._views.over

    @property
    def reveal(self) -> Any:
        return self._views.view(REVEAL) if self._views.over else None
