"""The editable data of Mafia Casino (``data.toml``): what the rulebook does not print.

The rulebook prints only an example market value ("$100,000 per pearl and $200,000 per diamond"),
so the four Market Value cards, the card values and suits, and the construction names of each
building live in a TOML file an owner can edit to match their copy of the game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

BUILDINGS = ("casino", "restaurant", "hotel")

#: Rulebook summary: each protective construction "defends against" one blocking Mission.
PROTECTOR = {"casino": "Surveillance Camera", "restaurant": "Guest List", "hotel": "Security Agency"}


@dataclass(frozen=True, slots=True)
class MarketCard:
    name: str
    pearl: int
    diamond: int


@dataclass(frozen=True, slots=True)
class CasinoData:
    market: tuple[MarketCard, ...]
    values: tuple[str, ...]
    suits: tuple[tuple[str, str], ...]
    jewel_amounts: tuple[int, ...]
    constructions: tuple[tuple[str, ...], ...]  # in BUILDINGS order
    slot_weights: tuple[tuple[str, int], ...]
    split_unit: int
    copies: int = 3  # cards showing one value and suit (the 9 of clubs) in the deck

    def constructions_of(self, building: str) -> tuple[str, ...]:
        return self.constructions[BUILDINGS.index(building)]

    @property
    def suit_letters(self) -> tuple[str, ...]:
        return tuple(letter for letter, _ in self.suits)


def parse(raw: dict) -> CasinoData:
    """Validate the TOML tables; a wrong file gives a sentence naming what to fix."""
    market = tuple(MarketCard(str(m["name"]), int(m["pearl"]), int(m["diamond"])) for m in raw["market_value"])
    if len(market) != 4:
        raise ValueError(f"data.toml must list the 4 Market Value cards, not {len(market)}.")
    cards = raw["cards"]
    constructions = tuple(tuple(raw["constructions"][b]) for b in BUILDINGS)
    for b, names in zip(BUILDINGS, constructions):
        if PROTECTOR[b] not in names:
            raise ValueError(f"data.toml: the {b} constructions must include '{PROTECTOR[b]}'.")
        if len(set(names)) != len(names):
            raise ValueError(f"data.toml: a {b} construction is listed twice.")
    weights = raw["chance"]["slot_symbol_weights"]
    return CasinoData(
        market=market,
        values=tuple(cards["values"]),
        suits=tuple(cards["suits"].items()),
        jewel_amounts=tuple(cards["jewel_amounts"]),
        constructions=constructions,
        slot_weights=tuple((k, int(weights[k])) for k in ("pearl", "diamond", "none")),
        split_unit=int(raw["poker"]["split_unit"]),
        copies=int(cards.get("copies", 3)),
    )


@lru_cache(maxsize=1)
def load() -> CasinoData:
    text = resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8")
    return parse(tomllib.loads(text))
