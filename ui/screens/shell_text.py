"""The app shell's words, without Kivy: status lines, the history list, tag binding labels.

The app-level screens (settings, history, register_tag, power_menu) and the status bar show
what these functions return, so the wording is tested in a plain interpreter
(tests/ui/app_shell/test_shell_text.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Iterable

#: Tag binding refs for cards: ``mafia-plus:<character id>`` or ``other:<name typed>``.
MAFIA_PLUS_PREFIX = "mafia-plus:"
OTHER_PREFIX = "other:"

STATUS_WORDS = {"running": "Unfinished", "finished": "Finished", "abandoned": "Abandoned"}

#: Settings keys in the store (JSON values).
VOLUME_KEY = "narration.volume"
NARRATION_ON_KEY = "narration.on"
VOLUME_STEP = 0.1


def suit_markup(text: str, escape: bool = True) -> str:
    """Card suits in DejaVu Sans (Roboto has no ♡♢♠♣), the rest escaped for Kivy markup (or, with
    ``escape=False``, a text that is markup already, e.g. the reveal's "[b]Characters[/b]").

    >>> suit_markup("K♡ [Doctor]")
    'K[font=DejaVuSans]♡[/font] &bl;Doctor&br;'
    >>> suit_markup("[b]Anna[/b]: K♡", escape=False)
    '[b]Anna[/b]: K[font=DejaVuSans]♡[/font]'
    """
    out = []
    if escape:
        text = text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
    for ch in text:
        out.append(f"[font=DejaVuSans]{ch}[/font]" if ch in "♡♢♠♣♥♦" else ch)
    return "".join(out)


def volume_percent(volume: float) -> str:
    """
    >>> volume_percent(0.7)
    '70%'
    """
    return f"{round(max(0.0, min(1.0, volume)) * 100)}%"


def step_volume(volume: float, steps: int) -> float:
    """Volume moved by ``steps`` tenths, kept in 0..1 and on the tenth (no 0.30000000000000004).

    >>> step_volume(0.2, 1), step_volume(1.0, 1), step_volume(0.05, -1)
    (0.3, 1.0, 0.0)
    """
    return round(max(0.0, min(1.0, volume + steps * VOLUME_STEP)), 1)


def local_time(iso: str | None, with_date: bool = True) -> str:
    """A store timestamp (UTC ISO) as the table's local time, ``12 Mar 21:04``."""
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return iso
    return moment.strftime("%d %b %H:%M" if with_date else "%H:%M").lstrip("0")


@dataclass(frozen=True)
class HistoryRow:
    game_id: int
    game: str
    title: str
    status: str  # the word shown: Unfinished / Finished / Abandoned
    when: str  # "started 12 Mar 21:04 · ended 22:10"
    resumable: bool


def history_rows(records: Iterable, title_of: Callable[[str], str]) -> list[HistoryRow]:
    """One row per stored game, newest first (``store.list_games()`` order).

    ``title_of`` is the controller's (it does not import every engine as ``record.title`` does).
    """
    rows = []
    for r in records:
        if getattr(r, "unreadable", None):
            rows.append(HistoryRow(r.id, r.game, title_of(r.game), "Unreadable", f"game {r.id}: {r.unreadable}",
                                   False))
            continue
        when = f"started {local_time(r.started)}"
        if r.ended:
            same_day = (r.started or "")[:10] == r.ended[:10]
            when += f" · ended {local_time(r.ended, with_date=not same_day)}"
        rows.append(HistoryRow(r.id, r.game, title_of(r.game), STATUS_WORDS.get(r.status, r.status.title()),
                               when, r.status == "running"))
    return rows


@dataclass(frozen=True)
class CardChoice:
    ref: str  # what store.bind_tag stores
    label: str  # "K♡ Doctor"
    faction: str  # "city" / "mafia" / "syndicate" (the button's colour) or "accent"


def mafia_plus_cards() -> list[CardChoice]:
    """The Mafia+ character cards, in the catalogue's order (imported when the screen opens)."""
    from companion.games.mafia_plus.characters import CHARACTERS

    return [CardChoice(MAFIA_PLUS_PREFIX + c.id, f"{c.card} {c.name}", c.faction) for c in CHARACTERS.values()]


def other_card_ref(name: str) -> str:
    """
    >>> other_card_ref("  Casino   chip ")
    'other:Casino chip'
    """
    return OTHER_PREFIX + " ".join(name.split())


def card_label(ref: str) -> str:
    """A card binding in words.

    >>> card_label("other:Blue chip")
    'Blue chip'
    >>> card_label("mafia-plus:doctor")
    'K♡ Doctor'
    """
    if ref.startswith(OTHER_PREFIX):
        return ref[len(OTHER_PREFIX):]
    if ref.startswith(MAFIA_PLUS_PREFIX):
        cid = ref[len(MAFIA_PLUS_PREFIX):]
        try:
            from companion.games.mafia_plus.characters import CHARACTERS

            c = CHARACTERS[cid]
            return f"{c.card} {c.name}"
        except (ImportError, KeyError):
            return cid
    return ref


def binding_label(kind: str, ref: str) -> str:
    """
    >>> binding_label("player", "Anna")
    'Anna (player)'
    >>> binding_label("card", "other:Blue chip")
    'Blue chip (card)'
    """
    return f"{ref} (player)" if kind == "player" else f"{card_label(ref)} (card)"


def short_uid(uid: str) -> str:
    """Tag ids as printed on the card, grouped for reading: ``0011 259 375``.

    >>> short_uid("0011259375")
    '0011 259 375'
    """
    return f"{uid[:4]} {uid[4:7]} {uid[7:]}" if len(uid) == 10 else uid


def command_name(command) -> str:
    """A hardware command as the owner's wiring check shows it.

    >>> from hardware.commands import Vote, Next
    >>> command_name(Vote(0)), command_name(Next())
    ('SEAT 1', 'NEXT')
    """
    from hardware.commands import PowerMenu, TagSeen, Undo, Vote

    if isinstance(command, Vote):
        return f"SEAT {command.seat + 1}"
    if isinstance(command, TagSeen):
        return f"TAG {short_uid(command.uid)}"
    if isinstance(command, PowerMenu):
        return "BACK + NEXT (power)"
    if isinstance(command, Undo):
        return "BACK held (undo)"
    return type(command).__name__.upper()  # Next, Back, Roll: the button's own name


#: The on-screen keyboard for names (QWERTY rows; the last row has space, delete and done).
KEY_ROWS = ("QWERTYUIOP", "ASDFGHJKL'", "ZXCVBNM-.")
MAX_NAME = 24


def type_key(text: str, key: str) -> str:
    """The name after one key of the on-screen keyboard: letters are capitalised at word starts.

    >>> t = ""
    >>> for k in ["A", "N", "N", "A", " ", "B"]: t = type_key(t, k)
    >>> t
    'Anna B'
    >>> type_key("Anna", "⌫"), type_key("", " "), type_key("x" * 24, "Y") == "x" * 24
    ('Ann', '', True)
    """
    if key == "⌫":
        return text[:-1]
    if key == " ":
        return text + " " if text and not text.endswith(" ") and len(text) < MAX_NAME else text
    if len(text) >= MAX_NAME:
        return text
    start = not text or text.endswith((" ", "-"))
    return text + (key.upper() if start else key.lower())
