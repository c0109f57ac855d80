"""One family of errors, each saying in words what was wrong (gpiozero's exc.py pattern).

The UI shows ``str(error)`` at the place of the tap; the CLI prints it on one line and exits 2.
"""


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class IllegalAction(CompanionError):
    """An action that the rules do not allow now; the state is left untouched."""


class ConfigError(CompanionError):
    """A game configuration a player must fix (wrong player count, unknown option...)."""


class UnknownGame(CompanionError):
    """A game name that is not registered."""


class BadActionData(CompanionError):
    """An action dictionary that is malformed (unknown kind, missing or wrong fields)."""


class StoreError(CompanionError):
    """The database could not record or read something (disk full, read-only file...)."""


class GameNotFound(StoreError):
    """No game with that id in the database."""


class NothingToUndo(CompanionError):
    """Undo was asked for but no action is left to take back."""
