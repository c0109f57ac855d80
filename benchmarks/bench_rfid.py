"""(f) RFID tag-to-screen time with the RDM6300's two-frame confirmation, as a ratio to one frame.

A simulated RDM6300 writes a tag's frame over a pseudo-terminal, byte by byte at 9600 baud
(14 bytes: 14.6 ms a frame), repeating it while the tag "lies there"; ``SerialReader`` reads it in
its thread and the "screen" picks the tag up from a 30 Hz poll, as the app's Kivy clock does
(``ui/app.py`` POLL_HZ). Tag-to-screen = first byte of the first frame -> the poll that sees the
tag. Both sides run interleaved in the same invocation; the ratio is what the confirmation costs.

The frames here are back to back (the fastest a reader can repeat): a module that pauses between
repeats adds that pause once more to the confirmed side. Printed, never asserted.
Run: .venv/bin/python benchmarks/bench_rfid.py
"""

from __future__ import annotations

import os
import queue
import statistics
import sys
import threading
import time
import tty
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware.rfid import CONFIRM_FRAMES, SerialReader, encode_frame  # noqa: E402

BYTE = 10 / 9600  # seconds per byte at 9600 baud, 8N1
POLL = 1 / 30
ROUNDS = 12


def one_presentation(confirm: int, payload: str) -> float:
    master, slave = os.openpty()
    tty.setraw(slave)
    name = os.ttyname(slave)
    tags: queue.Queue = queue.Queue()
    status: queue.Queue = queue.Queue()
    reader = SerialReader(port=name, on_tag=lambda uid: tags.put(uid), on_status=status.put,
                          confirm_frames=confirm, reconnect_interval=0.02)
    reader.start()
    try:
        status.get(timeout=10)
        frame = encode_frame(payload)
        stop = threading.Event()

        def tag_lies_there() -> None:
            while not stop.is_set():
                for byte in frame:
                    os.write(master, bytes([byte]))
                    time.sleep(BYTE)

        start = time.perf_counter()
        writer = threading.Thread(target=tag_lies_there, daemon=True)
        writer.start()
        next_poll = start + POLL * (hash(payload) % 1000) / 1000  # the poll's phase is arbitrary
        while True:  # the UI clock
            time.sleep(max(0.0, next_poll - time.perf_counter()))
            try:
                tags.get_nowait()
                seen = time.perf_counter()
                break
            except queue.Empty:
                next_poll += POLL
        stop.set()
        writer.join(2)
        return seen - start
    finally:
        reader.close()
        os.close(master)
        os.close(slave)


def main() -> None:
    one, two = [], []
    for r in range(ROUNDS):  # interleaved, so machine load affects both sides alike
        payload = f"{r:02X}00ABCDEF"
        one.append(one_presentation(1, payload))
        two.append(one_presentation(CONFIRM_FRAMES["rdm6300"], payload))
    a, b = statistics.median(one) * 1e3, statistics.median(two) * 1e3
    print(f"tag-to-screen, one frame (ID-12LA rule):       {a:.1f} ms (median of {ROUNDS})")
    print(f"tag-to-screen, two identical frames (RDM6300): {b:.1f} ms")
    print(f"ratio two frames / one frame: {b / a:.2f}  (difference {b - a:.1f} ms: one more frame, 14.6 ms "
          f"at 9600 baud, as this machine's sleep paces it, rounded up to the 30 Hz poll)")


if __name__ == "__main__":
    main()
