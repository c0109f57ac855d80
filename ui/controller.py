"""Which screen follows which: the app's flow as plain data and functions, without Kivy.

The app asks the controller where to go (``open_game``, ``resume``, ``back``...) and gets a
``Route``; it never decides flow itself, so the flow is tested in a plain interpreter
(tests/ui/test_controller.py).

A game's screens, entry screen, Back targets and home card come from its manifest
(``ui/manifest.py``, declared in ``ui/games/<game>/__init__.py``); the screen modules are imported
lazily, on first visit. See docs/adding-a-game.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Mapping

from ui.manifest import manifests, normalise

# screen name -> module (lazily imported by the app; the module exposes SCREEN): the shell's own
# screens here, each game's from its manifest (ui/manifest.py)
SHELL_SCREENS: dict[str, str] = {
    "home": "ui.screens.home",
    "coming_soon": "ui.screens.coming_soon",
    "settings": "ui.screens.settings",
    "history": "ui.screens.history",
    "register_tag": "ui.screens.register_tag",
    "power_menu": "ui.screens.power_menu",
    "your_box": "ui.screens.your_box",
}

# screens reached from another screen go back there, not home
SHELL_PARENT: dict[str, str] = {
    # opened from settings; opened by a tag or the power buttons they return where they were
    "register_tag": "settings",
    "power_menu": "settings",
    "your_box": "settings",  # from a game's new-game screen it returns there (open_overlay)
}

SCREENS: dict[str, str] = dict(SHELL_SCREENS)
GAME_ENTRY: dict[str, str] = {}  # engine name -> the screen a new or resumed game of it opens on
PARENT: dict[str, str] = dict(SHELL_PARENT)


def _merge_manifests() -> None:
    """Add what each game's manifest declares (Kivy-free plain data)."""
    for manifest in manifests():
        SCREENS.update(manifest.screens)
        PARENT.update(manifest.parent)
        if manifest.entry:
            GAME_ENTRY[manifest.game] = manifest.entry


_merge_manifests()


@dataclass(frozen=True)
class GameCard:
    """A card on Home, as the controller hands it to the home screen."""

    game: str  # engine name in companion.registry
    title: str
    role: str  # what the companion does at this table
    suit: str  # the card suit shown on the card (Mafia+ factions by suit)
    faction: str  # "city", "mafia", "syndicate" or "accent": the card's colour


def home_cards() -> list[GameCard]:
    """Every game's home card, in the order the manifests give."""
    return [GameCard(m.game, m.card.title, m.card.role, m.card.suit, m.card.faction)
            for m in manifests() if m.card is not None]


@dataclass(frozen=True)
class Route:
    screen: str
    params: Mapping[str, Any] = field(default_factory=dict)


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
        return [(card, self.card_status(card)) for card in home_cards()]

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
        for card in home_cards():
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
