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

Which games have a box, and which fields it holds, each game declares itself: ``BOX_FIELDS =
BoxGame(...)`` in ``companion/games/<pkg>/box_fields.py``, found by scanning the games' packages
(as the engine registry finds ``ENGINE``). The declaration sits beside the engine, not in the
game's ``ui/`` manifest, because the CLI and a new game's config need it in a plain interpreter
and companion/ never imports ui/ (or Kivy); Your box reads the same declarations for its tabs.
This module holds only what every box shares: fields, storage, TOML and the USB stick.
"""

from __future__ import annotations

import copy
import json
import re
import importlib
import pkgutil
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .errors import ConfigError

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


# --------------------------------------------------------------------------------------------
# Which games have a box: each declares BOX_FIELDS in its engine package (box_fields.py)


@dataclass(frozen=True)
class BoxGame:
    """One game's box, declared by the game (``companion/games/<pkg>/box_fields.py``:
    ``BOX_FIELDS = BoxGame(...)``). Kivy-free and beside the engine, so that companion/ (the
    CLI, the session's config) reads it without importing ui/; Your box reads the same
    declaration. Functions are ``"module:function"`` strings, imported when first used:
    ``defaults() -> values``, ``parse(values)`` (raises ``ConfigError`` in words),
    ``fields(values, defaults) -> [Field]``, and optionally ``place(values, path, value) -> new
    values | None`` (what follows from one changed value) and ``names(values) -> {id: name}``."""

    game: str  # the engine's name
    title: str  # in sentences: "Your box for Il Capo ..."
    tab: str  # on the Your box tab
    order: int
    defaults: str
    parse: str
    fields: str
    place: str | None = None
    names: str | None = None


#: where BOX_FIELDS are looked for: ``<package>.<game>.box_fields``; a test may add a package
#: of its own (``discover_in``), as ui/manifest.py lets it add a manifest
PACKAGES = ["companion.games"]


def _resolve(target: str):
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


@lru_cache(maxsize=None)
def _discover(packages: tuple[str, ...]) -> tuple[BoxGame, ...]:
    found = []
    for package_name in packages:
        package = importlib.import_module(package_name)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if not info.ispkg:
                continue
            module_name = f"{package_name}.{info.name}.box_fields"
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as err:
                if err.name != module_name:
                    raise
                continue
            declared = getattr(module, "BOX_FIELDS", None)
            if isinstance(declared, BoxGame):
                found.append(declared)
    return tuple(sorted(found, key=lambda b: (b.order, b.game)))


def box_games() -> list[BoxGame]:
    """Every game with a box, in tab order."""
    return list(_discover(tuple(PACKAGES)))


def games() -> tuple[str, ...]:
    """The names of the games with a box, e.g. ``('il-capo', 'mafia-casino', ...)``."""
    return tuple(b.game for b in box_games())


def title(game: str) -> str:
    """The game's title in sentences, e.g. ``'Mafia (Sicily)'``."""
    return declaration(game).title


def declaration(game: str) -> BoxGame:
    """The game's BOX_FIELDS (``BoxError`` for a game without a box)."""
    game = name_of(game)
    return next(b for b in box_games() if b.game == game)


def discover_in(package: str) -> None:
    """Also look for BOX_FIELDS in ``package``'s sub-packages (a test registering a game)."""
    if package not in PACKAGES:
        PACKAGES.append(package)


def forget(package: str) -> None:
    if package in PACKAGES and package != "companion.games":
        PACKAGES.remove(package)


def defaults(game: str) -> dict[str, Any]:
    """The shipped default box values of ``game`` (TOML-shaped)."""
    return _resolve(declaration(game).defaults)()


def validate(game: str, values: Any) -> None:
    """Raise ``BoxError`` (a sentence naming the field) unless ``values`` is a whole, usable box."""
    declared = declaration(game)
    try:
        _resolve(declared.parse)(values)
    except BoxError:
        raise
    except ConfigError as err:
        raise BoxError(_sentence(str(err))) from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as err:
        raise BoxError(f"Your box for {declared.title} is incomplete or malformed ({err}).") from None


def fields(game: str, values: Mapping | None = None) -> list[Field]:
    """Every value the rulebook does not print, with its current and default value."""
    declared = declaration(game)
    values = defaults(game) if values is None else values
    return _resolve(declared.fields)(values, defaults(game))


def names(game: str, values: Mapping) -> dict[str, str]:
    """The names a game's box gives its ids (Sicily's spaces); empty for most games."""
    declared = declaration(game)
    return dict(_resolve(declared.names)(values)) if declared.names else {}


def space_names(values: Mapping) -> dict[str, str]:
    """Sicily: space id -> name in these box values (kept for callers; see ``names``)."""
    return names("mafia-sicily", values)


def place(game: str, values: Mapping, path: tuple, value: Any) -> dict[str, Any]:
    """A copy of ``values`` with one field changed (and what follows from it, the game's own
    ``place``), validated."""
    declared = declaration(game)
    new = _resolve(declared.place)(values, tuple(path), value) if declared.place else None
    if new is None:
        new = copy.deepcopy(dict(values))
        parent = _get(new, path[:-1])
        parent[path[-1]] = value
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
    head = (f"# Your box: {title(game)} - the values of the real cards and board that the rulebook does not\n"
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
        raise BoxError(f"The file holds the box of {(title(named) if named in games() else named)}, not of {title(game)}; "
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
    if name not in games():
        raise BoxError(f"'{game}' has no box values here; the games with a box are {', '.join(games())}.")
    return name


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def __getattr__(name: str):
    """``GAMES`` and ``TITLES``, as they were when hand-kept: now read from the declarations."""
    if name == "GAMES":
        return games()
    if name == "TITLES":
        return {b.game: b.title for b in box_games()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
