"""Dice & Spinner: the app rolls and spins for any game (Kivy-free manifest; the screens live in
ui/screens because every game's table may open them)."""

from ui.manifest import GameManifest, HomeCard

MANIFEST = GameManifest(
    game="dice",
    card=HomeCard("Dice & Spinner", "Rolls & spins", "⚄", "accent", order=90),
    screens={"dice": "ui.screens.dice", "dice_entry": "ui.screens.dice_entry"},
    entry="dice",
    parent={"dice_entry": "dice"},
)
