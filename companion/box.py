"""Your box: the values of the real cards and boards that the rulebooks do not print.

The rulebooks of Il Capo, Mafia Casino and Contract leave numbers to the physical components
(crew cards, Market Value cards, trafficking tiles...). The engines ship defaults for them in their
package's TOML files; a table enters the values of its own box here. They are kept in the
database's settings table (key ``box.<game>``: ``{"values": {...}, "checked": bool}``), never in
package files; a new game receives them in its config under ``box`` (so the game's log records
them and a replay never changes); ``export_toml`` / ``import_toml`` share them as a TOML file.

A value is *marked* ("not in the rulebook — check it against your box") while it is still the
shipped default and the table has not said "I checked these against my box".

Every value the rulebook does not print is a ``Field``: where it lives in the values (``path``),
what to call it, how it is entered (``kind``: ``number``, ``money``, ``name`` or ``skill``) and
its current and default value. ``edit`` puts one new value in place, validates the whole box and
saves it; a bad value raises ``BoxError`` with a sentence naming the field and nothing is saved.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from .errors import ConfigError

GAMES = ("il-capo", "mafia-casino", "contract", "mafia-sicily")
TITLES = {"il-capo": "Il Capo", "mafia-casino": "Mafia Casino", "contract": "Contract",
          "mafia-sicily": "Mafia (Sicily)"}
MARK = "not in the rulebook — check it against your box"


class BoxError(ConfigError):
    """A box value (typed, imported or exported) that cannot be used; nothing was saved."""


# --------------------------------------------------------------------------------------------
# The fields of each game


@dataclass(frozen=True)
class Field:
    path: tuple  # keys / indexes into the values, e.g. ("crew", 3, "cost")
    section: str  # the heading it is listed under
    label: str
    kind: str  # number | money | name | skill
    value: Any
    default: Any
    lo: int = 0
    hi: int = 0
    names: Mapping | None = None  # Sicily: space ids -> names, to show routes and the arrows

    @property
    def is_default(self) -> bool:
        return self.value == self.default

    @property
    def text(self) -> str:
        """The value as the screen shows it."""
        return show(self.kind, self.value, self.names)

    @property
    def default_text(self) -> str:
        return "none" if self.default is None else show(self.kind, self.default, self.names)


def show(kind: str, value: Any, names: Mapping | None = None) -> str:
    if kind == "money":
        return f"${value:,}"
    if kind == "skill":
        return skill_label(*value)
    if kind == "dice":
        return ", ".join(str(v) for v in value)
    if kind == "routes":
        return ", ".join(short_name((names or {}).get(v, v)) for v in value)
    if kind == "space":
        return short_name((names or {}).get(value, value))
    return str(value)


def short_name(name: str) -> str:
    """"Petralia (Antimafia Commission)" -> "Petralia": a space's name on a button."""
    return name.split(" (")[0]


SKILL_CHOICES = (("shot_bonus", 1), ("shot_bonus", 2), ("shot_bonus", 3), ("shield", 1), ("shield", 2),
                 ("shield", 3), ("board", 0))


def skill_label(effect: str, amount: int) -> str:
    """The kinds of skill the Il Capo rulebook describes (section IV.5 and V)."""
    if effect == "shot_bonus":
        return f"Offensive +{amount}"
    if effect == "shield":
        return f"Defensive -{amount}"
    return "On the board"


def _get(values: Any, path: tuple) -> Any:
    for key in path:
        values = values[key]
    return values


def _field(values: Mapping, defaults: Mapping, path, section, label, kind, lo=0, hi=0) -> "Field":
    """One value of a box as listed: its current value and the default it is checked against."""
    try:
        default = _get(defaults, path)
    except (KeyError, IndexError):
        default = None
    return Field(path, section, label, kind, _get(values, path), default, lo, hi)


def _il_capo_fields(values: Mapping, defaults: Mapping) -> list[Field]:
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


def _casino_fields(values: Mapping, defaults: Mapping) -> list[Field]:
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


def _contract_fields(values: Mapping, defaults: Mapping) -> list[Field]:
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


def _sicily_fields(values: Mapping, defaults: Mapping) -> list[Field]:
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


def _sicily_routes(values: Mapping, near: Mapping[str, Any]) -> dict[str, Any]:
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


def defaults(game: str) -> dict[str, Any]:
    """The shipped default box values of ``game`` (TOML-shaped)."""
    game = name_of(game)
    if game == "il-capo":
        from companion.games.il_capo.data import default_box
    elif game == "mafia-casino":
        from companion.games.mafia_casino.data import default_box
    elif game == "mafia-sicily":
        from companion.games.mafia_sicily.data import default_box
    else:
        from companion.games.contract.data import default_box
    return default_box()


def validate(game: str, values: Any) -> None:
    """Raise ``BoxError`` (a sentence naming the field) unless ``values`` is a whole, usable box."""
    game = name_of(game)
    try:
        if game == "il-capo":
            from companion.games.il_capo.data import parse_box
        elif game == "mafia-casino":
            from companion.games.mafia_casino.data import parse_box
        elif game == "mafia-sicily":
            from companion.games.mafia_sicily.data import parse_box
        else:
            from companion.games.contract.data import parse_box
        parse_box(values)
    except BoxError:
        raise
    except ConfigError as err:
        raise BoxError(_sentence(str(err))) from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as err:
        raise BoxError(f"Your box for {TITLES[game]} is incomplete or malformed ({err}).") from None


def fields(game: str, values: Mapping | None = None) -> list[Field]:
    """Every value the rulebook does not print, with its current and default value."""
    game = name_of(game)
    values = defaults(game) if values is None else values
    builder = {"il-capo": _il_capo_fields, "mafia-casino": _casino_fields, "contract": _contract_fields,
               "mafia-sicily": _sicily_fields}[game]
    return builder(values, defaults(game))


def place(game: str, values: Mapping, path: tuple, value: Any) -> dict[str, Any]:
    """A copy of ``values`` with one field changed (and what follows from it), validated."""
    game = name_of(game)
    if game == "mafia-sicily" and tuple(path) == ("routes",):
        # the whole map at once (the screen's routes editor): {space id: [neighbour ids]}
        if not isinstance(value, Mapping):
            raise BoxError("The routes must give each space's neighbours.")
        new = _sicily_routes(values, value)
        validate(game, new)
        return new
    if game == "mafia-sicily" and len(path) == 3 and path[-1] == "neighbours" and isinstance(value, list):
        # one space's neighbours: the routes go both ways, so its old and new neighbours follow
        sid = path[1]
        near = {k: list(e.get("neighbours", [])) for k, e in values["spaces"].items()}
        for other in near:
            if other != sid:
                near[other] = [x for x in near[other] if x != sid] + ([sid] if other in value else [])
        near[sid] = list(value)
        new = _sicily_routes(values, near)
        validate(game, new)
        return new
    new = copy.deepcopy(dict(values))
    if game == "il-capo" and path[-1] == "skill_kind":
        from companion.games.il_capo.data import skill_text

        effect, amount = value
        card = _get(new, path[:-1])
        card["effect"], card["amount"], card["text"] = effect, amount, skill_text(effect, amount)
    else:
        parent = _get(new, path[:-1])
        parent[path[-1]] = value
        if game == "il-capo" and path[0] == "crew" and path[-1] == "difficulty" and isinstance(value, int):
            from companion.games.il_capo.data import TIER_RANGES

            for tier, (lo, hi) in TIER_RANGES.items():  # the tier follows from the difficulty
                if lo <= value <= hi:
                    parent["tier"] = tier
    validate(game, new)
    return new


# --------------------------------------------------------------------------------------------
# In the database (the Store's settings table)


@dataclass(frozen=True)
class Saved:
    values: dict[str, Any]
    checked: bool
    problem: str = ""  # saved values this version cannot use (then the defaults are in force)

    def marked(self, field: Field) -> bool:
        """Shown with "not in the rulebook — check it against your box"."""
        return not self.checked and field.is_default


def _key(game: str) -> str:
    return f"box.{name_of(game)}"


def load(store, game: str) -> Saved:
    """The table's box values (the defaults until some are entered)."""
    game = name_of(game)
    saved = store.get_setting(_key(game)) or {}
    values = saved.get("values")
    if values is None:
        return Saved(defaults(game), bool(saved.get("checked", False)))
    try:
        validate(game, values)
    except BoxError as err:  # e.g. saved by another version: say so, play with the defaults
        return Saved(defaults(game), False, f"Your saved box could not be used ({err}) The defaults are in force.")
    return Saved(values, bool(saved.get("checked", False)))


def save(store, game: str, values: Mapping, checked: bool | None = None) -> Saved:
    """Validate and save the whole box; a bad value raises ``BoxError`` and nothing is saved."""
    game = name_of(game)
    validate(game, values)
    if checked is None:
        checked = load(store, game).checked
    store.set_setting(_key(game), {"values": json.loads(json.dumps(values)), "checked": bool(checked)})
    return load(store, game)


def edit(store, game: str, path: tuple, value: Any) -> Saved:
    """One value typed on the screen."""
    current = load(store, game)
    return save(store, game, place(game, current.values, tuple(path), value), current.checked)


def reset(store, game: str) -> Saved:
    """"Reset to the defaults": the shipped values, marked again."""
    store.set_setting(_key(game), {"values": None, "checked": False})
    return load(store, game)


def mark_checked(store, game: str) -> Saved:
    """"I checked these against my box": the marks go away."""
    current = load(store, game)
    return save(store, game, current.values, checked=True)


def config(store, game: str) -> dict[str, Any]:
    """What a new game's config carries: ``{"box": values}`` (recorded with the game)."""
    return {"box": copy.deepcopy(load(store, game).values)}


def unchecked_defaults(store, game: str, section_prefix: str = "") -> bool:
    """True while some value (in sections starting with ``section_prefix``) is an unchecked default."""
    saved = load(store, game)
    return any(saved.marked(f) for f in fields(game, saved.values) if f.section.startswith(section_prefix))


# --------------------------------------------------------------------------------------------
# TOML (export / import)


def export_toml(store, game: str) -> str:
    game = name_of(game)
    saved = load(store, game)
    head = (f"# Your box: {TITLES[game]} - the values of the real cards and board that the rulebook does not\n"
            f"# print. Import it with `companion box import {game} FILE` (or on the Your box screen).\n")
    return head + dumps({"game": game, **saved.values})


def import_toml(store, game: str, text: str) -> Saved:
    """Read a TOML export; every value is validated before anything is saved."""
    game = name_of(game)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise BoxError(f"The file is not valid TOML ({err}); nothing was imported.") from None
    named = data.pop("game", game)
    if named != game:
        raise BoxError(f"The file holds the box of {TITLES.get(named, named)}, not of {TITLES[game]}; "
                       f"nothing was imported.")
    try:
        return save(store, game, data, checked=False)
    except BoxError as err:
        raise BoxError(f"{err} Nothing was imported.") from None


def export_file(store, game: str, path: str | Path) -> Path:
    path = Path(path)
    try:
        path.write_text(export_toml(store, game), encoding="utf-8")
    except OSError as err:
        raise BoxError(f"Cannot write {path}: {err.strerror or err}.") from None
    return path


def import_file(store, game: str, path: str | Path) -> Saved:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise BoxError(f"Cannot read {path}: {err.strerror or err}.") from None
    return import_toml(store, game, text)


USB_ROOTS = ("/media", "/run/media", "/mnt")


def usb_folders(roots: tuple[str, ...] = USB_ROOTS) -> list[Path]:
    """Mounted removable drives (``/media/<user>/<label>`` on Raspberry Pi OS), first found first."""
    found = []
    for root in map(Path, roots):
        try:
            level1 = sorted(p for p in root.iterdir() if p.is_dir())
        except OSError:
            continue
        for p in level1:
            if p.is_mount():
                found.append(p)
                continue
            try:
                found += sorted(q for q in p.iterdir() if q.is_dir() and q.is_mount())
            except OSError:
                continue
    return found


def usb_file(game: str) -> str:
    return f"{name_of(game)}-box.toml"


def export_usb(store, game: str, roots: tuple[str, ...] = USB_ROOTS) -> Path:
    """Write ``<game>-box.toml`` to the first USB stick."""
    folders = usb_folders(roots)
    if not folders:
        raise BoxError("No USB stick found: plug one in and try again.")
    return export_file(store, game, folders[0] / usb_file(game))


def import_usb(store, game: str, roots: tuple[str, ...] = USB_ROOTS) -> Path:
    """Read ``<game>-box.toml`` from the first USB stick that has one."""
    folders = usb_folders(roots)
    if not folders:
        raise BoxError("No USB stick found: plug one in and try again.")
    for folder in folders:
        path = folder / usb_file(game)
        if path.is_file():
            import_file(store, game, path)
            return path
    raise BoxError(f"No {usb_file(game)} on the USB stick: export one first (here or with "
                   f"`companion box export {name_of(game)} FILE`).")


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key_text(key: Any) -> str:
    key = str(key)
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key_text(k)} = {_scalar(v)}" for k, v in value.items()) + " }"
    raise BoxError(f"A box value cannot be written as TOML: {value!r}.")


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def dumps(data: Mapping[str, Any], prefix: str = "") -> str:
    """A small TOML writer for box values: tables, arrays of tables, scalars, lists, inline tables."""
    lines = []
    for k, v in data.items():
        if not isinstance(v, Mapping) and not _is_table_list(v):
            lines.append(f"{_key_text(k)} = {_scalar(v)}")
    text = "\n".join(lines) + ("\n" if lines else "")
    for k, v in data.items():
        name = f"{prefix}{_key_text(k)}"
        if isinstance(v, Mapping):
            text += f"\n[{name}]\n" + dumps(v, name + ".")
        elif _is_table_list(v):
            for item in v:
                inner = {ik: iv for ik, iv in item.items()}
                text += f"\n[[{name}]]\n" + "\n".join(f"{_key_text(ik)} = {_scalar(iv)}" for ik, iv in inner.items()) + "\n"
    return text


def name_of(game: str) -> str:
    """``il_capo`` / ``Il-Capo`` -> ``il-capo``; a game without a box raises ``BoxError``."""
    name = game.strip().lower().replace("_", "-")
    if name not in GAMES:
        raise BoxError(f"'{game}' has no box values here; the games with a box are {', '.join(GAMES)}.")
    return name


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
