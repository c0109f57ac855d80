"""Mafia (Sicily) screens (Kivy-free declaration; the screen modules are imported on first visit)."""

from ui.manifest import GameManifest, HomeCard


SCREENS = {
    "mafia_sicily_setup": "ui.games.mafia_sicily.setup",
    "mafia_sicily_table": "ui.games.mafia_sicily.table",
    "mafia_sicily_hand": "ui.games.mafia_sicily.hand",
    "mafia_sicily_scores": "ui.games.mafia_sicily.scores",
    "mafia_sicily_map": "ui.games.mafia_sicily.board",
    "mafia_sicily_victory": "ui.games.mafia_sicily.victory",
}
PARENT = {
    "mafia_sicily_hand": "mafia_sicily_table",
    "mafia_sicily_scores": "mafia_sicily_table",
    "mafia_sicily_map": "mafia_sicily_table",
    "mafia_sicily_table": "home",
}

MANIFEST = GameManifest(
    game="mafia-sicily",
    card=HomeCard("Mafia (Sicily)", "Assistant", "♠", "mafia", order=50),
    standing="ui.games.mafia_sicily.model:phase_text",  # Home's Resume and the History
    screens=SCREENS,
    entry="mafia_sicily_setup",
    parent=PARENT,
    route="ui.games.mafia_sicily.flow:route",
    speak="ui.games.mafia_sicily.flow:lines",
    phone="ui.games.mafia_sicily.phone",  # what its phones show (ui/phones/pages.py)
)
