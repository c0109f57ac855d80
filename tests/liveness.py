"""How long a test waits before a wait means "stuck", not "slow".

A liveness limit catches a flow that never comes; it must never fail a correct flow because the
machine is busy (2 cores shared by a whole suite and whatever else runs). So every limit in the
robot and the UI harness is written as the wait on a quiet machine (the narration's length, a
padded call, a screen built) plus a generous margin, and multiplied here by how slow the machine
is right now:

* **measured at the start of the run**: tests/conftest.py times a fixed piece of Python work
  (``calibrate``) against the same work on a quiet machine and passes the ratio to every app it
  starts (``MAFIA_TESTS_SLOWNESS``);
* **read when a limit is reached**: the load average per core (a process sharing a core with four
  others runs at a fifth of its speed), so a machine that became busy after the start still gets
  its time.

A real stall is still caught: the limit grows with the load, it never disappears. No test asserts
a duration (speed is measured in benchmarks/).
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

#: the environment variable that hands the measured slowness to the apps a test starts
ENV = "MAFIA_TESTS_SLOWNESS"
#: seconds ``_work`` takes on the 2-core CI machine, nothing else running (2026-12; best of 5)
QUIET_SECONDS = 0.035


def _work() -> float:
    """A fixed piece of interpreter work, about what a frame of the robot does (attribute reads,
    small lists): its time is the machine's speed for our kind of work."""
    start = time.perf_counter()
    acc = 0
    items = list(range(200))
    for k in range(6000):
        acc += sum(x * k for x in items if x & 1)
    return time.perf_counter() - start


def calibrate(rounds: int = 5) -> float:
    """How many times slower than quiet this machine is now (never below 1)."""
    best = min(_work() for _ in range(rounds))
    return max(1.0, best / QUIET_SECONDS)


def _from_env() -> float:
    try:
        return max(1.0, float(os.environ.get(ENV, "1") or 1))
    except ValueError:
        return 1.0


def load_per_core() -> float:
    """The last minute's load average per core (1.0: every core busy, nobody waiting)."""
    try:
        return os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:
        return 1.0


def slowness() -> float:
    """How much longer than on a quiet machine anything takes now: the start-of-run calibration
    or the load now, whichever is worse; at least 1."""
    return max(1.0, _from_env(), load_per_core())


def patience(seconds: float) -> float:
    """``seconds`` on a quiet machine, as long as the machine is slow now."""
    return seconds * slowness()


def limit(waits_for: float, margin: float = 30.0) -> float:
    """The liveness limit of one wait: what the flow really waits for on a quiet machine (a
    narration's length, a padded call, an app's start) plus a generous ``margin``, stretched by
    how slow the machine is now. A limit is never a guess at a whole game's length.

    >>> limit(10, margin=5) >= 15
    True
    """
    return patience(waits_for + margin)


def _size(path: Path | int) -> int:
    try:
        return os.fstat(path).st_size if isinstance(path, int) else Path(path).stat().st_size
    except OSError:
        return -1


def run_watched(args: list[str], progress: Path | None, quiet: float, **kwargs) -> subprocess.CompletedProcess:
    """Run a subprocess (stdout and stderr captured as text) until it ends, and end it only if it
    has shown no progress for ``quiet`` seconds (scaled by ``patience``). Progress is a line in
    ``progress``, a file the child appends to as it goes (the robot's live log), or anything the
    child writes to its stdout or stderr (its own log; ``progress=None`` watches only those). A
    whole game's length is never a limit; a child that stopped moving is. On a kill, stderr says
    why."""
    import tempfile

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(args, stdout=out, stderr=err, text=True, **kwargs)
        last, last_change, why = None, time.monotonic(), ""
        where = progress.name if progress is not None else "its output"
        while proc.poll() is None:
            time.sleep(0.5)
            seen = (_size(progress) if progress is not None else 0, _size(out.fileno()), _size(err.fileno()))
            now = time.monotonic()
            if seen != last:
                last, last_change = seen, now
            elif now - last_change > patience(quiet):
                why = f"\n[liveness] no progress in {where} for {now - last_change:.0f} s: killed"
                proc.kill()
                proc.wait()
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(args, proc.returncode, out.read(), err.read() + why)


def wait_watched(proc: subprocess.Popen, quiet: float, progress: Path | None = None) -> int | None:
    """Wait for a child started elsewhere until it ends, or until ``progress`` (a file it writes
    as it goes) has not grown for ``quiet`` seconds scaled by ``patience``; then return None (the
    caller decides: kill it, fail with what it saw). With no ``progress`` file, ``quiet`` is the
    whole wait's liveness limit (``limit``-sized: what the child waits for plus a margin)."""
    last, last_change = None, time.monotonic()
    while proc.poll() is None:
        time.sleep(0.2)
        seen = _size(progress) if progress is not None else None
        now = time.monotonic()
        if progress is not None and seen != last:
            last, last_change = seen, now
        elif now - last_change > patience(quiet):
            return None
    return proc.returncode
