"""Opening the display: a sentence and a patient retry, not a traceback and a crash loop.

When SDL cannot open a window (a loose ribbon cable; the desktop still holding the display right
after install.sh, until the reboot it asks for), Kivy logs a provider traceback and leaves
``Window`` as None, and the app used to die on ``Window.clearcolor``; systemd restarted it ten
times in five minutes and then gave up for good. Now the app says what is wrong, on the console
and in the journal (and as the unit's STATUS), waits with a growing pause (2, 4, 8, 15, then every
30 s) and tries again in a fresh process: SDL and Kivy's window cannot be re-opened in the same one.
The retry ``exec``s in place, so the PID stays the one systemd watches (Type=notify,
NotifyAccess=main); each wait extends systemd's start timeout (EXTEND_TIMEOUT_USEC), so neither
the unit's StartLimitBurst nor TimeoutStartSec turns a wait for a display into a dead table, and
it works the same from ``./dev app`` on a console, where no systemd restarts anything.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import sys
import time

#: how many times the display was already tried (carried across the exec)
DISPLAY_TRY = "MAFIA_COMPANION_DISPLAY_TRY"
DELAYS = (2, 4, 8, 15, 30)
_PROVIDER_FAILURE = re.compile(r"^(\w+) - (\w+): (.*)$")


def retry_delay(attempt: int) -> int:
    """Seconds to wait after failed attempt ``attempt`` (0-based).

    >>> [retry_delay(n) for n in range(7)]
    [2, 4, 8, 15, 30, 30, 30]
    """
    return DELAYS[min(attempt, len(DELAYS) - 1)]


def open_window() -> str | None:
    """Create Kivy's window; None when it is open, else why not, in SDL's words.

    Kivy's "no valuable Window provider" report (with each provider's traceback) is kept off the
    console: the caller says it as one sentence instead.
    """
    from kivy.logger import Logger

    caught: list[str] = []

    def keep_out(record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if record.levelno >= logging.CRITICAL and "Unable to find any valuable Window provider" in message:
            caught.append(message)
            return False
        return True

    Logger.addFilter(keep_out)
    try:
        from kivy.core.window import Window
    finally:
        Logger.removeFilter(keep_out)
    if Window is not None:
        return None
    return reason(caught)


def reason(reports: list[str]) -> str:
    """The providers' own words out of Kivy's report, e.g. "kmsdrm not available".

    >>> reason(["Window: Unable to find any valuable Window provider. Please ...\\n"
    ...         "sdl2 - RuntimeError: b'kmsdrm not available'\\n  File ..."])
    'kmsdrm not available'
    """
    found = []
    for report in reports:
        for line in report.splitlines():
            m = _PROVIDER_FAILURE.match(line.strip())
            if m:
                text = m.group(3)
                text = re.sub(r"^b'(.*)'$", r"\1", text)
                found.append(text or m.group(2))
    return "; ".join(dict.fromkeys(found)) or "no window system answered"


def sentence(problem: str, delay: int | None) -> str:
    """What the owner reads on the console and in the journal."""
    text = (f"The display could not be opened: {problem}. Check the display's ribbon cable, or whether the "
            f"desktop still holds the display (reboot once after install.sh)")
    return f"{text}; retrying in {delay} s." if delay is not None else f"{text}."


def wait_and_retry(problem: str, notifier=None) -> None:
    """Say it, wait, and start this very program again (never returns)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # `systemctl stop` ends the wait at once
    attempt = int(os.environ.get(DISPLAY_TRY, "0") or 0)
    delay = retry_delay(attempt)
    text = sentence(problem, delay)
    print(f"mafia-companion: {text}", file=sys.__stderr__, flush=True)
    if notifier is not None:  # systemd: the unit's status line, and more time to start
        notifier.send(f"STATUS={text}", f"EXTEND_TIMEOUT_USEC={(delay + 60) * 1_000_000}")
    time.sleep(delay)
    os.environ[DISPLAY_TRY] = str(attempt + 1)
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])
