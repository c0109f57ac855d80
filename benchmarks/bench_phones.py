"""Phones as private screens (issue #16): with 23 connected pages, the server's memory and the time
from a table action to every page showing it.

    .venv/bin/python benchmarks/bench_phones.py

The table (a real session and store on a thread of its own, with its ``PhoneDesk``) and the real
``PhoneServer`` run in this process; the pages are WebSocket clients in a *child* process, so the
memory measured (this process's VmRSS) is the server's and the table's alone. Each page has its own
cookie jar and its own loopback address (127.0.0.2, .3, ...: 23 phones, 23 addresses, as on the
table's Wi-Fi, so the per-address rate limits see what they would see there). The child says hello
for every page, hands the pairing codes up, the table links seats 0..22 of a 23-player Mafia+ game
(the rulebook's recommended set, at night), then the pages connect.

A table action is ``desk.set_call(key, words)`` on the table thread, alternating between two calls
so every page changes; its time is ``time.monotonic()`` just before it (CLOCK_MONOTONIC is one
clock for the whole machine on Linux, so the child's receipt times compare with it). A round's
delay is (the last page's receipt - the action); the next round starts only after every page got
this one. Reported: median and worst over ROUNDS rounds with 23 pages, and the same with 1 page as
the baseline (measured in this run, in alternating blocks so both see the same machine load), as a
ratio. The delay includes the pages' own side (23 clients in one child process take their messages
one after another), so it is if anything an overestimate of what 23 phones would see.

Memory: VmRSS with the server started and warmed up (the 1-page runs done) and no page connected,
against VmRSS with 23 pages connected after the rounds; both in MB, their ratio and the cost per
page. A script that prints, never a test.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "phones"))  # the table thread the phone tests use
from phones_help import OwnThread  # noqa: E402

PAGES = 23
ROUNDS = 40      # per figure (23 pages, and the 1-page baseline)
BLOCKS = 2       # the rounds come in alternating blocks: 1 page, 23 pages, 1 page, 23 pages
GAP = 0.02       # s between a round's last receipt and the next action
KEYS = ("1:0", "1:1")


def address(i: int) -> str:
    return f"127.0.0.{i + 2}"


# -- the pages (child process) -------------------------------------------------------------------
async def pages_main(base: str, n: int) -> None:
    import aiohttp

    def say(*words) -> None:
        print(*words, flush=True)

    sessions = [aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                      connector=aiohttp.TCPConnector(local_addr=(address(i), 0)),
                                      headers={"Origin": base.rstrip("/")})
                for i in range(n)]
    codes = []
    for http in sessions:
        async with http.post(base + "api/hello") as r:
            codes.append((await r.json())["code"])
    say("codes", *codes)
    loop = asyncio.get_running_loop()
    line = await loop.run_in_executor(None, sys.stdin.readline)
    assert line.strip() == "connect", line
    sockets = [await http.ws_connect(base + "ws") for http in sessions]
    for ws in sockets:
        first = json.loads((await ws.receive(timeout=10)).data)
        assert first["t"] == "page", first
    say("ready")
    got: dict[int, list[float]] = {}

    async def listen(ws) -> None:
        async for msg in ws:
            now = time.monotonic()
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            page = json.loads(msg.data)
            if page.get("t") != "page" or not page.get("line", "").startswith("Round "):
                continue
            r = int(page["line"].split()[1].rstrip(":"))
            times = got.setdefault(r, [])
            times.append(now)
            if len(times) == n:
                say("got", r, repr(max(times)), repr(min(times)))

    tasks = [asyncio.create_task(listen(ws)) for ws in sockets]
    await loop.run_in_executor(None, sys.stdin.readline)  # "quit"
    for ws in sockets:
        await ws.close()
    for http in sessions:
        await http.close()
    await asyncio.gather(*tasks, return_exceptions=True)


# -- the table and the server (this process) -------------------------------------------------------
def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Table(OwnThread):
    """The table's thread: owns the store and the session; runs what the desk hands it."""

    def __init__(self, path: Path) -> None:
        from companion.games.mafia_plus import ENGINE
        from companion.games.mafia_plus import engine as E
        from companion.session import Session
        from companion.store import Store
        from ui.phones.desk import PhoneDesk

        super().__init__()

        def start():
            self.store = Store.open(path)
            self.desk = PhoneDesk(self.jobs.put, self.store)
            config = ENGINE.default_config(PAGES, random.Random(1))
            config["players"] = [f"Player {i + 1}" for i in range(PAGES)]
            self.session = Session.start(self.store, "mafia-plus", config, seed=1)
            self.session.act(E.Dealt(tuple(self.session.state.cast), by_hand=True))
            assert self.session.state.phase == "night", self.session.state.phase
            self.desk.watch(self.session)
        self.call(start)

    def action(self, r: int) -> float:
        """The table calls the next step (every page changes); the time just before it."""
        def act():
            start = time.monotonic()
            self.desk.set_call(KEYS[r % 2], f"Round {r}: the table calls.")
            return start
        return self.call(act)

    def close(self) -> None:
        self.call(lambda: self.store.close() if hasattr(self.store, "close") else None)
        self.jobs.put(None)


class Pages:
    """The child process with ``n`` pages; lines from its stdout arrive on a queue."""

    def __init__(self, server, table: Table, n: int) -> None:
        self.n = n
        self.proc = subprocess.Popen([sys.executable, __file__, "--pages", server.url("127.0.0.1"), str(n)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        codes = self.expect("codes")[1:]
        for seat, code in enumerate(codes):
            table.call(lambda s=seat, c=code: table.desk.link(s, c))
        self.send("connect")
        self.expect("ready")

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.split())
        self.lines.put(None)

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, word: str, timeout: float = 20.0) -> list[str]:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise RuntimeError(f"the pages' process said nothing for {timeout:.0f} s (expected {word!r})") from None
        if not line or line[0] != word:
            raise RuntimeError(f"the pages' process said {line!r}, expected {word!r}")
        return line

    def rounds(self, table: Table, first: int, count: int) -> list[float]:
        """Delays (s) from each action to the last of the n pages showing it."""
        out = []
        for r in range(first, first + count):
            start = table.action(r)
            _, got, last, _first = self.expect("got")
            assert int(got) == r, (got, r)
            out.append(float(last) - start)
            time.sleep(GAP)
        return out

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(10)


def main() -> None:
    from benchmarks.common import Row, ms, pi4_ms, print_table
    from ui.phones.server import PhoneServer

    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-phones-") as tmp:
        table = Table(Path(tmp) / "companion.db")
        server = PhoneServer(table.desk, "127.0.0.1", 0)
        if not server.start():
            sys.exit(f"the phone server did not start: {server.error}")
        gc.collect()
        rss_cold = rss_mb()
        one: list[float] = []
        many: list[float] = []
        rss_idle = rss_busy = rss_connected = 0.0
        r = 0
        per_block = ROUNDS // BLOCKS
        try:
            for block in range(BLOCKS):
                pages = Pages(server, table, 1)
                one += pages.rounds(table, r, per_block)
                r += per_block
                pages.close()
                time.sleep(0.2)  # the server sees the page go
                if block == 0:
                    gc.collect()
                    rss_idle = rss_mb()  # started and warmed up, no page connected
                pages = Pages(server, table, PAGES)
                gc.collect()
                rss_connected = max(rss_connected, rss_mb())
                many += pages.rounds(table, r, per_block)
                r += per_block
                gc.collect()
                rss_busy = max(rss_busy, rss_mb())
                pages.close()
                time.sleep(0.2)
        finally:
            server.stop()
            table.close()

    med1, worst1 = statistics.median(one), max(one)
    med, worst = statistics.median(many), max(many)
    per_page = (rss_busy - rss_idle) / PAGES
    print(f"Phones (#16): {PAGES} pages over real WebSockets, {ROUNDS} table actions each, "
          f"baseline 1 page ({time.monotonic() - began:.1f} s)")
    print(f"  action -> every page shows it, {PAGES} pages: median {ms(med)}, worst {ms(worst)}")
    print(f"  action -> the page shows it, 1 page (baseline): median {ms(med1)}, worst {ms(worst1)}")
    print(f"  ratio {PAGES} pages / 1 page: median {med / med1:.1f}x, worst {worst / worst1:.1f}x")
    print(f"  server process memory (VmRSS): {rss_cold:.1f} MB just started, {rss_idle:.1f} MB warmed up "
          f"with 0 pages, {rss_connected:.1f} MB with {PAGES} connected, {rss_busy:.1f} MB after the rounds")
    print(f"  memory {PAGES} pages / 0 pages: {rss_busy / rss_idle:.3f}x, "
          f"+{rss_busy - rss_idle:.2f} MB, {per_page * 1024:.0f} KB per page")
    print_table(f"Phones: {PAGES} connected pages (issue #16)", [
        Row(f"action -> all {PAGES} pages, median", f"{ms(med)} ({med / med1:.1f}x 1 page)", med, None,
            "(report)", pi4_ms(med)),
        Row(f"action -> all {PAGES} pages, worst", f"{ms(worst)} ({worst / worst1:.1f}x 1 page)", worst, None,
            "(report)", pi4_ms(worst)),
        Row("action -> 1 page, median (baseline)", ms(med1), med1, None, "(report)", pi4_ms(med1)),
        Row(f"server memory, {PAGES} pages", f"{rss_busy:.1f} MB ({rss_busy / rss_idle:.2f}x idle)",
            rss_busy, None, "(report)"),
        Row("server memory per page", f"{per_page * 1024:.0f} KB", per_page, None, "(report)"),
    ], note="Delays run from the table's action to the last page's receipt (one monotonic clock for both "
            "processes); memory is the server process's alone (the pages run in a child process).")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--pages":
        asyncio.run(pages_main(sys.argv[2], int(sys.argv[3])))
    else:
        main()
