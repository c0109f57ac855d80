"""The store: one embedded SQLite file, an append-only action log, and nothing ever deleted.

Why it looks like this (ARCHITECTURE.md, "The log is the truth"):

* ``games`` holds what a game was started with (game, engine version, seed, config) and
  ``actions`` every accepted action in order. The state is a fold of the log over
  ``new(config, seed)``; no state is stored, so there is nothing to get out of step.
* WAL with ``synchronous=FULL``: when ``append`` returns, the action survives a power cut. The
  session only shows an action's effect after ``append`` returned.
* The log is append-only (triggers refuse UPDATE and DELETE); undo is a record of its own.
* A file that is corrupt or not ours is renamed aside and reported in ``notices``, never deleted.
* ``PRAGMA user_version`` is the schema version; ``MIGRATIONS`` bring any older file up to date.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .errors import GameNotFound, StoreError


def _import_sqlite_utils():
    """sqlite-utils without numpy and pandas: it imports them, when installed, only to map their
    number types to columns (we store JSON text and plain ints). numpy alone doubled the import
    (about 0.3 s of the app's start here, more on a Pi, and ~20 MiB); the piper worker that needs
    numpy is a process of its own. A later ``import numpy`` anywhere works as usual."""
    blocked = [name for name in ("numpy", "pandas") if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]  # import_module raises ImportError
    try:
        import sqlite_utils
    finally:
        for name in blocked:
            if sys.modules.get(name) is None:
                del sys.modules[name]
    return sqlite_utils


sqlite_utils = _import_sqlite_utils()


APPLICATION_ID = 0x4D54_4331  # "MTC1": marks a file as ours
UNDO_KIND = "_undo"  # the log record that takes back the last effective action
DB_ENV = "MAFIA_COMPANION_DB"

MIGRATIONS: list[list[str]] = [
    # 1: the first schema
    [
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            engine_version INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            config TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'running',
            started TEXT NOT NULL,
            ended TEXT
        )""",
        """CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            action TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )""",
        """CREATE TRIGGER actions_never_change BEFORE UPDATE ON actions
           BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
        """CREATE TRIGGER actions_never_vanish BEFORE DELETE ON actions
           BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
        "CREATE TABLE players (name TEXT PRIMARY KEY COLLATE NOCASE, added TEXT NOT NULL)",
        "CREATE TABLE tags (uid TEXT PRIMARY KEY, kind TEXT NOT NULL, ref TEXT NOT NULL, bound TEXT NOT NULL)",
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE INDEX games_status ON games(status)",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)

#: The snapshot cache (companion.snapshots): not part of the schema version, since it may be
#: missing, stale or wrong at any time and is then simply not used; made by the first snapshot.
SNAPSHOT_TABLE = """CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    entry_at TEXT NOT NULL,
    count INTEGER NOT NULL,
    record TEXT NOT NULL,
    code TEXT NOT NULL,
    data BLOB NOT NULL
)"""
SNAPSHOT_COLUMNS = ("seq", "entry", "entry_at", "count", "record", "code", "data")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def default_path() -> Path:
    """``$MAFIA_COMPANION_DB``, else ``companion.db`` in the user's data directory."""
    env = os.environ.get(DB_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("mafia-companion")) / "companion.db"


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    game: str
    engine_version: int
    seed: int
    config: dict
    status: str
    started: str
    ended: str | None
    #: Why this game cannot be opened (a garbled row), or None. Listed, never resumed.
    unreadable: str | None = None
    #: When its last action was written (running games: Resume offers the most recently played).
    last_played: str | None = None

    @property
    def title(self) -> str:
        from . import registry

        try:
            return registry.get(self.game).title
        except Exception:
            return self.game


@dataclass(frozen=True, slots=True)
class TagBinding:
    uid: str
    kind: str  # "player" or "card"
    ref: str
    bound: str


# SQLite's primary result codes (https://sqlite.org/rescode.html) that matter here.
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR = 3, 5, 6, 8, 10
SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 11, 13, 14, 26
#: The file is fine but cannot be written now: open it read-only instead.
_CANNOT_WRITE = {SQLITE_PERM, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN}
#: The only errors that mean the file itself is damaged or not a database.
_DAMAGE = {SQLITE_CORRUPT, SQLITE_NOTADB}
#: How long an open or a write waits for another program's lock before saying "busy".
BUSY_TIMEOUT = 5.0
_HEADER = b"SQLite format 3\x00"


def _code(err: BaseException) -> int | None:
    code = getattr(err, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _friendly(err: sqlite3.Error, path: Path, opening: bool = False) -> StoreError:
    code, text = _code(err), str(err).lower()
    if code == SQLITE_FULL or "full" in text:
        return StoreError(f"The disk is full: nothing was saved. Free some space on the card holding {path}.")
    if code in (SQLITE_READONLY, SQLITE_PERM) or "readonly" in text or "read-only" in text:
        return StoreError(f"The database {path} is on read-only storage (or in a folder this user cannot "
                          f"write): nothing was saved. Check the card and the file's permissions.")
    if code in (SQLITE_BUSY, SQLITE_LOCKED) or "locked" in text or "busy" in text:
        if opening:
            return StoreError(f"The database {path} is held by another program for more than "
                              f"{BUSY_TIMEOUT:g} seconds; close that program and try again. Nothing was changed.")
        return StoreError(f"The database {path} is busy in another program: nothing was saved. Try again.")
    if code in _DAMAGE:
        return StoreError(f"The database {path} is damaged ({err}); nothing was changed. Keep a copy of "
                          f"the file before anything else.")
    if code == SQLITE_CANTOPEN:
        return StoreError(f"The database {path} cannot be opened ({err}): check that the card is in "
                          f"place, not full, and that this user may read and write that folder.")
    if code == SQLITE_IOERR:
        return StoreError(f"The storage holding {path} failed to read or write ({err}); nothing was "
                          f"changed. The card may be failing: copy the file somewhere safe.")
    if opening:
        return StoreError(f"The database {path} could not be opened ({err}); nothing was changed.")
    return StoreError(f"The database {path} could not save that ({err}); nothing was changed.")


def _read_only_notice(err: sqlite3.Error, path: Path) -> str:
    why = "the disk is full" if _code(err) == SQLITE_FULL or "full" in str(err).lower() else \
        "its storage cannot be written now (read-only, full, or a folder this user cannot write)"
    return (f"The database {path} is open read-only because {why}: every game can be looked at, "
            f"but nothing new is saved until that is fixed.")


def _uri(path: Path, **params: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{path.resolve().as_uri()}?{query}"


def _open_read_only(path: Path, first: sqlite3.Error) -> sqlite3.Connection:
    """A read-only connection to a healthy file on storage that cannot be written now.

    ``mode=ro`` needs the ``-shm`` file to exist or be creatable; when it cannot be (a
    read-only folder, a full disk) ``immutable=1`` reads the file as it is (a write-ahead log
    left beside it by a power cut is then not read; it stays there for the next writable open).
    """
    for params in ({"mode": "ro"}, {"mode": "ro", "immutable": "1"}):
        try:
            conn = sqlite3.connect(_uri(path, **params), uri=True, isolation_level=None, timeout=BUSY_TIMEOUT)
        except sqlite3.Error:
            continue
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.Error as err:
            conn.close()
            if _code(err) in _DAMAGE or _code(err) in (SQLITE_BUSY, SQLITE_LOCKED):
                raise
    raise first


def _left_unclean(path: Path) -> bool:
    """A write-ahead log left beside the file: the last program using it did not close it
    (a power cut, a kill), or another program has it open right now. Only then is the whole
    file checked at open (``PRAGMA quick_check`` reads all of it)."""
    try:
        return Path(str(path) + "-wal").stat().st_size > 0
    except OSError:
        return False


class Store:
    """The companion's database. Open with ``Store.open(path)``; one per process and thread."""

    def __init__(self, path: Path, db: sqlite_utils.Database, notices: list[str]):
        self.path = path
        self.db = db
        self.notices = notices
        #: True when the storage could not be written at open: reads work, writes raise StoreError.
        self.read_only = False

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike | None = None) -> "Store":
        """Open (or create) the database; see docs/storage.md for every way this can go.

        Only a file that really is damaged or not ours is moved aside (and reported in
        ``notices``). A healthy file that merely cannot be opened for writing right now (a full
        disk, a read-only mount or folder) is opened read-only: every read works, every write
        raises a ``StoreError`` sentence. Anything else (busy for longer than the timeout, no
        permission, a newer schema) raises a ``StoreError`` sentence and touches nothing.
        """
        path = Path(path).expanduser() if path is not None else default_path()
        notices: list[str] = []
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(f"Cannot create the folder for the database {path}: {err.strerror}.") from None
        problem = _inspect(path)
        if problem:
            try:
                aside = _move_aside(path)
            except OSError as err:
                raise StoreError(f"The database file {path} {problem}, and it cannot be moved aside "
                                 f"({err.strerror}); nothing was changed. Copy the file somewhere safe, "
                                 f"then remove it to start afresh.") from None
            notices.append(f"The database file {path.name} {problem}. It was kept as {aside.name} "
                           f"and a fresh one was started; nothing was deleted.")
        try:
            store = cls._connect(path, notices)
        except sqlite3.Error as err:
            raise _friendly(err, path, opening=True) from None
        return store

    @classmethod
    def _connect(cls, path: Path, notices: list[str]) -> "Store":
        unclean = _left_unclean(path)
        try:
            conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            read_only = False
        except sqlite3.Error as err:
            if _code(err) not in _CANNOT_WRITE or not path.exists() or path.stat().st_size == 0:
                raise
            conn = _open_read_only(path, err)
            read_only = True
            notices.append(_read_only_notice(err, path))
        store = cls(path, sqlite_utils.Database(conn), notices)
        store.read_only = read_only
        try:
            store._migrate()
            if unclean:
                check = conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    notices.append(f"The database {path} has a damaged part ({check}); the games that "
                                   f"can still be read are shown. Keep a copy of the file.")
        except BaseException:
            conn.close()
            raise
        return store

    def _migrate(self) -> None:
        conn = self.db.conn
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"The database {self.path} was written by a newer version of the companion "
                             f"(schema {version}); update the app to open it. Nothing was changed.")
        if version < SCHEMA_VERSION and self.read_only:
            if version == 0 and not conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise StoreError(f"The database {self.path} cannot be created: its storage cannot be "
                                 f"written now (read-only, or full).")
            raise StoreError(f"The database {self.path} needs updating for this version of the app, which "
                             f"cannot be done while its storage cannot be written; nothing was changed.")
        for number in range(version, SCHEMA_VERSION):
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[number]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version={number + 1}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def close(self) -> None:
        self.db.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- writing --------------------------------------------------------------------------
    def _write(self, sql_and_params: list[tuple[str, tuple]]) -> None:
        """Run statements in one durable transaction: all of them or none."""
        conn = self.db.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in sql_and_params:
                    conn.execute(sql, params)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as err:
            raise _friendly(err, self.path) from None

    def create_game(self, game: str, engine_version: int, seed: int, config: dict) -> int:
        try:
            cur = self.db.conn.execute("BEGIN IMMEDIATE")
            cur = self.db.conn.execute(
                "INSERT INTO games (game, engine_version, seed, config, status, started) VALUES (?,?,?,?,?,?)",
                (game, engine_version, seed, json.dumps(config, sort_keys=True), "running", now()))
            game_id = cur.lastrowid
            self.db.conn.execute("COMMIT")
            return int(game_id)
        except sqlite3.Error as err:
            if self.db.conn.in_transaction:
                self.db.conn.execute("ROLLBACK")
            raise _friendly(err, self.path) from None

    def append(self, game_id: int, seq: int, action: dict[str, Any], status: str | None = None) -> None:
        """Durably record one log entry (and optionally the game's new status) in one transaction."""
        statements = [("INSERT INTO actions (game_id, seq, action, at) VALUES (?,?,?,?)",
                       (game_id, seq, json.dumps(action, sort_keys=True), now()))]
        if status is not None:
            statements.append(self._status_sql(game_id, status))
        self._write(statements)

    def _status_sql(self, game_id: int, status: str) -> tuple[str, tuple]:
        ended = now() if status != "running" else None
        return "UPDATE games SET status=?, ended=? WHERE id=?", (status, ended, game_id)

    def set_status(self, game_id: int, status: str) -> None:
        self.game(game_id)
        self._write([self._status_sql(game_id, status)])

    # -- reading --------------------------------------------------------------------------
    def _record(self, row: dict) -> GameRecord:
        """A games row as a record; a garbled row becomes a record that says why it is unreadable."""
        problems = []
        config: Any = row.get("config")
        try:
            config = json.loads(config) if isinstance(config, (str, bytes)) else config
        except (ValueError, RecursionError):
            config = None
        if not isinstance(config, dict):
            problems.append("its settings are not readable")
            config = {}
        if not isinstance(row.get("game"), str):
            problems.append("its game name is not readable")
        elif row["game"].replace("-", "_") not in _game_packages():
            problems.append(f"it is a game this app does not know ({row['game'][:40]!r})")
        for column in ("seed", "engine_version"):
            if isinstance(row.get(column), bool) or not isinstance(row.get(column), int):
                problems.append(f"its {column.replace('_', ' ')} is not a whole number")
        status = row.get("status") if isinstance(row.get("status"), str) else "unreadable"
        return GameRecord(id=row["id"], game=str(row.get("game")), engine_version=row.get("engine_version"),
                          seed=row.get("seed"), config=config, status=status, started=str(row.get("started") or ""),
                          ended=row.get("ended") if isinstance(row.get("ended"), str) else None,
                          unreadable="; ".join(problems) or None)

    def game(self, game_id: int) -> GameRecord:
        """The game's record; ``GameNotFound`` when there is none, ``StoreError`` when its row is
        garbled (the sentence says which game and why)."""
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not -2**63 <= game_id < 2**63:
            raise GameNotFound(f"There is no game number {game_id} in {self.path}.")
        rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            raise GameNotFound(f"There is no game number {game_id} in {self.path}.")
        record = self._record(rows[0])
        if record.unreadable:
            raise StoreError(f"Game {game_id} cannot be opened: {record.unreadable}. It stays in the history; "
                             f"the other games are not affected.")
        return record

    def list_games(self, status: str | None = None) -> list[GameRecord]:
        """Every game, newest first; garbled ones too, marked ``unreadable`` (never an exception).

        A running game's action log is checked too (it is what Resume would replay; there are
        few running games); a finished game's log is read only when the game is opened, so the
        history costs no more than its own rows however long the games were.
        """
        if status is None:
            rows = self.db.query("SELECT * FROM games ORDER BY id DESC")
        else:
            rows = self.db.query("SELECT * FROM games WHERE status = ? ORDER BY id DESC", [status])
        records = [self._record(r) for r in rows]
        for i, record in enumerate(records):
            if record.status == "running" and not record.unreadable:
                problem = self.log_problem(record.id)
                records[i] = dataclasses.replace(record, unreadable=problem or None,
                                                 last_played=self.last_played(record.id) or record.started)
        return records

    def last_played(self, game_id: int) -> str | None:
        """When the game's last action was written (None before its first): one primary-key step
        to the highest ``seq``, however long the game or the history."""
        row = self.db.conn.execute("SELECT at FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                   (game_id,)).fetchone()
        return row[0] if row else None

    def unfinished_games(self) -> list[GameRecord]:
        """The running games that can be resumed, the most recently *played* first (last action
        time; a game just started counts from its start): a garbled game row or action log is left
        out (``list_games`` still lists it, with why)."""
        games = [g for g in self.list_games("running") if not g.unreadable]
        return sorted(games, key=lambda g: (g.last_played or g.started or "", g.id), reverse=True)

    def log_problem(self, game_id: int) -> str | None:
        """Why the game's action log cannot be read (first bad entry), or None."""
        for row in self.db.conn.execute("SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq",
                                        (game_id,)):
            problem = _entry_problem(row[1])
            if problem:
                return f"action {row[0]} {problem}"
        return None

    def log(self, game_id: int, since: int = 0, until: int | None = None) -> list[dict[str, Any]]:
        """Every log entry of a game in order (undo records included), from position ``since`` on
        (and before ``until``); a garbled entry raises a ``StoreError`` that names the game and the
        entry."""
        out = []
        for row in self.db.conn.execute("SELECT seq, action FROM actions WHERE game_id = ? AND seq >= ? "
                                        "AND seq < ? ORDER BY seq",
                                        (game_id, since, 2**63 - 1 if until is None else until)):
            problem = _entry_problem(row[1])
            if problem:
                raise StoreError(f"Game {game_id} cannot be opened: action {row[0]} {problem}. It stays in "
                                 f"the history; the other games are not affected.")
            out.append(json.loads(row[1]))
        return out

    def next_seq(self, game_id: int) -> int:
        row = self.db.conn.execute("SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = ?",
                                   (game_id,)).fetchone()
        return int(row[0])

    # -- snapshots: a cache of folded states (companion.snapshots), never the truth ---------
    def log_entry(self, game_id: int, seq: int) -> tuple[str, str] | None:
        """The stored text and time of one log entry, exactly as written (None if there is none)."""
        row = self.db.conn.execute("SELECT action, at FROM actions WHERE game_id = ? AND seq = ?",
                                   (game_id, seq)).fetchone()
        return None if row is None else (row[0], row[1])

    def snapshot_row(self, game_id: int) -> dict[str, Any] | None:
        """The snapshot kept for a game, or None (also when no snapshot was ever written: the
        table is made by the first one, so a file without it is the same schema)."""
        try:
            cur = self.db.conn.execute(f"SELECT {', '.join(SNAPSHOT_COLUMNS)} FROM snapshots WHERE game_id = ?",
                                       (game_id,))
            row = cur.fetchone()
        except sqlite3.Error:
            return None
        return None if row is None else dict(zip(SNAPSHOT_COLUMNS, row))

    def put_snapshot(self, game_id: int, row: dict[str, Any]) -> None:
        """Keep one snapshot per game (replacing the last); raises StoreError like every write."""
        if self.read_only:
            raise StoreError(f"The database {self.path} cannot be written now.")
        columns = ("game_id", *SNAPSHOT_COLUMNS)
        values = (game_id, *(row[c] for c in SNAPSHOT_COLUMNS))
        self._write([(SNAPSHOT_TABLE, ()),
                     (f"INSERT OR REPLACE INTO snapshots ({', '.join(columns)}) "
                      f"VALUES ({', '.join('?' * len(columns))})", values)])

    # -- players, tags, settings -----------------------------------------------------------
    def players(self) -> list[str]:
        return [r["name"] for r in self.db.query("SELECT name FROM players ORDER BY name COLLATE NOCASE")]

    def add_player(self, name: str) -> None:
        name = " ".join(str(name).split())
        if not name:
            raise StoreError("A player needs a name.")
        if len(name) > 24:
            raise StoreError(f"'{name}' is too long for the screen; use at most 24 letters.")
        self._write([("INSERT OR IGNORE INTO players (name, added) VALUES (?, ?)", (name, now()))])

    def remove_player(self, name: str) -> None:
        self._write([("DELETE FROM players WHERE name = ?", (name,))])

    def bind_tag(self, uid: str, kind: str, ref: str) -> None:
        if kind not in ("player", "card"):
            raise StoreError(f"A tag binds to a player or a card, not to '{kind}'.")
        self._write([("INSERT OR REPLACE INTO tags (uid, kind, ref, bound) VALUES (?,?,?,?)",
                      (uid, kind, ref, now()))])

    def tag(self, uid: str) -> TagBinding | None:
        rows = list(self.db.query("SELECT * FROM tags WHERE uid = ?", [uid]))
        return TagBinding(**rows[0]) if rows else None

    def tags(self) -> list[TagBinding]:
        return [TagBinding(**r) for r in self.db.query("SELECT * FROM tags ORDER BY kind, ref")]

    def unbind_tag(self, uid: str) -> None:
        self._write([("DELETE FROM tags WHERE uid = ?", (uid,))])

    def get_setting(self, key: str, default: Any = None) -> Any:
        """The stored value, or ``default`` when there is none or it is garbled."""
        rows = list(self.db.query("SELECT value FROM settings WHERE key = ?", [key]))
        if not rows:
            return default
        try:
            return json.loads(rows[0]["value"])
        except (TypeError, ValueError, RecursionError):
            return default

    def set_setting(self, key: str, value: Any) -> None:
        self._write([("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, json.dumps(value)))])


def _game_packages() -> set[str]:
    """The game packages present, without importing any engine (start-up stays cheap)."""
    import pkgutil

    from . import games

    return {m.name for m in pkgutil.iter_modules(games.__path__) if m.ispkg}


def _entry_problem(text: Any) -> str | None:
    """Why one stored action cannot be used, or None."""
    try:
        entry = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return "is not readable (not JSON)"
    if not isinstance(entry, dict):
        return f"is not an action (a JSON {type(entry).__name__}, not an object)"
    if not isinstance(entry.get("kind"), str):
        return "has no kind"
    return None


def _inspect(path: Path) -> str | None:
    """Why the file at ``path`` cannot be used as our database, or None when it can.

    Only what shows the file itself is wrong counts: not an SQLite file, cut short, another
    program's tables, or SQLite saying "corrupt"/"not a database". An error that says the
    file cannot be opened *now* (busy, full disk, read-only, no permission) is not damage:
    ``None``, and opening it says what is wrong instead.
    """
    try:
        size = path.stat().st_size
        if size == 0:
            return None
        with path.open("rb") as f:
            header = f.read(100)
    except FileNotFoundError:
        return None
    except OSError:
        return None  # cannot be read now (permissions, I/O): opening says so in words
    if len(header) < 100 or not header.startswith(_HEADER):
        return "is damaged or is not a database"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    if pages and header[24:28] == header[92:96] and size < pages * page_size:
        return "is cut short (part of the file is missing)"
    if int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return None
    # Not marked as ours in the file itself: the mark may still be in the write-ahead log.
    try:
        conn = sqlite3.connect(_uri(path, mode="ro"), uri=True, timeout=BUSY_TIMEOUT)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error as err:
        return f"is damaged ({err})" if _code(err) in _DAMAGE else None
    if app_id != APPLICATION_ID and tables:
        return "belongs to another program"
    return None


def _move_aside(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.unusable-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.unusable-{stamp}-{n}")
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        side = Path(str(path) + suffix)
        if side.exists():
            side.rename(Path(str(aside) + suffix))
    return aside
