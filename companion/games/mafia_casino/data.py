"""The data of Mafia Casino (``data.toml``): what the rulebook does not print.

The rulebook prints only an example market value ("$100,000 per pearl and $200,000 per diamond"),
so the four Market Value cards and the construction names of each building (and the poker split
unit, a house rule of the app) are "box values": ``data.toml`` holds their shipped defaults, a
table enters its own in "Your box" (saved in the database, companion/box.py), and a game receives
them in its config (``box``) and keeps them in its state. The card values and suits, the jewel
amounts and the virtual-draw weights are the app's fixed data (``data.toml`` too).
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from companion.errors import ConfigError

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

    def constructions_of(self, building: str) -> tuple[str, ...]:
        return self.constructions[BUILDINGS.index(building)]

    @property
    def suit_letters(self) -> tuple[str, ...]:
        return tuple(letter for letter, _ in self.suits)


BOX_KEYS = ("market_value", "constructions", "poker")
MAX_PRICE = 100_000_000


def _money(value: Any, what: str, where: str, positive: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{where}: {what} must be a whole number of dollars, not {value!r}.")
    if value < 0:
        raise ConfigError(f"{where}: {what} cannot be negative ({value:,}).")
    if positive and value == 0:
        raise ConfigError(f"{where}: {what} cannot be zero.")
    if value > MAX_PRICE:
        raise ConfigError(f"{where}: {what} must be at most {MAX_PRICE:,}, not {value:,}.")
    return value


def parse_box(raw: Mapping[str, Any], where: str = "your box") -> tuple:
    """Validate the box values (market cards, construction names, split unit); a sentence names the field."""
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where}: the box values must be a table, not {type(raw).__name__}.")
    unknown = set(raw) - set(BOX_KEYS)
    if unknown:
        raise ConfigError(f"{where}: Mafia Casino's box has no '{sorted(unknown)[0]}'.")
    cards = raw.get("market_value")
    if not isinstance(cards, list) or len(cards) != 4:
        raise ConfigError(f"{where} must list the 4 Market Value cards, not {len(cards) if isinstance(cards, list) else 0}.")
    market = []
    for i, m in enumerate(cards, 1):
        here = f"{where}, Market Value card {i}"
        if not isinstance(m, Mapping):
            raise ConfigError(f"{here} must be a table with name, pearl and diamond.")
        name = m.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"{here} needs a name.")
        market.append(MarketCard(name.strip(), _money(m.get("pearl"), "the pearl price", here),
                                 _money(m.get("diamond"), "the diamond price", here)))
    table = raw.get("constructions")
    if not isinstance(table, Mapping) or set(table) != set(BUILDINGS):
        raise ConfigError(f"{where}: [constructions] must list the casino, restaurant and hotel constructions.")
    constructions = []
    for b in BUILDINGS:
        names = table[b]
        if not isinstance(names, list) or not names:
            raise ConfigError(f"{where}: the {b} constructions must be a list of names.")
        for n in names:
            if not isinstance(n, str) or not n.strip():
                raise ConfigError(f"{where}: every {b} construction needs a name.")
        names = [n.strip() for n in names]
        if PROTECTOR[b] not in names:
            raise ConfigError(f"{where}: the {b} constructions must include '{PROTECTOR[b]}' (the rulebook's).")
        low = [n.lower() for n in names]
        if len(set(low)) != len(low):
            twice = next(n for n in names if low.count(n.lower()) > 1)
            raise ConfigError(f"{where}: the {b} construction '{twice}' is listed twice.")
        constructions.append(tuple(names))
    poker_table = raw.get("poker")
    if not isinstance(poker_table, Mapping):
        raise ConfigError(f"{where}: [poker] must give the split_unit.")
    unit = _money(poker_table.get("split_unit"), "the poker split unit", where, positive=True)
    return tuple(market), tuple(constructions), unit


def parse(raw: dict) -> CasinoData:
    """Validate the TOML tables; a wrong file gives a sentence naming what to fix."""
    market, constructions, unit = parse_box({k: raw[k] for k in BOX_KEYS}, "data.toml")
    cards = raw["cards"]
    weights = raw["chance"]["slot_symbol_weights"]
    return CasinoData(
        market=market,
        values=tuple(cards["values"]),
        suits=tuple(cards["suits"].items()),
        jewel_amounts=tuple(cards["jewel_amounts"]),
        constructions=constructions,
        slot_weights=tuple((k, int(weights[k])) for k in ("pearl", "diamond", "none")),
        split_unit=unit,
    )


@lru_cache(maxsize=1)
def _shipped() -> dict:
    return tomllib.loads(resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8"))


def _raw() -> dict:
    """A fresh copy of data.toml's tables (callers may change it)."""
    return copy.deepcopy(_shipped())


@lru_cache(maxsize=1)
def load() -> CasinoData:
    """The shipped data (box values at their defaults)."""
    return parse(_raw())


def default_box() -> dict[str, Any]:
    """The shipped defaults of the box values, TOML-shaped."""
    raw = _raw()
    return {k: raw[k] for k in BOX_KEYS}


def with_box(values: Mapping[str, Any] | None, where: str = "your box") -> CasinoData:
    """The game's data: the shipped data with the table's box values (validated) in place."""
    data = load()
    if values is None:
        return data
    market, constructions, unit = parse_box(values, where)
    return replace(data, market=market, constructions=constructions, split_unit=unit)
