"""Mafia Casino's box fields: the values of its real Market Value cards and constructions that the rulebook does not print, as
Your box lists them (companion/box.py discovers ``BOX_FIELDS`` here; the UI only reads them)."""

from __future__ import annotations

from typing import Mapping

from companion.box import BoxGame, Field, _field

def fields(values: Mapping, defaults: Mapping) -> list[Field]:
    from companion.games.mafia_casino.data import BUILDINGS, PROTECTOR

    def f(path, section, label, kind, lo=0, hi=0):
        return _field(values, defaults, path, section, label, kind, lo, hi)

    out = []
    for i in range(len(values["market_value"])):
        section = f"Market Value card {i + 1}"
        out.append(f(("market_value", i, "pearl"), section, "Price of a pearl", "money", 0, 100_000_000))
        out.append(f(("market_value", i, "diamond"), section, "Price of a diamond", "money", 0, 100_000_000))
    for b in BUILDINGS:
        for i, name in enumerate(values["constructions"][b]):
            if name != PROTECTOR[b]:
                out.append(f(("constructions", b, i), f"{b.title()} constructions", f"Construction {i + 1}", "name"))
    out.append(f(("poker", "split_unit"), "Poker (the app's house rule)", "A split pot is paid in whole", "money",
                 1, 100_000_000))
    return out


BOX_FIELDS = BoxGame("mafia-casino", "Mafia Casino", tab="Casino", order=30,
                     defaults="companion.games.mafia_casino.data:default_box",
                     parse="companion.games.mafia_casino.data:parse_box",
                     fields="companion.games.mafia_casino.box_fields:fields")
