"""Typed commands that buttons, keys and tag readers hand to the UI (one vocabulary for all inputs).

Every command is a small frozen value: the UI matches on its type (``isinstance(c, Next)``) and
never needs to know whether it came from a GPIO button, a keyboard stand-in or an RFID reader.
``StatusChanged`` is not a command but travels on the same queue so that the status bar updates
in the UI thread too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Union

from companion.engine import Seat


@dataclass(frozen=True, slots=True)
class Next:
    """NEXT: advance / confirm on the current screen."""


@dataclass(frozen=True, slots=True)
class Back:
    """A short press of BACK: go back / cancel on the current screen."""


@dataclass(frozen=True, slots=True)
class Undo:
    """A long hold of BACK: ask to undo the last action (the UI asks once, as on screen)."""


@dataclass(frozen=True, slots=True)
class Roll:
    """ROLL: roll the dice or spin the spinner that the current screen offers."""


@dataclass(frozen=True, slots=True)
class Vote:
    """A per-seat button (or key) for secret votes and silent night choices.

    ``seat`` is the engine's seat index, counted from 0 like ``companion.engine.Seat``: the
    button labelled "seat 1" on the box gives ``Vote(0)``.
    """

    seat: int

    @property
    def audience(self) -> Seat:
        return Seat(self.seat)


@dataclass(frozen=True, slots=True)
class PowerMenu:
    """BACK and NEXT held together: open the shut down / reboot choice (the UI confirms)."""


@dataclass(frozen=True, slots=True)
class TagSeen:
    """An RFID tag was put on the reader.

    ``uid`` is the tag's 32-bit card number as 10 decimal digits (what wedge readers type and
    what is usually printed on the card), whichever reader saw it, so bindings survive a change
    of reader. The UI looks it up with ``store.tag(uid)``; ``None`` opens the register-tag screen.
    """

    uid: str


@dataclass(frozen=True, slots=True)
class StatusChanged:
    """The hardware status line changed (e.g. "reader disconnected"); ``text`` is the whole line."""

    text: str


Command = Union[Next, Back, Undo, Roll, Vote, PowerMenu, TagSeen]
Message = Union[Command, StatusChanged]


def _seat_keys() -> dict[str, Vote]:
    keys = {str(n): Vote(n - 1) for n in range(1, 10)}
    keys["0"] = Vote(9)
    return keys


#: Keyboard stand-ins for every button, as data the UI binds (names are Kivy key names,
#: ``Keyboard.keycode_to_string``). The digits are the seat buttons: 1 = seat 1 (``Vote(0)``),
#: 0 = seat 10. ``u`` undoes, like a long hold of BACK; ``p`` is NEXT+BACK held (power menu).
KEY_MAP: Mapping[str, Command] = {
    "spacebar": Next(),
    "enter": Next(),
    "backspace": Back(),
    "u": Undo(),
    "r": Roll(),
    "p": PowerMenu(),
    **_seat_keys(),
}


def command_for_key(name: str) -> Command | None:
    """The command a key stands in for, or None.

    >>> command_for_key("spacebar")
    Next()
    >>> command_for_key("3")
    Vote(seat=2)
    >>> command_for_key("q") is None
    True
    """
    return KEY_MAP.get(name.lower())
