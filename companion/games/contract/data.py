"""Contract's data: the Mafiosi deck, influence values, trafficking tiles, briefcases.

The rulebook prints the card counts but not the values on the Mafiosi, the tiles or the
briefcases. Those are "box values": ``contract.toml`` beside this module holds their shipped
defaults, a table enters its own in "Your box" (saved in the database, companion/box.py), and a
game receives them in its config (``box``) and keeps them in its state. See docs/box.md.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from companion.errors import ConfigError

DATA_FILE = Path(__file__).with_name("contract.toml")
BLACKMAT = "blackmat"
INFLUENCE_KINDS = ("contract", "token", "dollar", "half_dollar", "back", "copper",
                   "vicelard_contract", "vicelard_dollar")
MEASURES = ("different_families", "largest_family", "blackmats", "mafiosi", "strength")


@dataclass(frozen=True, slots=True)
class Briefcase:
    """One bonus briefcase tile: a condition, its value in $, and the player counts using it."""

    id: str
    when: str  # "first" (during the game) or "end"
    title: str
    measure: str
    value: int
    players: tuple[int, ...]
    strength: int | None = None
    thresholds: tuple[tuple[int, int], ...] = ()  # (players, n) pairs, for "first"

    def threshold(self, players: int) -> int:
        return dict(self.thresholds)[players]

    def label(self, players: int) -> str:
        n = self.threshold(players) if self.when == "first" else 0
        return self.title.replace("{n}", str(n))


@dataclass(frozen=True, slots=True)
class ContractData:
    families: tuple[str, ...]  # the four coloured families, in column order
    names: tuple[tuple[str, str], ...]  # family -> display name (Blackmat included)
    colours: tuple[tuple[str, str], ...]
    deck: tuple[str, ...]  # every Mafioso card, "family-value"
    influence: tuple[tuple[str, int], ...]  # kind -> influence in half points
    first_tiles: tuple[int, ...]
    second_tiles: tuple[int, ...]
    briefcases: tuple[Briefcase, ...]

    def name(self, family: str) -> str:
        return dict(self.names)[family]

    def colour(self, family: str) -> str:
        return dict(self.colours)[family]

    def halves(self, kind: str) -> int:
        return dict(self.influence)[kind]

    def briefcase(self, ident: str) -> Briefcase:
        for b in self.briefcases:
            if b.id == ident:
                return b
        raise KeyError(ident)


def _halves(kind: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or (value * 2) % 1:
        raise ConfigError(f"contract.toml: the influence of '{kind}' must be a multiple of 1/2, not {value!r}.")
    return int(value * 2)


def parse(raw: Mapping[str, Any]) -> ContractData:
    """Validate the TOML tables; a mistake in the file is reported as a sentence."""
    try:
        families = tuple(raw["families"])
        names, colours, deck = [], [], []
        for fam in families:
            table = raw["family"][fam]
            names.append((fam, str(table["name"])))
            colours.append((fam, str(table["colour"])))
            deck.extend(f"{fam}-{int(v)}" for v in table["values"])
        black = raw["blackmat"]
        names.append((BLACKMAT, str(black["name"])))
        colours.append((BLACKMAT, str(black["colour"])))
        deck.extend(f"{BLACKMAT}-{int(v)}" for v in black["values"])
        influence = tuple((k, _halves(k, raw["influence"][k])) for k in INFLUENCE_KINDS)
        first = tuple(int(v) for v in raw["trafficking"]["first"])
        second = tuple(int(v) for v in raw["trafficking"]["second"])
        briefcases = []
        for b in raw.get("briefcase", []):
            if b["when"] not in ("first", "end") or b["measure"] not in MEASURES:
                raise ConfigError(f"contract.toml: briefcase '{b['id']}' has an unknown 'when' or 'measure'.")
            thresholds = tuple(sorted((int(k), int(v)) for k, v in b.get("threshold", {}).items()))
            players = tuple(int(p) for p in b.get("players", (2, 3, 4, 5)))
            if b["when"] == "first" and any(p not in dict(thresholds) for p in players):
                raise ConfigError(f"contract.toml: briefcase '{b['id']}' needs a threshold for every player count.")
            briefcases.append(Briefcase(str(b["id"]), b["when"], str(b["title"]), b["measure"], int(b["value"]),
                                        players, b.get("strength"), thresholds))
    except KeyError as err:
        raise ConfigError(f"contract.toml is missing the entry {err}.") from None
    if len(first) != len(families) or len(second) != len(families):
        raise ConfigError("contract.toml: there must be one first and one second trafficking tile per family.")
    return ContractData(families, tuple(names), tuple(colours), tuple(deck), influence, first, second,
                        tuple(briefcases))


def load(path: Path = DATA_FILE) -> ContractData:
    with open(path, "rb") as fh:
        return parse(tomllib.load(fh))


#: Cards per family as the rulebook prints them ("Brakova (5 cards) ... Blackmat (4 cards)").
PRINTED_COUNTS = {"brakova": 5, "yakaz": 5, "rodrigos": 5, "costa": 5, BLACKMAT: 4}
#: "First to have 3/4 cards of different families", "2/3 cards of the same family": which number
#: goes with which player count is not printed, so these thresholds are box values.
BOX_THRESHOLDS = ("first_different_families", "first_same_family")


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Any]:
    with open(DATA_FILE, "rb") as fh:
        return tomllib.load(fh)


def _raw() -> dict[str, Any]:
    """A fresh copy of contract.toml's tables (callers may change it)."""
    return copy.deepcopy(_shipped())


def default_box() -> dict[str, Any]:
    """The shipped defaults of the box values, TOML-shaped."""
    raw = _raw()
    mafiosi = {f: list(raw["family"][f]["values"]) for f in raw["families"]}
    mafiosi[BLACKMAT] = list(raw["blackmat"]["values"])
    briefcases = {}
    for b in raw["briefcase"]:
        entry = {"value": b["value"]}
        if b["id"] in BOX_THRESHOLDS:
            entry["threshold"] = {str(k): v for k, v in b["threshold"].items()}
        briefcases[b["id"]] = entry
    return {"mafiosi": mafiosi, "trafficking": dict(raw["trafficking"]), "briefcases": briefcases}


def _whole(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{what} must be a whole number, not {value!r}.")
    if value < lo or value > hi:
        if value < 0:
            raise ConfigError(f"{what} cannot be negative ({value}).")
        raise ConfigError(f"{what} must be from {lo} to {hi}, not {value}.")
    return value


def parse_box(values: Mapping[str, Any], where: str = "your box") -> ContractData:
    """The game's data with the table's box values in place; every bad value is a sentence naming it."""
    if not isinstance(values, Mapping):
        raise ConfigError(f"{where}: the box values must be a table, not {type(values).__name__}.")
    unknown = set(values) - {"mafiosi", "trafficking", "briefcases"}
    if unknown:
        raise ConfigError(f"{where}: Contract's box has no '{sorted(unknown)[0]}'.")
    raw = _raw()
    names = {f: raw["family"][f]["name"] for f in raw["families"]} | {BLACKMAT: raw["blackmat"]["name"]}
    mafiosi = values.get("mafiosi")
    if not isinstance(mafiosi, Mapping) or set(mafiosi) != set(PRINTED_COUNTS):
        raise ConfigError(f"{where}: [mafiosi] must give the values of the {', '.join(names.values())} cards.")
    for fam, count in PRINTED_COUNTS.items():
        vals = mafiosi[fam]
        if not isinstance(vals, list) or len(vals) != count:
            raise ConfigError(f"{where}: the rulebook's box has {count} {names[fam]} cards; give {count} values, "
                              f"not {len(vals) if isinstance(vals, list) else vals!r}.")
        for i, v in enumerate(vals, 1):
            _whole(v, f"{where}: {names[fam]} card {i}", 1, 9)
        target = raw["blackmat"] if fam == BLACKMAT else raw["family"][fam]
        target["values"] = list(vals)
    twos = sum(v == 2 for vals in mafiosi.values() for v in vals)
    if 24 - twos < 20:
        raise ConfigError(f"{where}: {twos} Mafiosi have value 2; with 2 or 3 players they are removed and the "
                          f"20 cards the game needs run short (at most 4 may have value 2).")
    tiles = values.get("trafficking")
    if not isinstance(tiles, Mapping) or set(tiles) != {"first", "second"}:
        raise ConfigError(f"{where}: [trafficking] must give the first and the second tiles.")
    for which in ("first", "second"):
        vals = tiles[which]
        if not isinstance(vals, list) or len(vals) != 4:
            raise ConfigError(f"{where}: there are 4 {which} trafficking tiles; give 4 values.")
        for i, v in enumerate(vals, 1):
            _whole(v, f"{where}: {which} trafficking tile {i}", 0, 99)
        raw["trafficking"][which] = list(vals)
    cases = values.get("briefcases")
    ids = [b["id"] for b in raw["briefcase"]]
    if not isinstance(cases, Mapping) or set(cases) != set(ids):
        raise ConfigError(f"{where}: [briefcases] must give a value for each of the {len(ids)} briefcases.")
    for b in raw["briefcase"]:
        entry = cases[b["id"]]
        title = b["title"].replace("{n}", "N")
        if not isinstance(entry, Mapping) or "value" not in entry:
            raise ConfigError(f"{where}: the briefcase '{title}' needs a value.")
        extra = set(entry) - {"value", "threshold"}
        if extra or ("threshold" in entry) != (b["id"] in BOX_THRESHOLDS):
            raise ConfigError(f"{where}: the briefcase '{title}' takes only "
                              f"{'a value and a threshold' if b['id'] in BOX_THRESHOLDS else 'a value'}.")
        b["value"] = _whole(entry["value"], f"{where}: the briefcase '{title}'", 0, 99)
        if b["id"] in BOX_THRESHOLDS:
            th = entry["threshold"]
            if not isinstance(th, Mapping) or {str(k) for k in th} != {str(p) for p in b["players"]}:
                raise ConfigError(f"{where}: the briefcase '{title}' needs a threshold for 2, 3, 4 and 5 players.")
            b["threshold"] = {str(k): _whole(v, f"{where}: the threshold of '{title}' with {k} players", 1, 5)
                              for k, v in th.items()}
    return parse(raw)


def card_family(card: str) -> str:
    """``'yakaz-4'`` -> ``'yakaz'``."""
    return card.rsplit("-", 1)[0]


def card_value(card: str) -> int:
    """``'yakaz-4'`` -> ``4``."""
    return int(card.rsplit("-", 1)[1])
