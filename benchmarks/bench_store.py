"""(a) One action applied and durably committed, against a raw sqlite-utils insert.

Both sides open a fresh file with the same pragmas (WAL, synchronous=FULL) and commit one row per
transaction, so the ratio shows what the session adds on top of the unavoidable fsync: legality
check, apply, JSON encoding. Target: ratio <= 1.5. Run: .venv/bin/python benchmarks/bench_store.py
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sqlite_utils  # noqa: E402

from companion.games.dice import DiceRolled  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.store import Store  # noqa: E402

N = 300
ROUNDS = 5


def raw_inserts(path: Path) -> float:
    db = sqlite_utils.Database(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    table = db["actions"]
    table.create({"game_id": int, "seq": int, "action": str, "at": str}, pk=("game_id", "seq"))
    start = time.perf_counter()
    for seq in range(N):
        with db.conn:
            table.insert({"game_id": 1, "seq": seq, "action": json.dumps({"kind": "dice_rolled", "dice": [3, 4]}),
                          "at": "2026-11-29T12:00:00+00:00"})
    elapsed = time.perf_counter() - start
    db.conn.close()
    return elapsed / N


def session_actions(path: Path) -> float:
    store = Store.open(path)
    session = Session.start(store, "dice", {}, seed=1)
    actions = [DiceRolled((1 + seq % 6, 1 + seq // 6 % 6)) for seq in range(N)]
    start = time.perf_counter()
    for action in actions:
        session.act(action)
    elapsed = time.perf_counter() - start
    store.close()
    return elapsed / N


def main() -> None:
    raw, ours = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(ROUNDS):  # interleaved, so drift in the disk affects both sides alike
            raw.append(raw_inserts(Path(tmp) / f"raw{r}.db"))
            ours.append(session_actions(Path(tmp) / f"ours{r}.db"))
    from benchmarks.common import Row, ms, print_table

    raw_s, ours_s = statistics.median(raw), statistics.median(ours)
    ratio = ours_s / raw_s
    print_table(f"One action applied and durably committed vs a raw sqlite-utils insert (median of {ROUNDS} x {N})", [
        Row("session.act vs raw insert, both durable", f"{ms(ours_s)} / {ms(raw_s)} = {ratio:.2f}x", ratio, 1.5,
            "<= 1.5x", "(disk-bound)"),
    ])


if __name__ == "__main__":
    main()
