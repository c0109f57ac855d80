"""The room's public screen (``/room``): what the table's shared screen shows and nothing more, for
any browser on the table's network (a TV, a laptop at the far end of a long table). No seat, no
cookie, nothing to send.

It is built from the table's view only: ``RoomViews.table`` (the game module's ``room``,
or ``Hand.room`` here), the countdown and the words of the table's current call (which every phone
gets too) - never from the raw state, so it cannot hold a secret. At night it follows the table's
calls, as the phones do, not the engine's steps. At the end, the reveal: what the table's end
screen shows everyone.
"""

from __future__ import annotations

from . import pages

WAITING = {"t": "room", "game": "", "headline": "Waiting for the table", "line": "", "dark": False,
           "timer": "", "players": [], "facts": [], "reveal": []}


def page(snap) -> dict:
    """The room's page for the desk's snapshot (None: no game open at the table)."""
    if snap is None:
        return dict(WAITING)
    game = pages.for_game(snap.game)
    shown = game.room(snap.views.for_room(), pages.for_room(snap.call))
    return {**WAITING, **shown, "t": "room", "timer": snap.timer}
