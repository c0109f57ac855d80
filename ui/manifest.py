"""A game's manifest: everything the shared shell needs to know about a game, declared by the game.

Each ``ui/games/<package>/__init__.py`` (Kivy-free: it is read at start-up, before any screen)
defines ``MANIFEST = GameManifest(...)``: its home card, its screens, the screen a game opens on,
where Back goes, and — as ``"module:function"`` strings so that nothing is imported before the
game opens — which screen a state belongs on (``route``), what the narrator says after a commit
(``speak``), the sample game a screenshot shows (``sample``) and, as a module name, what its phones
show (``phone``). Home, the controller, the table host and the phones read the manifests; adding a game edits no shared file (docs/adding-a-game.md).

>>> m = GameManifest("dice", HomeCard("Dice & Spinner", "Rolls & spins", "⚄", "accent", 90),
...                  screens={"dice": "ui.screens.dice"}, entry="dice")
>>> m.card.title, m.entry, m.route is None
('Dice & Spinner', 'dice', True)
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping

#: Where manifests are looked for: each sub-package of these packages that defines ``MANIFEST``.
#: Tests may add a package path (``discover_in``) to register a game from outside ``ui/games``.
PACKAGES = ["ui.games"]


@dataclass(frozen=True)
class HomeCard:
    """A game's card on Home: its title, what the companion does at that table, the suit drawn on
    the card, its colour ("city", "mafia", "syndicate" or "accent") and its place (lower first)."""

    title: str
    role: str
    suit: str
    faction: str
    order: int = 50


@dataclass(frozen=True)
class GameManifest:
    game: str  # the engine's name in companion.registry
    card: HomeCard | None = None
    screens: Mapping[str, str] = field(default_factory=dict)  # screen name -> module exposing SCREEN
    entry: str = ""  # the screen a new or resumed game opens on
    parent: Mapping[str, str] = field(default_factory=dict)  # Back from a screen goes here, not Home
    route: str | None = None  # "module:function": (session | None) -> the screen the state belongs on
    speak: str | None = None  # "module:function": (session, events) -> lines to say after a commit
    sample: str | None = None  # "module:function": (table, screen name) -> Route of a sample game
    standing: str | None = None  # "module:function": table view -> "Round 3 · Ben's turn" (Home, History)
    #: the module of the game's phone page (``ui/phones/pages.py`` says its questions: page, card,
    #: panel...; each a function of views), or None: the phones show the seat's own view as lines
    phone: str | None = None

    def route_for(self, session) -> str | None:
        """The screen ``session``'s state belongs on, or None when the game does not say."""
        return _call(self.route, session)

    def lines_for(self, session, events) -> list[str]:
        """What the narrator says after a commit of this game (its speaking policy)."""
        return list(_call(self.speak, session, events) or [])

    def standing_of(self, view) -> str:
        """Where a game stands, in its table's own words, for Resume and History ("" if unsaid)."""
        return str(_call(self.standing, view) or "")

    def sample_route(self, table, screen: str):
        return _call(self.sample, table, screen)


def resolve(target: str | None) -> Callable[..., Any] | None:
    """``"package.module:function"`` -> the function (imported on first use)."""
    if not target:
        return None
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def _call(target: str | None, *args):
    function = resolve(target)
    return None if function is None else function(*args)


def normalise(game: str) -> str:
    """Engine names may be spelled with - or _ (package mafia_plus, engine mafia-plus)."""
    return game.strip().lower().replace("_", "-")


@lru_cache(maxsize=None)
def _discover(packages: tuple[str, ...]) -> tuple[GameManifest, ...]:
    found: list[GameManifest] = []
    for name in packages:
        package = importlib.import_module(name)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if not info.ispkg:
                continue
            manifest = getattr(importlib.import_module(f"{name}.{info.name}"), "MANIFEST", None)
            if isinstance(manifest, GameManifest):
                found.append(manifest)
    return tuple(found)


def manifests() -> list[GameManifest]:
    """Every game's manifest, in home-card order (games without a card last)."""
    return sorted(_discover(tuple(PACKAGES)), key=lambda m: (m.card is None, m.card.order if m.card else 0))


def manifest_of(game: str) -> GameManifest | None:
    game = normalise(game)
    for manifest in manifests():
        if normalise(manifest.game) == game:
            return manifest
    return None


def manifest_of_screen(screen: str) -> GameManifest | None:
    for manifest in manifests():
        if screen in manifest.screens:
            return manifest
    return None


def discover_in(package: str) -> None:
    """Also look for manifests in ``package`` (a test registering a game of its own)."""
    if package not in PACKAGES:
        PACKAGES.append(package)


def forget(package: str) -> None:
    if package in PACKAGES and package != "ui.games":
        PACKAGES.remove(package)
