"""Character sets: the rulebook's recommended set per player count and custom-set validation.

Rulebook, "Game Setup": *the group together picks as many Character Cards as there are players*.
The "Example Character Card Sets" table lives in ``sets.toml``; a slot is a fixed character, an
"A / B" alternative (choose one) or "N characters from the pool" (choose N).

>>> stats_text(recommended_set(6, []))
'4-2-0'
>>> [s.options for s in choice_slots(7)]
[('bartender', 'mayor', 'bomber', 'chairmans_daughter')]
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from companion.errors import ConfigError

from .characters import CHARACTERS, FACTIONS, character_id, name

MIN_PLAYERS = 6
MAX_PLAYERS = 23


@dataclass(frozen=True, slots=True)
class Slot:
    """One line of the recommended table: pick ``pick`` of ``options`` (pick 1 of 1 = fixed)."""

    faction: str
    pick: int
    options: tuple[str, ...]

    @property
    def is_choice(self) -> bool:
        return len(self.options) > self.pick


def _parse_slot(faction: str, text: str) -> Slot:
    pick = 1
    if ":" in text:
        n, text = text.split(":", 1)
        pick = int(n)
    return Slot(faction, pick, tuple(text.split("|")))


def _load():
    data = tomllib.loads(Path(__file__).with_name("sets.toml").read_text(encoding="utf-8"))
    printed = {int(k): v for k, v in data.pop("stats").items()}
    table = {int(n): tuple(_parse_slot(f, s) for f in FACTIONS for s in row[f]) for n, row in data.items()}
    return table, printed


RECOMMENDED, PRINTED_STATS = _load()


def choice_slots(players: int) -> list[Slot]:
    """The slots of the recommended set where the group must choose (in table order)."""
    return [s for s in _slots(players) if s.is_choice]


def _slots(players: int) -> tuple[Slot, ...]:
    if players not in RECOMMENDED:
        raise ConfigError(f"Mafia+ is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
    return RECOMMENDED[players]


def recommended_set(players: int, choices: Sequence[Any] | None = None) -> tuple[str, ...]:
    """The recommended set for ``players``; ``choices`` has one entry per choice slot, in order.

    Each entry is a character (for "A / B") or a list of characters (for "two from the pool").
    Missing choices take the first option(s) printed, so a group may simply say "recommended".
    """
    if choices is not None and not isinstance(choices, (list, tuple)):
        raise ConfigError(f"The set's choices must be a list (one entry per choice), not {choices!r}.")
    choices = list(choices or [])
    slots = choice_slots(players)
    if len(choices) > len(slots):
        raise ConfigError(f"The {players}-player set has {len(slots)} choice(s), but {len(choices)} were given.")
    out: list[str] = []
    k = 0
    for slot in _slots(players):
        if not slot.is_choice:
            out.extend(slot.options)
            continue
        if k < len(choices):
            picked = choices[k]
            picked = [picked] if isinstance(picked, str) else list(picked)
            picked = [character_id(p) for p in picked]
            opts = " / ".join(name(o) for o in slot.options)
            if len(picked) != slot.pick or len(set(picked)) != len(picked):
                raise ConfigError(f"Choose {slot.pick} different character(s) from {opts}, not {len(picked)}.")
            for p in picked:
                if p not in slot.options:
                    raise ConfigError(f"{name(p)} is not one of the options {opts}.")
            out.extend(picked)
        else:
            out.extend(slot.options[: slot.pick])
        k += 1
    return tuple(out)


def random_choices(players: int, rng: Any) -> list[Any]:
    """Random picks for every choice slot ("or at random"), drawn with the session's rng."""
    out: list[Any] = []
    for slot in choice_slots(players):
        picked = rng.sample(list(slot.options), slot.pick)
        out.append(picked[0] if slot.pick == 1 else picked)
    return out


def stats(characters: Sequence[str]) -> tuple[int, int, int]:
    c = Counter(CHARACTERS[x].faction for x in characters)
    return (c["city"], c["mafia"], c["syndicate"])


def stats_text(characters: Sequence[str]) -> str:
    """Starting stats "City-Mafia-Syndicate", e.g. ``6-3-2``."""
    return "-".join(str(n) for n in stats(characters))


def set_problems(characters: Sequence[str], players: int) -> list[str]:
    """Every reason a custom set is not playable, in words (empty when it is valid)."""
    problems = []
    if len(characters) != players:
        problems.append(f"The set has {len(characters)} characters but there are {players} players.")
    counts = Counter(characters)
    for cid, n in counts.items():
        ch = CHARACTERS[cid]
        if n > ch.copies:
            if ch.copies == 1:
                problems.append(f"{ch.name} is unique and appears {n} times; only Citizen and Mafioso may repeat.")
            else:
                problems.append(f"There are only {ch.copies} {ch.name} cards, not {n}.")
    for cid in counts:
        for other in CHARACTERS[cid].excludes:
            if other in counts and cid < other:
                problems.append(f"{name(cid)} and {name(other)} may not be in the same set.")
    leaders = [c for c in counts if CHARACTERS[c].leader]
    if len(leaders) != 1:
        problems.append("The set needs exactly one Mafia leader (Mafia Boss or Blackmailing Boss), "
                        f"not {len(leaders)}.")
    city, mafia, _ = stats(characters)
    if city < 1:
        problems.append("The set needs at least one City character.")
    if mafia < 1:
        problems.append("The set needs at least one Mafia character.")
    return problems


def validate_set(characters: Sequence[str], players: int) -> tuple[str, ...]:
    """Names or ids -> ids, or ConfigError listing every problem."""
    ids = tuple(character_id(c) for c in characters)
    problems = set_problems(ids, players)
    if problems:
        raise ConfigError("This character set cannot be played: " + " ".join(problems))
    return ids


def random_custom_set(players: int, rng: Any) -> tuple[str, ...]:
    """A random valid custom set (for simulations and property tests)."""
    leader = rng.choice(["mafia_boss", "blackmailing_boss"])
    pool = [c for c in CHARACTERS if not CHARACTERS[c].leader]
    while True:
        chosen = [leader]
        cands = [c for c in pool for _ in range(CHARACTERS[c].copies)]
        rng.shuffle(cands)
        for c in cands:
            if len(chosen) == players:
                break
            if any(o in chosen for o in CHARACTERS[c].excludes):
                continue
            if any(o in CHARACTERS[c].excludes for o in chosen):
                continue
            chosen.append(c)
        if len(chosen) == players and not set_problems(chosen, players):
            return tuple(chosen)
