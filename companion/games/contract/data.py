"""Contract's box data: the Mafiosi deck, influence values, trafficking tiles, briefcases.

The rulebook prints the card counts but not the values on the Mafiosi, the tiles or the
briefcases, so they live in ``contract.toml`` beside this module (an owner edits it to match
their box); see /work/shared/rules/README.md.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
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


def card_family(card: str) -> str:
    """``'yakaz-4'`` -> ``'yakaz'``."""
    return card.rsplit("-", 1)[0]


def card_value(card: str) -> int:
    """``'yakaz-4'`` -> ``4``."""
    return int(card.rsplit("-", 1)[1])
