"""Mafia Casino screens: the app is the bank and the croupier (Kivy-free registration data)."""

from ui.manifest import GameManifest, HomeCard


SCREENS = {
    "mafia_casino_new": "ui.games.mafia_casino.new_game",
    "mafia_casino_table": "ui.games.mafia_casino.table",
    "mafia_casino_action": "ui.games.mafia_casino.action",
    "mafia_casino_poker": "ui.games.mafia_casino.poker",
    "mafia_casino_roulette": "ui.games.mafia_casino.roulette",
    "mafia_casino_slot": "ui.games.mafia_casino.slot",
    "mafia_casino_victory": "ui.games.mafia_casino.victory",
    "mafia_casino_ledger": "ui.games.mafia_casino.ledger",
    "mafia_casino_bank": "ui.games.mafia_casino.bank",
    "mafia_casino_phones": "ui.games.mafia_casino.phones",
}
PARENT = {
    "mafia_casino_action": "mafia_casino_table",
    "mafia_casino_poker": "mafia_casino_table",
    "mafia_casino_roulette": "mafia_casino_table",
    "mafia_casino_slot": "mafia_casino_table",
    "mafia_casino_ledger": "mafia_casino_table",
    "mafia_casino_bank": "mafia_casino_table",
    "mafia_casino_phones": "mafia_casino_table",
}

MANIFEST = GameManifest(
    game="mafia-casino",
    card=HomeCard("Mafia Casino", "Bank & croupier", "♦", "city", order=30),
    standing="ui.games.mafia_casino.logic:status_line",  # Home's Resume and the History
    screens=SCREENS,
    entry="mafia_casino_new",
    parent=PARENT,
    route="ui.games.mafia_casino.logic:route",  # the Game cards on their screens, the rest on the table
    speak="ui.games.mafia_casino.logic:lines",  # results and a change the tokens cannot make
    sample="ui.games.mafia_casino.logic:sample",  # --screenshot: a seeded game up to the screen
    phone="ui.games.mafia_casino.phone",  # what its phones show (ui/phones/pages.py)
)
