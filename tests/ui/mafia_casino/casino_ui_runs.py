"""Start the real app in subprocesses (Kivy's Window is one per process), several at once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from liveness import patience  # noqa: E402  (tests/liveness.py: a limit that means stuck, not slow)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
DRIVER = HERE / "mafia_casino_driver.py"


def kivy_env(tmp: Path) -> dict:
    env = dict(os.environ)
    env.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
               KIVY_HOME=str(tmp / "kivy-home"), PYTHONPATH=str(ROOT))
    env.pop("MAFIA_COMPANION_DB", None)
    env.pop("MAFIA_COMPANION_INPUT", None)
    return env


def start(args: list[str], tmp: Path) -> subprocess.Popen:
    tmp.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, env=kivy_env(tmp), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(procs: dict, timeout: float = 150) -> dict:
    out = {}
    for key, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=patience(timeout))
        out[key] = (proc.returncode, stdout, stderr)
    return out
