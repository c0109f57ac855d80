"""Il Capo data: the printed rules as named constants, the board numbers and crew catalog as TOML.

Printed numbers (the rulebook says them) are constants here with the sentence they come from.
Numbers that live only on the physical board or cards are "box values": ``board.toml`` and
``crew.toml`` beside this module are their shipped defaults; a table enters its own in "Your box"
(saved in the database, companion/box.py) and a game receives them in its config (``box``) and
copies them into its state. See docs/box.md and docs/rules/il-capo.md.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from functools import lru_cache
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
#: The Moretti units (NPCs) by the names the announcements use: no crew card may share one.
NPC_NAMES = ("Beefy Rico", "Rico", "Bobby", "Bobby Ricigliano", "Vinnie Ricigliano", "Marcello Valli",
             "Marcello", "Vincenzo Moretti", "Moretti")
#: The crew cards the rulebook names, with what it prints about them (the rest is in your box).
RULEBOOK_CREW = {"Firpo": ("Brute Force", "shot_bonus", 2), "Vinnie": ("Human Shield", "shield", 2)}


def skill_text(effect: str, amount: int) -> str:
    """What a card with this kind of skill does, in the app's words."""
    if effect == "shot_bonus":
        return f"+{amount} to your initial shot in a shootout."
    if effect == "shield":
        return f"-{amount} to a player's shot at your car; if it then misses, you return fire."
    return "The table applies it on the board (movement, money...)."


def tier_of(difficulty: int) -> int:
    """The rulebook's tier of an Execution Difficulty: Heavies 7-9, Fixers 5-6, Grunts 1-4."""
    for tier, (lo, hi) in TIER_RANGES.items():
        if lo <= difficulty <= hi:
            return tier
    raise ConfigError(f"An Execution Difficulty must be from 1 to 9, not {difficulty!r}.")


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
        if name.strip().lower() in seen:
            raise ConfigError(f"{where}: the crew name '{name}' appears twice; every crew card needs its own name.")
        if name.strip().lower() in {n.lower() for n in NPC_NAMES}:
            raise ConfigError(f"{here}: '{name}' is the name of a Moretti unit; give the crew card another name.")
        seen.add(name.strip().lower())
        here = f"{where}, crew card {i} ({name})"
        tier = _int(entry, "tier", here, 1, 3)
        lo, hi = TIER_RANGES[tier]
        difficulty = entry.get("difficulty")
        if not isinstance(difficulty, int) or isinstance(difficulty, bool) or not lo <= difficulty <= hi:
            raise ConfigError(f"{here}: a tier {tier} {TIER_NAMES[tier]} has Execution Difficulty {lo} to {hi}, "
                              f"not {difficulty!r}.")
        cost = entry.get("cost")
        if isinstance(cost, int) and not isinstance(cost, bool) and cost < 0:
            raise ConfigError(f"{here}: the cost (price) cannot be negative ({cost:,}).")
        cost = _int(entry, "cost", here, 0, 100_000_000)
        skill = entry.get("skill", "")
        if not isinstance(skill, str) or not skill.strip():
            raise ConfigError(f"{here}: the skill needs a name.")
        effect = entry.get("effect", "board")
        if effect not in EFFECTS:
            raise ConfigError(f"{here}: effect must be one of {', '.join(EFFECTS)}, not {effect!r}.")
        amount = _int(entry, "amount", here, 1, 9) if effect != "board" else 0
        text = entry.get("text", "")
        if not isinstance(text, str):
            raise ConfigError(f"{here}: the card's text must be words, not {text!r}.")
        cards.append(CrewCard(name, tier, difficulty, cost, skill, effect, amount, text or skill_text(effect, amount)))
    return tuple(cards)


def parse_board(data: Mapping[str, Any], where: str = "board.toml") -> BoardNumbers:
    npc = data.get("npc", {})
    board = data.get("board", {})
    if not isinstance(npc, Mapping) or not isinstance(board, Mapping):
        raise ConfigError(f"{where}: [npc] and [board] must be tables of numbers.")
    for key in ("skyscraper_cost", "marcello_dues"):
        value = board.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise ConfigError(f"{where}: '{key}' is a price and cannot be negative ({value:,}).")
    return BoardNumbers(
        rico_difficulty=_int(npc, "rico_difficulty", f"{where} [npc]", 0, 9),
        brothers_difficulty=_int(npc, "brothers_difficulty", f"{where} [npc]", 0, 9),
        marcello_difficulty=_int(npc, "marcello_difficulty", f"{where} [npc]", 0, 9),
        skyscraper_cost=_int(board, "skyscraper_cost", f"{where} [board]", 0, 100_000_000),
        marcello_dues=_int(board, "marcello_dues", f"{where} [board]", 0, 100_000_000),
    )


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Any]:
    with open(HERE / "board.toml", "rb") as f:
        board = tomllib.load(f)
    with open(HERE / "crew.toml", "rb") as f:
        crew = tomllib.load(f)
    return {"npc": board["npc"], "board": board["board"], "crew": crew["crew"]}


def default_box() -> dict[str, Any]:
    """The shipped defaults of every box value (crew.toml + board.toml), as one TOML-shaped dict."""
    return copy.deepcopy(_shipped())


def parse_box(values: Mapping[str, Any], where: str = "your box") -> tuple[tuple[CrewCard, ...], BoardNumbers]:
    """Validate a whole box (the dict ``default_box`` returns); a bad value raises a sentence."""
    if not isinstance(values, Mapping):
        raise ConfigError(f"{where}: the box values must be a table, not {type(values).__name__}.")
    unknown = set(values) - {"npc", "board", "crew"}
    if unknown:
        raise ConfigError(f"{where}: Il Capo's box has no '{sorted(unknown)[0]}'.")
    catalog = parse_catalog(values, where)
    for card in catalog:
        printed = RULEBOOK_CREW.get(card.name)
        if printed and (card.skill, card.effect, card.amount) != printed:
            skill, effect, amount = printed
            raise ConfigError(f"{where}, '{card.name}': the rulebook prints his skill as {skill} "
                              f"({'+' if effect == 'shot_bonus' else '-'}{amount}); it cannot be changed.")
    return catalog, parse_board(values, where)


def load_catalog() -> tuple[CrewCard, ...]:
    return parse_box(default_box(), "crew.toml")[0]


def load_board() -> BoardNumbers:
    return parse_box(default_box(), "board.toml")[1]
