"""Which module says what a game's phones show: ``ui/games/<game>/phone.py`` when the game has one
(Mafia+: night panels, secret ballots; Mafia (Sicily) and Mafia Casino: their cards and safe in the
table's words), else ``Hand`` here: the seat's private view read as lines behind hold-to-peek.

The questions, all pure functions of (engine, state, seat): ``page`` (what the phone shows now),
``card`` (the private card, while held), ``panel`` / ``choose`` / ``decoy_answer`` / ``answers``
(night calls), ``vote`` (a secret ballot), ``names`` (each seat's name). A game module answers
only those it has; ``Hand`` answers the rest (nothing to choose, no vote).
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from companion.engine import TABLE, Seat
from companion.errors import CompanionError


class Refused(CompanionError):
    """A phone's message that this game does not take on phones."""


def for_game(game: str):
    """What ``game``'s phones show (an engine name such as "mafia-plus"): its own phone module,
    where a question it does not answer (no night, no vote) gets ``Hand``'s answer."""
    try:
        module = importlib.import_module(f"ui.games.{game.replace('-', '_')}.phone")
    except ModuleNotFoundError:
        return Hand(game)
    return _Defaults(module, Hand(game))


class _Defaults:
    """A game's phone module, with ``Hand`` answering what the module leaves out."""

    def __init__(self, module, hand: "Hand") -> None:
        self._module, self._hand = module, hand

    def __getattr__(self, name: str):
        found = getattr(self._module, name, None)
        return found if found is not None else getattr(self._hand, name)


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


def public_lines(view, leave_out=("seat", "table", "log", "players")) -> list[str]:
    """The table view's fields as "Label: value" lines (what the shared screen shows)."""
    if not dataclasses.is_dataclass(view):
        return []
    return [f"{f.name.replace('_', ' ').capitalize()}: {_words(getattr(view, f.name))}"
            for f in dataclasses.fields(view) if f.name not in leave_out]


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

    def room(self, engine, state, call=None) -> dict:
        """The room's screen: the table's view as lines (room.py); a game with a reveal at its
        end words it in its own module (Mafia+)."""
        return {"game": self.title, "headline": self.title, "line": "", "players": [],
                "facts": public_lines(engine.view(state, TABLE)), "reveal": []}

    def choose(self, engine, state, called, seat, key, index):
        raise Refused("Nothing to choose now.")

    def vote(self, engine, state, seat, key, index):
        raise Refused("There is no vote for you now.")

    def answers(self, state, key) -> bool:
        return False

    def decoy_answer(self, state, key):
        return None
