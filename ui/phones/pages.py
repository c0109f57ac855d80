"""Which module says what a game's phones show: the one its manifest names (``GameManifest.phone``:
Mafia+: night panels, secret ballots; Mafia (Sicily) and Mafia Casino: their cards and safe in the
table's words), else ``Hand`` here: the seat's private view read as lines behind hold-to-peek. No
game is named here: a new game's phones need only its manifest (docs/adding-a-game.md).

The questions are pure functions of views, never of the state (issue 24): a seat's questions get
``mine``, a reader bound to that seat (``companion.views.SeatViews``: the table view, the seat's own
view and legal actions, and no other seat's), the room's get a ``RoomViews`` (the table view, the
reveal at the end). ``page(mine, call)`` (what the phone shows now), ``card(mine)`` (the private
card, while held), ``panel(mine, call)`` / ``choose(mine, call, key, index)`` /
``decoy_answer(table, key)`` / ``answers(table, key)`` (night calls), ``vote(mine, key, index)``
(a secret ballot), ``names(table)`` (each seat's name), ``room(room, call)``. A night ``call`` is
(key, words, the reader of the views when it was called, bound as the question's own). A game
module answers only those it has; ``Hand`` answers the rest (nothing to choose, no vote).
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from companion.errors import CompanionError
from ui.manifest import manifest_of


class Refused(CompanionError):
    """A phone's message that this game does not take on phones."""


def for_game(game: str):
    """What ``game``'s phones show (an engine name such as "mafia-plus"): the phone module its
    manifest declares, where a question it does not answer (no night, no vote) gets ``Hand``'s
    answer; ``Hand`` alone for a game that declares none."""
    manifest = manifest_of(game)
    hand = Hand(manifest.card.title if manifest is not None and manifest.card is not None else game)
    if manifest is None or not manifest.phone:
        return hand
    return _Defaults(importlib.import_module(manifest.phone), hand)


class _Defaults:
    """A game's phone module, with ``Hand`` answering what the module leaves out."""

    def __init__(self, module, hand: "Hand") -> None:
        self._module, self._hand = module, hand

    def __getattr__(self, name: str):
        found = getattr(self._module, name, None)
        return found if found is not None else getattr(self._hand, name)


def bound(call, seat: int):
    """A night call (key, words, the views when called) with its views bound to ``seat``."""
    return None if call is None else (call[0], call[1], call[2].for_seat(seat))


def for_room(call):
    """A night call with its views as the room may read them (the table's only)."""
    return None if call is None else (call[0], call[1], call[2].for_room())


def seat_names(game, table) -> list[str]:
    """Each seat's name: the game module's ``names(table)`` when it has one, else the table view's
    ``players`` (names, or players with a ``name``).

    >>> class T: players = ("Anna", "Ben")
    >>> seat_names(None, T())
    ['Anna', 'Ben']
    """
    own = getattr(game, "names", None)
    if callable(own):
        return list(own(table))
    players = getattr(table, "players", ())
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


def _pairs(value: Any) -> bool:
    """A tuple of (label, values) pairs, such as hands by side."""
    return (isinstance(value, tuple) and bool(value)
            and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) for v in value))


def private_lines(view) -> list[str]:
    """A seat view's own fields as "Label: value" lines (the shared ``table`` part left out; a
    field of (label, values) pairs, such as hands by side, a line per pair).

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class V:
    ...     seat: int
    ...     hands: tuple
    ...     money: int
    >>> private_lines(V(0, (("red", ("a", "b")),), 5))
    ['red: a, b', 'Money: 5']
    """
    lines = []
    for f in dataclasses.fields(view):
        if f.name in ("seat", "table"):
            continue
        value = getattr(view, f.name)
        if _pairs(value):
            lines += [f"{label}: {_words(values)}" for label, values in value]
            continue
        lines.append(f"{f.name.replace('_', ' ').capitalize()}: {_words(value)}")
    return lines


class Hand:
    """Phones for a game without a phone module: hold to see your own private view."""

    def __init__(self, title: str) -> None:
        self.title = title if any(c.isupper() for c in title) else title.replace("-", " ").title()

    def page(self, mine, call=None) -> dict:
        return {"game": self.title, "dark": False, "can_peek": True, "night": None, "ballot": None,
                "players": [], "headline": self.title, "line": "Hold the button to see your cards."}

    def card(self, mine) -> dict:
        return {"card": "", "title": "Your cards", "faction": "", "ability": "",
                "extra": "\n".join(private_lines(mine.mine))}

    def panel(self, mine, call=None) -> dict:
        return {"key": "", "title": "", "hint": "Nothing to choose now.", "choices": []}

    def room(self, room, call=None) -> dict:
        """The room's screen: the table's view as lines (room.py); a game with a reveal at its
        end words it in its own module (Mafia+)."""
        return {"game": self.title, "headline": self.title, "line": "", "players": [],
                "facts": public_lines(room.table), "reveal": []}

    def choose(self, mine, call, key, index):
        raise Refused("Nothing to choose now.")

    def vote(self, mine, key, index):
        raise Refused("There is no vote for you now.")

    def answers(self, table, key) -> bool:
        return False

    def decoy_answer(self, table, key):
        return None
