"""Which module says what a game's phones show: ``ui/games/<game>/phone.py`` when the game has one
(Mafia+: night panels, secret ballots), else ``Hand`` here: the seat's private view read as lines
(Mafia (Sicily)'s Family cards, Mafia Casino's safe and poker cards) behind hold-to-peek.

Every module answers the same few questions, all pure functions of (engine, state, seat):
``page`` (what the phone shows now), ``card`` (the private card, while held), ``panel`` /
``choose`` / ``decoy_answer`` / ``answers`` (night calls), ``vote`` (a secret ballot).
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from companion.engine import Seat
from companion.errors import CompanionError


class Refused(CompanionError):
    """A phone's message that this game does not take on phones."""


def for_game(game: str):
    """The phone module of ``game`` (an engine name such as "mafia-plus")."""
    try:
        return importlib.import_module(f"ui.games.{game.replace('-', '_')}.phone")
    except ModuleNotFoundError:
        return Hand(game)


def seat_names(game, engine, state) -> list[str]:
    """Each seat's name: the game module's ``names(engine, state)`` when it has one, else the
    state's ``players`` (names, or players with a ``name``; Mafia (Sicily) counts them and keeps
    ``names``).

    >>> class S: players, names = 2, ("Anna", "Ben")
    >>> seat_names(None, None, S())
    ['Anna', 'Ben']
    """
    own = getattr(game, "names", None)
    if callable(own):
        return list(own(engine, state))
    players = getattr(state, "players", ())
    if isinstance(players, int):
        names = tuple(getattr(state, "names", ()) or ())
        return [names[i] if i < len(names) else f"Player {i + 1}" for i in range(players)]
    return [p if isinstance(p, str) else str(getattr(p, "name", p)) for p in players]


def _words(value: Any) -> str:
    if dataclasses.is_dataclass(value):
        text = getattr(value, "text", None) or getattr(value, "name", None)
        return str(text) if text else ", ".join(_words(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, (tuple, list)):
        return ", ".join(_words(v) for v in value) or "none"
    return str(value)


def private_lines(view) -> list[str]:
    """A seat view's own fields as "Label: value" lines (the shared ``table`` part left out)."""
    lines = []
    for f in dataclasses.fields(view):
        if f.name in ("seat", "table"):
            continue
        value = getattr(view, f.name)
        if f.name == "hands" and isinstance(value, tuple):  # Sicily: (Family, cards) pairs
            lines += [f"{family}: {_words(cards)}" for family, cards in value]
            continue
        lines.append(f"{f.name.replace('_', ' ').capitalize()}: {_words(value)}")
    return lines


class Hand:
    """Phones for a game without a phone module: hold to see your own private view."""

    def __init__(self, game: str) -> None:
        self.title = game.replace("-", " ").title()

    def page(self, engine, state, seat: int, call=None) -> dict:
        return {"game": self.title, "dark": False, "can_peek": True, "night": None, "ballot": None,
                "players": [], "headline": self.title, "line": "Hold the button to see your cards."}

    def card(self, engine, state, seat: int) -> dict:
        return {"card": "", "title": "Your cards", "faction": "", "ability": "",
                "extra": "\n".join(private_lines(engine.view(state, Seat(seat))))}

    def panel(self, engine, state, seat: int, call=None) -> dict:
        return {"key": "", "title": "", "hint": "Nothing to choose now.", "choices": []}

    def choose(self, engine, state, called, seat, key, index):
        raise Refused("Nothing to choose now.")

    def vote(self, engine, state, seat, key, index):
        raise Refused("There is no vote for you now.")

    def answers(self, state, key) -> bool:
        return False

    def decoy_answer(self, state, key):
        return None
