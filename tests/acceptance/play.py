"""Start the real app headless and let the table robot play scenarios in it, one after another.

    python tests/acceptance/play.py OUTDIR DB WxH SCENARIO [SCENARIO ...]

A scenario is ``module:function`` under tests/acceptance (e.g. ``mafia_plus_games:seven_players``);
it receives a ``Table`` (robot, outside reader, report dict) and plays. Several scenarios share one
app process, as one evening shares one device. What each observed is written to
OUTDIR/report.json; a failure is recorded with the visible texts and a screenshot, and the next
scenario still runs (from the home screen) unless the app itself died.

Settings that only exist to make the run faster are given on the command line as
``--setting KEY=JSON`` and written to the database *before* the app starts, as an owner would set
them in the settings screen.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                   "SDL_AUDIODRIVER": "dummy"}.items():
    os.environ.setdefault(key, value)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("db")
    p.add_argument("size")
    p.add_argument("scenarios", nargs="+")
    p.add_argument("--setting", action="append", default=[])
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from ui.main import configure_kivy

    configure_kivy(tuple(int(v) for v in args.size.split("x")), False)

    from companion.store import Store

    store = Store.open(args.db)
    for item in args.setting:
        key, _, value = item.partition("=")
        store.set_setting(key, json.loads(value))

    from kivy.base import EventLoop, runTouchApp

    from robot import Outside, Robot
    from table import Table
    from ui.app import CompanionApp

    app = CompanionApp(store=store)
    report: dict = {"scenarios": {}}
    lines: list[str] = []

    live = open(out / "log.txt", "a", buffering=1)  # read while it runs, kept when it is killed

    def log(message: str) -> None:
        lines.append(f"{time.monotonic():.2f} {message}")
        live.write(lines[-1] + "\n")

    app._run_prepare()
    runTouchApp(embedded=True)
    robot = Robot(app, out, log=log)
    outside = Outside(args.db)
    rc = 0
    try:
        robot.run_for(1.0)  # the first frame, then the narrator and buttons start
        log("the app is up")
        for spec in args.scenarios:
            log(f"scenario {spec}")
            module_name, _, func_name = spec.partition(":")
            obs: dict = {}
            report["scenarios"][spec] = obs
            table = Table(app, robot, outside, obs, out, log)
            started = time.monotonic()
            try:
                getattr(importlib.import_module(module_name), func_name)(table)
                obs["ok"] = True
            except Exception as error:  # recorded with what the table saw, then the next one
                rc = 1
                obs["ok"] = False
                obs["error"] = f"{type(error).__name__}: {error}"
                obs["traceback"] = traceback.format_exc()
                obs["screen_at_error"] = robot.texts()
                robot.shot(f"error-{func_name}")
            obs["seconds"] = round(time.monotonic() - started, 1)
            obs["longest_wait"] = list(robot.longest_wait)
            if os.environ.get("ROBOT_SEEN"):
                obs["seen"] = sorted(robot.seen)
            robot.longest_wait = (0.0, "")
            (out / "report.json").write_text(json.dumps(report, indent=1, default=str))
            table.go_home()
    finally:
        report["log"] = lines[-400:]
        (out / "report.json").write_text(json.dumps(report, indent=1, default=str))
        try:
            app.stop()
            EventLoop.idle()
        except Exception:
            pass
        store.close()
    return rc


if __name__ == "__main__":
    sys.exit(main())
