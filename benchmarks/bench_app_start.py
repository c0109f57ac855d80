"""Benchmarks (b) and (c) of issue 2: the app's cold start and peak memory against a bare Kivy app.

    .venv/bin/python benchmarks/bench_app_start.py [--runs 5] [--size 800x480]

Each measurement is a fresh interpreter (subprocess), alternating bare / app:

* start: wall time from spawning the process to its first rendered frame (the first
  ``Window.on_flip`` after ``App.on_start``), seen by the parent when the child prints a marker;
* memory: the child's peak resident set (``ru_maxrss`` from ``os.wait4`` for that child only).

The baseline is a bare Kivy app that shows one Button, configured exactly like ours (same window
size, same single input provider). The app runs on a database that already exists (the normal
start; the first run creates it and is not counted). Results are medians, printed as a table with
the ratios app / bare; targets: start <= 1.5, memory <= 1.3. A script, not a test: timings are
never asserted in the test suite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = "FIRST_FRAME"
TARGETS = {"start": 1.5, "memory": 1.3}


# -- children ---------------------------------------------------------------------------------
def _announce_and_stop():
    from kivy.app import App

    print(MARKER, flush=True)
    App.get_running_app().stop()


def child_bare(size: tuple[int, int]) -> None:
    from ui.main import configure_kivy

    configure_kivy(size, False)
    from kivy.app import App
    from kivy.core.window import Window
    from kivy.uix.button import Button

    class Bare(App):
        def build(self):
            return Button(text="Roll")

        def on_start(self):
            def first(*_):
                Window.unbind(on_flip=first)
                _announce_and_stop()
            Window.bind(on_flip=first)

    Bare().run()


def child_app(size: tuple[int, int], db: str) -> None:
    from ui.main import run

    run(["--db", db, "--size", f"{size[0]}x{size[1]}"], on_first_frame=_announce_and_stop)


# -- parent -----------------------------------------------------------------------------------
def measure(kind: str, size: str, db: str, env: dict) -> tuple[float, float]:
    """(seconds to first frame, peak RSS in MiB) of one fresh process."""
    cmd = [sys.executable, __file__, "--child", kind, "--size", size, "--db", db]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    seconds = None
    for line in proc.stdout:
        if line.strip() == MARKER:
            seconds = time.perf_counter() - t0
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if seconds is None or proc.returncode != 0:
        raise SystemExit(f"The {kind} run failed (exit {proc.returncode}); run it by hand to see why:\n"
                         f"  {' '.join(cmd)}")
    return seconds, usage.ru_maxrss / 1024  # Linux: KiB


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--size", default="800x480")
    p.add_argument("--child", choices=["bare", "app"], help=argparse.SUPPRESS)
    p.add_argument("--db", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))

    if args.child:
        sys.path.insert(0, str(ROOT))
        child_bare(size) if args.child == "bare" else child_app(size, args.db)
        return 0

    with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
        env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1",
                   SDL_AUDIODRIVER="dummy", KIVY_HOME=os.path.join(tmp, "kivy-home"), PYTHONPATH=str(ROOT))
        env.pop("MAFIA_COMPANION_INPUT", None)
        # bytecode as on the table: the Pi writes __pycache__ on its first start, while this
        # build machine sets PYTHONDONTWRITEBYTECODE (every project module would be compiled from
        # source on every start, a cost a bare Kivy app barely pays). The warm-up runs fill a cache
        # in the temporary folder; nothing is written into the checkout.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pycache")
        db = os.path.join(tmp, "bench.db")
        results: dict[str, list[tuple[float, float]]] = {"bare": [], "app": []}
        measure("bare", args.size, db, env)  # warm-up: creates KIVY_HOME, fills the file cache
        measure("app", args.size, db, env)  # warm-up: creates the database
        for _ in range(args.runs):
            for kind in ("bare", "app"):
                results[kind].append(measure(kind, args.size, db, env))

    med = {k: (statistics.median(s for s, _ in v), statistics.median(m for _, m in v)) for k, v in results.items()}
    ratio = {"start": med["app"][0] / med["bare"][0], "memory": med["app"][1] / med["bare"][1]}
    print(f"App start and memory vs a bare Kivy app ({args.size}, median of {args.runs} runs each)")
    print(f"{'':22}{'bare Kivy':>12}{'companion':>12}{'ratio':>8}{'target':>8}")
    print(f"{'first frame (s)':22}{med['bare'][0]:>12.3f}{med['app'][0]:>12.3f}{ratio['start']:>8.2f}"
          f"{'<= 1.5':>8}  {'ok' if ratio['start'] <= TARGETS['start'] else 'OVER'}")
    print(f"{'peak RSS (MiB)':22}{med['bare'][1]:>12.1f}{med['app'][1]:>12.1f}{ratio['memory']:>8.2f}"
          f"{'<= 1.3':>8}  {'ok' if ratio['memory'] <= TARGETS['memory'] else 'OVER'}")
    runs = "  ".join(f"{s:.2f}s/{m:.0f}M" for s, m in results["app"])
    print(f"app runs: {runs}")
    runs = "  ".join(f"{s:.2f}s/{m:.0f}M" for s, m in results["bare"])
    print(f"bare runs: {runs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
