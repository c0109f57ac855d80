"""The systemd notify protocol (sd_notify) without a dependency: READY, WATCHDOG, STATUS, STOPPING.

The unit is ``Type=notify`` with ``WatchdogSec=``: the hub sends READY=1 when the UI starts it and
WATCHDOG=1 from ``Hub.poll()``, which the UI calls from the Kivy clock, so a frozen UI stops
feeding the watchdog and systemd restarts the app. Outside systemd (no ``$NOTIFY_SOCKET``) every
call does nothing.
"""

from __future__ import annotations

import os
import socket
import time
from typing import Callable


class SystemdNotifier:
    def __init__(
        self,
        address: str | None = None,
        *,
        watchdog_usec: str | None = None,
        watchdog_pid: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.address = address if address is not None else os.environ.get("NOTIFY_SOCKET", "")
        usec = watchdog_usec if watchdog_usec is not None else os.environ.get("WATCHDOG_USEC", "")
        pid = watchdog_pid if watchdog_pid is not None else os.environ.get("WATCHDOG_PID", "")
        self.watchdog_interval: float | None = None
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            self.watchdog_interval = int(usec) / 1_000_000
        self._clock = clock
        self._last_ping = -float("inf")

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def send(self, *assignments: str) -> bool:
        """Send ``KEY=value`` lines; False (never an exception) when it cannot be sent."""
        if not self.address:
            return False
        address = self.address
        if address.startswith("@"):
            address = "\0" + address[1:]  # abstract namespace socket
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.connect(address)
                sock.sendall("\n".join(assignments).encode("utf-8"))
            return True
        except OSError:
            return False

    def ready(self, status: str | None = None) -> bool:
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    def watchdog(self) -> bool:
        """WATCHDOG=1, at most three times per watchdog interval (call it as often as you like)."""
        if self.watchdog_interval is None:
            return False
        now = self._clock()
        if now - self._last_ping < self.watchdog_interval / 3:
            return False
        self._last_ping = now
        return self.send("WATCHDOG=1")
