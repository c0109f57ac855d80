"""Shut down or reboot the table cleanly (the settings entry and the NEXT + BACK hold).

Goes through logind (``systemctl poweroff`` / ``reboot``); the install script's polkit rule lets
the service user do it without a password. The UI confirms first, and calls these only then.
"""

from __future__ import annotations

import subprocess
from typing import Callable, Sequence


def _systemctl(verb: str, run: Callable[..., subprocess.CompletedProcess]) -> str | None:
    try:
        result = run(["systemctl", verb, "--no-wall"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"The table could not {_words(verb)}: {exc}."
    if result.returncode != 0:
        why = (result.stderr or result.stdout or "").strip().splitlines()
        return f"The table could not {_words(verb)}: {why[-1] if why else 'systemctl failed'}."
    return None


def _words(verb: str) -> str:
    return "shut down" if verb == "poweroff" else "restart"


def power_off(*, run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> str | None:
    """None when the shutdown is under way, else a sentence for the screen."""
    return _systemctl("poweroff", run)


def reboot(*, run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> str | None:
    """None when the reboot is under way, else a sentence for the screen."""
    return _systemctl("reboot", run)
