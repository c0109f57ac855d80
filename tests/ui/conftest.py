"""UI tests.

Kivy's Window is a process-wide singleton (one SDL window, one GL context, one EventLoop), so
the real app is never built inside the pytest process: each scenario of ``driver.py`` runs in
a subprocess of its own (a fresh interpreter, a temporary database and a temporary KIVY_HOME)
and reports what it saw as JSON plus PNG screenshots. The pytest process itself never imports
Kivy; the controller and argument tests here run without a window.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

collect_ignore = ["driver.py"]  # a script run in subprocesses, not a test module

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))  # pngcheck


def kivy_env(tmp: Path) -> dict:
    env = dict(os.environ)
    env.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
               KIVY_HOME=str(tmp / "kivy-home"), PYTHONPATH=str(ROOT))
    env.pop("MAFIA_COMPANION_DB", None)
    env.pop("MAFIA_COMPANION_INPUT", None)
    return env


def run_app(args: list[str], tmp: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run a Python entry point of the app in a fresh interpreter."""
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=kivy_env(tmp), capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="session")
def ui_runner():
    return run_app
