"""Drops the test folder's sixth game into an interpreter started with this folder on PYTHONPATH:
its two folders are added to the package paths the app already scans (``companion.games`` for
engines and BOX_FIELDS, ``ui.games`` for manifests), the way a real game's two folders would sit
in the tree. Nothing else is registered by hand."""

from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

try:
    import companion.games
    import ui.games

    companion.games.__path__.append(str(HERE / "companion_games"))
    ui.games.__path__.append(str(HERE / "ui_games"))
except Exception as error:  # never stop an interpreter from starting
    import sys

    print(f"sixth_game: not added ({error})", file=sys.stderr)
