"""Benchmarks (b) and (c) of issue 2: the app's cold start and peak memory against a bare Kivy app.

    .venv/bin/python benchmarks/bench_app_start.py [--runs 5] [--size 800x480]

Each measurement is a fresh interpreter (subprocess), alternating bare / app:

* start: wall time from spawning the process to its first rendered frame (the first
  ``Window.on_flip`` after ``App.on_start``), seen by the parent when the child prints a marker;
* memory: the child's peak resident set (``ru_maxrss`` from ``os.wait4`` for that child only).

The baseline is a bare Kivy app that shows one Button, configured exactly like ours (same window
size, same single input provider). The app runs on a database that already exists (the normal
start; the first run creates it and is not counted). Results are medians, printed as a table with
the ratios app / bare; targets (issue 28): first frame <= 1.15x, Home complete <= 1.5x the bare
first frame (the first frame after the store opened and the Resume row was filled), peak memory
<= 1.3x with the natural voice and the phones' server running: the app child stays up until its
narrator speaks with the piper voice (when one is installed) and the phones' server runs and
every screen Home leads to has been built ahead while Home sat idle, then stops (the piper worker
is a process of its own: its peak is printed beside, not in the ratio). The peak when the
services had just come up (before the screens were built ahead) is printed beside.
A script, not a test: timings are never asserted in the test suite.
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
READY = "HOME_COMPLETE"
SERVICES = "SERVICES_UP"
TARGETS = {"start": 1.15, "ready": 1.5, "memory": 1.3}  # issue 28


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

    def first_frame():
        from kivy.app import App
        from kivy.clock import Clock
        from kivy.core.window import Window

        print(MARKER, flush=True)
        app = App.get_running_app()

        flipped = [0]
        Window.bind(on_flip=lambda *_: flipped.__setitem__(0, flipped[0] + 1))
        seen = []

        def complete(*_):
            """Home complete: the first frame after the store opened and Home filled its Resume row
            (or, when that changed nothing on screen, the tick after: no frame was needed)."""
            if not app.store_is_open:
                return
            if not seen:
                seen.append(flipped[0])
                return
            if flipped[0] > seen[0] or not Window.canvas.needs_redraw:
                watch.cancel()
                print(READY, flush=True)
                Clock.schedule_once(services, 0.2)
        watch = Clock.schedule_interval(complete, 0)
        waited = [0]
        at_services: list[int] = []  # the peak when the services had just come up

        def services(*_):
            """The memory is taken with the services up: the narrator speaking with its voice (a line
            asked for: with the natural voice that starts the piper worker unless the line is cached)
            and the phones' server, both up for half a second, and then until every screen Home
            leads to has been built ahead (the app's resting size on Home, where a table waits)."""
            narrator = app.narrator
            synth = getattr(narrator, "synthesizer", None) if narrator is not None else None
            phones = bool(getattr(app.phones, "running", False))
            waited[0] += 1
            if waited[0] == 1 and narrator is not None:
                narrator.prerender(["The night falls on the city."], first=True)
            worker = _children_hwm_kib()
            engine = getattr(synth, "engine", "none")
            up = narrator is not None and phones and waited[0] > 5  # half a second of them running
            if up and not at_services:
                at_services.append(_own_hwm_kib())
            # the peak is the app's at rest on Home: every screen Home leads to built ahead
            # (ui/shell/navigation.py builds them while Home sits idle, for their first opening)
            built = up and app.services_started and not app._prebuild
            if built or waited[0] > 300:
                print(f"{SERVICES} voice={engine} phones={phones} app={_own_hwm_kib()} worker={worker}"
                      f" services={at_services[0] if at_services else 0} built={len(app.prebuilt)}", flush=True)
                app.stop()
            else:
                Clock.schedule_once(services, 0.1)

    run(["--db", db, "--size", f"{size[0]}x{size[1]}"], on_first_frame=first_frame)


def _own_hwm_kib() -> int:
    """This process's peak resident size (VmHWM), KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def _children_hwm_kib() -> int:
    """The peak resident size of this process's children (the piper worker), KiB; 0 if none."""
    total = 0
    try:
        pids = {pid for task in Path("/proc/self/task").iterdir() for pid in (task / "children").read_text().split()}
        for pid in pids:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
    except OSError:
        return 0
    return total


def _seed_resume(db: str) -> None:
    """An unfinished Il Capo game of a few actions, so that Home's Resume row has one to show."""
    sys.path.insert(0, str(ROOT))
    from companion.session import Session
    from companion.store import Store

    store = Store.open(db)
    try:
        if not store.unfinished_games():
            session = Session.start(store, "il-capo", {"players": ["Anna", "Ben", "Carla"]}, seed=7)
            for action in session.legal_actions()[:1]:
                session.act(action)
    finally:
        store.close()


SERVICES_SEEN: list[dict[str, str]] = []  # what each app run had running when its memory was taken


# -- parent -----------------------------------------------------------------------------------
def measure(kind: str, size: str, db: str, env: dict) -> tuple[float, float, float]:
    """(seconds to first frame, peak RSS in MiB, seconds to Home complete) of one fresh process."""
    cmd = [sys.executable, __file__, "--child", kind, "--size", size, "--db", db]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    seconds = ready = None
    services: dict[str, str] = {}
    for line in proc.stdout:
        if line.strip() == MARKER:
            seconds = time.perf_counter() - t0
        elif line.strip() == READY:
            ready = time.perf_counter() - t0
        elif line.startswith(SERVICES):
            services = dict(kv.split("=", 1) for kv in line.split()[1:])
            SERVICES_SEEN.append(services)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if seconds is None or proc.returncode != 0:
        raise SystemExit(f"The {kind} run failed (exit {proc.returncode}); run it by hand to see why:\n"
                         f"  {' '.join(cmd)}")
    # the app's own peak (VmHWM) when it told it: ru_maxrss would be its piper worker's if larger
    peak = int(services["app"]) if services.get("app", "0") != "0" else usage.ru_maxrss  # KiB
    return seconds, peak / 1024, ready if ready is not None else seconds


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
        results: dict[str, list[tuple[float, float, float]]] = {"bare": [], "app": []}
        measure("bare", args.size, db, env)  # warm-up: creates KIVY_HOME, fills the file cache
        measure("app", args.size, db, env)  # warm-up: creates the database
        _seed_resume(db)  # a game to resume: Home complete has a Resume row to fill
        for _ in range(args.runs):
            for kind in ("bare", "app"):
                results[kind].append(measure(kind, args.size, db, env))

    sys.path.insert(0, str(ROOT))
    from benchmarks.common import Row, ms, pi4_ms, print_table

    med = {k: [statistics.median(r[i] for r in v) for i in range(3)] for k, v in results.items()}
    ratio = {"start": med["app"][0] / med["bare"][0], "memory": med["app"][1] / med["bare"][1],
             "ready": med["app"][2] / med["bare"][0]}
    rows = [
        Row("first frame: companion vs bare Kivy", f"{ms(med['app'][0])} / {ms(med['bare'][0])} = {ratio['start']:.2f}x",
            ratio["start"], TARGETS["start"], f"<= {TARGETS['start']}x", pi4_ms(med["app"][0])),
        Row("Home complete (store open, Resume row)", f"{ms(med['app'][2])} = {ratio['ready']:.2f}x bare",
            ratio["ready"], TARGETS["ready"], f"<= {TARGETS['ready']}x", pi4_ms(med["app"][2])),
        Row("peak RSS, voice + phones running: companion vs bare Kivy",
            f"{med['app'][1]:.0f} / {med['bare'][1]:.0f} MiB = {ratio['memory']:.2f}x",
            ratio["memory"], TARGETS["memory"], f"<= {TARGETS['memory']}x"),
    ]
    print_table(f"App start and memory vs a bare Kivy app ({args.size}, median of {args.runs} runs each)", rows,
                "Pi 4 column: seconds there (estimate; a Pi also reads its SD card, which this does not model).")
    print("app runs:  " + "  ".join(f"{s:.2f}s/{m:.0f}M" for s, m, _ in results["app"]))
    last = SERVICES_SEEN[-1] if SERVICES_SEEN else {}
    worker = int(last.get("worker", 0)) / 1024
    early = int(last.get("services", 0)) / 1024
    print(f"with the services up: voice {last.get('voice', '?')}, phones' server {last.get('phones', '?')},"
          f" the piper worker (a process of its own) {worker:.0f} MiB beside the app; the app's peak"
          f" {early:.0f} MiB when they had just come up, before {last.get('built', '?')} screens were built ahead")
    print("bare runs: " + "  ".join(f"{s:.2f}s/{m:.0f}M" for s, m, _ in results["bare"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
