"""Errors nobody would see: the real app, headless, when its games or its hardware settings
cannot be used. It shows the sentence and what to do on its own screen, stays up, and tells
systemd it is ready (no restart loop with a blank screen)."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from headless import ROOT, kivy_env  # not conftest: another folder's conftest may hold that name
from liveness import limit, run_watched

from companion.store import SCHEMA_VERSION, Store

#: the longest the probe app takes to show its first screen on the quiet CI machine (~10 s seen)
APP_START = 60.0
PROBE = str(Path(__file__).with_name("fault_probe.py"))


def probe(tmp_path: Path, args: list[str], env: dict | None = None) -> tuple[dict, list[str], str]:
    """Run the app; return what its screen showed, what it told systemd, and its stderr."""
    sock_path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(sock_path))
    report = tmp_path / "report.json"
    full_env = {**kivy_env(tmp_path), "NOTIFY_SOCKET": str(sock_path), **(env or {})}
    try:
        # ended only when stuck: no output for 120 quiet-machine seconds, stretched by the load
        result = run_watched([sys.executable, PROBE, str(report), *args], None, 120, cwd=ROOT, env=full_env)
        sock.setblocking(False)
        told = []
        while True:
            try:
                told += sock.recv(65536).decode().splitlines()
            except BlockingIOError:
                break
    finally:
        sock.close()
    assert report.exists(), f"the app did not stay up to be looked at:\n{result.stderr[-3000:]}"
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    return json.loads(report.read_text()), told, result.stderr


def newer_database(path: Path) -> Path:
    Store.open(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    return path


def test_a_database_from_a_newer_app_is_a_full_screen_sentence_and_the_app_stays_up(tmp_path):
    db = newer_database(tmp_path / "table.db")
    obs, told, stderr = probe(tmp_path, ["--db", str(db)])
    screen = " ".join(obs["texts"])
    assert obs["app"] == "StorageProblemApp" and obs["still_running"]
    assert "The games cannot be opened" in screen and "newer version" in screen and str(db) in screen
    assert "What to do: install the newer version" in screen and "Nothing has been deleted" in screen
    assert "READY=1" in told and any(t.startswith("STATUS=The games cannot be opened") for t in told)
    assert db.exists() and not [p for p in tmp_path.iterdir() if ".unusable-" in p.name]


def test_storage_where_the_database_cannot_be_made_is_a_full_screen_sentence(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    obs, told, stderr = probe(tmp_path, ["--db", str(blocker / "table.db")])
    screen = " ".join(obs["texts"])
    assert obs["app"] == "StorageProblemApp" and obs["still_running"] and "READY=1" in told
    assert "Cannot create the folder" in screen and "What to do: check the memory card" in screen
    assert "mafia-companion: " in stderr  # the journal gets the sentence too


def test_a_lock_held_at_start_shows_the_sentence_then_the_games_once_it_is_let_go(tmp_path):
    db = tmp_path / "table.db"
    with Store.open(db) as store:
        store.create_game("dice", 1, 5, {})
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the games
    report = tmp_path / "report.json"
    waiting = report.with_suffix(".waiting.json")
    env = {**kivy_env(tmp_path), "PROBE_UNTIL": "CompanionApp"}
    proc = subprocess.Popen([sys.executable, PROBE, str(report), "--db", str(db)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + limit(APP_START)  # the waiting screen comes once the app is up
        while not waiting.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        shown = json.loads(waiting.read_text())
        assert shown["app"] == "StorageProblemApp" and "held by another program" in " ".join(shown["texts"])
    finally:
        holder.execute("COMMIT")
        holder.close()  # let go: the screen tries again by itself and starts the real app
    # it tries again by itself, then starts the real app: a start's wait again, and a margin
    _, stderr = proc.communicate(timeout=limit(APP_START, margin=60))
    assert "Traceback" not in stderr, stderr[-3000:]
    obs = json.loads(report.read_text())
    assert obs["app"] == "CompanionApp" and "Resume" in " ".join(obs["texts"])


def test_read_only_storage_opens_the_games_read_only_with_a_notice(tmp_path):
    folder = tmp_path / "card"
    folder.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        with Store.open(folder / "table.db") as store:
            store.create_game("dice", 1, 5, {})
        assert subprocess.run(["mount", "-o", "remount,ro", str(folder)]).returncode == 0
        obs, told, _ = probe(tmp_path, ["--db", str(folder / "table.db")])
    finally:
        subprocess.run(["umount", "-l", str(folder)])
    screen = " ".join(obs["texts"])
    assert obs["app"] == "CompanionApp" and "read-only" in screen and "READY=1" in told


def test_a_broken_hardware_file_still_starts_the_app_and_tells_systemd_it_is_ready(tmp_path):
    bad = tmp_path / "hardware.toml"
    bad.write_bytes("# réglages du café\n[buttons]\nbounce_time = inf\n".encode("latin-1"))
    obs, told, _ = probe(tmp_path, ["--db", str(tmp_path / "table.db")], {"MAFIA_COMPANION_HARDWARE": str(bad)})
    assert obs["app"] == "CompanionApp" and obs["still_running"]
    assert "READY=1" in told
    assert obs["connections"] == "buttons off: fix hardware.toml"
    assert any(str(bad) in p and "UTF-8" in p for p in obs["problems"])
    assert any(str(bad) in t for t in obs["texts"])  # the banner on the home screen names the file
