"""Mafia (Sicily)'s box fields: the values of its real board, RETURNS table and SISDE cards that the rulebook does not print, as
Your box lists them (companion/box.py discovers ``BOX_FIELDS`` here; the UI only reads them)."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Mapping

from companion.box import BoxError, BoxGame, Field, _field
from companion.errors import ConfigError

def fields(values: Mapping, defaults: Mapping) -> list[Field]:
    """Mafia (Sicily): what the rulebook does not print (companion/games/mafia_sicily/data.py)."""
    from companion.games.mafia_sicily import data as S

    board = S.load_board()
    names = space_names(values)

    def f(path, section, label, kind, shown=None):
        return replace(_field(values, defaults, path, section, label, kind), names=shown)

    out = []
    for i, s in enumerate(board.spaces):
        section = f"Space {i + 1}: {names[s.id]} ({S.TYPE_TITLES[s.type]})"
        if s.id not in S.CITY_IDS:
            out.append(f(("spaces", s.id, "name"), section, "Name", "name"))
        if s.type in S.NUMBERED_TYPES:
            out.append(f(("spaces", s.id, "numbers"), section, "Die numbers on the space", "dice"))
        field = f(("spaces", s.id, "neighbours"), section, "Neighbours (routes)", "routes", names)
        if set(field.value) == set(field.default or ()):  # the same routes, listed in another order
            field = replace(field, default=field.value)
        out.append(field)
    out.append(f(("clockwise_from_palermo",), "The arrows (clockwise)", "From Palermo the outer track goes to",
                 "space", names))
    for b in S.BOXES:
        out.append(f(("returns", b), "The RETURNS table", f"Back from {S.RETURN_TITLES[b]} on", "dice"))
    for i, c in enumerate(S.load_decks()["sisde"]):
        out.append(f(("sisde", c.id), "SISDE clue cards", f"Card {i + 1} (a clue on the {c.family} Family)",
                     "name"))
    return out


def space_names(values: Mapping) -> dict[str, str]:
    """Sicily: space id -> name in these box values (the three cities' names are the rulebook's)."""
    from companion.games.mafia_sicily import data as S

    board = S.load_board()
    spaces = values.get("spaces", {}) if isinstance(values, Mapping) else {}
    return {s.id: (spaces.get(s.id, {}).get("name", s.name) if s.id not in S.CITY_IDS else s.name)
            for s in board.spaces}


def routes(values: Mapping, near: Mapping[str, Any]) -> dict[str, Any]:
    """Sicily's box with every space's neighbours from ``near`` (made both ways by the caller), the
    arrows' direction kept: the direction that keeps most of the old outer track's order (on a tie,
    the table's choice). A map that is not valid is left for ``validate`` to refuse in words."""
    from companion.games.mafia_sicily import data as S

    new = copy.deepcopy(dict(values))
    order = S.load_board().ids
    for sid, others in near.items():
        if sid not in new["spaces"]:
            raise BoxError(f"There is no space '{sid}' on the board.")
        new["spaces"][sid]["neighbours"] = sorted(others, key=lambda x: order.index(x) if x in order else 99)
    names = space_names(new)
    plain = {sid: tuple(e["neighbours"]) for sid, e in new["spaces"].items()}
    try:
        old = S.derive_routes({sid: tuple(e["neighbours"]) for sid, e in values["spaces"].items()},
                              space_names(values), values.get("clockwise_from_palermo")).ring
    except (ConfigError, KeyError, TypeError):
        old = ()
    pairs = set(zip(old, old[1:] + old[:1]))
    best = None
    for towards in plain.get("palermo", ()):
        try:
            ring = S.derive_routes(plain, names, towards).ring
        except (ConfigError, KeyError, StopIteration, TypeError):  # validate says what is wrong
            continue
        # most of the old outer track still runs the same way; on a tie the table's own choice
        score = (len(pairs & set(zip(ring, ring[1:] + ring[:1]))), towards == new.get("clockwise_from_palermo"))
        if best is None or score > best[0]:
            best = (score, towards)
    if best is not None:
        new["clockwise_from_palermo"] = best[1]
    return new


def place(values: Mapping, path: tuple, value: Any) -> dict[str, Any] | None:
    """The routes go both ways: the whole map at once (the screen's routes editor, path
    ``("routes",)``) or one space's neighbours, its old and new neighbours following. None: the
    plain placing of one value will do."""
    if tuple(path) == ("routes",):
        if not isinstance(value, Mapping):
            raise BoxError("The routes must give each space's neighbours.")
        return routes(values, value)
    if len(path) == 3 and path[-1] == "neighbours" and isinstance(value, list):
        sid = path[1]
        near = {k: list(e.get("neighbours", [])) for k, e in values["spaces"].items()}
        for other in near:
            if other != sid:
                near[other] = [x for x in near[other] if x != sid] + ([sid] if other in value else [])
        near[sid] = list(value)
        return routes(values, near)
    return None


BOX_FIELDS = BoxGame("mafia-sicily", "Mafia (Sicily)", tab="Sicily", order=50,
                     defaults="companion.games.mafia_sicily.data:default_box",
                     parse="companion.games.mafia_sicily.data:parse_box",
                     fields="companion.games.mafia_sicily.box_fields:fields",
                     place="companion.games.mafia_sicily.box_fields:place",
                     names="companion.games.mafia_sicily.box_fields:space_names")
