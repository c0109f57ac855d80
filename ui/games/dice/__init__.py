"""Dice & Spinner: the app rolls and spins for any game (Kivy-free manifest; the screens live in
ui/screens because every game's table may open them)."""

from ui.manifest import GameManifest, HomeCard

def standing(view) -> str:
    """Where the dice stand, for Resume: "3 rolls"."""
    n = len(getattr(view, "results", ()) or ())
    return f"{n} roll{'' if n == 1 else 's'}" if n else "no rolls yet"


MANIFEST = GameManifest(
    game="dice",
    card=HomeCard("Dice & Spinner", "Rolls & spins", "⚄", "accent", order=90),
    standing="ui.games.dice:standing",  # Home's Resume and the History
    screens={"dice": "ui.screens.dice", "dice_entry": "ui.screens.dice_entry"},
    entry="dice",
    parent={"dice_entry": "dice"},
)
