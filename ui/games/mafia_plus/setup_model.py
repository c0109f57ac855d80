"""New-game choices as plain data: who plays, in which seat, which set, which settings.

>>> m = SetupModel(["Anna", "Bob", "Carl", "Dora", "Emil", "Fay", "Gus"])
>>> [s.options for s in m.slots()]
[('bartender', 'mayor', 'bomber', 'chairmans_daughter')]
>>> m.pick(0, "mayor"); m.config()["set"]
{'choices': ['mayor']}
>>> m.swap(0, 1); m.seats[:2]
['Bob', 'Anna']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.mafia_plus import characters as C
from companion.games.mafia_plus import sets as S

MIN_PLAYERS, MAX_PLAYERS = S.MIN_PLAYERS, S.MAX_PLAYERS


@dataclass
class SetupModel:
    seats: list[str] = field(default_factory=list)  # in seat order, clockwise
    choices: dict[int, list[str]] = field(default_factory=dict)  # choice slot -> picked ids
    vote: str = "open"
    discussion_seconds: int = 300

    # -- players ------------------------------------------------------------------------------
    def toggle(self, name: str) -> None:
        """Tap a remembered name: seat them (at the end) or stand them up."""
        if name in self.seats:
            self.seats.remove(name)
        elif len(self.seats) < MAX_PLAYERS:
            self.seats.append(name)
        self.choices = {}

    def swap(self, i: int, j: int) -> None:
        self.seats[i], self.seats[j] = self.seats[j], self.seats[i]

    def count_problem(self) -> str | None:
        n = len(self.seats)
        if n < MIN_PLAYERS:
            return f"Mafia+ needs at least {MIN_PLAYERS} players; {n} seated. Tap names to seat them."
        return None

    # -- the set -----------------------------------------------------------------------------
    def slots(self) -> list[S.Slot]:
        return S.choice_slots(len(self.seats)) if MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS else []

    def picked(self, k: int) -> list[str]:
        slot = self.slots()[k]
        return self.choices.get(k) or list(slot.options[:slot.pick])

    def pick(self, k: int, cid: str) -> None:
        """Tap an option: "A / B" replaces; "N from the pool" keeps the last N tapped."""
        slot = self.slots()[k]
        if slot.pick == 1:
            self.choices[k] = [cid]
            return
        now = [c for c in self.picked(k) if c != cid] + [cid]
        self.choices[k] = now[-slot.pick:]

    def randomise(self, rng) -> None:
        for k, picked in enumerate(S.random_choices(len(self.seats), rng)):
            self.choices[k] = [picked] if isinstance(picked, str) else list(picked)

    def characters(self) -> tuple[str, ...]:
        return S.recommended_set(len(self.seats), self._choice_list())

    def _choice_list(self) -> list[Any]:
        out = []
        for k, slot in enumerate(self.slots()):
            p = self.picked(k)
            out.append(p[0] if slot.pick == 1 else p)
        return out

    def set_summary(self) -> str:
        """The cards in play, grouped by faction, and the starting stats.

        >>> SetupModel(["A", "B", "C", "D", "E", "F"]).set_summary()
        'City: Doctor, Detective, Lady of the Night, Poor Bloody Infantry · Mafia: Mafia Boss, Coquette · stats 4-2-0'
        """
        chars = self.characters()
        parts = []
        for f in C.FACTIONS:
            names = [C.name(c) for c in chars if C.faction(c) == f]
            if names:
                parts.append(f"{C.FACTION_NAMES[f]}: " + ", ".join(names))
        return " · ".join(parts) + f" · stats {S.stats_text(chars)}"

    def config(self) -> dict[str, Any]:
        return {"players": list(self.seats), "set": {"choices": self._choice_list()}, "vote": self.vote}


def option_label(cid: str) -> str:
    """A set option's button text.

    >>> option_label("mayor")
    'Mayor K♣'
    """
    ch = C.CHARACTERS[cid]
    return f"{ch.name} {ch.card}"
