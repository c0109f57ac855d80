"""Which Mafia+ screen shows which moment of the game, and other Kivy-free decisions.

Route by phase: the table view alone (with the deal's progress, ``seen``, recorded in the log by
``Seen`` actions) names the screen, so a restart lands on the same step.

>>> route_for_phase("deal", 0, 0, "", peeked=0, players=7)
'mafia_plus_deal'
>>> route_for_phase("night", 0, 0, "", peeked=3, players=7)
'mafia_plus_deal'
>>> route_for_phase("night", 0, 1, "", peeked=7, players=7)
'mafia_plus_night'
>>> route_for_phase("day", 1, 0, "voting", peeked=7, players=7)
'mafia_plus_vote'
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

# how long every night call lasts at least (seconds), whether or not anyone can act: the
# table learns nothing from timing (issue 4). Overridden by the store setting below (tests).
MIN_CALL_SECONDS = 8.0
CALL_SETTING = "mafia_plus.min_call_seconds"
HOLD_SETTING = "mafia_plus.hold_seconds"
TIMER_SETTING = "mafia_plus.discussion_seconds"
PEEK_SECONDS = 5.0  # a private card hides itself after this long
ANSWER_SECONDS = 5.0  # a private night answer hides itself after this long
DEFAULT_DISCUSSION = 300
TIMER_CHOICES = (120, 180, 300, 420, 600)
WARNING_AT = 30


def route_for_phase(phase: str, night: int, step: int, stage: str, peeked: int, players: int) -> str:
    if phase == "deal":
        return "mafia_plus_deal"
    if phase == "night":
        if night == 0 and step == 0 and peeked < players:
            return "mafia_plus_deal"  # the cards are dealt; not everyone has seen theirs yet
        return "mafia_plus_night"
    if phase == "day":
        return "mafia_plus_vote" if stage in ("voting", "verdict") else "mafia_plus_day"
    return "mafia_plus_end"


def route_for(view) -> str:
    """The screen for a ``TableView`` (its ``step`` is the day's stage by day)."""
    return route_for_phase(view.phase, view.night, view.step_index, view.step if view.phase == "day" else "",
                           len(view.seen), len(view.players))


def route(session) -> str | None:
    """The manifest's route: the screen ``session``'s game belongs on."""
    from companion.engine import TABLE

    return None if session is None else route_for(session.view(TABLE))


def call_seconds(text: str, minimum: float, hint) -> float:
    """The padded length of one night call: never shorter than ``minimum``, and long enough to say
    the line (``hint`` = ui.narration.line_duration_hint). The same for a living and a dead role.

    >>> call_seconds("x", 8.0, lambda t: 3.0)
    8.0
    >>> call_seconds("x", 2.0, lambda t: 3.0)
    4.0
    """
    return max(minimum, hint(text) + 1.0) if minimum >= 1.0 else minimum


def undo_question(kind: str, phase: str, describe: str = "") -> str:
    """The one question Undo asks. At night it never says whose choice (nor, so, which roles are
    alive) and says what happens next; a day action taken back at night is named as what it is.

    >>> undo_question("night", "night")
    'Take back the last night choice? That role is called again. Secrets already shown stay shown.'
    >>> undo_question("day", "night", "Carry out the sentence")
    'Take back “Carry out the sentence”? The night starts again from the Day. Secrets already shown stay shown.'
    >>> undo_question("deal", "night")
    'Take back the deal? Everyone looks at a new card. Secrets already shown stay shown.'
    """
    tail = " Secrets already shown stay shown."
    if kind == "deal":
        return "Take back the deal? Everyone looks at a new card." + tail
    if kind == "night":
        return "Take back the last night choice? That role is called again." + tail
    if phase == "night":
        return f"Take back “{describe}”? The night starts again from the Day." + tail
    return f"Take back {describe}?" + tail


def clock_text(seconds: float) -> str:
    """The countdown's text.

    >>> clock_text(125), clock_text(0), clock_text(-3)
    ('2:05', '0:00', '0:00')
    """
    s = max(0, int(round(seconds)))
    return f"{s // 60}:{s % 60:02d}"


def timer_warning(before: float, after: float) -> str | None:
    """The narrator's warning when the countdown crosses 30 s or 0.

    >>> timer_warning(31, 29.9), timer_warning(0.4, 0), timer_warning(50, 49)
    ('Thirty seconds left.', 'Time is up. Call the vote.', None)
    """
    if before > WARNING_AT >= after:
        return "Thirty seconds left."
    if before > 0 >= after:
        return "Time is up. Call the vote."
    return None


def _word(name: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)", re.IGNORECASE)


def leaks(texts: Iterable[str], players: Sequence[str], characters: Sequence[str], alive: Sequence[bool],
          revealed: Iterable[str] = (), night_neutral: bool = False) -> list[str]:
    """Texts that give a living player's character away: one text naming both the player and the
    player's character (character *names*, e.g. "Doctor"), or - on the neutral night screen - any
    player at all (who acts must not show). ``revealed``: players who declared their character.

    >>> leaks(["Anna is the Doctor"], ["Anna", "Bob"], ["Doctor", "Mafia Boss"], [True, True])
    ['Anna is the Doctor']
    >>> leaks(["The Doctor wakes", "Anna accuses Bob"], ["Anna", "Bob"], ["Doctor", "Mafia Boss"], [True, True])
    []
    """
    out = []
    skip = set(revealed)
    for text in texts:
        if not text:
            continue
        for p, c, a in zip(players, characters, alive):
            if not a or p in skip:
                continue
            if _word(p).search(text) and (_word(c).search(text) or night_neutral):
                out.append(text)
                break
    return out
