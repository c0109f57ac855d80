"""Helpers for the hardware tests (a uniquely named module: test dirs have no __init__.py)."""

from __future__ import annotations

import os
import queue
import tty
from liveness import patience  # tests/: a wait stretched on a busy machine

WAIT = 10.0  # seconds a test waits for something that should come (never a timing assertion)


class FakeClock:
    """A clock the test moves by hand: debounce and repeat suppression see only this."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class FakePort:
    """A serial device that can be unplugged and plugged back: a pty behind a stable symlink
    (like /dev/serial/by-id/...), the reader opening the symlink."""

    def __init__(self, path) -> None:
        self.path = str(path)
        self.master: int | None = None
        self.plug()

    def plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # as a real UART: no echo, no line editing, even before pyserial opens it
        self.slave_name = os.ttyname(slave)
        os.close(slave)
        if os.path.lexists(self.path):
            os.unlink(self.path)
        os.symlink(self.slave_name, self.path)
        self.master = master

    def unplug(self) -> None:
        if os.path.lexists(self.path):
            os.unlink(self.path)
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def write(self, data: bytes) -> None:
        assert self.master is not None, "the port is unplugged"
        os.write(self.master, data)

    def close(self) -> None:
        self.unplug()


def get(q: "queue.Queue", what: str = "a message"):
    try:
        return q.get(timeout=patience(WAIT))
    except queue.Empty:
        raise AssertionError(f"waited {patience(WAIT):.0f} s for {what}, nothing came") from None


def wait_for(q: "queue.Queue", wanted, what: str | None = None) -> list:
    """Read ``q`` until ``wanted`` comes; returns everything read before it."""
    seen = []
    while True:
        item = get(q, what or repr(wanted))
        if item == wanted:
            return seen
        seen.append(item)


def drain(q: "queue.Queue") -> list:
    out = []
    while True:
        try:
            out.append(q.get_nowait())
        except queue.Empty:
            return out


class FakeKeyboard:
    """A keyboard-wedge reader without evdev: ``open(path)`` gives a source whose ``events()``
    yield what ``type()`` sends; ``unplug()`` ends the current source with ENODEV, like the kernel."""

    _KEYS = {str(d): f"KEY_{d}" for d in range(10)} | {"\n": "KEY_ENTER", "x": "KEY_X"}

    def __init__(self) -> None:
        self.plugged = True
        self.opened: queue.Queue = queue.Queue()
        self._current: "queue.Queue | None" = None

    def open(self, path: str):
        if not self.plugged:
            raise FileNotFoundError(2, "No such device", path)
        events: queue.Queue = queue.Queue()
        self._current = events
        self.opened.put(path)
        keyboard = self

        class Source:
            def events(self):
                while True:
                    item = events.get()
                    if item is None:
                        return
                    if isinstance(item, OSError):
                        raise item
                    yield item

            def close(self):
                events.put(None)

        return Source()

    def type(self, text: str) -> None:
        assert self._current is not None
        for ch in text:
            self._current.put((self._KEYS[ch], 1))
            self._current.put((self._KEYS[ch], 0))

    def unplug(self) -> None:
        self.plugged = False
        if self._current is not None:
            self._current.put(OSError(19, "No such device"))
            self._current = None

    def plug(self) -> None:
        self.plugged = True
