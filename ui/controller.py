"""Which screen follows which: the app's flow as plain data and functions, without Kivy.

The app asks the controller where to go (``open_game``, ``resume``, ``back``...) and gets a
``Route``; it never decides flow itself, so the flow is tested in a plain interpreter
(tests/ui/test_controller.py).

Adding a game's screens later (the whole registration is two dictionaries):

1. write ``ui/games/<game>/<screen>.py`` (+ ``<screen>.kv`` beside it) exposing ``SCREEN``;
2. declare ``SCREENS``, ``GAME_ENTRY`` (and ``PARENT``) in ``ui/games/<game>/__init__.py``
   (Kivy-free); they are merged into the tables below at import, and the screen modules are
   imported lazily, on first visit. The home card then opens the entry screen and unfinished
   games resume there instead of the "coming soon" card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Mapping

# screen name -> module (lazily imported by the app; the module exposes SCREEN)
SCREENS: dict[str, str] = {
    "home": "ui.screens.home",
    "dice": "ui.screens.dice",
    "dice_entry": "ui.screens.dice_entry",
    "coming_soon": "ui.screens.coming_soon",
    "settings": "ui.screens.settings",
    "history": "ui.screens.history",
    "register_tag": "ui.screens.register_tag",
    "power_menu": "ui.screens.power_menu",
    "your_box": "ui.screens.your_box",
}

# engine name -> the screen a new or resumed game of it opens on
GAME_ENTRY: dict[str, str] = {
    "dice": "dice",
}

# screens reached from another screen go back there, not home
PARENT: dict[str, str] = {
    "dice_entry": "dice",
    # opened from settings; opened by a tag or the power buttons they return where they were
    "register_tag": "settings",
    "power_menu": "settings",
    "your_box": "settings",  # from a game's new-game screen it returns there (open_overlay)
}


def _merge_game_packages() -> None:
    """Add the tables each ``ui/games/<game>/__init__.py`` declares (Kivy-free plain data)."""
    import importlib
    import pkgutil

    import ui.games

    for info in sorted(pkgutil.iter_modules(ui.games.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        package = importlib.import_module(f"ui.games.{info.name}")
        SCREENS.update(getattr(package, "SCREENS", {}))
        GAME_ENTRY.update(getattr(package, "GAME_ENTRY", {}))
        PARENT.update(getattr(package, "PARENT", {}))


_merge_game_packages()


@dataclass(frozen=True)
class GameCard:
    game: str  # engine name in companion.registry
    title: str
    role: str  # what the companion does at this table
    suit: str  # the card suit shown on the card (Mafia+ factions by suit)
    faction: str  # "city", "mafia", "syndicate" or "accent": the card's colour


HOME_GAMES: tuple[GameCard, ...] = (
    GameCard("mafia-plus", "Mafia+", "Game Master", "♥", "city"),
    GameCard("il-capo", "Il Capo", "Underboss & bank", "♠", "mafia"),
    GameCard("mafia-casino", "Mafia Casino", "Bank & croupier", "♦", "city"),
    GameCard("contract", "Contract", "Scorekeeper", "♣", "syndicate"),
    GameCard("mafia-sicily", "Mafia (Sicily)", "Assistant", "♠", "mafia"),
)
DICE_CARD = GameCard("dice", "Dice & Spinner", "Rolls & spins", "⚄", "accent")


@dataclass(frozen=True)
class Route:
    screen: str
    params: Mapping[str, Any] = field(default_factory=dict)


def normalise(game: str) -> str:
    """Engine names may be spelled with - or _ (package mafia_plus, engine mafia-plus)."""
    return game.strip().lower().replace("_", "-")


class Controller:
    """The flow of the app. ``registered`` is ``companion.registry.names()`` (injected)."""

    def __init__(self, registered: Iterable[str]):
        self.registered = {normalise(n) for n in registered}

    # -- what exists -----------------------------------------------------------------------
    @staticmethod
    def screen_names() -> list[str]:
        return list(SCREENS)

    def engine_exists(self, game: str) -> bool:
        return normalise(game) in self.registered

    def has_screens(self, game: str) -> bool:
        return normalise(game) in {normalise(g) for g in GAME_ENTRY} and self.engine_exists(game)

    def card_status(self, card: GameCard) -> str:
        """``ready`` (playable), ``engine`` (rules built, screens not yet) or ``soon``."""
        if self.has_screens(card.game):
            return "ready"
        return "engine" if self.engine_exists(card.game) else "soon"

    def cards(self) -> list[tuple[GameCard, str]]:
        return [(card, self.card_status(card)) for card in (*HOME_GAMES, DICE_CARD)]

    # -- where to go -----------------------------------------------------------------------
    def home(self) -> Route:
        return Route("home")

    def open_game(self, game: str) -> Route:
        """A home card was tapped."""
        if self.has_screens(game):
            return Route(self._entry(game), {"game": normalise(game)})
        return Route("coming_soon", {"game": normalise(game), "engine": self.engine_exists(game)})

    def resume(self, game: str, game_id: int) -> Route:
        """An unfinished game was picked from the Resume list."""
        if self.has_screens(game):
            return Route(self._entry(game), {"game": normalise(game), "game_id": game_id})
        return Route("coming_soon", {"game": normalise(game), "engine": self.engine_exists(game),
                                     "game_id": game_id})

    def physical_entry(self) -> Route:
        """"Enter what the real dice / spinner show" from the dice screen."""
        return Route("dice_entry")

    def back(self, screen: str) -> Route:
        return Route(PARENT.get(screen, "home"))

    def after_finish(self, game: str) -> Route:
        """The game's outcome is set (or the dice were put away)."""
        return Route("home")

    def sample_coming_soon(self) -> Route:
        """For screenshots: the first home game without screens (or a generic one)."""
        for card, status in self.cards():
            if status != "ready":
                return self.open_game(card.game)
        return Route("coming_soon", {"game": "a future game", "engine": False})

    def title_of(self, game: str) -> str:
        for card in (*HOME_GAMES, DICE_CARD):
            if normalise(card.game) == normalise(game):
                return card.title
        return game

    def _entry(self, game: str) -> str:
        return {normalise(g): s for g, s in GAME_ENTRY.items()}[normalise(game)]


def resume_label(title: str, started: str) -> str:
    """``Dice & Spinner · started 21:04`` for the Resume list (``started`` is ISO time).

    The store keeps UTC; the table reads its own local time (tests/ui/test_controller.py).
    """
    try:
        clock = datetime.fromisoformat(started).astimezone().strftime("%H:%M")
    except ValueError:
        clock = started
    return f"{title} · {clock}"
