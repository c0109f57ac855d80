"""Running the table robot from a test: start ``play.py`` in a fresh interpreter (Kivy's window is one
per process) with a temporary database, run scenarios in that one app process, and return the report.
A module of its own (not conftest.py) so that every test file imports it by one unambiguous name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def robot_env(tmp: Path, narration: bool = False) -> dict:
    env = dict(os.environ)
    env.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
               KIVY_HOME=str(tmp / "kivy-home"), PYTHONPATH=str(ROOT),
               XDG_CACHE_HOME=str(tmp / "cache"))
    # a table without GPIO buttons: the app runs with its keyboard stand-ins, as on a desktop
    # phones on any free port (a busy 8765 would fall back to one anyway): every app alike
    env.setdefault("MAFIA_COMPANION_PHONES_PORT", "0")
    for key in ("MAFIA_COMPANION_DB", "MAFIA_COMPANION_INPUT", "MAFIA_COMPANION_HARDWARE", "GPIOZERO_PIN_FACTORY"):
        env.pop(key, None)
    return env


#: the owner's narration settings for robot games: the brisk end of espeak-ng's range, so a whole
#: game fits CI's budget; "on" speaks through SDL's dummy audio driver, "off" is text-only mode
#: (each line held on screen for its reading time at the same pace)
NARRATION = {"on": 'engine = "espeak"\nspeed = 450\n', "off": 'engine = "none"\nspeed = 450\n',
             # the natural voice (a piper voice installed in the venv: the test extra's), at its calm pace
             "piper": 'engine = "auto"\n'}


def play(tmp: Path, scenarios: list[str], size: str = "800x480", settings: dict | None = None,
         timeout: float = 1800, db: Path | None = None, narration: str = "off", name: str = "robot",
         env: dict | None = None) -> dict:
    """Run scenarios in one app process; returns the report (with ``returncode`` and ``stderr``)."""
    out = tmp / name
    db = db or tmp / "table.db"
    args = [sys.executable, str(HERE / "play.py"), str(out), str(db), size, *scenarios]
    for key, value in (settings or {}).items():
        args += ["--setting", f"{key}={json.dumps(value)}"]
    env = {**robot_env(tmp), **(env or {})}
    narration_file = tmp / f"narration-{narration}.toml"
    narration_file.write_text(NARRATION[narration])
    env["MAFIA_COMPANION_NARRATION"] = str(narration_file)
    proc = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
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


