"""Per-player statistics across finished Mafia+ games, from the store's log (replayed on the rules side,
companion/games/mafia_plus/history.py, never cached).

>>> rows = tally([(("Anna", "Bob"), ("city", "mafia"), ("Anna",))])
>>> [(r.name, r.games, r.wins, r.wins_by_faction) for r in rows]
[('Anna', 1, 1, {'city': 1, 'mafia': 0, 'syndicate': 0}), ('Bob', 1, 0, {'city': 0, 'mafia': 0, 'syndicate': 0})]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

FACTIONS = ("city", "mafia", "syndicate")


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    wins: int = 0
    played_as: dict = field(default_factory=lambda: {f: 0 for f in FACTIONS})
    wins_by_faction: dict = field(default_factory=lambda: {f: 0 for f in FACTIONS})

    @property
    def line(self) -> str:
        """``3 games · 2 wins (City 1, Mafia 1, Syndicate 0)``"""
        w = self.wins_by_faction
        return (f"{self.games} game{'s' if self.games != 1 else ''} · {self.wins} win{'s' if self.wins != 1 else ''}"
                f" (City {w['city']}, Mafia {w['mafia']}, Syndicate {w['syndicate']})")


def tally(games: Iterable[tuple[Sequence[str], Sequence[str], Sequence[str]]]) -> list[PlayerStats]:
    """``games``: (players, faction per seat, winners) of each finished game. Sorted by wins, games, name."""
    table: dict[str, PlayerStats] = {}
    for players, factions, winners in games:
        won = set(winners)
        for name, faction in zip(players, factions):
            row = table.setdefault(name.lower(), PlayerStats(name))
            row.games += 1
            row.played_as[faction] += 1
            if name in won:
                row.wins += 1
                row.wins_by_faction[faction] += 1
    return sorted(table.values(), key=lambda r: (-r.wins, -r.games, r.name.lower()))


def finished_games(store):
    """(players, factions, winners) of every finished game (companion/games/mafia_plus/history.py)."""
    from companion.games.mafia_plus.history import finished_games as games

    return games(store)


def player_stats(store) -> list[PlayerStats]:
    return tally(finished_games(store))
