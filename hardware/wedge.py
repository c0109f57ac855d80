"""USB keyboard-wedge RFID readers: the reader "types" 10 digits and Enter.

Read with evdev (Linux only, an optional dependency imported lazily) and *grabbed*, so the digits
never reach the UI as keystrokes. The device is named in ``[rfid] device``: a path such as
``/dev/input/by-id/usb-XXXX-event-kbd`` or part of the device's name. Unplugged, the reader says
"reader disconnected" and reopens the device when it comes back, like the serial reader.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Callable, Iterator, Protocol

from .reader import STATUS_CONNECTED, STATUS_DISCONNECTED, ReaderThread

STATUS_NO_EVDEV = "reader unavailable (the evdev package is not installed)"

DIGIT_KEYS = {f"KEY_{d}": str(d) for d in range(10)} | {f"KEY_KP{d}": str(d) for d in range(10)}
ENTER_KEYS = {"KEY_ENTER", "KEY_KPENTER"}
KEY_DOWN = 1
UID_DIGITS = 10


class WedgeDecoder:
    """Key names and values (1 down, 0 up, 2 repeat) in, a tag id out on Enter after 10 digits.

    >>> d = WedgeDecoder()
    >>> [d.key(k, 1) for k in ["KEY_0"] * 3 + ["KEY_4", "KEY_5", "KEY_6", "KEY_7", "KEY_8", "KEY_9", "KEY_1"]][-1] is None
    True
    >>> d.key("KEY_ENTER", 1)
    '0004567891'
    >>> d.key("KEY_1", 1), d.key("KEY_ENTER", 1)    # too short: ignored
    (None, None)
    """

    def __init__(self) -> None:
        self._digits: list[str] = []

    def key(self, name: str, value: int) -> str | None:
        if value != KEY_DOWN:
            return None
        if name in DIGIT_KEYS:
            self._digits.append(DIGIT_KEYS[name])
            if len(self._digits) > UID_DIGITS:
                # More than a tag id: not a tag (or the start was lost); keep the latest digits.
                del self._digits[0]
            return None
        digits, self._digits = "".join(self._digits), []
        if name in ENTER_KEYS and len(digits) == UID_DIGITS:
            return digits
        return None


class KeySource(Protocol):
    def events(self) -> Iterator[tuple[str, int]]: ...

    def close(self) -> None: ...


class EvdevSource:
    """One grabbed evdev device; ``events()`` yields (key name, value) for key events."""

    def __init__(self, device: str) -> None:
        try:
            import evdev  # optional: pip install "mafia-table-companion[wedge]" on Linux
        except ImportError as exc:
            raise ModuleNotFoundError(STATUS_NO_EVDEV) from exc
        self._evdev = evdev
        path = device if os.path.exists(device) else _find_by_name(evdev, device)
        self._dev = evdev.InputDevice(path)
        self._dev.grab()

    def events(self) -> Iterator[tuple[str, int]]:
        ecodes = self._evdev.ecodes
        for event in self._dev.read_loop():
            if event.type == ecodes.EV_KEY:
                name = ecodes.KEY.get(event.code, "")
                if isinstance(name, (list, tuple)):
                    name = name[0]
                yield name, event.value

    def close(self) -> None:
        try:
            self._dev.ungrab()
        except OSError:
            pass
        self._dev.close()


def _find_by_name(evdev, name: str) -> str:
    for path in evdev.list_devices():
        dev = evdev.InputDevice(path)
        try:
            if name.lower() in dev.name.lower():
                return path
        finally:
            dev.close()
    raise FileNotFoundError(f"no input device named like {name!r}")


class WedgeReader(ReaderThread):
    """A keyboard-wedge reader in a background thread (same callbacks as ``SerialReader``)."""

    name = "rfid-wedge"

    def __init__(
        self,
        *,
        device: str,
        on_tag: Callable[[str], None],
        on_status: Callable[[str], None] | None = None,
        repeat_suppress: float = 1.0,
        reconnect_interval: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        open_device: Callable[[str], KeySource] | None = None,
    ) -> None:
        super().__init__(
            on_tag=on_tag,
            on_status=on_status,
            repeat_suppress=repeat_suppress,
            reconnect_interval=reconnect_interval,
            clock=clock,
        )
        self.device = device
        self._open_device = open_device or EvdevSource
        self._source: KeySource | None = None
        self._source_lock = threading.Lock()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                source = self._open_device(self.device)
            except ModuleNotFoundError:
                self._set_status(STATUS_NO_EVDEV)
                return
            except OSError as exc:
                self.last_error = str(exc)
                self._set_status(STATUS_DISCONNECTED)
                self._stop.wait(self.reconnect_interval)
                continue
            with self._source_lock:
                self._source = source
            self._set_status(STATUS_CONNECTED)
            decoder = WedgeDecoder()
            try:
                for name, value in source.events():
                    if self._stop.is_set():
                        break
                    uid = decoder.key(name, value)
                    if uid is not None:
                        self._tag(uid)
            except OSError as exc:  # unplugged: ENODEV; closed by close(): EBADF
                self.last_error = str(exc)
            finally:
                with self._source_lock:
                    self._source = None
                try:
                    source.close()
                except OSError:
                    pass
            if not self._stop.is_set():
                self._set_status(STATUS_DISCONNECTED)
                self._stop.wait(self.reconnect_interval)

    def close(self) -> None:
        self._stop.set()
        with self._source_lock:
            source = self._source
        if source is not None:
            try:
                source.close()  # unblocks read_loop
            except OSError:
                pass
        super().close()
