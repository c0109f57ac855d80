"""Storage faults on real (small) filesystems: a healthy database that cannot be written *now*
is never treated as damaged. Nothing is renamed aside, reads work read-only, writes say why.

The filesystems are real tmpfs mounts (and read-only remounts / bind mounts of them), so
SQLite meets the same errors as on a full or write-protected SD card. Mounting needs root (or
CAP_SYS_ADMIN); where it is not allowed these tests are skipped with the reason.
"""

from __future__ import annotations

import errno
import io
import os
import sqlite3
import subprocess
import threading
from contextlib import redirect_stderr
from pathlib import Path

import pytest

from companion import cli
from companion.errors import StoreError
from companion import store as store_module
from companion.store import SCHEMA_VERSION, Store


def _mount(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *args], capture_output=True, text=True)


def _umount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True)


@pytest.fixture
def small_fs(tmp_path):
    """A fresh 2 MB tmpfs; yields its folder. Remount read-only with ``remount_ro(folder)``."""
    mounted: list[Path] = []

    def make(size: str = "2m") -> Path:
        where = tmp_path / f"fs{len(mounted)}"
        where.mkdir()
        result = _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where))
        if result.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here ({result.stderr.strip() or 'mount failed'})")
        mounted.append(where)
        return where

    yield make
    for where in reversed(mounted):
        _umount(where)


def remount_ro(folder: Path) -> None:
    result = _mount("-o", "remount,ro", str(folder))
    assert result.returncode == 0, result.stderr


def bind_ro(source: Path, target: Path) -> None:
    target.mkdir()
    assert _mount("--bind", str(source), str(target)).returncode == 0
    result = _mount("-o", "remount,ro,bind", str(target))
    assert result.returncode == 0, result.stderr


def fill(folder: Path) -> Path:
    """Fill the filesystem until it refuses another byte; returns the filler file."""
    filler = folder / "filler"
    with filler.open("wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError as err:
            assert err.errno == errno.ENOSPC
    try:
        with filler.open("ab") as f:  # the last partial block too
            while True:
                f.write(b"\0")
                f.flush()
    except OSError:
        pass
    return filler


def seed_games(path: Path, n: int = 3) -> list[int]:
    with Store.open(path) as s:
        ids = [s.create_game("dice", 1, 7, {}) for _ in range(n)]
        for gid in ids:
            s.append(gid, 0, {"kind": "dice_rolled", "dice": [3, 4], "by_hand": True})
    return ids


def nothing_aside(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if ".unusable-" in p.name]


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        try:
            code = cli.main(list(argv), stdout=out)
        except SystemExit as exit_:
            code = exit_.code
    return code, out.getvalue(), err.getvalue()


# -- full disk -----------------------------------------------------------------------------------

def test_full_disk_at_start_opens_read_only_and_moves_nothing_aside(small_fs):
    folder = small_fs()
    path = folder / "companion.db"
    ids = seed_games(path)
    filler = fill(folder)
    with Store.open(path) as s:
        assert [g.id for g in s.list_games()] == sorted(ids, reverse=True)
        assert s.log(ids[0]) == [{"kind": "dice_rolled", "dice": [3, 4], "by_hand": True}]
        assert any("full" in n for n in s.notices), s.notices
        with pytest.raises(StoreError, match="full|cannot be written|read-only"):
            s.create_game("dice", 1, 8, {})
    assert nothing_aside(folder) and path.stat().st_size > 0
    filler.unlink()  # space freed: every game is still there, and writable
    with Store.open(path) as s:
        assert len(s.list_games()) == 3 and not s.read_only and s.notices == []
        s.create_game("dice", 1, 9, {})


def test_full_disk_at_start_cli_history_lists_the_games_and_new_says_why(small_fs):
    folder = small_fs()
    path = folder / "companion.db"
    seed_games(path, 2)
    fill(folder)
    code, out, err = run_cli("--db", str(path), "history")
    assert code == 0 and len(out.splitlines()) == 2 and "Traceback" not in err
    code, out, err = run_cli("--db", str(path), "new", "dice", "--seed", "1")
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("companion: ") and "full" in err
    assert nothing_aside(folder)


def test_full_disk_while_running_refuses_the_write_in_words_and_keeps_every_game(small_fs):
    folder = small_fs()
    path = folder / "companion.db"
    (gid,) = seed_games(path, 1)
    with Store.open(path) as s:
        filler = fill(folder)
        with pytest.raises(StoreError, match="full"):
            for seq in range(1, 5000):
                s.append(gid, seq, {"kind": "dice_rolled", "dice": [1, 2], "by_hand": True, "pad": "x" * 300})
        written = len(s.log(gid))
        filler.unlink()
    with Store.open(path) as s:
        assert len(s.log(gid)) == written
    assert nothing_aside(folder)


# -- read-only storage ---------------------------------------------------------------------------

def test_read_only_mount_reads_work_writes_give_a_sentence_nothing_renamed(small_fs):
    folder = small_fs()
    path = folder / "companion.db"
    ids = seed_games(path)
    before = sorted(p.name for p in folder.iterdir())
    remount_ro(folder)
    with Store.open(path) as s:
        assert s.read_only and len(s.list_games()) == 3 and s.log(ids[1])
        assert any("read-only" in n for n in s.notices), s.notices
        for write in (lambda: s.create_game("dice", 1, 1, {}), lambda: s.add_player("Ann"),
                      lambda: s.append(ids[0], 1, {"kind": "x"}), lambda: s.set_setting("k", 1)):
            with pytest.raises(StoreError, match="read-only|cannot be written|nothing was saved"):
                write()
    assert sorted(p.name for p in folder.iterdir()) == before
    code, out, err = run_cli("--db", str(path), "show", str(ids[0]))
    assert code == 0 and '"dice"' in out
    code, out, err = run_cli("--db", str(path), "undo", str(ids[0]))
    assert code == 2 and "Traceback" not in err and "OSError" not in err


def test_damaged_file_on_read_only_storage_is_a_sentence_not_an_oserror(small_fs):
    folder = small_fs()
    path = folder / "companion.db"
    path.write_bytes(b"not a database" * 100)
    remount_ro(folder)
    with pytest.raises(StoreError, match="cannot be moved aside.*nothing was changed"):
        Store.open(path)
    code, out, err = run_cli("--db", str(path), "history")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Errno" not in err
    assert path.read_bytes() == b"not a database" * 100


def test_read_only_folder_reads_work_and_a_new_database_cannot_be_created_in_words(small_fs, tmp_path):
    # root ignores folder permissions, so the read-only folder is a read-only bind mount
    folder = small_fs()
    path = folder / "companion.db"
    ids = seed_games(path)
    view = tmp_path / "ro-view"
    bind_ro(folder, view)
    try:
        with Store.open(view / "companion.db") as s:
            assert s.read_only and [g.id for g in s.list_games()] == sorted(ids, reverse=True)
        with pytest.raises(StoreError, match="cannot|read-only"):
            Store.open(view / "fresh.db")
        assert nothing_aside(view) and not (view / "fresh.db").exists()
    finally:
        _umount(view)


# -- other programs, other versions, damage ------------------------------------------------------

def test_lock_held_longer_than_the_timeout_is_busy_not_damage(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.2)  # "held for 10 s", without the wait
    path = tmp_path / "companion.db"
    seed_games(path, 1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="held by another program"):
            Store.open(path)
        code, out, err = run_cli("--db", str(path), "history")
        assert code == 2 and "another program" in err and "damaged" not in err
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert nothing_aside(tmp_path)
    with Store.open(path) as s:
        assert len(s.list_games()) == 1


def test_truncated_file_is_moved_aside_and_kept(tmp_path):
    path = tmp_path / "companion.db"
    with Store.open(path) as s:
        gid = s.create_game("dice", 1, 1, {})
        for seq in range(400):
            s.append(gid, seq, {"kind": "dice_rolled", "dice": [1, 2], "by_hand": True, "pad": "y" * 200})
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with Store.open(path) as s:
        assert "cut short" in s.notices[0] and s.list_games() == []
    kept = [p for p in tmp_path.iterdir() if ".unusable-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == data[: len(data) // 2]


def test_newer_schema_is_refused_in_words_and_not_moved(tmp_path):
    path = tmp_path / "companion.db"
    seed_games(path, 1)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    code, out, err = run_cli("--db", str(path), "history")
    assert code == 2 and "newer version" in err and len(err.strip().splitlines()) == 1
    assert nothing_aside(tmp_path)


def test_whole_file_check_runs_only_after_an_unclean_shutdown(tmp_path, monkeypatch):
    statements: list[str] = []
    real_connect = sqlite3.connect

    def spy(*args, **kwargs):
        conn = real_connect(*args, **kwargs)
        conn.set_trace_callback(statements.append)
        return conn

    path = tmp_path / "companion.db"
    seed_games(path, 1)
    monkeypatch.setattr(sqlite3, "connect", spy)
    Store.open(path).close()  # closed cleanly last time: no whole-file read
    assert not any("quick_check" in s for s in statements)
    # a power cut: the files as they are on the card while a program has them open
    with Store.open(path) as s:
        s.create_game("dice", 1, 2, {})
        cut = tmp_path / "after-power-cut.db"
        cut.write_bytes(path.read_bytes())
        Path(str(cut) + "-wal").write_bytes(Path(str(path) + "-wal").read_bytes())
    statements.clear()
    with Store.open(cut) as s:
        assert any("quick_check" in st for st in statements)
        assert len(s.list_games()) == 2 and s.notices == []


def test_read_only_mount_resumes_a_long_game_without_writing_a_snapshot(small_fs):
    """A game resumed from storage that cannot be written folds its whole log (no snapshot can be
    kept) and says nothing about the snapshot: it is only a cache (companion.snapshots)."""
    from companion.session import RECENT, Session
    from companion.snapshots import EVERY

    folder = small_fs()
    path = folder / "companion.db"
    with Store.open(path) as s:
        session = Session.start(s, "dice", {}, seed=2)
        for n in range(EVERY + 40):
            session.draw("roll2d6")
        game_id, state = session.game_id, session.state
        s.db.conn.execute("DROP TABLE snapshots")  # as a file from before snapshots: one is due
    remount_ro(folder)
    RECENT.forget()
    with Store.open(path) as s:
        assert s.read_only
        resumed = Session.resume(s, game_id)
        assert resumed.state == state and s.snapshot_row(game_id) is None
    RECENT.forget()
