"""Tally's phones (as ``ui/games/tally/phone.py`` would be): declared in its manifest and served by
ui/phones like the five games' pages, with no shared file edited. Read from views only: ``mine`` is
the seat's reader (companion.views.SeatViews)."""

TITLE = "Tally"


def page(mine, call=None) -> dict:
    return {"game": TITLE, "dark": False, "can_peek": False, "night": None, "ballot": None,
            "players": [], "headline": "Tally: count your chips",
            "line": f"Seat {mine.seat + 1}: say your count when the table asks."}
