"""Acceptance: the table robot plays the real app, headless, the way people at a table do.

Each test starts ``play.py`` in a fresh interpreter (Kivy's window is one per process) with a
temporary database, runs one or more scenarios in that one app process, and asserts on the
report and the stored log read from outside. See robot.py for what the robot may and may not do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

collect_ignore = ["play.py", "robot.py", "table.py", "explore.py", "robot_checks.py"]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def robot_env(tmp: Path, narration: bool = False) -> dict:
    env = dict(os.environ)
    env.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
               KIVY_HOME=str(tmp / "kivy-home"), PYTHONPATH=str(ROOT),
               XDG_CACHE_HOME=str(tmp / "cache"))
    for key in ("MAFIA_COMPANION_DB", "MAFIA_COMPANION_INPUT", "MAFIA_COMPANION_HARDWARE"):
        env.pop(key, None)
    return env


def play(tmp: Path, scenarios: list[str], size: str = "800x480", settings: dict | None = None,
         timeout: float = 600, db: Path | None = None) -> dict:
    """Run scenarios in one app process; returns the report (with ``returncode`` and ``stderr``)."""
    out = tmp / "robot"
    db = db or tmp / "table.db"
    args = [sys.executable, str(HERE / "play.py"), str(out), str(db), size, *scenarios]
    for key, value in (settings or {}).items():
        args += ["--setting", f"{key}={json.dumps(value)}"]
    proc = subprocess.run(args, cwd=ROOT, env=robot_env(tmp), capture_output=True, text=True, timeout=timeout)
    report_file = out / "report.json"
    report = json.loads(report_file.read_text()) if report_file.exists() else {"scenarios": {}}
    report["returncode"] = proc.returncode
    report["stderr"] = proc.stderr[-4000:]
    report["out"] = str(out)
    report["db"] = str(db)
    return report


def passed(report: dict, scenario: str) -> dict:
    """The scenario's observations; fails with what the robot saw if it did not finish."""
    obs = report["scenarios"].get(scenario)
    if obs is None:
        pytest.fail(f"{scenario} never ran (exit {report['returncode']}):\n{report['stderr']}")
    if not obs.get("ok"):
        pytest.fail(f"{scenario}: {obs.get('error')}\n{obs.get('traceback', '')[-3000:]}")
    return obs


@pytest.fixture
def table_robot(tmp_path):
    return lambda scenarios, **kw: play(tmp_path, scenarios, **kw)
