"""Helpers for the Il Capo UI tests (copied from tests/ui/conftest.py: unique module name)."""

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))  # pngcheck

from liveness import patience  # noqa: E402  (tests/liveness.py: a limit that means stuck, not slow)
from pngcheck import colour_stats  # noqa: E402


def kivy_env(tmp: Path) -> dict:
    env = dict(os.environ)
    env.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
               KIVY_HOME=str(tmp / "kivy-home"), PYTHONPATH=str(ROOT))
    env.pop("MAFIA_COMPANION_DB", None)
    env.pop("MAFIA_COMPANION_INPUT", None)
    return env


def run_app(args, tmp: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=kivy_env(tmp), capture_output=True, text=True,
                          timeout=patience(timeout))


def assert_not_blank(png: Path, size) -> None:
    stats = colour_stats(png)
    assert stats["size"] == tuple(size)
    assert stats["colours"] >= 12, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.85, f"{png.name} is mostly one colour"
