"""Mafia (Sicily) data files: the board, the house numbers and the three decks (TOML beside this file).

The rulebook does not print the map, the die numbers on the special spaces or the RETURNS table
(shared/rules/README.md): their shipped defaults live in ``board.toml`` and ``rules.toml``; a table's
own values are its box (``default_box`` / ``parse_box`` below, companion/box.py, docs/box.md).
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


# --------------------------------------------------------------------------------------------
# Your box (companion/box.py): what the rulebook does not print, as values a table can edit.
#
# The rulebook prints the 26 spaces by type (A1), the names Palermo, Catania and Enna, the airports,
# that the outer track runs clockwise and the four centre spaces through Enna both ways (D4), the
# Roma and USA cards (D6a, D6b) and that SISDE cards come in four pairs by Family colour (D6c). It
# does not print the other 23 names, where each space lies (its neighbours), the die numbers on the
# roadblock / ambush / restaurant / assassination / Antimafia spaces, the RETURNS table or the names
# of the SISDE clue cards: those are the box values. A space keeps its id and type (the slot); a
# table whose board has a roadblock elsewhere renames the slots and moves the routes.

CITY_IDS = ("palermo", "catania", "enna")
NUMBERED_TYPES = ("roadblock", "ambush", "restaurant", "assassination", "antimafia")
TYPE_TITLES = {"city": "city", "telephone": "telephone booth", "roadblock": "roadblock", "ambush": "ambush",
               "restaurant": "restaurant", "assassination": "assassination", "news_leak": "news leak",
               "antimafia": "Antimafia Commission", "blank": "blank"}
RETURN_TITLES = {"station": "the Carabinieri Station", "prison": "Prison", "continent": "the Continent"}
CENTRE_LENGTH = 4  # D4: "the four spaces running through the center of Sicily"
NAME_MAX = 32


@dataclass(frozen=True, slots=True)
class BoxData:
    """The game's data with a table's box values in place."""

    board: Board
    rules: dict[str, Any]
    decks: dict[str, tuple[Card, ...]]


def default_box() -> dict[str, Any]:
    """The shipped defaults (board.toml, rules.toml, decks.toml) as box values, TOML-shaped."""
    board = load_board()
    rules = load_rules()
    decks = load_decks()
    r = board.routes
    near: dict[str, list[str]] = {sid: [] for sid in board.ids}

    def link(a: str, b: str) -> None:
        near[a].append(b)
        near[b].append(a)

    for i, sid in enumerate(r.ring):
        link(sid, r.ring[(i + 1) % len(r.ring)])
    track = [r.north_junction, *r.center, r.south_junction]
    for a, b in zip(track, track[1:]):
        link(a, b)
    spaces: dict[str, Any] = {}
    for s in board.spaces:
        entry: dict[str, Any] = {}
        if s.id not in CITY_IDS:
            entry["name"] = s.name
        if s.type in NUMBERED_TYPES:
            entry["numbers"] = list(s.numbers)
        entry["neighbours"] = sorted(near[s.id], key=board.ids.index)
        spaces[s.id] = entry
    return {"spaces": spaces, "clockwise_from_palermo": r.ring[(r.ring.index("palermo") + 1) % len(r.ring)],
            "returns": {b: list(rules["returns"][b]) for b in BOXES},
            "sisde": {c.id: c.name for c in decks["sisde"]}}


def _die_numbers(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ConfigError(f"{what} must be a list of die numbers from 1 to 6, like [1, 2], not {value!r}.")
    if not value:
        raise ConfigError(f"{what}: give at least one die number from 1 to 6.")
    for n in value:
        if isinstance(n, bool) or not isinstance(n, int):
            raise ConfigError(f"{what}: {n!r} is not a number; die numbers are 1 to 6.")
        if not 1 <= n <= 6:
            raise ConfigError(f"{what}: {n} is not on a die; die numbers are 1 to 6.")
    if len(set(value)) != len(value):
        raise ConfigError(f"{what} lists a number twice.")
    return tuple(sorted(value))


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{what} is empty: give it a name.")
    if len(value.strip()) > NAME_MAX:
        raise ConfigError(f"{what} is longer than {NAME_MAX} letters.")
    return value.strip()


def derive_routes(near: Mapping[str, Any], names: Mapping[str, str], clockwise: Any) -> Routes:
    """The outer track (clockwise from Palermo) and the centre track from symmetric neighbours.

    Rule D4 gives the shape: an outer track and the four centre spaces through Enna, joined to it at
    two spaces. So every space has two neighbours except those two junctions (three each).
    """
    def n(sid: str) -> str:
        return names.get(sid, sid)

    for sid, others in near.items():
        if len(others) not in (2, 3):
            raise ConfigError(
                f"{n(sid)} has {len(others)} neighbour{'s' if len(others) != 1 else ''}: on the map every space "
                f"has two (the spaces before and after it), and the two where the centre track joins the outer "
                f"track have three.")
    junctions = [sid for sid, others in near.items() if len(others) == 3]
    if len(junctions) != 2:
        listed = ", ".join(n(j) for j in junctions) or "none"
        raise ConfigError(f"Exactly two spaces join the centre track to the outer track (three neighbours "
                          f"each); here: {listed}.")
    a, b = junctions
    branches = []
    for first in near[a]:
        path, prev, cur = [], a, first
        while cur not in junctions:
            path.append(cur)
            prev, cur = cur, next(x for x in near[cur] if x != prev)
            if len(path) > len(near):
                break
        if cur != b:
            raise ConfigError(f"The routes from {n(a)} loop back to it without reaching {n(b)}: the map must be "
                              f"one outer track with the centre track across it.")
        branches.append(path)
    reached = {a, b} | {x for p in branches for x in p}
    if reached != set(near):
        lost = ", ".join(sorted(n(x) for x in set(near) - reached))
        raise ConfigError(f"These spaces are not connected to the rest of the map: {lost}.")
    centre = [p for p in branches if "enna" in p]
    if not centre:
        raise ConfigError(f"Enna must lie on the centre track, between {n(a)} and {n(b)}.")
    centre = centre[0]
    if len(centre) != CENTRE_LENGTH:
        raise ConfigError(f"The centre track through Enna must have {CENTRE_LENGTH} spaces (rule D4), "
                          f"not {len(centre)}.")
    outer = [p for p in branches if p is not centre]
    ring_ab = [a, *outer[0], b, *reversed(outer[1])]
    if "palermo" not in ring_ab:
        raise ConfigError("Palermo must be on the outer track (the arrows are read from Palermo).")
    i = ring_ab.index("palermo")
    ahead, behind = ring_ab[(i + 1) % len(ring_ab)], ring_ab[i - 1]
    if clockwise not in (ahead, behind):
        towards = n(clockwise) if isinstance(clockwise, str) and clockwise in names else repr(clockwise)
        raise ConfigError(f"The arrows leave Palermo towards {towards}, which is not next to Palermo on the outer "
                          f"track ({n(ahead)} or {n(behind)}).")
    ring = ring_ab if clockwise == ahead else list(reversed(ring_ab))
    ring = ring[ring.index("palermo"):] + ring[:ring.index("palermo")]
    # the centre track is listed from the junction the arrows reach first from Palermo ("north")
    first, last = (a, b) if ring.index(a) < ring.index(b) else (b, a)
    track = centre if near[first] and centre[0] in near[first] else list(reversed(centre))
    return Routes(tuple(ring), tuple(track), first, last)


def parse_box(values: Any) -> BoxData:
    """The board, RETURNS and decks with the box values in place; a bad value raises ``ConfigError``
    with a sentence naming it."""
    if not isinstance(values, Mapping):
        raise ConfigError(f"The box values must be a table, not {type(values).__name__}.")
    unknown = set(values) - {"spaces", "clockwise_from_palermo", "returns", "sisde"}
    if unknown:
        raise ConfigError(f"Mafia (Sicily)'s box has no '{sorted(unknown)[0]}'.")
    base = load_board()
    raw = values.get("spaces")
    if not isinstance(raw, Mapping):
        raise ConfigError("[spaces] must list the 26 spaces of the board.")
    for sid in raw:
        if sid not in base.ids:
            raise ConfigError(f"There is no space '{sid}' on the board (the 26 spaces are {', '.join(base.ids)}).")
    for sid in base.ids:
        if sid not in raw:
            raise ConfigError(f"The space '{sid}' ({base.space(sid).name}) is missing from [spaces].")
    names: dict[str, str] = {}
    for s in base.spaces:
        entry = raw[s.id]
        if not isinstance(entry, Mapping):
            raise ConfigError(f"[spaces.{s.id}] must be a table with the space's values.")
        allowed = {"neighbours"} | ({"name"} if s.id not in CITY_IDS else set()) | (
            {"numbers"} if s.type in NUMBERED_TYPES else set())
        extra = set(entry) - allowed
        if extra:
            key = sorted(extra)[0]
            why = {"name": f"{s.name}'s name is printed in the rulebook",
                   "numbers": f"a {TYPE_TITLES[s.type]} space has no die numbers"}.get(key, "it is not a box value")
            raise ConfigError(f"[spaces.{s.id}] has '{key}': {why}.")
        names[s.id] = (_name(entry.get("name"), f"The name of space {base.ids.index(s.id) + 1} "
                                                 f"(the {TYPE_TITLES[s.type]} space)")
                       if s.id not in CITY_IDS else s.name)
    seen: dict[str, str] = {}
    for sid, name in names.items():
        key = name.lower()
        if key in seen:
            raise ConfigError(f"Two spaces are called {name}: give each space its own name.")
        seen[key] = sid
    spaces = []
    for s in base.spaces:
        entry = raw[s.id]
        numbers = ()
        if s.type in NUMBERED_TYPES:
            numbers = _die_numbers(entry.get("numbers"), f"The die numbers of {names[s.id]} ({TYPE_TITLES[s.type]})")
        spaces.append(Space(s.id, names[s.id], s.type, numbers, s.airport))
    near: dict[str, tuple[str, ...]] = {}
    for s in base.spaces:
        others = raw[s.id].get("neighbours")
        if not isinstance(others, list) or not all(isinstance(x, str) for x in others):
            raise ConfigError(f"The neighbours of {names[s.id]} must be a list of space ids, like "
                              f"[\"palermo\", \"bagheria\"].")
        if not others:
            raise ConfigError(f"{names[s.id]} has no neighbours: every space lies on a route.")
        for x in others:
            if x == s.id:
                raise ConfigError(f"{names[s.id]} cannot be its own neighbour.")
            if x not in names:
                raise ConfigError(f"{names[s.id]} has a route to '{x}', which is not a space on the board.")
        if len(set(others)) != len(others):
            raise ConfigError(f"{names[s.id]} lists a neighbour twice.")
        near[s.id] = tuple(others)
    for sid, others in near.items():
        for x in others:
            if sid not in near[x]:
                raise ConfigError(f"The route from {names[sid]} to {names[x]} is one-way: routes go both ways, "
                                  f"so {names[x]} must list {names[sid]} as a neighbour too.")
    routes = derive_routes(near, names, values.get("clockwise_from_palermo"))
    returns = values.get("returns")
    if not isinstance(returns, Mapping) or set(returns) != set(BOXES):
        raise ConfigError("[returns] must give the RETURNS table's rows for station, prison and continent.")
    rules = load_rules()
    rules["returns"] = {b: list(_die_numbers(returns[b], f"RETURNS from {RETURN_TITLES[b]}")) for b in BOXES}
    decks = load_decks()
    sisde = values.get("sisde")
    ids = [c.id for c in decks["sisde"]]
    if not isinstance(sisde, Mapping) or set(sisde) != set(ids):
        raise ConfigError(f"[sisde] must name the 8 SISDE clue cards: {', '.join(ids)}.")
    cards, taken = [], set()
    for i, c in enumerate(decks["sisde"]):
        name = _name(sisde[c.id], f"The name of SISDE card {i + 1} (a clue on the {c.family} Family)")
        if name.lower() in taken:
            raise ConfigError(f"Two SISDE cards are called {name}: give each card its own name.")
        taken.add(name.lower())
        cards.append(Card(c.id, c.deck, name, name, c.family))
    decks["sisde"] = tuple(cards)
    return BoxData(Board(tuple(spaces), routes), rules, decks)
