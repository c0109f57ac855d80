"""What every RFID reader adapter shares: a background thread with a status ("reader connected" /
"reader disconnected"), reconnecting by itself, and the filter that reports a tag once while it
stays on the reader. ``rfid.SerialReader`` and ``wedge.WedgeReader`` are both built on it (it
used to live in rfid.py, and the two modules imported each other)."""

from __future__ import annotations

import threading
import time
from typing import Callable

STATUS_CONNECTED = "reader connected"
STATUS_DISCONNECTED = "reader disconnected"


class RepeatFilter:
    """Report a tag once while it stays: the same uid again within ``hold`` seconds of its last
    sighting is the same presentation (every sighting extends it).

    >>> f = RepeatFilter(1.0)
    >>> [f.seen("A", t) for t in (0.0, 0.1, 0.9, 1.8)], f.seen("A", 3.0), f.seen("B", 3.1)
    ([True, False, False, False], True, True)
    """

    def __init__(self, hold: float) -> None:
        self.hold = hold
        self._last: str | None = None
        self._when = 0.0

    def seen(self, uid: str, now: float) -> bool:
        report = uid != self._last or now - self._when > self.hold
        self._last, self._when = uid, now
        return report



class ReaderThread:
    """The shared life of a background reader: start, status changes, reconnect, close."""

    name = "reader"

    def __init__(
        self,
        *,
        on_tag: Callable[[str], None],
        on_status: Callable[[str], None] | None = None,
        repeat_suppress: float = 1.0,
        reconnect_interval: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._on_tag = on_tag
        self._on_status = on_status
        self._filter = RepeatFilter(repeat_suppress)
        self._filter_lock = threading.Lock()
        self.reconnect_interval = reconnect_interval
        self._clock = clock
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._status: str | None = None
        #: Why the last open or read failed (for the diagnostic tool).
        self.last_error: str | None = None

    @property
    def status(self) -> str | None:
        return self._status

    @property
    def connected(self) -> bool:
        return self._status == STATUS_CONNECTED

    def _set_status(self, status: str) -> None:
        if status == STATUS_CONNECTED:
            # A fresh connection is a fresh start: a tag put down while unplugged counts.
            with self._filter_lock:
                self._filter = RepeatFilter(self._filter.hold)
        if status != self._status:
            self._status = status
            if self._on_status is not None:
                self._on_status(status)

    def _tag(self, uid: str) -> None:
        with self._filter_lock:
            report = self._filter.seen(uid, self._clock())
        if report:
            self._on_tag(uid)

    def start(self):
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    def _run(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError
