"""125 kHz RFID readers on a serial line: RDM6300 and ID-12LA / ID-20LA (9600 baud, 8N1).

A frame is ``STX``, 10 ASCII hex digits (a version/customer byte and the 32-bit card number),
2 ASCII hex digits of checksum (the XOR of the 5 data bytes), an optional ``CR LF`` (ID-12LA),
``ETX``. Anything else on the line (noise, a frame cut by a replug, a bad checksum) is skipped.

``SerialReader`` reads in a background thread, suppresses the same tag while it stays on the
reader (the RDM6300 repeats its frame continuously), reports "reader connected" /
"reader disconnected", and reopens the port by itself when it comes back.

Tag ids are the 32-bit card number as 10 decimal digits (``0004567890``): what keyboard-wedge
readers type and what is usually printed on the card, so a binding works with either reader.

Run ``python -m hardware.rfid [--port PATH] [--reader rdm6300|id12|wedge]`` to print each tag.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from typing import Callable, Iterable, TextIO

STX = 0x02
ETX = 0x03
CR_LF = b"\r\n"
_HEX = frozenset(b"0123456789ABCDEFabcdef")
#: The longest body between STX and ETX: 10 data + 2 checksum + CR LF.
MAX_BODY = 14

#: Identical valid frames a reader must deliver before its tag counts (docs/hardware.md, "Two
#: frames"). The RDM6300 repeats its frame for as long as a tag lies on it, and its 8-bit XOR
#: checksum lets about 1 in 45 frames with two changed digits (or two spliced frames) through:
#: one frame is not enough. The ID-12LA / ID-20LA sends a tag's frame once per presentation, so
#: waiting for a second one would miss every tag: one frame, the checksum is all there is.
CONFIRM_FRAMES = {"rdm6300": 2, "id12": 1}
#: Two frames of the same tag further apart than this are two sightings, not a confirmation.
CONFIRM_WINDOW = 1.0

# the reader thread both readers share (serial here, keyboard wedge in wedge.py), and its words
from .reader import STATUS_CONNECTED, STATUS_DISCONNECTED, ReaderThread, RepeatFilter  # noqa: E402,F401


def decode_body(body: bytes) -> str | None:
    """The 10-hex-digit payload (upper case) of a frame body between STX and ETX, or None.

    >>> decode_body(b"0F00ABCDEF" + b"86")
    '0F00ABCDEF'
    >>> decode_body(b"0F00ABCDEF86\\r\\n")
    '0F00ABCDEF'
    >>> decode_body(b"0F00ABCDEF87") is None   # checksum off by one
    True
    """
    if body.endswith(CR_LF):
        body = body[:-2]
    if len(body) != 12 or not _HEX.issuperset(body):
        return None
    data = bytes.fromhex(body[:10].decode("ascii"))
    checksum = 0
    for byte in data:
        checksum ^= byte
    if checksum != int(body[10:12], 16):
        return None
    return body[:10].decode("ascii").upper()


def checksum_hex(payload: str) -> str:
    """The two checksum digits for a 10-hex-digit payload (tests and tag simulators use it)."""
    checksum = 0
    for byte in bytes.fromhex(payload):
        checksum ^= byte
    return f"{checksum:02X}"


def encode_frame(payload: str, *, crlf: bool = False) -> bytes:
    """A complete frame for a 10-hex-digit payload, as a reader sends it.

    >>> encode_frame("0F00ABCDEF")
    b'\\x020F00ABCDEF86\\x03'
    """
    return bytes([STX]) + (payload.upper() + checksum_hex(payload)).encode() + (CR_LF if crlf else b"") + bytes([ETX])


def uid_from_payload(payload: str) -> str:
    """The tag id: the 32-bit card number (the last 8 hex digits) as 10 decimal digits.

    >>> uid_from_payload("0F00ABCDEF")
    '0011259375'
    """
    return f"{int(payload[2:], 16):010d}"


class FrameParser:
    """Incremental frame finder: feed bytes as they arrive (frames may be split anywhere).

    An STX always starts a new frame (so a frame cut short by a replug costs only itself), a
    body longer than a frame is dropped, and only bodies with a good checksum come out.

    >>> p = FrameParser()
    >>> p.feed(b"noise\\x020F00AB"), p.feed(b"CDEF86\\x03\\x02junk\\x03")
    ([], ['0F00ABCDEF'])
    """

    def __init__(self) -> None:
        self._body: bytearray | None = None

    def feed(self, data: bytes) -> list[str]:
        found: list[str] = []
        body = self._body
        for byte in data:
            if byte == STX:
                body = bytearray()
            elif body is None:
                continue
            elif byte == ETX:
                payload = decode_body(bytes(body))
                if payload is not None:
                    found.append(payload)
                body = None
            else:
                body.append(byte)
                if len(body) > MAX_BODY:
                    body = None
        self._body = body
        return found

    def reset(self) -> None:
        self._body = None


class ConfirmFilter:
    """Pass a payload only once ``needed`` valid frames of it arrived within ``window`` seconds
    (any other frames, good or bad, may come in between); later frames of it keep passing while
    they keep coming within the window. ``needed=1`` passes everything.

    >>> f = ConfirmFilter(2, window=1.0)
    >>> [f.seen("A", t) for t in (0.0, 0.1, 0.2)], f.seen("X", 0.3), f.seen("A", 5.0), f.seen("A", 5.1)
    ([False, True, True], False, False, True)
    """

    def __init__(self, needed: int = 2, window: float = CONFIRM_WINDOW) -> None:
        self.needed = max(1, int(needed))
        self.window = window
        self._times: dict[str, list[float]] = {}

    def seen(self, payload: str, now: float) -> bool:
        if self.needed == 1:
            return True
        for key in [k for k, times in self._times.items() if now - times[-1] > self.window]:
            del self._times[key]  # forget what has not been seen lately (bogus payloads too)
        times = [t for t in self._times.get(payload, []) if now - t <= self.window]
        times.append(now)
        self._times[payload] = times[-self.needed:]
        return len(times) >= self.needed


class TagStream:
    """Bytes from a serial reader in, tag ids out: frames, then confirmation, then repeat
    suppression. ``SerialReader`` runs one per connection; tests and benchmarks use it directly.

    >>> s = TagStream(confirm=2, clock=iter([0.0, 0.1, 0.2]).__next__)
    >>> frame = encode_frame("0F00ABCDEF")
    >>> s.feed(frame), s.feed(frame), s.feed(frame)
    ([], ['0011259375'], [])
    """

    def __init__(self, *, confirm: int = 1, hold: float = 1.0, window: float = CONFIRM_WINDOW,
                 clock: Callable[[], float] = time.monotonic, repeat: "RepeatFilter | None" = None) -> None:
        self.parser = FrameParser()
        self.confirm = ConfirmFilter(confirm, window)
        self.repeat = repeat if repeat is not None else RepeatFilter(hold)
        self._clock = clock

    def feed(self, data: bytes) -> list[str]:
        out = []
        for payload in self.parser.feed(data):
            now = self._clock()
            if self.confirm.seen(payload, now):
                uid = uid_from_payload(payload)
                if self.repeat.seen(uid, now):
                    out.append(uid)
        return out


class SerialReader(ReaderThread):
    """An RDM6300 / ID-12LA on ``port`` (a device path or any pyserial URL such as ``loop://``).

    Keyword-only like gpiozero devices; ``open_port(port, baud)`` can be injected (tests).
    ``on_tag(uid)`` and ``on_status(text)`` are called from the reader thread.
    """

    name = "rfid-serial"

    def __init__(
        self,
        *,
        port: str,
        on_tag: Callable[[str], None],
        on_status: Callable[[str], None] | None = None,
        baud: int = 9600,
        repeat_suppress: float = 1.0,
        reconnect_interval: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        open_port: Callable[[str, int], object] | None = None,
        confirm_frames: int = 1,
    ) -> None:
        super().__init__(
            on_tag=on_tag,
            on_status=on_status,
            repeat_suppress=repeat_suppress,
            reconnect_interval=reconnect_interval,
            clock=clock,
        )
        self.port = port
        self.baud = baud
        self._open_port = open_port or _open_serial
        #: Identical valid frames needed before a tag counts (``CONFIRM_FRAMES`` by reader type).
        self.confirm_frames = confirm_frames

    def _run(self) -> None:
        import serial

        while not self._stop.is_set():
            try:
                port = self._open_port(self.port, self.baud)
            except (serial.SerialException, OSError, ValueError) as exc:
                self.last_error = str(exc)
                self._set_status(STATUS_DISCONNECTED)
                self._stop.wait(self.reconnect_interval)
                continue
            self._set_status(STATUS_CONNECTED)
            parser = FrameParser()
            confirm = ConfirmFilter(self.confirm_frames)
            try:
                while not self._stop.is_set():
                    data = port.read(max(1, _waiting(port)))
                    for payload in parser.feed(data):
                        if confirm.seen(payload, self._clock()):
                            self._tag(uid_from_payload(payload))
            except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                # pyserial raises TypeError/AttributeError when the port is closed under it.
                self.last_error = str(exc)
            finally:
                try:
                    port.close()
                except Exception:  # pragma: no cover - the device is already gone
                    pass
            if not self._stop.is_set():
                self._set_status(STATUS_DISCONNECTED)
                self._stop.wait(self.reconnect_interval)


def _waiting(port) -> int:
    try:
        return int(port.in_waiting)
    except (AttributeError, TypeError):
        return 0


def _open_serial(port: str, baud: int):
    import serial

    return serial.serial_for_url(port, baudrate=baud, timeout=0.2, exclusive=True if "://" not in port else None)


# -- python -m hardware.rfid ---------------------------------------------------------------------


def main(
    argv: Iterable[str] | None = None,
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Print each tag read, one line per tag (its id); status lines go to stderr."""
    from .config import HardwareConfigError, SERIAL_READERS, default_paths, load_config

    out = out or sys.stdout
    err = err or sys.stderr
    parser = argparse.ArgumentParser(
        prog="python -m hardware.rfid",
        description="Check the RFID reader: prints the id of each tag put on it.",
    )
    parser.add_argument("--port", help="serial port (or evdev device for --reader wedge)")
    parser.add_argument("--reader", choices=["rdm6300", "id12", "wedge"])
    parser.add_argument("--config", action="append", default=[], help="another hardware.toml to read last")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        rfid = load_config([*default_paths(), *args.config]).rfid
    except HardwareConfigError as exc:
        print(f"The hardware settings need fixing:\n{exc}", file=err)
        return 2
    reader = args.reader or rfid.reader
    if reader == "none":
        reader = "rdm6300" if args.port else "none"
    if reader == "none":
        print(
            "No RFID reader is configured: set [rfid] reader in hardware.toml, or pass "
            "--reader and --port.",
            file=err,
        )
        return 2
    lock = threading.Lock()

    def on_tag(uid: str) -> None:
        with lock:
            print(uid, file=out, flush=True)

    def on_status(status: str) -> None:
        with lock:
            print(f"# {status}", file=err, flush=True)

    common = dict(
        on_tag=on_tag,
        on_status=on_status,
        repeat_suppress=rfid.repeat_suppress,
        reconnect_interval=rfid.reconnect_interval,
    )
    if reader in SERIAL_READERS:
        port = args.port or rfid.port
        device = SerialReader(port=port, baud=rfid.baud, confirm_frames=CONFIRM_FRAMES.get(reader, 1), **common)
        where = f"{port} at {rfid.baud} baud"
    else:
        from .wedge import WedgeReader

        path = args.port or rfid.device
        device = WedgeReader(device=path, **common)
        where = path
    print(f"# reading {reader} tags from {where}; Ctrl-C to stop", file=err, flush=True)
    stop = stop or threading.Event()
    with device:
        try:
            while not stop.wait(0.2):
                pass
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
