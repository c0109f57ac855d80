"""Snapshots on disk: a table restarted after a power cut resumes a long game without folding its
whole log (issue 28).

ARCHITECTURE.md: the log is the truth, a snapshot is a cache. A snapshot is the state after the
first ``count`` effective actions of one game, taken at log position ``seq`` (the entry at
``seq - 1`` was the last one folded), together with the checkpoint an undo right after it folds
from. It is used only when every one of these holds; otherwise it is ignored, the whole log is
replayed as if there were none, and the next snapshot replaces it:

* the game's record is the one it was taken for (game, rules version, seed, config, start time);
* the log's entry at ``seq - 1`` is, character for character and with its time, the one it was
  taken after (the log is append-only, so the entries before it are the ones that were folded);
* it was written by this very code: a fingerprint of the ``companion`` package's sources (a
  changed engine may fold the same log into a different state, whatever its version number says);
* it decodes into the project's own value types only: a restricted unpickler (the pattern of the
  ``pickle`` documentation's "Restricting Globals") that knows the game's dataclasses and enums,
  the ``Chain`` of a long history, a few plain builtins and its own ``_rebuild`` of a dataclass
  from its fields' values (checked against the class), so a damaged or crafted row can
  neither run code nor bring in anything else; a row that does not decode is ignored like any
  other mismatch.

Loading costs the same in a long game as in a short one: a state's long histories are ``Chain``s
(``companion.chain``), whose full blocks are stored as bytes inside the row (covered by its zlib
checksum) and decoded only when a screen reads that far back.

The session writes one every ``EVERY`` log entries, after that entry's own durable commit. A
snapshot that cannot be written (read-only or full storage) is skipped without a word: the game
is already safe in the log.
"""

from __future__ import annotations

import builtins
import dataclasses
import enum
import functools
import hashlib
import importlib
import io
import logging
import pickle
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .chain import Chain
from .errors import StoreError

log = logging.getLogger(__name__)

#: A snapshot every this many log entries: a resume after a restart reads at most this many
#: entries of the log besides the snapshot itself.
EVERY = 64

_PACKAGE = Path(__file__).resolve().parent
_BUILTINS = frozenset({"frozenset", "set", "complex", "bytearray", "slice", "range"})
_VALUE_TYPES = (Chain,)  # the project's value types that are neither dataclasses nor enums


@functools.cache
def code_fingerprint() -> str:
    """A digest of every source file of the ``companion`` package (the rules and their types)."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(_PACKAGE)).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    for path in sorted(_PACKAGE.rglob("*.toml")):  # the numbers beside the engines
        digest.update(str(path.relative_to(_PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _rebuild(cls: Any, values: Any) -> Any:
    """A slotted dataclass's instance from its fields' values, set as ``dataclasses``' own
    ``__setstate__`` sets them; that one looks the fields up again for every instance, which was
    half of decoding a long history."""
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls) and isinstance(values, tuple)
            and len(values) == len(_field_names(cls))):
        raise pickle.UnpicklingError("not the fields of one of the games' own types")
    obj = object.__new__(cls)
    for name, value in zip(_field_names(cls), values):
        object.__setattr__(obj, name, value)
    return obj


class _Pickler(pickle.Pickler):
    """Pickles a slotted dataclass as ``_rebuild(cls, values)``; everything else as usual."""

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        if dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__:
            return _rebuild, (cls, tuple(getattr(obj, name) for name in _field_names(cls)))
        return NotImplemented


def dumps(value: Any) -> bytes:
    """What ``loads`` reads back (a snapshot's value, a ``Chain``'s block), uncompressed."""
    out = io.BytesIO()
    _Pickler(out, protocol=5).dump(value)
    return out.getvalue()


class _OwnTypes(pickle.Unpickler):
    """Unpickles only the project's own value types (dataclasses, enums, named tuples under
    ``companion``, ``Chain``) and a few plain builtins; anything else is refused."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in _BUILTINS:
            return getattr(builtins, name)
        if module == __name__ and name == "_rebuild":
            return _rebuild
        if (module == "companion" or module.startswith("companion.")) and "." not in name \
                and not name.startswith("__"):
            try:
                found = getattr(importlib.import_module(module), name)
            except (ImportError, AttributeError):
                found = None
            if isinstance(found, type) and (dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)
                                            or (issubclass(found, tuple) and hasattr(found, "_fields"))
                                            or found in _VALUE_TYPES):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not one of the games' own types")


def encode(value: Any) -> bytes:
    """The row's bytes: zlib's stored format, for its checksum over everything (a ``Chain``'s
    blocks inside are compressed already, once each; inflating them all again cost as much as the
    rest of a long game's resume)."""
    return zlib.compress(dumps(value), 0)


def decode(data: bytes) -> Any:
    """The value ``encode`` made; raises ``ValueError`` for anything damaged or foreign."""
    try:
        raw = zlib.decompress(data)
    except Exception as err:  # zlib.error (its checksum covers the whole row), TypeError
        raise ValueError(f"the snapshot does not decode ({type(err).__name__}: {err})") from None
    return loads(raw)


def loads(raw: bytes) -> Any:
    """A pickle of the games' own types (a snapshot, a ``Chain``'s block); ``ValueError`` else."""
    try:
        return _OwnTypes(io.BytesIO(raw)).load()
    except Exception as err:  # UnpicklingError, EOFError, TypeError, RecursionError…
        raise ValueError(f"the snapshot does not decode ({type(err).__name__}: {err})") from None


@dataclass(frozen=True)
class Snapshot:
    """A verified snapshot: the state after ``count`` effective actions, folded up to log position
    ``seq`` (exclusive), and the checkpoint ``(below_count, below_state)`` an undo folds from."""

    seq: int
    count: int
    state: Any
    below_count: int
    below_state: Any


def load(store, game_id: int, record_key: tuple) -> Snapshot | None:
    """The game's snapshot if every check in the module's list holds, else None."""
    try:
        row = store.snapshot_row(game_id)
        if row is None:
            return None
        seq, count = row["seq"], row["count"]
        if not (isinstance(seq, int) and isinstance(count, int) and 1 <= seq and 0 <= count <= seq):
            return None
        if row["record"] != repr(record_key) or row["code"] != code_fingerprint():
            return None
        if store.log_entry(game_id, seq - 1) != (row["entry"], row["entry_at"]):
            return None
        value = decode(row["data"])
    except (ValueError, StoreError, TypeError, KeyError) as err:
        log.info("game %s: snapshot not used: %s", game_id, err)
        return None
    if not (isinstance(value, tuple) and len(value) == 3 and isinstance(value[1], int)
            and 0 <= value[1] <= count):
        return None
    state, below_count, below_state = value
    return Snapshot(seq, count, state, below_count, below_state)


def save(store, game_id: int, record_key: tuple, seq: int, count: int, state: Any,
         below: tuple[int, Any]) -> bool:
    """Write the snapshot of a game folded up to log position ``seq``; False when it could not be
    written (never raises: the log already holds the game)."""
    try:
        entry = store.log_entry(game_id, seq - 1)
        if entry is None:
            return False
        store.put_snapshot(game_id, {
            "seq": seq, "entry": entry[0], "entry_at": entry[1], "count": count,
            "record": repr(record_key), "code": code_fingerprint(),
            "data": encode((state, below[0], below[1]))})
        return True
    except Exception as err:  # read-only or full storage, an unpicklable state: only a cache
        log.info("game %s: snapshot not written: %s", game_id, err)
        return False
