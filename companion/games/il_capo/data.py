"""Il Capo data: the printed rules as named constants, the board numbers and crew catalog as TOML.

Printed numbers (the rulebook says them) are constants here with the sentence they come from;
numbers that live only on the physical board or cards are read from ``board.toml`` and
``crew.toml`` beside this module (editable defaults, see docs/rules/il-capo.md).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from companion.errors import ConfigError

HERE = Path(__file__).resolve().parent

# "Each player begins with a set amount of cash ($150,000)"
STARTING_CASH = 150_000
# "Pay the Tax ($250,000) or Take a Beating"
RICO_TAX = 250_000
# "Any time a player successfully whacks a Crew Member, they receive a $250,000 bounty"
CREW_BOUNTY = 250_000
# "successfully whacks another human player ... they receive a $500,000 bounty"
PLAYER_BOUNTY = 500_000
# "you collect a $500,000 Bounty from the bank" (Rico, the Riciglianos, Marcello Valli)
MORETTI_BOUNTY = 500_000
# "The Buy-Off: Pay $1,000,000 to grease the palms of the Moretti guards"
BUY_OFF = 1_000_000
# "Your personal Execution Difficulty is 9"
PLAYER_DIFFICULTY = 9
# "you are limited to 5 crew members plus yourself in the car"
CAR_CAPACITY = 5
# "Spin a 5 or less and you will be transported to the Hospital"
BEATING_HOSPITAL_AT_MOST = 5
# "where you will spend 3 turns healing" / "skip 3 turns"
SAFE_ZONE_TURNS = 3
# "They will be released from Jail after three full rounds of turns are played."
JAIL_ROUNDS = 3
# "Lose the first spin (6 or lower)"
BROTHERS_LOSE_AT_MOST = 6
# "If they spin a 9 or 10 your game is over."
BROTHERS_KILL_AT_LEAST = 9
# "Add your Spin Total to the number of Crewmembers in your car. 10 or Higher: ... IL CAPO."
SHOWDOWN_TARGET = 10
MIN_PLAYERS, MAX_PLAYERS = 2, 8

TIER_RANGES = {1: (7, 9), 2: (5, 6), 3: (1, 4)}
TIER_NAMES = {1: "Heavy", 2: "Fixer", 3: "Grunt"}
EFFECTS = ("shot_bonus", "shield", "board")


@dataclass(frozen=True, slots=True)
class CrewCard:
    """One card of the recruitment deck (crew.toml)."""

    name: str
    tier: int
    difficulty: int
    cost: int
    skill: str
    effect: str
    amount: int
    text: str

    @property
    def tier_name(self) -> str:
        return TIER_NAMES[self.tier]


@dataclass(frozen=True, slots=True)
class BoardNumbers:
    """Numbers printed on the board rather than in the rulebook (board.toml)."""

    rico_difficulty: int
    brothers_difficulty: int
    marcello_difficulty: int
    skyscraper_cost: int
    marcello_dues: int


def _int(table: Mapping[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ConfigError(f"{where}: '{key}' must be a whole number from {lo:,} to {hi:,}, not {value!r}.")
    return value


def parse_catalog(data: Mapping[str, Any], where: str = "crew.toml") -> tuple[CrewCard, ...]:
    """Validate the crew catalog: unique names, difficulties inside their tier's range."""
    cards = []
    seen = set()
    entries = data.get("crew")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{where} must list at least one [[crew]] card.")
    for i, entry in enumerate(entries, 1):
        here = f"{where}, crew card {i}"
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"{here} needs a name.")
        if name in seen:
            raise ConfigError(f"{where}: the crew name '{name}' appears twice.")
        seen.add(name)
        here = f"{where}, '{name}'"
        tier = _int(entry, "tier", here, 1, 3)
        lo, hi = TIER_RANGES[tier]
        difficulty = entry.get("difficulty")
        if not isinstance(difficulty, int) or not lo <= difficulty <= hi:
            raise ConfigError(f"{here}: a tier {tier} {TIER_NAMES[tier]} has Execution Difficulty {lo} to {hi}, "
                              f"not {difficulty!r}.")
        cost = _int(entry, "cost", here, 0, 100_000_000)
        effect = entry.get("effect", "board")
        if effect not in EFFECTS:
            raise ConfigError(f"{here}: effect must be one of {', '.join(EFFECTS)}, not {effect!r}.")
        amount = _int(entry, "amount", here, 0, 9) if effect != "board" else 0
        cards.append(CrewCard(name, tier, difficulty, cost, str(entry.get("skill", "")), effect, amount,
                              str(entry.get("text", ""))))
    return tuple(cards)


def parse_board(data: Mapping[str, Any], where: str = "board.toml") -> BoardNumbers:
    npc = data.get("npc", {})
    board = data.get("board", {})
    return BoardNumbers(
        rico_difficulty=_int(npc, "rico_difficulty", where, 0, 9),
        brothers_difficulty=_int(npc, "brothers_difficulty", where, 0, 9),
        marcello_difficulty=_int(npc, "marcello_difficulty", where, 0, 9),
        skyscraper_cost=_int(board, "skyscraper_cost", where, 0, 100_000_000),
        marcello_dues=_int(board, "marcello_dues", where, 0, 100_000_000),
    )


def load_catalog(path: Path | str | None = None) -> tuple[CrewCard, ...]:
    path = Path(path) if path else HERE / "crew.toml"
    with open(path, "rb") as f:
        return parse_catalog(tomllib.load(f), path.name)


def load_board(path: Path | str | None = None) -> BoardNumbers:
    path = Path(path) if path else HERE / "board.toml"
    with open(path, "rb") as f:
        return parse_board(tomllib.load(f), path.name)
