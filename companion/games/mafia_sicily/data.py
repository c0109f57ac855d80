"""Mafia (Sicily) data files: the board, the house numbers and the three decks (TOML beside this file).

The rulebook does not print the map, the die numbers on the special spaces or the RETURNS table
(shared/rules/README.md): they live in ``board.toml`` and ``rules.toml`` so an owner can edit them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from companion.errors import ConfigError

HERE = Path(__file__).resolve().parent
SPACE_TYPES = ("city", "telephone", "roadblock", "ambush", "restaurant", "assassination", "news_leak",
               "antimafia", "blank")
TYPE_COUNTS = {"city": 3, "telephone": 4, "roadblock": 3, "ambush": 3, "restaurant": 1, "assassination": 1,
               "news_leak": 1, "antimafia": 1, "blank": 9}
BOXES = ("station", "prison", "continent")
BOX_NAMES = {"station": "the Carabinieri Station", "prison": "Prison", "continent": "the Continent"}


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    type: str
    numbers: tuple[int, ...] = ()
    airport: bool = False


@dataclass(frozen=True, slots=True)
class Routes:
    """The arrows of the map: the clockwise outer track and the two-way centre track through Enna."""

    ring: tuple[str, ...]
    center: tuple[str, ...]
    north_junction: str
    south_junction: str


@dataclass(frozen=True, slots=True)
class Board:
    spaces: tuple[Space, ...]
    routes: Routes | None

    def space(self, sid: str) -> Space:
        for s in self.spaces:
            if s.id == sid:
                return s
        raise KeyError(sid)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces)

    def of_type(self, kind: str) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces if s.type == kind)

    @property
    def airports(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces if s.airport)


def _board_from(data: Mapping[str, Any]) -> Board:
    spaces = []
    for raw in data.get("space", []):
        kind = raw.get("type")
        if kind not in SPACE_TYPES:
            raise ConfigError(f"Board space {raw.get('id')!r} has unknown type {kind!r}.")
        spaces.append(Space(raw["id"], raw.get("name", raw["id"]), kind, tuple(raw.get("numbers", ())),
                            bool(raw.get("airport", False))))
    ids = [s.id for s in spaces]
    if len(set(ids)) != len(ids):
        raise ConfigError("Two board spaces share an id.")
    counts = {k: sum(1 for s in spaces if s.type == k) for k in SPACE_TYPES}
    if counts != TYPE_COUNTS:
        raise ConfigError(f"The board must have the rulebook's 26 spaces by type {TYPE_COUNTS}; it has {counts}.")
    if sorted(s.id for s in spaces if s.airport) != ["catania", "palermo"]:
        raise ConfigError("Palermo and Catania (and only they) have airports.")
    for needed in ("palermo", "catania", "enna"):
        if needed not in ids or next(s for s in spaces if s.id == needed).type != "city":
            raise ConfigError(f"The board needs the city {needed!r}.")
    routes = None
    raw_routes = data.get("routes")
    if raw_routes:
        routes = Routes(tuple(raw_routes["ring"]), tuple(raw_routes["center"]), raw_routes["north_junction"],
                        raw_routes["south_junction"])
        listed = list(routes.ring) + list(routes.center)
        if sorted(listed) != sorted(ids):
            raise ConfigError("The routes must list every space exactly once (outer ring plus centre track).")
        if routes.north_junction not in routes.ring or routes.south_junction not in routes.ring:
            raise ConfigError("The centre track must join two spaces of the outer ring.")
    return Board(tuple(spaces), routes)


def load_board(path: Path | str | None = None, *, routes: bool = True) -> Board:
    """The board from ``board.toml`` (or ``path``); ``routes=False`` drops the adjacency data."""
    with open(path or HERE / "board.toml", "rb") as fh:
        data = tomllib.load(fh)
    if not routes:
        data.pop("routes", None)
    return _board_from(data)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    deck: str
    name: str
    text: str
    family: str = ""


def load_decks(path: Path | str | None = None) -> dict[str, tuple[Card, ...]]:
    with open(path or HERE / "decks.toml", "rb") as fh:
        data = tomllib.load(fh)
    decks = {}
    for deck in ("roma", "usa", "sisde"):
        cards = tuple(Card(c["effect"], deck, c["name"], c.get("text", c["name"]), c.get("family", ""))
                      for c in data.get(deck, []))
        if len(cards) != 8:
            raise ConfigError(f"The {deck} deck must have 8 cards, not {len(cards)}.")
        decks[deck] = cards
    return decks


def load_rules(path: Path | str | None = None) -> dict[str, Any]:
    with open(path or HERE / "rules.toml", "rb") as fh:
        data = tomllib.load(fh)
    for box in BOXES:
        if box not in data.get("returns", {}):
            raise ConfigError(f"The RETURNS table needs a row for {box!r}.")
    return data
