"""Run the app in a subprocess (a copy of the few lines of tests/ui/conftest.py, uniquely named)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from liveness import patience  # noqa: E402  (tests/liveness.py: a limit that means stuck, not slow)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))  # pngcheck


def kivy_env(tmp: Path) -> dict:
    env = dict(os.environ)
    env.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
               KIVY_HOME=str(tmp / "kivy-home"), PYTHONPATH=str(ROOT))
    env.pop("MAFIA_COMPANION_DB", None)
    env.pop("MAFIA_COMPANION_INPUT", None)
    return env


def run_app(args: list[str], tmp: Path, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=kivy_env(tmp), capture_output=True, text=True,
                          timeout=patience(timeout))


def assert_not_blank(png: Path, size: tuple[int, int]) -> None:
    from pngcheck import colour_stats

    stats = colour_stats(png)
    assert stats["size"] == size
    assert stats["colours"] >= 12, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.85, f"{png.name} is mostly one colour"
