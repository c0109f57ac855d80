"""Running the table robot from a test: start ``play.py`` in a fresh interpreter (Kivy's window is one
per process) with a temporary database, run scenarios in that one app process, and return the report.
A module of its own (not conftest.py) so that every test file imports it by one unambiguous name."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE.parent))  # tests/: liveness
from headless import app_env  # noqa: E402
from liveness import run_watched  # noqa: E402

#: the longest a robot app may go without a new line in its live log (a tap, a hold, a peek, a
#: stall reported) before it counts as hung (quiet-machine seconds, stretched by the machine's
#: slowness): longer than any single wait a scenario allows itself, far shorter than a game
QUIET = 300.0


def robot_env(tmp: Path, narration: bool = False) -> dict:
    """The environment of a robot app: the one every headless app gets (tests/headless.py); a
    table without GPIO buttons runs with its keyboard stand-ins, as on a desktop, and phones on
    any free port (a busy 8765 would fall back to one anyway): every app alike."""
    return app_env(tmp)


#: the owner's narration settings for robot games: the brisk end of espeak-ng's range, so a whole
#: game fits CI's budget; "on" speaks through SDL's dummy audio driver, "off" is text-only mode
#: (each line held on screen for its reading time at the same pace)
NARRATION = {"on": 'engine = "espeak"\nspeed = 450\n', "off": 'engine = "none"\nspeed = 450\n',
             # the natural voice (a piper voice installed in the venv: the test extra's), at its calm pace
             "piper": 'engine = "auto"\n'}


def play(tmp: Path, scenarios: list[str], size: str = "800x480", settings: dict | None = None,
         timeout: float = QUIET, db: Path | None = None, narration: str = "off", name: str = "robot",
         env: dict | None = None, prefix: list[str] | None = None) -> dict:
    """Run scenarios in one app process; returns the report (with ``returncode`` and ``stderr``).
    ``prefix`` runs the app under another command (``["ip", "netns", "exec", NS]``: its network).

    The app is ended only when it stops making progress: no new line in its live log for
    ``min(timeout, QUIET)`` quiet-machine seconds (``liveness.run_watched``), never for the length
    of the whole game (old callers' ``timeout=1800`` therefore means ``QUIET``)."""
    out = tmp / name
    db = db or tmp / "table.db"
    args = [*(prefix or []), sys.executable, str(HERE / "play.py"), str(out), str(db), size, *scenarios]
    for key, value in (settings or {}).items():
        args += ["--setting", f"{key}={json.dumps(value)}"]
    env = {**robot_env(tmp), **(env or {})}
    narration_file = tmp / f"narration-{narration}.toml"
    narration_file.write_text(NARRATION[narration])
    env["MAFIA_COMPANION_NARRATION"] = str(narration_file)
    proc = run_watched(args, out / "log.txt", min(timeout, QUIET), cwd=ROOT, env=env)
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


