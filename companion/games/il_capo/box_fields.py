"""Il Capo's box fields: the values of its real crew cards and board that the rulebook does not print, as
Your box lists them (companion/box.py discovers ``BOX_FIELDS`` here; the UI only reads them)."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from companion.box import BoxGame, Field, _get

def fields(values: Mapping, defaults: Mapping) -> list[Field]:
    from companion.games.il_capo import data as D

    def f(path, section, label, kind, lo=0, hi=0):
        value = _get(values, path) if kind != "skill" else (_get(values, path + ("effect",)),
                                                           _get(values, path + ("amount",)))
        try:
            default = (_get(defaults, path) if kind != "skill" else
                       (_get(defaults, path + ("effect",)), _get(defaults, path + ("amount",))))
        except (KeyError, IndexError):
            default = None
        return Field(path if kind != "skill" else path + ("skill_kind",), section, label, kind, value, default, lo, hi)

    out = [f(("npc", "rico_difficulty"), "Moretti units", "Beefy Rico's Execution Difficulty", "number", 0, 9),
           f(("npc", "brothers_difficulty"), "Moretti units", "Ricigliano Brothers' Execution Difficulty",
             "number", 0, 9),
           f(("npc", "marcello_difficulty"), "Moretti units", "Marcello Valli's Execution Difficulty", "number", 0, 9),
           f(("board", "skyscraper_cost"), "The board", "Skyscraper price", "money", 0, 100_000_000),
           f(("board", "marcello_dues"), "The board", "Marcello Valli's dues", "money", 0, 100_000_000)]
    for i, card in enumerate(values["crew"]):
        section = f"Crew card {i + 1}: {card['name']}"
        printed = card["name"] in D.RULEBOOK_CREW
        if not printed:
            out.append(f(("crew", i, "name"), section, "Name", "name"))
        out.append(f(("crew", i, "difficulty"), section, "Execution Difficulty", "number", 1, 9))
        out.append(f(("crew", i, "cost"), section, "Price to hire", "money", 0, 100_000_000))
        if not printed:
            out.append(f(("crew", i, "skill"), section, "Skill", "name"))
            out.append(f(("crew", i), section, "Kind of skill", "skill"))
    return out


def place(values: Mapping, path: tuple, value: Any) -> dict[str, Any] | None:
    """A kind of skill sets the card's effect, amount and text; a crew card's tier follows its
    difficulty. None: the plain placing of one value will do."""
    from companion.games.il_capo.data import TIER_RANGES, skill_text

    if path[-1] == "skill_kind":
        new = copy.deepcopy(dict(values))
        effect, amount = value
        card = _get(new, path[:-1])
        card["effect"], card["amount"], card["text"] = effect, amount, skill_text(effect, amount)
        return new
    if path[0] == "crew" and path[-1] == "difficulty" and isinstance(value, int):
        new = copy.deepcopy(dict(values))
        parent = _get(new, path[:-1])
        parent[path[-1]] = value
        for tier, (lo, hi) in TIER_RANGES.items():  # the tier follows from the difficulty
            if lo <= value <= hi:
                parent["tier"] = tier
        return new
    return None


BOX_FIELDS = BoxGame("il-capo", "Il Capo", tab="Il Capo", order=20,
                     defaults="companion.games.il_capo.data:default_box",
                     parse="companion.games.il_capo.data:parse_box",
                     fields="companion.games.il_capo.box_fields:fields",
                     place="companion.games.il_capo.box_fields:place")
