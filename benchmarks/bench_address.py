"""What re-reading the table's address costs (ui/phones/address.py): the app reads the interfaces
again every 2 s on the Kivy clock (ui/phones/table.py), so one read must be a small share of a frame.

    .venv/bin/python benchmarks/bench_address.py [--reads 2000]

Measured in this process, against two baselines measured beside it: the route probe the table used
before (a UDP ``connect`` and ``getsockname``: no packet sent), and one frame at 60 fps (16.7 ms).
Figures are medians of many reads; the target is on the share of a frame (a read at most 5 % of one
frame, so the re-read never drops a frame); the Pi 4 column is the usual CPU-side estimate
(benchmarks/common.py). A script, not a test: timings are never asserted in the test suite.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import Row, ms, pi4_ms, print_table  # noqa: E402
from ui.phones.address import choose, read  # noqa: E402

FRAME = 1 / 60
TARGET_SHARE = 0.05


def old_probe() -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def median_seconds(fn, n: int) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--reads", type=int, default=2000)
    args = p.parse_args()
    network = read()
    new = median_seconds(lambda: choose(read()), args.reads)
    old = median_seconds(old_probe, args.reads)
    rows = [
        Row("read + choose (netlink)", ms(new), new / FRAME, TARGET_SHARE, f"<= {TARGET_SHARE:.0%} frame",
            pi4_ms(new)),
        Row("old route probe (UDP connect)", ms(old), old / FRAME, None, "-", pi4_ms(old)),
        Row("netlink read / old probe", f"{new / old:.1f}x", new / old, None, "-"),
        Row("CPU share at one read per 2 s", f"{new / 2.0:.4%}", new / 2.0, None, "-"),
    ]
    print_table(f"The table's address, re-read every 2 s ({len(network.interfaces)} addresses here, "
                f"median of {args.reads} reads)", rows)
    return 0 if all(r.met for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
