"""What every benchmark shares: the result table (figure, target, met / not met, a Pi 4 estimate)
and the factor that turns a time on this machine into an estimate for a Raspberry Pi 4.

The Pi 4 factor
---------------
No Pi is attached to the build machine, so the Pi column is an *estimate*: this machine's time x
``pi4_factor()``. The factor is measured in the same run with a CPU-bound reference loop, the
Computer Language Benchmarks Game's n-body program (pure-Python floating point and list indexing,
the kind of work our rules engines and Kivy's layout do), and compared with a published time for the
same program on a Raspberry Pi 4 Model B (4 GB, Cortex-A72 at 1.5 GHz, performance governor):
5,000,000 steps in 158.26 s, i.e. 31.65 µs per step
(https://chaitanyamehta.github.io/projects/performance-analysis-of-programming-languages).

    factor = 31.65 µs / (µs per step here, measured now)

Because both sides of the ratio are measured in the same run, a machine that is busy with other
work slows the figure and the reference loop alike and the estimate stays put. What it cannot see:
the published run used an older Python on Raspberry Pi OS (the table runs Python 3.11, which is
faster, so the estimate errs on the slow side); the Pi's GPU (VideoCore VI) draws frames instead of
this machine's software renderer (llvmpipe), so frame times are CPU-side estimates only; and disk
speed (an SD card) is not in the factor, so durable writes will differ more than this says.

Run alone: ``.venv/bin/python benchmarks/common.py`` prints the factor.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

PI4_US_PER_STEP = 158.26e6 / 5_000_000  # µs per n-body step on a Pi 4 (see the module docstring)
REFERENCE_STEPS = 30_000

_factor: float | None = None


def _nbody_system():
    pi = 3.14159265358979323
    solar_mass = 4 * pi * pi
    days = 365.24
    bodies = [
        ([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], solar_mass),
        ([4.84143144246472090e00, -1.16032004402742839e00, -1.03622044471123109e-01],
         [1.66007664274403694e-03 * days, 7.69901118419740425e-03 * days, -6.90460016972063023e-05 * days],
         9.54791938424326609e-04 * solar_mass),
        ([8.34336671824457987e00, 4.12479856412430479e00, -4.03523417114321381e-01],
         [-2.76742510726862411e-03 * days, 4.99852801234917238e-03 * days, 2.30417297573763929e-05 * days],
         2.85885980666130812e-04 * solar_mass),
        ([1.28943695621391310e01, -1.51111514016986312e01, -2.23307578892655734e-01],
         [2.96460137564761618e-03 * days, 2.37847173959480950e-03 * days, -2.96589568540237556e-05 * days],
         4.36624404335156298e-05 * solar_mass),
        ([1.53796971148509165e01, -2.59193146099879641e01, 1.79258772950371181e-01],
         [2.68067772490389322e-03 * days, 1.62824170038242295e-03 * days, -9.51592254519715870e-05 * days],
         5.15138902046611451e-05 * solar_mass),
    ]
    pairs = [(bodies[i], bodies[j]) for i in range(len(bodies)) for j in range(i + 1, len(bodies))]
    return bodies, pairs


def _advance(dt: float, n: int, bodies, pairs) -> None:
    """The n-body program's inner loop, as the Benchmarks Game's Python program writes it."""
    for _ in range(n):
        for ([x1, y1, z1], v1, m1), ([x2, y2, z2], v2, m2) in pairs:
            dx = x1 - x2
            dy = y1 - y2
            dz = z1 - z2
            mag = dt * ((dx * dx + dy * dy + dz * dz) ** (-1.5))
            b1m = m1 * mag
            b2m = m2 * mag
            v1[0] -= dx * b2m
            v1[1] -= dy * b2m
            v1[2] -= dz * b2m
            v2[0] += dx * b1m
            v2[1] += dy * b1m
            v2[2] += dz * b1m
        for r, [vx, vy, vz], _m in bodies:
            r[0] += dt * vx
            r[1] += dt * vy
            r[2] += dt * vz


def reference_us_per_step(steps: int = REFERENCE_STEPS, rounds: int = 5) -> float:
    """µs per n-body step on this machine now (median of ``rounds``, like the figures it scales)."""
    times = []
    for _ in range(rounds):
        bodies, pairs = _nbody_system()
        start = time.perf_counter()
        _advance(0.01, steps, bodies, pairs)
        times.append((time.perf_counter() - start) / steps * 1e6)
    return sorted(times)[len(times) // 2]


def pi4_factor() -> float:
    """How many times slower a Pi 4 is estimated to be than this machine (measured once per run)."""
    global _factor
    if _factor is None:
        _factor = PI4_US_PER_STEP / reference_us_per_step()
    return _factor


@dataclass
class Row:
    """One figure: what, the measurement here, the ratio the target is about, the target."""

    what: str
    here: str  # this machine's figure, in words and units
    value: float  # the number the target judges (a ratio or milliseconds)
    limit: float | None  # target: value <= limit (None: reported, no target)
    target: str  # the target in words ("<= 1.25x", "<= 33 ms")
    pi4: str = ""  # the Pi 4 estimate ("" when a ratio carries over unchanged)

    @property
    def met(self) -> bool:
        return self.limit is None or self.value <= self.limit

    @property
    def verdict(self) -> str:
        return "-" if self.limit is None else "met" if self.met else "NOT MET"


def print_table(title: str, rows: list[Row], note: str = "") -> None:
    """The table ``./dev bench`` shows: every figure with its target and whether it is met."""
    print(f"\n{title}")
    if note:
        print(note)
    w = max(len(r.what) for r in rows) + 2
    print(f"{'':{w}}{'here':>22}{'target':>12}{'':>10}{'Pi 4 (estimate)':>18}")
    for r in rows:
        print(f"{r.what:{w}}{r.here:>22}{r.target:>12}{r.verdict:>10}{r.pi4:>18}")
    print(f"Pi 4 estimate = this machine's time x {pi4_factor():.1f} (n-body reference loop, see benchmarks/common.py)")
    sys.stdout.flush()


def ms(seconds: float) -> str:
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    return f"{seconds * 1e3:.1f} ms" if seconds < 10 else f"{seconds:.1f} s"


def pi4_ms(seconds: float) -> str:
    return "~" + ms(seconds * pi4_factor())


if __name__ == "__main__":
    here = reference_us_per_step()
    print(f"n-body reference: {here:.2f} µs per step here, {PI4_US_PER_STEP:.2f} µs on a Pi 4 (published): "
          f"a Pi 4 is ~{PI4_US_PER_STEP / here:.1f}x slower (estimate)")
