"""Running the real app headless, one way for every UI test: a fresh interpreter per app (Kivy's
window is one per process), a temporary database and KIVY_HOME, SDL's dummy audio, limits that
mean "stuck", not "slow" (tests/liveness.py), and a window drawn only as often as somebody looks.

Nobody looks at a headless window: the robot reads the widget tree, and every picture a test
keeps is rendered on its own (``export_to_png`` draws the root into a frame buffer of its own).
Drawing every frame in software (Mesa llvmpipe) was most of a robot game's CPU, so the window is
drawn once a second (which still fires ``on_flip``: the app starts its services after the first
one). ``ROBOT_DRAW=every`` draws every frame, as a display would.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from liveness import run_watched

ROOT = Path(__file__).resolve().parents[1]

#: how often the window itself is drawn (seconds)
DRAW_EVERY = 0.0 if os.environ.get("ROBOT_DRAW") == "every" else 1.0


def app_env(tmp: Path, hardware_from_caller: bool = False, **extra: str) -> dict:
    """The environment of an app a test starts: its own KIVY_HOME and cache under ``tmp``, no
    console or file logs, dummy audio, this checkout first on the path, phones on any free port,
    and neither the owner's database nor input device from the calling shell. The robot's apps
    are tables without GPIO buttons (keyboard stand-ins, as on a desktop); with
    ``hardware_from_caller`` the hardware settings of the test process (its mock pin factory)
    are kept, for the tests of the hardware hub."""
    env = dict(os.environ)
    env.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
               KIVY_HOME=str(tmp / "kivy-home"), PYTHONPATH=str(ROOT))
    env.pop("MAFIA_COMPANION_DB", None)
    env.pop("MAFIA_COMPANION_INPUT", None)
    if not hardware_from_caller:
        env["XDG_CACHE_HOME"] = str(tmp / "cache")
        env.setdefault("MAFIA_COMPANION_PHONES_PORT", "0")
        env.pop("MAFIA_COMPANION_HARDWARE", None)
        env.pop("GPIOZERO_PIN_FACTORY", None)
    env.update(extra)
    return env


def kivy_env(tmp: Path, **extra: str) -> dict:
    """The environment of an app started by a UI test that keeps the test process's hardware
    settings (its mock pin factory: tests/conftest.py)."""
    return app_env(tmp, hardware_from_caller=True, **extra)


def run_app(args: list[str], tmp: Path, timeout: float = 120, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run a Python entry point of the app in a fresh interpreter, ended only when it is stuck:
    nothing new on its stdout or stderr for ``timeout`` quiet-machine seconds stretched by the
    machine's slowness (tests/liveness.py), never for the length of the whole run."""
    return run_watched([sys.executable, *args], None, timeout, cwd=ROOT,
                       env=env or app_env(tmp, hardware_from_caller=True))


class SeldomDrawn:
    """One turn of Kivy's main loop (``EventLoop.idle``) that draws the window only every
    ``DRAW_EVERY`` seconds: the clock ticks (at most 60 frames a second, as on the table), input
    is handed out, widgets are laid out, exactly as ``idle`` does, then the draw is skipped."""

    def __init__(self) -> None:
        self.drawn_at = -1e9

    def __call__(self) -> bool:
        from kivy.base import EventLoop
        from kivy.clock import Clock
        from kivy.lang import Builder

        now = time.monotonic()
        if now - self.drawn_at >= DRAW_EVERY:
            self.drawn_at = now
            return type(EventLoop).idle(EventLoop)
        Clock.tick()
        if not EventLoop.quit:
            EventLoop.dispatch_input()
        if not EventLoop.quit:
            Builder.sync()
            Clock.tick_draw()
            Builder.sync()
        return EventLoop.quit


def draw_seldom() -> None:
    """From now on this process's main loop (``app.run()``) draws the window seldom."""
    from kivy.base import EventLoop

    EventLoop.idle = SeldomDrawn()
