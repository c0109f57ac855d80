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
    custom: list[str] | None = None  # a custom set (ids, catalogue order), or None = recommended

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
        if self.custom is not None:
            return tuple(self.custom)
        return S.recommended_set(len(self.seats), self._choice_list())

    # -- a custom set: tap characters of the catalogue ----------------------------------------
    def use_custom(self, on: bool = True) -> None:
        """Custom mode starts from the recommended set as it stands (then tap to change it)."""
        if on and self.custom is None:
            self.custom = _catalogue_order(self.characters() if not self.count_problem() else ())
        elif not on:
            self.custom = None

    def count_of(self, cid: str) -> int:
        return (self.custom or []).count(cid)

    def tap_character(self, cid: str) -> None:
        """Tap a catalogue card: a unique character goes in or out; Citizen and Mafioso add one
        more copy per tap up to the deck's copies, then the next tap takes them all out.

        >>> m = SetupModel([f"P{i}" for i in range(6)]); m.use_custom()
        >>> m.tap_character("doctor"); m.count_of("doctor")
        0
        >>> for _ in range(2): m.tap_character("citizen")
        >>> m.count_of("citizen"), m.custom_problems()
        (2, ['The set has 7 characters but there are 6 players.'])
        """
        if self.custom is None:
            self.use_custom()
        n, copies = self.count_of(cid), C.CHARACTERS[cid].copies
        if n >= copies:
            self.custom = [c for c in self.custom if c != cid]
        else:
            self.custom = _catalogue_order(self.custom + [cid])

    def custom_problems(self) -> list[str]:
        """The engine's own validation sentences for the custom set (empty when playable)."""
        if self.custom is None:
            return []
        return S.set_problems(self.custom, len(self.seats))

    def catalogue_label(self, cid: str) -> str:
        """
        >>> SetupModel().catalogue_label("doctor"), SetupModel(custom=["citizen"]).catalogue_label("citizen")
        ('Doctor', 'Citizen ×1')
        """
        ch = C.CHARACTERS[cid]
        if ch.copies > 1:
            return f"{ch.name} ×{self.count_of(cid)}"
        return ch.name

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

    def set_title(self) -> str:
        return ("Custom set" if self.custom is not None else "Recommended") + f" · {len(self.seats)}"

    def config(self) -> dict[str, Any]:
        if self.custom is not None:
            return {"players": list(self.seats), "characters": list(self.custom), "vote": self.vote}
        return {"players": list(self.seats), "set": {"choices": self._choice_list()}, "vote": self.vote}


def _catalogue_order(cids) -> list[str]:
    order = {cid: i for i, cid in enumerate(C.CHARACTERS)}
    return sorted(cids, key=order.__getitem__)


def catalogue() -> list[str]:
    """Every character id, City then Mafia then Syndicate (the order of the rulebook's list)."""
    return [cid for f in C.FACTIONS for cid in C.CHARACTERS if C.faction(cid) == f]


def option_label(cid: str) -> str:
    """A set option's button text.

    >>> option_label("mayor")
    'Mayor\nK♣'
    """
    ch = C.CHARACTERS[cid]
    return f"{ch.name}\n{ch.card}"
