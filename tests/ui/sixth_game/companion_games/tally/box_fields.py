"""Tally's box: how many chips each player starts with (the one value its "rulebook" leaves to
the box)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.box import BoxGame, Field, _field
from companion.errors import ConfigError


def default_box() -> dict[str, Any]:
    return {"chips": 5}


def parse_box(values: Mapping) -> None:
    chips = values["chips"]
    if not isinstance(chips, int) or not 1 <= chips <= 20:
        raise ConfigError(f"Your box: Chips per player must be from 1 to 20, not {chips}.")


def fields(values: Mapping, defaults: Mapping) -> list[Field]:
    return [_field(values, defaults, ("chips",), "Chips", "Chips per player", "number", 1, 20)]


BOX_FIELDS = BoxGame("tally", "Tally", tab="Tally", order=90,
                     defaults="companion.games.tally.box_fields:default_box",
                     parse="companion.games.tally.box_fields:parse_box",
                     fields="companion.games.tally.box_fields:fields")
