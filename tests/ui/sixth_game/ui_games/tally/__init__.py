"""Tally's screens package (as ``ui/games/tally/`` would be): its manifest, Kivy-free."""

from ui.manifest import GameManifest, HomeCard

MANIFEST = GameManifest(
    game="tally",
    card=HomeCard("Tally", "Counts the chips", "♣", "syndicate", order=95),
    screens={"tally_table": "ui.games.tally.table"},
    entry="tally_table",
    phone="ui.games.tally.phone",  # its phones' page, in its own folder
)
