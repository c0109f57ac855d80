"""A logging TCP proxy: the bytes a listener on the Wi-Fi would count, on a real socket.

``Wire(upstream_port, listen_ip)`` listens at ``listen_ip:upstream_port`` (a loopback address of its
own, the same port, so a page's Host and Origin stay the table's) and forwards every connection to
``127.0.0.1:upstream_port`` *from* ``listen_ip`` (so the server still sees each phone's own address).
It keeps what went by: each HTTP response's length and each WebSocket frame's length as they were
on the wire (header included), read from the raw byte stream - never from inside the page.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field


@dataclass
class Seen:
    requests: list[bytes] = field(default_factory=list)     # each request's head, as sent
    responses: list[tuple[bytes, int]] = field(default_factory=list)  # (head, bytes on the wire)
    frames: list[tuple[int, int, int]] = field(default_factory=list)  # (opcode, rsv1, bytes on the wire)
    sent_frames: list[tuple[int, int]] = field(default_factory=list)  # the phone's: (opcode, bytes)


def _frames(buffer: bytearray, masked: bool):
    """Whole WebSocket frames at the start of ``buffer`` as (opcode, rsv1, length); eaten."""
    out = []
    while len(buffer) >= 2:
        length = buffer[1] & 0x7F
        at = 2
        if length == 126:
            if len(buffer) < 4:
                break
            length, at = int.from_bytes(buffer[2:4], "big"), 4
        elif length == 127:
            if len(buffer) < 10:
                break
            length, at = int.from_bytes(buffer[2:10], "big"), 10
        total = at + (4 if buffer[1] & 0x80 else 0) + length
        if len(buffer) < total:
            break
        out.append((buffer[0] & 0x0F, (buffer[0] >> 6) & 1, total))
        del buffer[:total]
    return out


def _responses(buffer: bytearray):
    """Whole HTTP responses at the start of ``buffer`` as (head, length); a 101 ends HTTP."""
    out = []
    while b"\r\n\r\n" in buffer:
        end = buffer.index(b"\r\n\r\n") + 4
        head = bytes(buffer[:end])
        size = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                size = int(line.split(b":")[1])
        if head.startswith(b"HTTP/1.1 101"):
            out.append((head, end))
            del buffer[:end]
            return out, True
        if len(buffer) < end + size:
            break
        out.append((head, end + size))
        del buffer[:end + size]
    return out, False


class Wire:
    def __init__(self, port: int, listen_ip: str) -> None:
        self.port, self.ip = port, listen_ip
        self.seen = Seen()
        self._lock = threading.Lock()
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self._thread.start()
        ready.wait(10)

    def _run(self, ready):
        asyncio.set_event_loop(self.loop)
        self._server = self.loop.run_until_complete(asyncio.start_server(self._pipe, self.ip, self.port))
        ready.set()
        self.loop.run_forever()

    async def _pipe(self, reader, writer):
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(self.ip, 0))
        except OSError:
            writer.close()
            return
        state = {"ws": False}
        await asyncio.gather(self._copy(reader, up_writer, state, upstream=True),
                             self._copy(up_reader, writer, state, upstream=False), return_exceptions=True)

    async def _copy(self, reader, writer, state, upstream: bool):
        buffer = bytearray()
        try:
            while True:
                data = await reader.read(65536)
                if not data:
                    break
                writer.write(data)
                await writer.drain()
                with self._lock:
                    if upstream:
                        if not state["ws"]:
                            if data[:4] in (b"GET ", b"POST"):
                                self.seen.requests.append(data.split(b"\r\n\r\n")[0])
                            continue
                        buffer += data
                        self.seen.sent_frames += [(op, n) for op, _, n in _frames(buffer, True)]
                        continue
                    buffer += data
                    if not state["ws"]:
                        done, upgraded = _responses(buffer)
                        self.seen.responses += done
                        if not upgraded:
                            continue
                        state["ws"] = True
                    self.seen.frames += _frames(buffer, False)
        except (ConnectionError, OSError):
            pass
        finally:
            try:
                writer.close()
                await writer.wait_closed()
            except Exception:
                pass

    def close(self):
        self.loop.call_soon_threadsafe(self._server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5)
