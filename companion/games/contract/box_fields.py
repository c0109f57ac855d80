"""Contract's box fields: the values of its real Mafioso cards, tiles and briefcases that the rulebook does not print, as
Your box lists them (companion/box.py discovers ``BOX_FIELDS`` here; the UI only reads them)."""

from __future__ import annotations

from typing import Mapping

from companion.box import BoxGame, Field, _field

def fields(values: Mapping, defaults: Mapping) -> list[Field]:
    from companion.games.contract import data as C

    raw = C._raw()
    names = {fam: raw["family"][fam]["name"] for fam in raw["families"]} | {C.BLACKMAT: raw["blackmat"]["name"]}

    def f(path, section, label, kind, lo=0, hi=0):
        return _field(values, defaults, path, section, label, kind, lo, hi)

    out = []
    for fam, vals in values["mafiosi"].items():
        for i in range(len(vals)):
            out.append(f(("mafiosi", fam, i), "Mafioso cards", f"{names[fam]} card {i + 1}", "number", 1, 9))
    for which in ("first", "second"):
        for i in range(len(values["trafficking"][which])):
            out.append(f(("trafficking", which, i), "Trafficking tiles", f"{which.title()} tile {i + 1} ($)",
                         "number", 0, 99))
    for b in raw["briefcase"]:
        title = b["title"].replace("{n}", "N")
        entry = values["briefcases"][b["id"]]
        out.append(f(("briefcases", b["id"], "value"), "Bonus briefcases", f"{title} ($)", "number", 0, 99))
        for players in entry.get("threshold", {}):
            out.append(f(("briefcases", b["id"], "threshold", players), "Bonus briefcases",
                         f"{title}: N with {players} players", "number", 1, 5))
    return out


BOX_FIELDS = BoxGame("contract", "Contract", tab="Contract", order=40,
                     defaults="companion.games.contract.data:default_box",
                     parse="companion.games.contract.data:parse_box",
                     fields="companion.games.contract.box_fields:fields")
