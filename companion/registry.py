"""The registry of games: every package under ``companion.games`` that exposes ``ENGINE``.

Discovery instead of a hand-kept list, so that adding a game is "one more package" and two
people adding games never edit the same file.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from . import games as _games_pkg
from .engine import Engine
from .errors import UnknownGame


@lru_cache(maxsize=1)
def _engines() -> dict[str, Engine]:
    found: dict[str, Engine] = {}
    for info in sorted(pkgutil.iter_modules(_games_pkg.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{_games_pkg.__name__}.{info.name}")
        engine = getattr(module, "ENGINE", None)
        if isinstance(engine, Engine):
            found[engine.name] = engine
    return found


def names() -> list[str]:
    """Registered game names, e.g. ``['dice', 'mafia-plus']``."""
    return list(_engines())


def engines() -> list[Engine]:
    return list(_engines().values())


def get(name: str) -> Engine:
    """The engine called ``name``; imports only its own package when the name follows the
    convention (engine ``mafia-plus`` lives in ``companion.games.mafia_plus``), so opening one
    game does not pay for importing the other five."""
    package = name.replace("-", "_")
    if package.isidentifier():
        try:
            module = importlib.import_module(f"{_games_pkg.__name__}.{package}")
        except ModuleNotFoundError as err:
            if err.name != f"{_games_pkg.__name__}.{package}":
                raise
        else:
            engine = getattr(module, "ENGINE", None)
            if isinstance(engine, Engine) and engine.name == name:
                return engine
    try:
        return _engines()[name]
    except KeyError:
        raise UnknownGame(f"There is no game called '{name}'. Known games: {', '.join(names())}.") from None
