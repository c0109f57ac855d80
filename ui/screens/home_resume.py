"""What Home's Resume and the History rows say about a game, without Kivy: who plays and where
it stands, in the words the game's own table shows ("Round 3 · Ben's turn").

Where a game stands is read from its table view (the game replayed from the store, as Resume
does); the words are cached per game and log position, so Home costs one replay per game played
since it was last shown. Nothing here may break Home: a game that cannot be read says nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

#: (database path, game id, next log position) -> the words
_STANDING: dict[tuple[str, int, int], str] = {}


@dataclass(frozen=True)
class ResumeInfo:
    game_id: int
    game: str
    title: str
    players: str  # "Anna, Ben, Carla" (or "4 players" when the game only counts them)
    standing: str  # "Round 3 · Ben's turn" ("" when it cannot be said)
    last_played: str  # ISO time of the last action (or the start)


def players_of(config: Any) -> str:
    """The players of a stored game's config, as the table would read them.

    >>> players_of({"players": ["Anna", "Ben", "Carla"]})
    'Anna, Ben, Carla'
    >>> players_of({"players": 4, "names": ["Anna", "Ben", "", ""]})
    'Anna, Ben, Player 3, Player 4'
    >>> players_of({"players": 5}), players_of({})
    ('5 players', '')
    """
    if not isinstance(config, dict):
        return ""
    players, names = config.get("players"), config.get("names")
    if isinstance(players, (list, tuple)):
        return ", ".join(str(p) for p in players)
    if isinstance(names, (list, tuple)) and names:
        return ", ".join(str(n) if n else f"Player {i + 1}" for i, n in enumerate(names))
    if isinstance(players, int) and not isinstance(players, bool) and players > 0:
        return f"{players} players"
    return ""


def standing_words(game: str, view: Any) -> str:
    """A table view in the game's own status-line words: its manifest's ``standing``."""
    from ui.manifest import manifest_of

    manifest = manifest_of(game)
    return manifest.standing_of(view) if manifest is not None else ""


def standing_of(store: Any, record: Any, session: Any = None) -> str:
    """Where a running game stands ("" when it cannot be said); ``session`` if the app has it open."""
    try:
        key = (str(getattr(store, "path", "")), record.id, store.next_seq(record.id))
        if key in _STANDING:
            return _STANDING[key]
        from companion.engine import TABLE

        if session is None or session.game_id != record.id:
            from companion.session import Session

            session = Session.resume(store, record.id)
        words = standing_words(record.game, session.view(TABLE))
    except Exception:  # Home must open whatever one game's log holds
        return ""
    _STANDING[key] = words
    return words


def resume_infos(store: Any, records: Iterable[Any], title_of: Callable[[str], str],
                 sessions: dict | None = None) -> list[ResumeInfo]:
    """The Resume entries for these (running) records, in their order."""
    out = []
    for r in records:
        session = (sessions or {}).get(r.game)
        out.append(ResumeInfo(r.id, r.game, title_of(r.game), players_of(r.config),
                              standing_of(store, r, session), r.last_played or r.started or ""))
    return out


def short_players(players: str, shown: int = 3) -> str:
    """At most ``shown`` names and how many more: ``Anna, Ben, Carla +5`` (a Resume row has one line).

    >>> short_players("Anna, Ben, Carla, Dino, Elena"), short_players("Anna, Ben"), short_players("5 players")
    ('Anna, Ben, Carla +2', 'Anna, Ben', '5 players')
    """
    names = [n for n in players.split(", ") if n]
    if len(names) <= shown:
        return players
    return ", ".join(names[:shown]) + f" +{len(names) - shown}"


def played_when(started: str, last_played: str | None) -> str:
    """A running game's times: ``played 2 Dec 20:04 – 21:40`` (start, then its last action).

    >>> played_when("x", None), played_when("x", "x")
    ('played x', 'played x')
    """
    from ui.screens.shell_text import local_time

    text = f"played {local_time(started)}"
    if last_played and last_played != started:
        same_day = last_played[:10] == (started or "")[:10]
        text += f" – {local_time(last_played, with_date=not same_day)}"
    return text


def resume_text(info: ResumeInfo) -> str:
    """One Resume row: the game, where it stands, then who plays (names last: the first to go).

    >>> resume_text(ResumeInfo(1, "il-capo", "Il Capo", "Anna, Ben, Carla, Dino", "Round 3 · Ben's turn", ""))
    "Il Capo · Round 3 · Ben's turn — Anna, Ben, Carla +1"
    >>> resume_text(ResumeInfo(2, "dice", "Dice & Spinner", "", "", ""))
    'Dice & Spinner'
    """
    head = f"{info.title} · {info.standing}" if info.standing else info.title
    return f"{head} — {short_players(info.players)}" if info.players else head
