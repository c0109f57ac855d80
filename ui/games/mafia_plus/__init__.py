"""Mafia+ at the table: the app is the Game Master (setup, secret deal, night, day, vote, reveal).

Kivy-free plain data for the controller (ui/games/__init__.py). The flow between the game screens
is decided by ``flow.route`` from the table view (route by phase; the deal's progress is in the
log), so a resumed game lands on the screen of its exact step. The sample game each screen's
picture shows (``--screenshot``) is ``common.sample``. See docs/mafia-plus-table.md.
"""

from ui.manifest import GameManifest, HomeCard


SCREENS = {
    "mafia_plus_setup": "ui.games.mafia_plus.setup",
    "mafia_plus_deal": "ui.games.mafia_plus.deal",
    "mafia_plus_card": "ui.games.mafia_plus.card",
    "mafia_plus_night": "ui.games.mafia_plus.night",
    "mafia_plus_day": "ui.games.mafia_plus.day",
    "mafia_plus_vote": "ui.games.mafia_plus.vote",
    "mafia_plus_end": "ui.games.mafia_plus.end",
    "mafia_plus_stats": "ui.games.mafia_plus.stats_screen",
}
PARENT = {"mafia_plus_stats": "mafia_plus_setup"}

def standing(view) -> str:
    """Where a game stands, for Resume: "Night 2", "Day 1", "The deal", "Game over"."""
    phase = getattr(view, "phase", "")
    if phase == "night":
        return f"Night {view.night}"
    if phase == "day":
        return f"Day {view.day}"
    return {"deal": "The deal", "over": "Game over"}.get(phase, "")


MANIFEST = GameManifest(
    game="mafia-plus",
    card=HomeCard("Mafia+", "Game Master", "♥", "city", order=10),
    standing="ui.games.mafia_plus:standing",  # Home's Resume and the History
    screens=SCREENS,
    entry="mafia_plus_setup",
    parent=PARENT,
    route="ui.games.mafia_plus.flow:route",
    sample="ui.games.mafia_plus.common:sample",
    phone="ui.games.mafia_plus.phone",  # what its phones show (ui/phones/pages.py)
)
