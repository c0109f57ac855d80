"""Running tests/ui/app_shell/shell_driver.py in a fresh interpreter (uniquely named helper)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
DRIVER = str(HERE / "shell_driver.py")
sys.path.insert(0, str(HERE.parent))  # tests/ui/pngcheck.py

from pngcheck import colour_stats  # noqa: E402

from headless import app_env  # noqa: E402
from liveness import patience  # noqa: E402


def run_scenario(scenario: str, tmp: Path, size: str = "800x480", hardware: str = "", extra_env=None,
                 port: str = "", db: Path | None = None) -> tuple[dict, Path]:
    """Run one scenario on its own database; returns (observations, screenshot folder)."""
    out = tmp / "shots"
    db = db or tmp / "table.db"
    hw = tmp / "hardware.toml"
    hw.write_text(hardware)
    narration = tmp / "narration.toml"
    # espeak-ng, as the robot games use: the shell's scenarios are not about the voice (a piper voice
    # in the venv would be picked by "auto" and pre-render with it); an empty PATH is then "no TTS"
    narration.write_text(f'[narration]\nengine = "espeak"\ncache_dir = "{tmp / "narration-cache"}"\n')
    env = app_env(tmp, GPIOZERO_PIN_FACTORY="mock", MAFIA_COMPANION_HARDWARE=str(hw),
                  MAFIA_COMPANION_NARRATION=str(narration), XDG_CONFIG_HOME=str(tmp / "config"),
                  XDG_CACHE_HOME=str(tmp / "cache"))
    for key in ("NOTIFY_SOCKET", "WATCHDOG_USEC"):
        env.pop(key, None)
    env.update(extra_env or {})
    args = [sys.executable, DRIVER, scenario, str(db), str(out), size] + ([port] if port else [])
    result = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=patience(150))  # a liveness limit: stretched on a busy machine
    report = out / f"{scenario}.json"
    assert report.exists(), f"the app did not report:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    obs = json.loads(report.read_text())
    assert "error" not in obs, obs["error"]
    assert result.returncode == 0, result.stderr[-3000:]
    return obs, out


def assert_not_blank(png: Path, size: tuple[int, int]) -> None:
    stats = colour_stats(png)
    assert stats["size"] == size
    assert stats["colours"] >= 12, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.85, f"{png.name} is mostly one colour"
